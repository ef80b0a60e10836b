"""Labour billed for days nobody worked: a contractor's daywork sheet bills six operatives for
two days its client's site diary (a Word table) records the site closed, and the contractor's
letter says every hour on the sheet was worked. Materials delivered on a closed day, or labour
billed only for the days the diary has people on site, are no contradiction."""

from pathlib import Path

import docx

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_DIARY = [
    ("Mon 9 March 2026", "Dry", "Groundworks gang 6", "Strip foundations poured"),
    ("Tue 10 March 2026", "Heavy rain", "None", "Site closed, flooding; no trades attended"),
    ("Wed 11 March 2026", "Heavy rain", "None", "Site closed; pumps running"),
    ("Thu 12 March 2026", "Showers", "Groundworks gang 4", "Blockwork below DPC"),
]
_SHEET = (
    "Date,Trade,Operatives,Hours each,Rate GBP/h,Amount GBP\n"
    "09/03/2026,Groundworker,6,8,32.5,1560\n"
    "10/03/2026,Groundworker,6,8,32.5,1560\n"
    "11/03/2026,Groundworker,6,8,32.5,1560\n"
    "12/03/2026,Groundworker,4,8,32.5,1040\n"
    ",,,,Total,5720\n"
)
_LETTER = (
    "From: Owen Tresize <owen@brannockbuild.co.uk>\n"
    "To: Priya Valluri <p.valluri@kentmere.gov.uk>\n"
    "Subject: Daywork week 11\n"
    "Date: Mon, 16 Mar 2026 09:12:00 +0000\n\n"
    "Priya,\n\nI confirm that every hour on the sheet was worked on site by our operatives, "
    "including the Tuesday and Wednesday.\n\nOwen Tresize\n"
)


async def _docs(tmp_path: Path, sheet: str = _SHEET) -> list[EvidenceDoc]:
    document = docx.Document()
    document.add_paragraph("Site diary, Larkfield School extension. Clerk of works: Priya Valluri.")
    table = document.add_table(rows=0, cols=4)
    for values in [("Date", "Weather", "Labour on site", "Work done"), *_DIARY]:
        for cell, value in zip(table.add_row().cells, values, strict=True):
            cell.text = value
    diary = tmp_path / "site_diary.docx"
    document.save(str(diary))
    return [
        await load(diary, mime_type_of(diary.name)),
        await text_doc(tmp_path, "daywork_sheet.csv", sheet, "text/csv"),
        await text_doc(tmp_path, "letter.eml", _LETTER, "message/rfc822"),
    ]


async def test_labour_billed_only_for_worked_days_or_materials_on_a_closed_day(
    tmp_path: Path,
) -> None:
    worked = "\n".join(line for line in _SHEET.splitlines() if not line.startswith(("10/", "11/")))
    assert synthesis_of(await _docs(tmp_path, worked + "\n")).contradictions == []
    materials = "Date,Item,Quantity,Amount GBP\n10/03/2026,Concrete blocks,400,880\n"
    assert synthesis_of(await _docs(tmp_path, materials)).contradictions == []


async def test_the_diary_rows_are_dated_events_whose_crew_column_is_no_place(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path)
    output, _ = run(EvidenceOutput, docs[:1])
    rows = [e for e in output.events if e.source.row is not None]
    assert [e.timestamp[:10] for e in rows] == [
        "2026-03-09",
        "2026-03-10",
        "2026-03-11",
        "2026-03-12",
    ]
    assert {e.place for e in rows} == {None}  # "Labour on site: None" names no place
