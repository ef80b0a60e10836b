"""Helpers for the local analyst tests: evidence built by the real extractors, requests, runs."""

from email.message import EmailMessage
from pathlib import Path
from typing import Any, TypeVar

from pydantic import BaseModel

from holmes_backend.contracts.agents import (
    AgentParams,
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    SynthesisOutput,
)
from holmes_backend.extraction import extract
from holmes_backend.extraction.models import Chunk, Location
from holmes_backend.llm.evidence import (
    EvidenceDoc,
    FindingsBlock,
    parse_blocks,
    render_evidence,
    render_findings,
)
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst_for

REALDOCS = Path(__file__).resolve().parents[3] / "shared" / "realdocs"
M = TypeVar("M", bound=BaseModel)
# The domains that read the evidence itself (strategy reads their findings).
DOMAINS: list[tuple[str, type[BaseModel]]] = [
    ("financial", FinancialOutput),
    ("legal", LegalOutput),
    ("evidence", EvidenceOutput),
]


async def load(path: Path, mime: str, file_id: str | None = None) -> EvidenceDoc:
    extraction = await extract(path, mime, path.name)
    return EvidenceDoc(
        file_id=file_id or path.stem,
        filename=path.name,
        mime_type=mime,
        metadata=extraction.metadata,
        chunks=extraction.chunks,
    )


async def email_doc(
    tmp: Path,
    name: str,
    headers: dict[str, str],
    body: str = "See below.\n",
) -> EvidenceDoc:
    """An e-mail file ("From", "To", "Cc", "Date", "Subject" as given), read by the extractor."""
    mail = EmailMessage()
    for key, value in headers.items():
        mail[key] = value
    mail.set_content(body)
    path = tmp / name
    path.write_bytes(bytes(mail))
    return await load(path, "message/rfc822", file_id=name.rsplit(".", 1)[0])


async def text_doc(tmp: Path, name: str, content: str, mime: str = "text/plain") -> EvidenceDoc:
    path = tmp / name
    path.write_text(content, encoding="utf-8")
    return await load(path, mime, file_id=name.rsplit(".", 1)[0])


async def rendered(tmp: Path, name: str, content: str, mime: str = "text/plain") -> EvidenceDoc:
    """The document as the model receives it: rendered into the request and parsed back."""
    path = tmp / name
    path.write_text(content, encoding="utf-8")
    extraction = await extract(path, mime, name)
    text = render_evidence(file_id=name, filename=name, mime_type=mime, extraction=extraction)
    docs, _, _ = parse_blocks(text)
    return docs[0]


def photo(
    file_id: str, filename: str, taken: str, latitude: float | None, longitude: float | None
) -> EvidenceDoc:
    metadata: dict[str, Any] = {"format": "JPEG", "capture_time": taken, "camera_make": "Pixel"}
    if latitude is not None and longitude is not None:
        metadata |= {"gps_latitude": latitude, "gps_longitude": longitude}
    return EvidenceDoc(
        file_id=file_id, filename=filename, mime_type="image/jpeg", metadata=metadata
    )


def lines_doc(file_id: str, filename: str, lines: list[str]) -> EvidenceDoc:
    chunks = [Chunk(text=t, location=Location(line=n)) for n, t in enumerate(lines, 1)]
    return EvidenceDoc(file_id=file_id, filename=filename, mime_type="text/plain", chunks=chunks)


def findings(domain: str, output: BaseModel, key: str = "domain") -> FindingsBlock:
    """A domain output as it travels between stages: rendered as a findings part, parsed back."""
    text = render_findings({key: domain}, output)
    _, blocks, _ = parse_blocks(text)
    return blocks[0]


def run(
    schema: type[M],
    docs: list[EvidenceDoc],
    *,
    blocks: list[FindingsBlock] | None = None,
    text: str = "",
    hypotheses: list[str] | None = None,
    params: AgentParams | None = None,
) -> tuple[M, Analysis]:
    analyst = analyst_for(schema)
    assert analyst is not None, f"no analyst registered for {schema.__name__}"
    request = AnalysisRequest(
        instruction="",
        documents=docs,
        findings=blocks or [],
        text=text,
        hypotheses=hypotheses or [],
        params=params or AgentParams(),
    )
    analysis = analyst(request)
    assert isinstance(analysis.output, schema)
    assert 2 <= len(analysis.thoughts) <= 6, analysis.thoughts
    assert all(isinstance(t, str) and t for t in analysis.thoughts)
    schema.model_validate_json(
        analysis.output.model_dump_json()
    )  # serialisable as the model answers
    return analysis.output, analysis


def synthesis_of(docs: list[EvidenceDoc]) -> SynthesisOutput:
    """Synthesis as the pipeline runs it: over the domains' findings and the files' names."""
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    return synthesis
