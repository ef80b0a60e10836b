"""PDF: the text layer of each page (scanned pages without one come out empty)."""

from pathlib import Path

from pypdf import DocumentInformation, PdfReader
from pypdf.errors import PdfReadError

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location


def extract_pdf(path: Path, budget: Budget) -> Extraction:
    try:
        return _read(path, budget)
    except PdfReadError as exc:
        raise ExtractionError(f"damaged or truncated PDF ({exc})") from exc


def _read(path: Path, budget: Budget) -> Extraction:
    # Lenient parsing: real exhibits often have small structural faults (wrong xref offsets) that
    # a strict reader refuses; a truncated or garbled file still raises.
    reader = PdfReader(path, strict=False)
    if reader.is_encrypted and not reader.decrypt(""):
        raise ExtractionError("the PDF is password-protected")
    errors = []
    chunks = []
    # Pages the model must see as images (llm.media sends such a PDF itself).
    without_text: list[int] = []
    for number, page in enumerate(reader.pages, start=1):
        if budget.spent:
            break
        try:
            text = page.extract_text().strip()
        except Exception as exc:  # one damaged page must not cost the readable ones
            errors.append(f"page {number} could not be read: {exc}")
            continue
        if text:
            if budget.take(text, "pages"):
                chunks.append(Chunk(text=text, location=Location(page=number)))
        else:
            errors.append(f"page {number} has no text layer (scanned or blank)")
            without_text.append(number)
    metadata: dict[str, object] = {"page_count": len(reader.pages)}
    if without_text:
        metadata["pages_without_text"] = without_text
    if reader.metadata is not None:
        errors += _document_info(reader.metadata, metadata)
    return Extraction(kind="pdf", chunks=chunks, metadata=metadata, errors=errors)


def _document_info(info: DocumentInformation, metadata: dict[str, object]) -> list[str]:
    """Adds the document information dictionary to metadata; returns what could not be read."""
    texts = {
        "title": info.title,
        "author": info.author,
        "subject": info.subject,
        "creator": info.creator,
        "producer": info.producer,
    }
    metadata.update({key: str(value) for key, value in texts.items() if value})
    errors = []
    for key in ("creation_date", "modification_date"):
        try:
            moment = getattr(info, key)
        except ValueError as exc:  # a malformed date string costs the date, not the document
            errors.append(f"unreadable {key.replace('_', ' ')}: {exc}")
            continue
        if moment is not None:
            metadata[key] = moment.isoformat()
    return errors
