"""Real filings and a court opinion (read-only, shared/realdocs): content a reader would cite."""

from pathlib import Path

import pytest

from holmes_backend.extraction import extract

REALDOCS = Path(__file__).resolve().parents[3] / "shared" / "realdocs"

pytestmark = pytest.mark.skipif(not REALDOCS.is_dir(), reason="shared/realdocs is not beside main")


async def test_press_release_financial_tables() -> None:
    path = REALDOCS / "buckle_8-K_ex99-1_press_release.html"

    result = await extract(path, "text/html", path.name)

    text = "\n".join(chunk.text for chunk in result.chunks)
    assert "REPORTS THIRD QUARTER NET INCOME" in text
    rows = [row for table in result.tables for row in table.rows]
    sales = next(row for row in rows if row[0].startswith("SALES, Net of returns"))
    assert sales[1:] == ["$293,618", "$303,457", "$838,490", "$878,719"]
    cash = next(row for row in rows if row[0] == "Cash and cash equivalents")
    assert cash[1:] == ["$301,958", "$268,213", "$311,657"]
    numeric_tables = [
        table
        for table in result.tables
        if sum(any(cell[-1:].isdigit() for cell in row[1:]) for row in table.rows) >= 10
    ]
    assert len(numeric_tables) >= 2
    assert "script" not in text.lower()


async def test_form_8k_cover_page() -> None:
    path = REALDOCS / "buckle_8-K.html"

    result = await extract(path, "text/html", path.name)

    texts = [chunk.text for chunk in result.chunks]
    assert any("Results of Operations and Financial Condition" in text for text in texts)
    assert "FORM 8-K" in texts
    rows = [[table.header, *table.rows] for table in result.tables]
    assert any(
        ["Common Stock, $0.01 par value", "BKE", "New York Stock Exchange"] in t for t in rows
    )
    # The inline XBRL header is display:none: not visible text.
    assert not any(text.startswith("false 0000885245") for text in texts)


async def test_form_4_xml_lines() -> None:
    path = REALDOCS / "snowflake_form4.xml"

    result = await extract(path, "application/xml", path.name)

    by_text = {chunk.text: chunk.location.line for chunk in result.chunks}
    assert by_text["<issuerName>Snowflake Inc.</issuerName>"] == 8
    assert "<rptOwnerName>Scarpelli Michael</rptOwnerName>" in by_text


async def test_supreme_court_opinion_text_pages() -> None:
    path = REALDOCS / "fisher_v_ut_austin_opinion.txt"

    result = await extract(path, "text/plain", path.name)

    caption = next(c for c in result.chunks if "FISHER v. UNIVERSITY OF TEXAS AT AUSTIN" in c.text)
    assert caption.location.page == 1
    assert result.metadata["encoding"] == "utf-8"
    assert result.metadata["page_count"] > 10
    pages = [chunk.location.page or 0 for chunk in result.chunks]
    assert pages == sorted(pages)
    assert any("Grutter v. Bollinger" in chunk.text for chunk in result.chunks)
