"""PDF, Word, HTML and plain text: text with pages, paragraphs, blocks and lines."""

import io
from datetime import UTC, datetime
from pathlib import Path

import docx
import pytest
from pypdf import PageObject, PdfReader, PdfWriter

from holmes_backend.extraction import ExtractionError, extract
from tests.extraction.builders import make_pdf

DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


async def test_pdf_text_per_page_with_document_info(tmp_path: Path) -> None:
    path = tmp_path / "contract.pdf"
    info = {"Title": "Supply contract", "Author": "J. Doe", "CreationDate": "D:20240315140000Z"}
    path.write_bytes(make_pdf([["Clause 1 (payment)", "Net 30 days"], [], ["Signed"]], info))

    result = await extract(path, "application/pdf", "contract.pdf")

    assert result.kind == "pdf"
    assert [(c.location.page, c.text) for c in result.chunks] == [
        (1, "Clause 1 (payment)\nNet 30 days"),
        (3, "Signed"),
    ]
    assert result.metadata["page_count"] == 3
    assert result.metadata["title"] == "Supply contract"
    assert result.metadata["author"] == "J. Doe"
    assert datetime.fromisoformat(result.metadata["creation_date"]) == datetime(
        2024, 3, 15, 14, tzinfo=UTC
    )
    assert result.errors == ["page 2 has no text layer (scanned or blank)"]
    # The page the model must see as an image (llm.media sends such a PDF itself).
    assert result.metadata["pages_without_text"] == [2]


async def test_pdf_with_a_malformed_date_keeps_its_text(tmp_path: Path) -> None:
    path = tmp_path / "odd.pdf"
    path.write_bytes(make_pdf([["Body"]], {"CreationDate": "yesterday"}))

    result = await extract(path, "application/pdf", "odd.pdf")
    assert "pages_without_text" not in result.metadata  # every page has its text

    assert [c.text for c in result.chunks] == ["Body"]
    assert "creation_date" not in result.metadata
    assert any("creation date" in error for error in result.errors)


def _encrypted_pdf(path: Path, user_password: str) -> Path:
    writer = PdfWriter(clone_from=PdfReader(io.BytesIO(make_pdf([["Sealed terms"]]))))
    writer.encrypt(user_password=user_password, owner_password="owner", algorithm="AES-256")
    writer.write(path)
    return path


async def test_pdf_locked_by_a_password_fails(tmp_path: Path) -> None:
    path = _encrypted_pdf(tmp_path / "locked.pdf", "secret")

    with pytest.raises(ExtractionError, match="password-protected"):
        await extract(path, "application/pdf", "locked.pdf")


async def test_pdf_encrypted_with_an_empty_user_password_is_read(tmp_path: Path) -> None:
    path = _encrypted_pdf(tmp_path / "restricted.pdf", "")

    result = await extract(path, "application/pdf", "restricted.pdf")

    assert [c.text for c in result.chunks] == ["Sealed terms"]


async def test_pdf_page_that_fails_costs_only_that_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = PageObject.extract_text

    def fail_on_broken(page: PageObject, *args: object, **kwargs: object) -> str:
        text = original(page)
        if "broken" in text:
            raise ValueError("bad content stream")
        return text

    monkeypatch.setattr(PageObject, "extract_text", fail_on_broken)
    path = tmp_path / "mixed.pdf"
    path.write_bytes(make_pdf([["fine"], ["broken"], ["also fine"]]))

    result = await extract(path, "application/pdf", "mixed.pdf")

    assert [(c.location.page, c.text) for c in result.chunks] == [(1, "fine"), (3, "also fine")]
    assert result.errors == ["page 2 could not be read: bad content stream"]


async def test_docx_paragraphs_sections_and_tables(tmp_path: Path) -> None:
    document = docx.Document()
    document.core_properties.author = "Alice Auditor"
    document.add_paragraph("Preface without a heading.")
    document.add_heading("Background", level=1)
    document.add_paragraph("The loan was signed in March.")
    document.add_paragraph("")
    document.add_heading("Payments", level=2)
    table = document.add_table(rows=3, cols=2)
    values = [("Date", "Amount"), ("2024-03-01", "1,000"), ("", "")]
    for row, row_values in zip(table.rows, values, strict=True):
        for cell, value in zip(row.cells, row_values, strict=True):
            cell.text = value
    document.add_paragraph("Nothing was repaid.")
    path = tmp_path / "memo.docx"
    document.save(str(path))

    result = await extract(path, DOCX, "memo.docx")

    assert result.kind == "docx"
    assert [(c.location.line, c.location.section, c.text) for c in result.chunks] == [
        (1, None, "Preface without a heading."),
        (2, "Background", "Background"),
        (3, "Background", "The loan was signed in March."),
        (5, "Payments", "Payments"),
        (5, "Payments", "Date: 2024-03-01; Amount: 1,000"),  # cited after the paragraph before
        (6, "Payments", "Nothing was repaid."),
    ]
    row = result.chunks[4].location
    assert (row.row, row.sheet) == (1, "Table 1")
    [found] = result.tables
    assert found.header == ["Date", "Amount"]
    assert found.rows == [["2024-03-01", "1,000"]]  # the empty row is dropped
    assert found.location.section == "Payments"
    assert result.metadata["author"] == "Alice Auditor"
    assert result.metadata["table_count"] == 1


