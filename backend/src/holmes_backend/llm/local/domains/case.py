"""What the later stages work from: the domain outputs handed over as findings blocks or summaries.

Synthesis and the knowledge graph receive earlier outputs as FINDINGS blocks (header
{"domain": …} or {"stage": …}), strategy the other domains' findings as text summaries
(`agents.summaries`: their texts cut to a first sentence); several of one domain are merged. When a
domain's block is missing but evidence documents came along, that domain is derived from them
here, so each stage also works when it is handed raw evidence.
"""

import re
from dataclasses import dataclass, field
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from holmes_backend.agents.schemas import (
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    StrategyOutput,
    SynthesisOutput,
)
from holmes_backend.agents.summaries import parse_summaries
from holmes_backend.llm.evidence import FILES_STAGE, EvidenceDoc, FindingsBlock
from holmes_backend.llm.local.domains.evidence import analyse_evidence
from holmes_backend.llm.local.domains.financial import analyse_financial, threshold_from
from holmes_backend.llm.local.domains.legal import analyse_legal
from holmes_backend.llm.local.registry import AnalysisRequest

M = TypeVar("M", bound=BaseModel)
_WINDOW = re.compile(r"window[_ ]minutes\s*[:=]\s*(?P<value>\d+(?:\.\d+)?)", re.IGNORECASE)
DEFAULT_WINDOW_MINUTES = 30.0


@dataclass
class CaseView:
    documents: list[EvidenceDoc]
    financial: FinancialOutput
    legal: LegalOutput
    evidence: EvidenceOutput
    strategy: StrategyOutput | None = None
    synthesis: SynthesisOutput | None = None
    given: list[str] = field(default_factory=list)
    derived: list[str] = field(default_factory=list)
    filenames: dict[str, str] = field(default_factory=dict)


def window_minutes(text: str) -> float:
    match = _WINDOW.search(text or "")
    return float(match["value"]) if match else DEFAULT_WINDOW_MINUTES


def _stage(block: FindingsBlock) -> str:
    header = block.header or {}
    return str(header.get("domain") or header.get("stage") or header.get("name") or "").lower()


def _parse(model: type[M], data: Any) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


def _merge(model: type[M], items: list[M]) -> M | None:
    if not items:
        return None
    merged: dict[str, Any] = {}
    for item in items:
        for name, value in item:
            if isinstance(value, list):
                merged.setdefault(name, []).extend(value)
            elif value is not None and merged.get(name) is None:
                merged[name] = value
    return model.model_validate(merged)


def _given(blocks: dict[str, list[BaseModel]], name: str, model: type[M]) -> M | None:
    return _merge(model, [item for item in blocks.get(name, []) if isinstance(item, model)])


def _file_names(request: AnalysisRequest) -> dict[str, str]:
    """The files' names a request gives without their evidence (the graph's)."""
    names: dict[str, str] = {}
    for block in request.findings:
        if _stage(block) == FILES_STAGE and isinstance(block.data, dict):
            names.update({str(k): str(v) for k, v in block.data.items()})
    return names


def case_view(request: AnalysisRequest) -> CaseView:
    blocks: dict[str, list[BaseModel]] = {}
    models: dict[str, type[BaseModel]] = {
        "financial": FinancialOutput,
        "legal": LegalOutput,
        "evidence": EvidenceOutput,
        "strategy": StrategyOutput,
        "synthesis": SynthesisOutput,
    }
    given = [(_stage(block), block.data) for block in request.findings]
    given += list(parse_summaries(request.text.splitlines()).items())
    for stage, data in given:
        model = models.get(stage)
        parsed = _parse(model, data) if model else None
        if parsed is not None:
            blocks.setdefault(stage, []).append(parsed)
    docs = request.documents
    derived: list[str] = []
    financial = _given(blocks, "financial", FinancialOutput)
    if financial is None:
        financial = FinancialOutput()
        if docs:
            financial = analyse_financial(docs, threshold_from(request.text)).output
            derived.append("financial")
    legal = _given(blocks, "legal", LegalOutput)
    if legal is None:
        legal = LegalOutput()
        if docs:
            legal = analyse_legal(docs).output
            derived.append("legal")
    evidence = _given(blocks, "evidence", EvidenceOutput)
    if evidence is None:
        evidence = EvidenceOutput()
        if docs:
            evidence = analyse_evidence(docs).output
            derived.append("evidence")
    return CaseView(
        documents=docs,
        financial=financial,
        legal=legal,
        evidence=evidence,
        strategy=_given(blocks, "strategy", StrategyOutput),
        synthesis=_given(blocks, "synthesis", SynthesisOutput),
        given=sorted(blocks),
        derived=derived,
        filenames=_file_names(request) | {d.file_id: d.filename for d in docs},
    )
