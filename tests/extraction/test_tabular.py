"""CSV and XLSX: one chunk per data row as "Header: value; ...", plus the table."""

from datetime import datetime
from pathlib import Path

import openpyxl

from holmes_backend.extraction import ExtractionLimits, extract

XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


async def test_csv_rows_with_sniffed_delimiter(tmp_path: Path) -> None:
    path = tmp_path / "ledger.csv"
    path.write_bytes(
        'Date;Payee;Amount;Note\n2024-03-01;Acme;1.000,50;"multi\nline"\n\n2024-03-02;Bolt;20;\n'.encode(
            "cp1252"
        )
    )

    result = await extract(path, "text/csv", "ledger.csv")

    assert result.kind == "csv"
    assert [(c.location.row, c.location.sheet, c.text) for c in result.chunks] == [
        (1, None, "Date: 2024-03-01; Payee: Acme; Amount: 1.000,50; Note: multi\nline"),
        (3, None, "Date: 2024-03-02; Payee: Bolt; Amount: 20"),
    ]
    [table] = result.tables
    assert table.header == ["Date", "Payee", "Amount", "Note"]
    assert table.rows[1] == ["2024-03-02", "Bolt", "20", ""]
    assert result.metadata["delimiter"] == ";"
    assert result.metadata["row_count"] == 2


async def test_a_semicolon_export_with_decimal_commas_under_its_holders_line(
    tmp_path: Path,
) -> None:
    """A German bank export: a line naming the holder, then semicolon-separated rows whose
    amounts carry decimal commas ("7.500,00"), which a sniffer can take for the delimiter."""
    path = tmp_path / "umsaetze.csv"
    path.write_text(
        "Kontoinhaber: J\u00fcrgen Hollmann\n"
        "Buchungstag;Empf\u00e4nger;Verwendungszweck;Betrag (EUR)\n"
        "03.02.2025;Stadtwerke M\u00fcnchen;Abschlag Strom;-86,00\n"
        "14.02.2025;Baustoffe Kreuzer GmbH;Provision Projekt Isartal;7.500,00\n"
        "17.03.2025;Baustoffe Kreuzer GmbH;Provision Projekt Isartal;7.500,00\n",
        encoding="utf-8",
    )
    result = await extract(path, "text/csv", "umsaetze.csv")
    assert result.metadata["delimiter"] == ";"
    [table] = result.tables
    assert table.header == ["Buchungstag", "Empf\u00e4nger", "Verwendungszweck", "Betrag (EUR)"]
    assert table.rows[1] == [
        "14.02.2025",
        "Baustoffe Kreuzer GmbH",
        "Provision Projekt Isartal",
        "7.500,00",
    ]
    assert result.chunks[0].text == "Kontoinhaber: J\u00fcrgen Hollmann"


async def test_csv_missing_and_extra_header_names(tmp_path: Path) -> None:
    path = tmp_path / "loose.csv"
    path.write_text("Name,,\nAnn,7,x,extra\n", encoding="utf-8")

    result = await extract(path, "text/csv", "loose.csv")

    assert result.chunks[0].text == "Name: Ann; Column 2: 7; Column 3: x; Column 4: extra"


async def test_csv_row_limit_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "big.csv"
    path.write_text("n\n1\n2\n3\n4\n", encoding="utf-8")

    result = await extract(path, "text/csv", "big.csv", limits=ExtractionLimits(max_chunks=2))

    assert [c.text for c in result.chunks] == ["n: 1", "n: 2"]
    assert [len(t.rows) for t in result.tables] == [2]
    assert result.errors == []
    assert (
        result.truncated
        == "only the first 2 rows were read; the file has more (the extraction limit)"
    )