async def test_docx_tables_are_read_as_their_shape_reads(tmp_path: Path) -> None:
    """A grid of records row by row under its header, a form's label and value columns as
    fields, side-by-side signature blocks column by column; nothing left unread."""
    document = docx.Document()
    document.add_paragraph("Site diary, week 11.")
    grid = [
        ("Date", "Weather", "Labour on site"),
        ("Tue 10 March 2026", "Heavy rain", "None"),
        ("Thu 12 March 2026", "Showers", "Groundworks gang 4"),
    ]
    form = [("Claimant", "Jane Roe"), ("Date of loss:", "3 May 2026")]
    blocks = [
        ("Acme Ltd", "Brannock Build Ltd"),
        ("By: Ann Lee", "By: Owen Tresize"),
        ("Date: 8 January 2024", "Date: 9 January 2024"),
    ]
    for rows in (grid, form, blocks):
        table = document.add_table(rows=0, cols=len(rows[0]))
        for values in rows:
            for cell, value in zip(table.add_row().cells, values, strict=True):
                cell.text = value
    path = tmp_path / "tables.docx"
    document.save(str(path))

    result = await extract(path, DOCX, "tables.docx")

    assert [c.text for c in result.chunks] == [
        "Site diary, week 11.",
        "Date: Tue 10 March 2026; Weather: Heavy rain; Labour on site: None",
        "Date: Thu 12 March 2026; Weather: Showers; Labour on site: Groundworks gang 4",
        "Claimant: Jane Roe",
        "Date of loss: 3 May 2026",
        "Acme Ltd",
        "By: Ann Lee",
        "Date: 8 January 2024",
        "Brannock Build Ltd",
        "By: Owen Tresize",
        "Date: 9 January 2024",
    ]
    assert {c.location.line for c in result.chunks} == {1}
    assert [(c.location.sheet, c.location.row) for c in result.chunks[1:3]] == [
        ("Table 1", 1),
        ("Table 1", 2),
    ]
    assert len(result.tables) == 3


async def test_docx_merged_cells_appear_once(tmp_path: Path) -> None:
    document = docx.Document()
    table = document.add_table(rows=2, cols=3)
    merged = table.cell(0, 0).merge(table.cell(0, 1))
    merged.text = "Quarter"
    table.cell(0, 2).text = "Total"
    for cell, value in zip(table.rows[1].cells, ["Q1", "Q2", "9"], strict=True):
        cell.text = value
    path = tmp_path / "merged.docx"
    document.save(str(path))

    result = await extract(path, DOCX, "merged.docx")

    assert result.tables[0].header == ["Quarter", "Total"]
    assert result.tables[0].rows == [["Q1", "Q2", "9"]]


HTML = b"""<!doctype html><html><head><title>Quarterly note</title>
<style>p { color: red }</style><script>var secret = "do not index";</script></head>
<body><h1>Results</h1><p>Revenue <b>rose</b>&nbsp;sharply.<br>Costs fell.</p>
<div style="display: none">hidden tracking text</div>
<table><tr><th>Item</th><th>2024</th><th></th><th>2023</th></tr>
<tr><td>Revenue</td><td>$</td><td>1,200</td><td>$ 900</td></tr>
<tr><td>Loss</td><td>(40</td><td>)</td><td>(10)</td></tr></table>
<h2>Outlook</h2><ul><li>Stable</li><li>Hiring</li></ul></body></html>"""


async def test_html_visible_text_blocks_and_tables(tmp_path: Path) -> None:
    path = tmp_path / "note.html"
    path.write_bytes(HTML)

    result = await extract(path, "text/html", "note.html")

    assert [(c.location.line, c.location.section, c.text) for c in result.chunks] == [
        (1, "Results", "Results"),
        (2, "Results", "Revenue rose sharply."),
        (3, "Results", "Costs fell."),
        (4, "Results", "Item | 2024 | 2023"),
        (5, "Results", "Revenue | $1,200 | $ 900"),
        (6, "Results", "Loss | (40) | (10)"),
        (7, "Outlook", "Outlook"),
        (8, "Outlook", "Stable"),
        (9, "Outlook", "Hiring"),
    ]
    [table] = result.tables
    assert table.header == ["Item", "2024", "2023"]
    assert table.rows == [["Revenue", "$1,200", "$ 900"], ["Loss", "(40)", "(10)"]]
    assert table.location.line == 4
    assert result.metadata["title"] == "Quarterly note"
    text = " ".join(c.text for c in result.chunks)
    assert "secret" not in text
    assert "hidden tracking" not in text


