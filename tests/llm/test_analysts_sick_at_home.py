"""Signed off sick, "didn't leave the house from Tuesday 10 March to Saturday 14 March, apart
from a GP appointment on the Wednesday morning": a gym's visit history (a spreadsheet whose
"Member:" row above the header says whose visits they are) and an agency's shift record put her
out on the 12th, 13th and 14th; the gym visit on the Wednesday morning is the time she excepts."""

from datetime import date
from pathlib import Path

import openpyxl
import pytest

from holmes_backend.analysis.facts.dates import find_period
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, text_doc

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_INTERVIEW = (
    "RETURN TO WORK INTERVIEW\n"
    "Employee: Mara Quist\n"
    "Manager: Colm Baxter\n"
    "Date: 17 March 2026\n\n"
    "Q: How were you during your absence?\n"
    "A: I was in bed most of the week and didn't leave the house from Tuesday 10 March to "
    "Saturday 14 March, apart from a GP appointment on the Wednesday morning.\n"
)


async def _docs(tmp_path: Path, shifts: bool = True) -> list[EvidenceDoc]:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.append(["Pulse Gym Harehills - member visit history"])
    sheet.append(["Member:", "Mara Quist"])
    sheet.append([])
    sheet.append(["Date", "Check-in", "Check-out", "Club"])
    for row in (
        ["08/03/2026", "18:05", "19:20", "Harehills"],
        ["11/03/2026", "10:12", "11:40", "Harehills"],  # the Wednesday morning she excepts
        ["13/03/2026", "17:48", "19:02", "Harehills"],
    ):
        sheet.append(row)
    path = tmp_path / "gym_visits.xlsx"
    book.save(path)
    docs = [
        await text_doc(tmp_path, "return_to_work.txt", _INTERVIEW),
        await load(path, XLSX),
    ]
    if shifts:
        record = "Worker,Date,Start,End,Site\nM. Quist,12/03/2026,06:00,14:00,Wakefield DC\n"
        docs.append(await text_doc(tmp_path, "agency_shifts.csv", record, "text/csv"))
    return docs


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("from Tuesday 10 March to Saturday 14 March", (date(2026, 3, 10), date(2026, 3, 14))),
        ("from Tue, 10 March to Sat, 14 March 2026", (date(2026, 3, 10), date(2026, 3, 14))),
        ("on Wednesday 11 March", (date(2026, 3, 11), date(2026, 3, 11))),
    ],
)
def test_weekdays_before_days_are_read_past(text: str, days: tuple[date, date]) -> None:
    assert find_period(text, date(2026, 3, 17)) == days