async def test_xlsx_sheets_rows_and_properties(tmp_path: Path) -> None:
    workbook = openpyxl.Workbook()
    first = workbook.active
    assert first is not None
    first.title = "Payments"
    first.append(["Date", "Payee", "Amount"])
    first.append([datetime(2024, 3, 1, 9, 30), "Acme", 1200.0])
    first.append([None, None, None])
    first.append([datetime(2024, 3, 2), "Bolt", 19.99])
    first.append([None, "Total", "=SUM(C2:C4)"])
    second = workbook.create_sheet("Notes")
    second.append(["Remark"])
    second.append(["Check invoice 17"])
    workbook.properties.creator = "Finance Dept"
    path = tmp_path / "ledger.xlsx"
    workbook.save(path)

    result = await extract(path, XLSX, "ledger.xlsx")

    assert result.kind == "xlsx"
    assert [(c.location.sheet, c.location.row, c.text) for c in result.chunks] == [
        ("Payments", 1, "Date: 2024-03-01T09:30:00; Payee: Acme; Amount: 1200"),
        ("Payments", 3, "Date: 2024-03-02; Payee: Bolt; Amount: 19.99"),
        # openpyxl writes no cached result for a formula, so there is no value to show.
        ("Payments", 4, "Payee: Total"),
        ("Notes", 1, "Remark: Check invoice 17"),
    ]
    assert [(t.location.sheet, t.header) for t in result.tables] == [
        ("Payments", ["Date", "Payee", "Amount"]),
        ("Notes", ["Remark"]),
    ]
    assert result.metadata["sheets"] == {"Payments": 3, "Notes": 1}
    assert result.metadata["creator"] == "Finance Dept"
    assert datetime.fromisoformat(result.metadata["created"]).tzinfo is not None


async def test_title_rows_above_the_header_are_lines_not_the_header(tmp_path: Path) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Current 118"
    sheet.append(["Hollis Credit Union - current account 118-22 - P. Varga"])
    sheet.append(["Statement period: March 2024"])
    sheet.append(["Posted", "Details", "Debit", "Credit"])
    sheet.append(["2024-03-04", "CARD KESTREL HARDWARE", 55.2, None])
    path = tmp_path / "statement.xlsx"
    workbook.save(path)

    result = await extract(path, XLSX, "statement.xlsx")

    assert [(c.location.line, c.location.row, c.text) for c in result.chunks] == [
        (1, None, "Hollis Credit Union - current account 118-22 - P. Varga"),
        (2, None, "Statement period: March 2024"),
        (None, 1, "Posted: 2024-03-04; Details: CARD KESTREL HARDWARE; Debit: 55.2"),
    ]
    assert result.tables[0].header == ["Posted", "Details", "Debit", "Credit"]


async def test_label_and_value_rows_above_a_wider_header_are_lines(tmp_path: Path) -> None:
    """A bank export's holder and card in rows of two cells above its four-column header: the
    header is the row as wide as the data, the rows above are "label: value" lines."""
    path = tmp_path / "card.csv"
    path.write_text(
        "Account holder,Mira Castell\nCard,Visa Debit ending 5521\n"
        "Date,Description,Location,Amount\n"
        "01/05/2026,Tesco,Harrogate,-84.20\n02/05/2026,Ryanair,Online,-312.00\n",
        encoding="utf-8",
    )

    result = await extract(path, "text/csv", "card.csv")

    assert [(c.location.line, c.location.row, c.text) for c in result.chunks] == [
        (1, None, "Account holder: Mira Castell"),
        (2, None, "Card: Visa Debit ending 5521"),
        (None, 1, "Date: 01/05/2026; Description: Tesco; Location: Harrogate; Amount: -84.20"),
        (None, 2, "Date: 02/05/2026; Description: Ryanair; Location: Online; Amount: -312.00"),
    ]
    assert result.tables[0].header == ["Date", "Description", "Location", "Amount"]


async def test_a_one_cell_header_over_data_rows_stays_the_header(tmp_path: Path) -> None:
    path = tmp_path / "list.csv"
    path.write_text("Supplier,,\nOrrin Mills,12,2024-01-05\n", encoding="utf-8")

    result = await extract(path, "text/csv", "list.csv")

    assert [c.text for c in result.chunks] == [
        "Supplier: Orrin Mills; Column 2: 12; Column 3: 2024-01-05"
    ]
