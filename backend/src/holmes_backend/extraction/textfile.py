"""Plain text, Markdown, JSON and XML: one chunk per non-blank line."""

import codecs
import re
from pathlib import Path

from holmes_backend.extraction.limits import MIB, Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location

# cp1252 before latin-1: Windows text is far more common than true ISO-8859-1, and the two agree
# except where cp1252 has curly quotes and dashes. latin-1 decodes any byte, so it ends the list.
_GUESSED_ENCODINGS = ("utf-8", "cp1252")
_BOMS = (
    (codecs.BOM_UTF8, "utf-8-sig"),
    (codecs.BOM_UTF32_LE, "utf-32"),
    (codecs.BOM_UTF32_BE, "utf-32"),
    (codecs.BOM_UTF16_LE, "utf-16"),
    (codecs.BOM_UTF16_BE, "utf-16"),
)
# Only real line breaks: str.splitlines() would also split on form feeds, which mark pages.
_LINE_BREAK = re.compile(r"\r\n|\r|\n")
_PAGE_BREAK = "\f"


def decode(data: bytes, declared: str | None = None) -> tuple[str, str]:
    """The text and the encoding that read it: a BOM wins, then a declared charset, then guesses."""
    for bom, encoding in _BOMS:
        if data.startswith(bom):
            return data.decode(encoding), encoding
    candidates = ((declared,) if declared else ()) + _GUESSED_ENCODINGS
    for encoding in candidates:
        try:
            return data.decode(encoding), encoding
        except (UnicodeDecodeError, LookupError):
            continue
    return data.decode("latin-1"), "latin-1"


def read_bounded(path: Path, budget: Budget) -> bytes:
    """The file's bytes, or as many as could hold the characters `budget` allows (up to four
    bytes a character in UTF-8), cut at the last line break; the budget then notes the cut
    (reading what was kept goes on)."""
    most = budget.limits.max_characters * 4
    with path.open("rb") as file:
        data = file.read(most + 1)
    if len(data) <= most:
        return data
    data = data[: data.rfind(b"\n", 0, most) + 1 or most]
    budget.truncated = (
        f"only the first {len(data) / MIB:,.1f} MiB of the file were read (the extraction "
        "limit); the rest was not read"
    )
    return data


def split_lines(text: str) -> list[str]:
    return _LINE_BREAK.split(text)


def extract_text(path: Path, budget: Budget) -> Extraction:
    text, encoding = decode(read_bounded(path, budget))
    lines = split_lines(text)
    # Form feeds are how printed text files (court opinions, reports) mark page breaks.
    paged = _PAGE_BREAK in text
    page = 1
    chunks = []
    for number, line in enumerate(lines, start=1):
        for index, piece in enumerate(line.split(_PAGE_BREAK)):
            page += 1 if index else 0
            if (content := piece.strip()) and budget.take(content, "lines"):
                location = Location(line=number, page=page if paged else None)
                chunks.append(Chunk(text=content, location=location))
        if budget.spent:
            break
    metadata: dict[str, object] = {"encoding": encoding, "line_count": len(lines)}
    if paged:
        metadata["page_count"] = page
    return Extraction(kind="text", chunks=chunks, metadata=metadata)