async def test_html_layout_table_reads_as_text(tmp_path: Path) -> None:
    path = tmp_path / "layout.html"
    path.write_bytes(b"<table><tr><td><p>First paragraph.</p><p>Second one.</p></td></tr></table>")

    result = await extract(path, "text/html", "layout.html")

    assert [c.text for c in result.chunks] == ["First paragraph.", "Second one."]
    assert result.tables == []


async def test_html_declared_charset_is_honoured(tmp_path: Path) -> None:
    path = tmp_path / "latin.html"
    path.write_bytes('<meta charset="iso-8859-15"><p>Prix: 10 €</p>'.encode("iso-8859-15"))

    result = await extract(path, "text/html", "latin.html")

    assert [c.text for c in result.chunks] == ["Prix: 10 €"]


async def test_text_lines_with_encoding_fallback(tmp_path: Path) -> None:
    path = tmp_path / "notes.txt"
    path.write_bytes("Caf\u00e9 meeting \u2013 notes\r\n\r\n  second line  \n".encode("cp1252"))

    result = await extract(path, "text/plain", "notes.txt")

    assert [(c.location.line, c.text) for c in result.chunks] == [
        (1, "Café meeting \u2013 notes"),
        (3, "second line"),
    ]
    assert result.metadata["encoding"] == "cp1252"
    assert result.chunks[0].location.page is None


async def test_text_form_feeds_mark_pages(tmp_path: Path) -> None:
    path = tmp_path / "printed.txt"
    path.write_text("page one\n\fpage two\nmore\fpage three\n", encoding="utf-8")

    result = await extract(path, "text/plain", "printed.txt")

    assert [(c.location.page, c.location.line, c.text) for c in result.chunks] == [
        (1, 1, "page one"),
        (2, 2, "page two"),
        (2, 3, "more"),
        (3, 3, "page three"),
    ]
    assert result.metadata["page_count"] == 3


@pytest.mark.parametrize(
    ("name", "mime", "content"),
    [
        ("data.json", "application/json", '{\n  "payee": "Acme Ltd"\n}\n'),
        ("data.xml", "application/xml", "<root>\n  <payee>Acme Ltd</payee>\n</root>\n"),
        ("readme.md", "text/markdown", "# Title\n\nPayee is Acme Ltd\n"),
        ("utf16.txt", "text/plain; charset=utf-16", "line\nPayee Acme Ltd\n"),
    ],
)
async def test_structured_text_is_read_by_line(
    tmp_path: Path, name: str, mime: str, content: str
) -> None:
    path = tmp_path / name
    path.write_bytes(content.encode("utf-16" if "utf16" in name else "utf-8"))

    result = await extract(path, mime, name)

    assert result.kind == "text"
    assert any("Acme Ltd" in chunk.text for chunk in result.chunks)
    assert all(chunk.location.line for chunk in result.chunks)


async def test_html_nested_thousands_deep_still_reads(tmp_path: Path) -> None:
    # Mail clients emit unclosed tags; every one nests the rest of the document a level deeper.
    path = tmp_path / "sloppy.html"
    path.write_bytes(b"<div>" * 5000 + b"deep text" + b"<table><tr><td>" * 100 + b"cell")

    result = await extract(path, "text/html", "sloppy.html")

    assert [c.text for c in result.chunks] == ["deep text", "cell"]


async def test_docx_two_columns_under_a_header_or_a_questionnaire(tmp_path: Path) -> None:
    """Names beside a column of repeated values ("Present", "Apologies") are rows under their
    header; questions with their answers are fields, however often the answer repeats."""
    document = docx.Document()
    for rows in (
        [("Name", "Attendance"), ("Laura Pike", "Present"), ("Fiona Grant", "Apologies"),
         ("Ravi Menon", "Present")],
        [("Previous claims?", "No"), ("Convictions?", "No"), ("Other insurance?", "No")],
    ):  # fmt: skip
        table = document.add_table(rows=0, cols=2)
        for values in rows:
            for cell, value in zip(table.add_row().cells, values, strict=True):
                cell.text = value
    path = tmp_path / "two_columns.docx"
    document.save(str(path))

    result = await extract(path, DOCX, "two_columns.docx")

    assert [c.text for c in result.chunks] == [
        "Name: Laura Pike; Attendance: Present",
        "Name: Fiona Grant; Attendance: Apologies",
        "Name: Ravi Menon; Attendance: Present",
        "Previous claims? No",
        "Convictions? No",
        "Other insurance? No",
    ]
