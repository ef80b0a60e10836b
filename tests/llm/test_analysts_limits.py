"""Measured values against the limits set for them, written unlike the other cases: a kitchen's
food-safety plan ("Chilled food: maximum 8 °C", "Hot holding: minimum 63 °C", a range for
the dishwasher's rinse), a probe log whose columns name the same quantities, and an inspection
answer that everything stayed within limits; a log that stays within them is no contradiction."""

from pathlib import Path

from holmes_backend.agents.schemas import LegalOutput
from holmes_backend.analysis.domains.limits import compliance_findings, limit_clauses
from holmes_backend.analysis.facts.text import units
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import lines_doc, run, synthesis_of, text_doc

_PLAN = (
    "HACCP PLAN - THE COPPER KETTLE\n"
    "Critical limits\n"
    "Chilled food: maximum 8 °C\n"
    "Hot holding: minimum 63 °C\n"
    "rinse water: between 82 and 90 °C\n"
    "Deliveries must be checked within 15 minutes.\n"
)
_LOG = (
    "Date,Chilled food °C,Hot holding °C,Rinse water °C,Checked by\n"
    "2026-03-02 09:00,4.1,68,84,Lena Marsh\n"
    "2026-03-03 09:00,9.6,66,85,Lena Marsh\n"
    "2026-03-04 09:00,5.0,58,86,Lena Marsh\n"
    "2026-03-05 09:00,11.2,67,83,Lena Marsh\n"
)
_ANSWER = (
    "Response to the environmental health officer, 20 March 2026\n"
    "All chilled food temperatures in March were within the critical limits.\n"
)


async def _docs(tmp_path: Path, log: str = _LOG) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "haccp_plan.txt", _PLAN),
        await text_doc(tmp_path, "probe_log.csv", log, "text/csv"),
        await text_doc(tmp_path, "response_to_ehO.txt", _ANSWER),
    ]


async def test_the_plan_sets_bounds_on_quantities(tmp_path: Path) -> None:
    legal, _ = run(LegalOutput, await _docs(tmp_path))
    bounds = {(c.kind, c.party, c.amount) for c in legal.clauses if c.kind.endswith("_limit")}
    assert bounds == {
        ("upper_limit", "Chilled food", 8.0),
        ("lower_limit", "Hot holding", 63.0),
        ("lower_limit", "rinse water", 82.0),
        ("upper_limit", "rinse water", 90.0),
    }
    # "within 15 minutes" bounds a time, not a measured quantity.
    assert not [c for c in legal.clauses if c.party and "Deliveries" in c.party]
    stated = [f for f in legal.findings if f.finding_type == "compliance_statement"]
    assert [f.sources[0].file_id for f in stated] == ["response_to_ehO"]


async def test_a_log_within_its_limits_contradicts_nothing(tmp_path: Path) -> None:
    kept = _LOG.replace(",9.6,", ",6.6,").replace(",11.2,", ",7.2,").replace(",58,", ",64,")
    output = synthesis_of(await _docs(tmp_path, kept))
    assert not [c for c in output.contradictions if "recorded value" in c.explanation]
    assert not [c for c in output.contradictions if c.claim_source.file_id == "response_to_ehO"]


def test_short_quantities_and_what_is_no_statement_of_compliance() -> None:
    [unit] = units(lines_doc("permit", "permit.txt", ["pH: between 6 and 9"]))
    [low, high] = limit_clauses(unit)
    assert (low.party, low.amount, high.amount) == ("pH", 6.0, 9.0)
    opinion = ["Texas has had no serious breaches of the peace in recent years."]
    assert compliance_findings(units(lines_doc("op", "opinion.txt", opinion))) == []
    kept = ["There were no breaches of the permit conditions in 2025."]
    assert len(compliance_findings(units(lines_doc("ret", "return.txt", kept)))) == 1
