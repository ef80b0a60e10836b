"""Expenses claimed where the claimant was not: a client visit to Bristol claimed for 14 May
against her own office access record in London from 08:52 to 17:41 that day. A short morning
in the office, or a day with no attendance record, leaves the trip possible."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CLAIMS = (
    "Claimant,Date,Description,Location,Mileage,Amount GBP\n"
    "Harriet Vance,2025-05-14,Client visit - Axiom Foods,Bristol,238,106.15\n"
    "Harriet Vance,2025-05-14,Lunch with client,Bristol,,42.60\n"
    "Harriet Vance,2025-05-21,Client visit - Norden Retail,Leeds,392,174.83\n"
)
_ACCESS = (
    "Date,Name,First in,Last out,Site\n"
    "2025-05-14,Harriet Vance,08:52,17:41,London HQ - 1 Canada Square\n"
    "2025-05-22,Harriet Vance,09:05,18:02,London HQ - 1 Canada Square\n"
)


async def _docs(tmp_path: Path, access: str = _ACCESS) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "expense_claim_may.csv", _CLAIMS, "text/csv"),
        await text_doc(tmp_path, "office_access.csv", access, "text/csv"),
    ]


async def test_a_short_morning_in_the_office(tmp_path: Path) -> None:
    access = _ACCESS.replace("08:52,17:41", "07:30,09:10")
    assert synthesis_of(await _docs(tmp_path, access)).contradictions == []
