"""Employed there longer than the records say: a nurse's "I worked for Castlegate Care Homes
from March 2019 until June 2024" against the agency's placement register, a row naming her; a
period inside the record, a still-open placement, or another person's row, is no contradiction."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput, SynthesisOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "Statement of Adaeze Okafor\n"
    "Dated 3 March 2026\n"
    "1. I worked for Castlegate Care Homes from March 2019 until June 2024 as a staff nurse.\n"
    "Signed: Adaeze Okafor\n"
)
_REGISTER = (
    "Employee name,Company,Joined,Left\n"
    "Adaeze Okafor,Castlegate Care Homes,2021-02-15,2024-06-28\n"
    "Priya Natarajan,Castlegate Care Homes,2018-01-08,\n"
)


async def _synthesis(tmp: Path, statement: str, register: str) -> SynthesisOutput:
    docs = [
        await text_doc(tmp, "statement_okafor.txt", statement),
        await text_doc(tmp, "placement_register.csv", register, "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    assert "Castlegate Care Homes from 2018-01-08 onwards (Priya Natarajan)" in [
        f.title for f in evidence.findings
    ]
    return synthesis_of(docs)


def _period(output: SynthesisOutput) -> list:
    return [c for c in output.contradictions if "worked for Castlegate" in c.claim]


async def test_two_years_before_her_placement_began(tmp_path: Path) -> None:
    [found] = _period(await _synthesis(tmp_path, _STATEMENT, _REGISTER))
    assert found.severity == "HIGH"  # 23 months early
    assert "the record of it runs from 2021-02-15 to 2024-06-28" in found.explanation
    assert [r.row for r in found.evidence_against] == [1]


async def test_a_period_inside_the_record_or_someone_elses_row_is_none(tmp_path: Path) -> None:
    inside = _STATEMENT.replace("March 2019", "March 2021")
    assert _period(await _synthesis(tmp_path, inside, _REGISTER)) == []
    hers_open = _REGISTER.replace("2021-02-15,2024-06-28", "2019-03-04,")
    assert _period(await _synthesis(tmp_path, _STATEMENT, hers_open)) == []
    other = _STATEMENT.replace("Adaeze Okafor", "Priya Natarajan")
    assert _period(await _synthesis(tmp_path, other, _REGISTER)) == []
