"""Never met anyone from a firm: a buyer's denial against his calendar's meetings whose
attendees include someone of that firm by its whole name; a meeting about the firm with no one
of it there, or a firm named by one word of its name, is no meeting with it."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Lotte Brandsma, Head of Purchasing, Veldhoven Foods BV\n"
    "Dated 11 March 2026\n"
    "1. I have never met anyone from Kestrel Packaging Solutions.\n"
    "Signed: Lotte Brandsma\n"
)


def _calendar(rows: list[str]) -> str:
    return "Title,Begins,Location,Who\n" + "\n".join(rows) + "\n"


_WITH_THEM = (
    "Supplier dinner,2025-11-20 19:00,De Kas Amsterdam,"
    "Lotte Brandsma; Ruud Vermeer (Kestrel Packaging Solutions)"
)
_ABOUT_THEM = (
    "Review Kestrel Packaging Solutions bid,2025-11-24 10:00,Room 2,Lotte Brandsma; Ana Silva"
)
_ONE_WORD = "Kestrel call,2025-11-25 15:00,Teams,Lotte Brandsma; Ruud Vermeer"


async def _output(tmp: Path, rows: list[str]) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "statement_brandsma.txt", _STATEMENT),
            await text_doc(tmp, "calendar_brandsma.csv", _calendar(rows), "text/csv"),
        ]
    )


async def test_a_meeting_about_them_or_by_one_word_is_none(tmp_path: Path) -> None:
    assert (await _output(tmp_path, [_ABOUT_THEM, _ONE_WORD])).contradictions == []
