"""Hours billed against a sign-in book: a locum bills eight-hour shifts at an hourly rate; the
ward's sign-in book has her in and out after three hours on two of them. Daily billing at one
rate is no duplicate payment; a day with the hours on site is no contradiction."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

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
