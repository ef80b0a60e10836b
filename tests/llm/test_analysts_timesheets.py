"""Hours billed against a sign-in book: a locum bills eight-hour shifts at an hourly rate; the
ward's sign-in book has her in and out after three hours on two of them. Daily billing at one
rate is no duplicate payment; a day with the hours on site is no contradiction."""

from pathlib import Path

import docx

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.local.facts.text import units
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_INVOICE = (
    "Locum,Shift date,Ward,Hrs,Hourly rate (GBP),Line total (GBP)\n"
    "Siobhan Keane,2026-01-12,Ward 7,8,62,496\n"
    "Siobhan Keane,2026-01-13,Ward 7,8,62,496\n"
    "Siobhan Keane,2026-01-14,Ward 7,8,62,496\n"
)
_SIGN_IN = (
    "Name,Time,Action,Ward\n"
    "Siobhan Keane,12/01/2026 08:00,Signed in,Ward 7\n"
    "Siobhan Keane,12/01/2026 16:05,Signed out,Ward 7\n"
    "Siobhan Keane,13/01/2026 08:10,Signed in,Ward 7\n"
    "Siobhan Keane,13/01/2026 11:02,Signed out,Ward 7\n"
    "Siobhan Keane,14/01/2026 13:30,Signed in,Ward 7\n"
    "Siobhan Keane,14/01/2026 16:00,Signed out,Ward 7\n"
)
_STATEMENT = (
    "Statement of Siobhan Keane\n"
    "Date: 2 February 2026\n"
    "I worked every hour I billed on Ward 7 that week.\n"
)


async def test_hours_billed_beyond_the_time_signed_in(tmp_path: Path) -> None:
    invoice = await text_doc(tmp_path, "locum_invoice.csv", _INVOICE, "text/csv")
    financial, _ = run(FinancialOutput, [invoice])
    assert not [a for a in financial.anomalies if a.kind == "duplicate_payment"]
    docs = [
        invoice,
        await text_doc(tmp_path, "sign_in_book.csv", _SIGN_IN, "text/csv"),
        await text_doc(tmp_path, "statement_keane.txt", _STATEMENT),
    ]
    output = synthesis_of(docs)
    [billed] = [c for c in output.contradictions if "hours billed exceed" in c.explanation]
    assert billed.severity == "HIGH"
    assert "by 10.6 h over 2 day(s)" in billed.explanation
    assert "2026-01-13: 8 h billed, on site 08:10\u201311:02" in billed.explanation
    assert "2026-01-12" not in billed.explanation  # a full shift signed in
    [said] = [c for c in output.contradictions if c.claim.startswith("I worked every hour")]
    assert said.severity == "HIGH"


async def test_shifts_signed_in_in_full_are_no_contradiction(tmp_path: Path) -> None:
    full = _SIGN_IN.replace("11:02,Signed out", "16:10,Signed out").replace(
        "14/01/2026 13:30,Signed in", "14/01/2026 08:00,Signed in"
    )
    docs = [
        await text_doc(tmp_path, "locum_invoice.csv", _INVOICE, "text/csv"),
        await text_doc(tmp_path, "sign_in_book.csv", full, "text/csv"),
        await text_doc(tmp_path, "statement_keane.txt", _STATEMENT),
    ]
    assert synthesis_of(docs).contradictions == []


async def test_a_log_row_with_both_times(tmp_path: Path) -> None:
    """One row a day, "Time in" and "Time out" side by side."""
    book = (
        "Date,Name,Time in,Time out\n"
        "2026-01-12,Siobhan Keane,08:00,16:00\n"
        "2026-01-13,Siobhan Keane,08:10,11:00\n"
        "2026-01-14,Siobhan Keane,08:00,16:10\n"
    )
    docs = [
        await text_doc(tmp_path, "locum_invoice.csv", _INVOICE, "text/csv"),
        await text_doc(tmp_path, "sign_in_book.csv", book, "text/csv"),
    ]
    [billed] = [c for c in synthesis_of(docs).contradictions if "hours billed" in c.explanation]
    assert "by 5.2 h over 1 day(s): 2026-01-13: 8 h billed, on site 08:10\u201311:00" in (
        billed.explanation
    )
    assert billed.severity == "HIGH"  # four hours short or more


# A contractor's own timesheet, a table in a Word document under a heading naming her and the
# month; its days are written "02/03/2026" (the heading's "MARCH 2026" reads them day-first),
# its times "08:30". The site's access log has her in for three hours one day, not at all on
# the next, though it has her on the days either side.
_CARD_LOG = (
    "Timestamp,Card holder,Reader,Direction\n"
    "02/03/2026 08:27,Ilse Vermeulen,Main entrance,IN\n"
    "02/03/2026 17:04,Ilse Vermeulen,Main entrance,OUT\n"
    "03/03/2026 10:52,Ilse Vermeulen,Main entrance,IN\n"
    "03/03/2026 14:10,Ilse Vermeulen,Main entrance,OUT\n"
    "05/03/2026 08:31,Ilse Vermeulen,Main entrance,IN\n"
    "05/03/2026 17:02,Ilse Vermeulen,Main entrance,OUT\n"
)


async def test_a_word_timesheet_against_the_sites_access_log(tmp_path: Path) -> None:
    sheet = docx.Document()
    sheet.add_paragraph("CONTRACTOR TIMESHEET - MARCH 2026")
    sheet.add_paragraph("Contractor: Ilse Vermeulen. Client site: Corvane House, Bristol.")
    table = sheet.add_table(rows=1, cols=4)
    header = ["Date", "Start", "Finish", "Hours on site"]
    for cell, name in zip(table.rows[0].cells, header, strict=True):
        cell.text = name
    for day in (2, 3, 4, 5):
        values = [f"0{day}/03/2026", "08:30", "17:00", "8.5"]
        for cell, value in zip(table.add_row().cells, values, strict=True):
            cell.text = value
    sheet.add_paragraph("I certify that the hours above were worked on site.")
    sheet.add_paragraph("Signed: Ilse Vermeulen")
    path = tmp_path / "timesheet_vermeulen.docx"
    sheet.save(path)
    docx_mime = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    docs = [
        await load(path, docx_mime),
        await text_doc(tmp_path, "access_log.csv", _CARD_LOG, "text/csv"),
    ]
    # Its rows are rows ("08:30" is no field of a form).
    rows = [u.text for u in units(docs[0]) if u.kind == "row"]
    assert len(rows) == 4
    assert rows[0] == "Date: 02/03/2026; Start: 08:30; Finish: 17:00; Hours on site: 8.5"
    found = synthesis_of(docs).contradictions
    [short] = [c for c in found if "hours billed exceed" in c.explanation]
    assert short.explanation == (
        "Ilse Vermeulen's hours billed exceed their time on site by 13.7 h over 2 day(s): "
        "2026-03-03: 8.5 h billed, on site 10:52\u201314:10 (3.3 h); 2026-03-04: 8.5 h billed, "
        "no record of them on site that day."
    )
    assert short.severity == "HIGH"
    # Her certificate that the hours were worked is held against the same days.
    assert [c.claim for c in found if "says the hours were worked" in c.explanation] == [
        "I certify that the hours above were worked on site."
    ]
