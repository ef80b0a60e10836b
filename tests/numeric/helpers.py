"""Documents as extraction reads them, for the numeric tests."""

from pathlib import Path

from holmes_backend.extraction import extract
from holmes_backend.llm.evidence import EvidenceDoc

REALDOCS = Path(__file__).resolve().parents[3] / "shared" / "realdocs"
BUCKLE = REALDOCS / "buckle_8-K_ex99-1_press_release.html"


async def read(path: Path, mime: str, file_id: str | None = None) -> EvidenceDoc:
    extraction = await extract(path, mime, path.name)
    return EvidenceDoc(
        file_id=file_id or path.stem,
        filename=path.name,
        mime_type=mime,
        metadata=extraction.metadata,
        chunks=extraction.chunks,
    )


def html_table(title: str, note: str, header: list[str], rows: list[list[str]]) -> str:
    cells = "".join(f"<td>{c}</td>" for c in header)
    body = "".join("<tr>" + "".join(f"<td>{c}</td>" for c in row) + "</tr>" for row in rows)
    return (
        f"<html><body><p>{title}</p><p>{note}</p>"
        f"<table><tr>{cells}</tr>{body}</table></body></html>"
    )
