"""Working for a competitor, denied: "I have not worked for any competitor since 1 March 2026"
against the speaker's CV ("Account Director | Norvale Logistics | Apr 2026 - Present"), where
the agreement names Norvale among the competitors. A post at a firm no list names, or one that
ended before the day, says nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput, LegalOutput, TriageResult
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "Statement of Ingrid Solberg\n"
    "1. I left Haverstock Freight on 28 February 2026.\n"
    "2. I have not worked for any competitor since 1 March 2026.\n"
    "Signed: Ingrid Solberg\n"
)
_CV = (
    "Ingrid Solberg\n"
    "Oslo / Manchester\n"
    "Career history\n"
    "Account Director | {firm} | {start} - {end}\n"
    "Key Account Manager | Haverstock Freight | Jun 2018 - Feb 2026\n"
)
_AGREEMENT = (
    "SETTLEMENT AGREEMENT - SCHEDULE 2\n"
    "The Competitors are: Norvale Logistics, Brightwater Shipping Ltd and Kestrel Cargo.\n"
    "For nine months the Employee shall not be employed by any Competitor.\n"
)


async def _docs(
    tmp: Path, firm: str = "Norvale Logistics", start: str = "Apr 2026", end: str = "Present"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_solberg.txt", _STATEMENT),
        await text_doc(tmp, "cv_solberg.txt", _CV.format(firm=firm, start=start, end=end)),
        await text_doc(tmp, "settlement_schedule.txt", _AGREEMENT),
    ]


async def test_a_post_at_a_named_competitor_after_the_day(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    assert [f.title for f in evidence.findings if f.finding_type == "employment_held"] == [
        "Ingrid Solberg employed by Norvale Logistics from 2026-04-01 to present",
        "Ingrid Solberg employed by Haverstock Freight from 2018-06-01 to 2026-02-28",
    ]
    legal, _ = run(LegalOutput, docs)
    [named] = [f for f in legal.findings if f.finding_type == "competitors_named"]
    assert named.entities == ["Norvale Logistics", "Brightwater Shipping Ltd", "Kestrel Cargo"]
    triage, _ = run(TriageResult, docs)
    cv = next(f for f in triage.files if f.file_id == "cv_solberg")
    assert cv.domain_scores.evidence >= 0.4  # a profile is read as evidence of who held what
    [found] = synthesis_of(docs).contradictions
    assert "Norvale Logistics from 2026-04-01 to present (named among the competitors)" in (
        found.explanation
    )
    assert found.severity == "HIGH"


async def test_another_firm_or_a_post_ended_before_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, firm="Greystone Retail")).contradictions == []
    ended = await _docs(tmp_path, start="Mar 2025", end="Dec 2025")
    assert synthesis_of(ended).contradictions == []


async def test_not_working_now_against_a_post_to_the_present(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, firm="Greystone Retail")
    docs[0] = await text_doc(
        tmp_path,
        "statement_solberg.txt",
        _STATEMENT.replace(
            "2. I have not worked for any competitor since 1 March 2026.",
            "2. I am currently taking a career break.",
        ),
    )
    [found] = synthesis_of(docs).contradictions
    assert found.explanation == (
        "Ingrid Solberg says they are not working now, yet a record of their posts has them in "
        "a post to the present: Greystone Retail from 2026-04-01."
    )
    ended = await _docs(tmp_path, firm="Greystone Retail", start="Mar 2025", end="Dec 2025")
    ended[0] = docs[0]
    assert synthesis_of(ended).contradictions == []
