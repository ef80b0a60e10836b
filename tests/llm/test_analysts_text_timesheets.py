"""A timesheet typed as a text table ("Date    Shift start    Shift end    Hours") is read row by
row, each row of the person the form is about ("Employee: Marta Nowicka"); the hours it claims
from a start to an end are held against her own swipes that day: in three hours after the start,
out for good over an hour before the end. A day her swipes cover, and lines that only look spaced,
say nothing."""

from pathlib import Path

from holmes_backend.analysis.facts.text import column_rows
from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_SHEET = (
    "BRIGHTWELL CARE AGENCY - WEEKLY TIMESHEET\n"
    "Employee: Marta Nowicka\n"
    "Placement: Ashdown Lodge\n"
    "\n"
    "Date          Shift start    Shift end    Hours\n"
    "13/04/2026    07:00          19:00        12\n"
    "14/04/2026    07:00          19:00        12\n"
    "15/04/2026    07:00          19:00        12\n"
    "\n"
    "I certify that I worked the hours shown.\nSigned: M. Nowicka\n"
)
_SWIPES = (
    "Swipe time,Name,Reader,Direction\n"
    "13/04/2026 06:52,Marta Nowicka,Staff door,In\n"
    "13/04/2026 19:08,Marta Nowicka,Staff door,Out\n"
    "14/04/2026 {came},Marta Nowicka,Staff door,In\n"
    "14/04/2026 19:05,Marta Nowicka,Staff door,Out\n"
    "15/04/2026 06:58,Marta Nowicka,Staff door,In\n"
    "15/04/2026 {went},Marta Nowicka,Staff door,Out\n"
)


async def _docs(tmp: Path, came: str = "10:05", went: str = "17:45") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "timesheet_nowicka.txt", _SHEET),
        await text_doc(tmp, "swipes.csv", _SWIPES.format(came=came, went=went), "text/csv"),
    ]


async def test_a_text_table_is_read_row_by_row(tmp_path: Path) -> None:
    [sheet, _] = await _docs(tmp_path)
    assert list(column_rows(sheet).values()) == [
        f"Date: {day}/04/2026; Shift start: 07:00; Shift end: 19:00; Hours: 12"
        for day in (13, 14, 15)
    ]
    evidence, _ = run(EvidenceOutput, [sheet])
    rows = [e for e in evidence.events if e.description.startswith("Date: ")]
    assert [e.people for e in rows] == [["Marta Nowicka"]] * 3  # the form's employee
    assert [e.source.line for e in rows] == [6, 7, 8]  # cited at the lines as typed


async def test_hours_her_swipes_cover_say_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, came="07:10", went="19:02")
    assert synthesis_of(docs).contradictions == []


async def test_spaced_lines_that_are_no_table(tmp_path: Path) -> None:
    letter = (
        "Signed: A. Byrne    Date: 03/05/2026\n"
        "Witnessed by:   C. Doyle   (solicitor)\n"
        "Ref 44    Page 2    of 9\n"
    )
    doc = await text_doc(tmp_path, "footer.txt", letter)
    assert column_rows(doc) == {}
