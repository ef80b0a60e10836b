"""Leaving a thing somewhere, denied: "I did not leave the ladder on the scaffold" against the
site diary's "ladder left on scaffold overnight" by the speaker. A ladder left elsewhere, or by
someone else, says nothing; leaving a place is read by the presence rules, not here."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Kyle Baines, scaffolder\n"
    "1. On 3 February 2026 I finished at the Tannery Lane site at 16:00.\n"
    "2. I did not leave the ladder on the scaffold when I finished.\n"
    "Signed: Kyle Baines\n"
)
_DIARY = (
    "Date,Time,Entry,Recorded by,Operative\n"
    "03/02/2026,16:40,Ladder left {where} overnight - untied,S. Patel,{who}\n"
    "04/02/2026,07:30,Ladder removed,S. Patel,{who}\n"
)


async def _docs(
    tmp: Path, where: str = "on scaffold lift 3", who: str = "Kyle Baines"
) -> list[EvidenceDoc]:
    diary = _DIARY.format(where=where, who=who)
    return [
        await text_doc(tmp, "statement_baines.txt", _STATEMENT),
        await text_doc(tmp, "site_diary.csv", diary, "text/csv"),
    ]


async def test_left_elsewhere_or_by_another_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, where="in the store")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, who="Dean Foley")).contradictions == []
