"""Working for a competitor, denied: "I have not worked for any competitor since 1 March 2026"
against the speaker's CV ("Account Director | Norvale Logistics | Apr 2026 - Present"), where
the agreement names Norvale among the competitors. A post at a firm no list names, or one that
ended before the day, says nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

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


async def test_another_firm_or_a_post_ended_before_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, firm="Greystone Retail")).contradictions == []
    ended = await _docs(tmp_path, start="Mar 2025", end="Dec 2025")
    assert synthesis_of(ended).contradictions == []
