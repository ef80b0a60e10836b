"""A contractor's notice that no work was possible in a period, against its own site diary.

The notice (a letter, not testimony) gives the period as "between 4 and 13 May 2026"; the
diary's rows count the operatives on site and say what was done, two of them recording the
stoppage itself."""

from datetime import datetime
from pathlib import Path

import openpyxl

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

_LETTER = (
    "DRUMMOND CIVILS LTD\n"
    "Date: 20 May 2026\n"
    "Re: Westfield Road culvert - notice of delay\n"
    "We had no access to the site between 4 and 13 May 2026 because the access road was closed "
    "by the council, and no work could be carried out in that period.\n"
    "We claim an extension of time of 10 days.\n"
    "Yours faithfully,\nGordon Drummond, Managing Director\n"
)


async def _docs(tmp_path: Path, worked: list[int]) -> list[EvidenceDoc]:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Date", "Operatives on site", "Work done", "Recorded by"])
    for day in range(4, 14):
        if day in worked:
            sheet.append([datetime(2026, 5, day), 5, f"Formwork bay {day}", "K. Lowe"])
        else:
            sheet.append([datetime(2026, 5, day), 0, "No work - access road closed", "K. Lowe"])
    path = tmp_path / "site_diary.xlsx"
    book.save(path)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    return [await text_doc(tmp_path, "notice.txt", _LETTER), await load(path, xlsx)]


async def test_work_in_the_diary_inside_the_stated_stoppage(tmp_path: Path) -> None:
    [stated] = synthesis_of(await _docs(tmp_path, [4, 5, 13])).contradictions
    assert stated.claim.startswith("We had no access to the site between 4 and 13 May 2026")
    assert stated.explanation.startswith(
        "Drummond Civils Ltd says no work was possible from 2026-05-04 to 2026-05-13, yet dated "
        "records show work on 3 day(s) of that period: 2026-05-04: Formwork bay 4;"
    )
    assert stated.severity == "HIGH"
    assert [s.row for s in stated.evidence_against] == [1, 2, 10]


async def test_a_diary_recording_the_stoppage_bears_it_out(tmp_path: Path) -> None:
    # No work on any day: nothing against it, and "between 4 and 13 May" is no limit of 4
    # on the operatives counted (a month is no unit of measure).
    assert synthesis_of(await _docs(tmp_path, [])).contradictions == []
    [one] = synthesis_of(await _docs(tmp_path, [7])).contradictions
    assert one.severity == "MEDIUM"
