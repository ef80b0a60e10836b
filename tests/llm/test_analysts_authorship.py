"""Cover pricing: two rival tenders, each certifying it was prepared independently, whose Word
files give the same author. A third bid by its own people, and two documents of one firm by
one writer, are nobody's cover."""

from pathlib import Path

from docx import Document

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of

_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


async def _bid(tmp_path: Path, name: str, firm: str, author: str, editor: str) -> EvidenceDoc:
    document = Document()
    document.add_heading(f"{firm} - Tender for Lot 4 Drainage Works", 0)
    document.add_paragraph(f"Tender submitted by: {firm}")
    document.add_paragraph(
        "We certify that this tender has been prepared independently and without consultation "
        "or collusion with any other tenderer."
    )
    document.core_properties.author = author
    document.core_properties.last_modified_by = editor
    path = tmp_path / name
    document.save(str(path))
    return await load(path, _DOCX, file_id=path.stem)


async def test_bids_by_their_own_people_or_one_firms_papers(tmp_path: Path) -> None:
    docs = [
        await _bid(tmp_path, "bid_ardent.docx", "Ardent Civils Ltd", "Liam Carver", ""),
        await _bid(tmp_path, "ardent_method.docx", "Ardent Civils Ltd", "Liam Carver", ""),
        await _bid(tmp_path, "bid_kestrel.docx", "Kestrel Groundworks Ltd", "Hannah Pike", ""),
    ]
    assert synthesis_of(docs).contradictions == []
