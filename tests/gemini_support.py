"""What the Gemini-path tests share: the fake Gemini served on 127.0.0.1, Holmes pointed at it,
and the local analyst answering the request the fake received (so the real Gemini code path runs
on real analyses)."""

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pydantic import BaseModel, SecretStr

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.domains.prompt import MERGE_INSTRUCTION as DOMAIN_MERGE
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.numeric.prompt import (
    REVIEWER_INSTRUCTION,
    VERIFIER_INSTRUCTION,
)
from holmes_backend.agents.orchestrator.prompt import INSTRUCTION as ORCHESTRATOR
from holmes_backend.agents.phases.shared_evidence import FOCUS_HEADING
from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.analysis.routing import route
from holmes_backend.contracts.agents import (
    AgentParams,
    DomainMergePlan,
    GraphOutput,
    RoutingPlan,
    SameItems,
    SynthesisOutput,
    TriageResult,
)
from holmes_backend.llm.context_cache import INSTRUCTION_HEADING
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst_for
from holmes_backend.numeric.schemas import (
    ReviewedMismatch,
    ReviewerOutput,
    VerifierOutput,
)
from tests.conftest import make_settings
from tests.fake_gemini import FakeGemini, JsonDict, Responder
from tests.support import LiveServer, live_server, serve_app

# Real model ids: the fake serves them (as Google does) and Holmes checks them at start-up.
PRO_MODEL, FLASH_MODEL = "gemini-3.1-pro-preview", "gemini-3.8-flash"


def _texts(body: JsonDict, key: str) -> str:
    return "\n".join(p.get("text", "") for p in (body.get(key) or {}).get("parts", []))


def instruction_of(body: JsonDict) -> str:
    """The request's system instruction (google-genai sends either spelling); a request that
    reads a shared context cache carries it as text after the cached part, under its heading."""
    own = _texts(body, "systemInstruction") or _texts(body, "system_instruction")
    if own:
        return own
    for text in _user_texts(body):
        if text.startswith(INSTRUCTION_HEADING):
            return text.removeprefix(INSTRUCTION_HEADING).lstrip("\n")
    return ""


def _user_texts(body: JsonDict) -> list[str]:
    return [p.get("text", "") for c in body.get("contents", []) for p in c["parts"]]


def user_text_of(body: JsonDict) -> str:
    """The request's text, without an instruction it carries as text."""
    texts = _user_texts(body)
    return "\n".join(t for t in texts if not t.startswith(INSTRUCTION_HEADING))


def focused(body: JsonDict, documents: list[EvidenceDoc]) -> list[EvidenceDoc]:
    """The documents a request asks its agent to analyse: when it reads a shared segment of the
    evidence (agents.phases.shared_evidence), those its focus names, as a model would."""
    for text in _user_texts(body):
        if text.startswith(FOCUS_HEADING):
            wanted = {f["file_id"] for f in json.loads(text.removeprefix(FOCUS_HEADING))}
            return [d for d in documents if d.file_id in wanted]
    return documents


def evidence_of(body: JsonDict) -> list[EvidenceDoc]:
    """The evidence a request gave its agent to analyse (the cache's included: the effective
    body), kept to its focus."""
    return focused(body, parse_blocks(user_text_of(body))[0])


# The numeric agents' requests by instruction prefix: processing runs them on financial files.
NUMERIC_SCHEMAS: list[tuple[str, type[BaseModel]]] = [
    (VERIFIER_INSTRUCTION[:60], VerifierOutput),
    (REVIEWER_INSTRUCTION[:60], ReviewerOutput),
]


# Every processing agent's output schema, by the start of its instruction.
PIPELINE_SCHEMAS: list[tuple[str, type[BaseModel]]] = [
    (TRIAGE[:60], TriageResult),
    (ORCHESTRATOR[:60], RoutingPlan),
    (SYNTHESIS[:60], SynthesisOutput),
    (GRAPH[:60], GraphOutput),
    *((INSTRUCTIONS[d][:40], DOMAIN_SCHEMAS[d]) for d in DOMAIN_SCHEMAS),
    *NUMERIC_SCHEMAS,
]


MERGE_PREFIX = DOMAIN_MERGE[: DOMAIN_MERGE.index("{")]


def pipeline_schema(instruction: str) -> type[BaseModel]:
    """The output schema of the processing agent the instruction is of."""
    if instruction.startswith(MERGE_PREFIX):  # a domain's merge: a plan over its workers' rows
        return DomainMergePlan
    return next(s for prefix, s in PIPELINE_SCHEMAS if instruction.startswith(prefix))


def merge_domain_of(instruction: str) -> str:
    """The domain a merge request's instruction is of."""
    return instruction[len(MERGE_PREFIX) :].split(" ", 1)[0]


def _merged(body: JsonDict) -> Analysis:
    """A domain merge's answer: the rows of one list, from different workers, that say the same
    thing and cite the same places as one (what the deterministic union, which drops exact
    repeats, does offline: a model would merge at least those)."""
    _, findings, _ = parse_blocks(user_text_of(body))
    rows = [row for block in findings for row in block.data or []]
    alike: dict[tuple[str, str, str, tuple[str, ...]], list[str]] = {}
    for row in rows:
        field = row["id"].split(".")[1]
        key = (field, row["kind"], row["says"], tuple(row["cites"]))
        alike.setdefault(key, []).append(row["id"])
    same = [SameItems(ids=ids) for ids in alike.values() if len({i.split(".")[0] for i in ids}) > 1]
    return Analysis(DomainMergePlan(same=same), ["(fake) planned the workers' merge"])


def _numeric(schema: type[BaseModel], body: JsonDict) -> Analysis:
    """A plain answer to a numeric agent (it has no local analyst: offline, the numeric engine
    stands in for the whole agent): the line items the figures name, no relations of its own
    beyond the engine's, every mismatch confirmed."""
    _, findings, _ = parse_blocks(user_text_of(body))
    rows = findings[0].data if findings else []
    output: BaseModel
    if schema is VerifierOutput:
        output = VerifierOutput(statements=[])
    else:
        reviewed = [
            ReviewedMismatch(check_id=r["check_id"], confirmed=True, computed=None) for r in rows
        ]
        output = ReviewerOutput(reviewed=reviewed)
    return Analysis(output, ["(fake) numeric answer"])


def analyse(schema: type[BaseModel], body: JsonDict) -> Analysis:
    """The local analyst's answer to the request the fake Gemini received."""
    if any(schema is numeric for _, numeric in NUMERIC_SCHEMAS):
        return _numeric(schema, body)
    if instruction_of(body).startswith(MERGE_PREFIX):
        return _merged(body)
    analyst = analyst_for(schema)
    assert analyst is not None, schema
    documents, findings, rest = parse_blocks(user_text_of(body))
    documents = focused(body, documents)
    analysis = analyst(AnalysisRequest(instruction_of(body), documents, findings, rest))
    if isinstance(analysis.output, RoutingPlan):
        # A model plans workers by load (PRD §4.7); the offline analyst reads a domain at once.
        files = [
            f
            for b in findings
            if b.header.get("stage") == "triage"
            for f in TriageResult.model_validate(b.data).files
        ]
        load = {a.domain: a.workers for a in route(files, AgentParams().routing_threshold)}
        assignments = [
            a.model_copy(update={"workers": load.get(a.domain, 1)})
            for a in analysis.output.assignments
        ]
        analysis = Analysis(
            analysis.output.model_copy(update={"assignments": assignments}), analysis.thoughts
        )
    return analysis


@contextmanager
def serve_fake(responder: Responder, *, api_key: str) -> Iterator[tuple[FakeGemini, str]]:
    gemini = FakeGemini(api_key=api_key)
    gemini.responders.append(responder)
    with serve_app(gemini.app) as url:
        yield gemini, url


@contextmanager
def holmes_on_fake(
    *,
    database_url: str,
    data_dir: Path,
    fake_url: str,
    api_key: str,
    pro: str,
    flash: str,
    retry_attempts: int = 1,
    extra: dict[str, Any] | None = None,
    **overrides: Any,
) -> Iterator[LiveServer]:
    """A live Holmes on the gemini provider, talking to the fake, with quick retries (and any
    other settings given)."""
    settings = make_settings(
        database_url=database_url, storage="local", data_dir=data_dir, emulator_host=None
    ).model_copy(
        update={
            "llm_provider": "gemini",
            "gemini_api_key": SecretStr(api_key),
            "gemini_base_url": fake_url,
            "gemini_pro_model": pro,
            "gemini_flash_model": flash,
            "gemini_retry_attempts": retry_attempts,
            "gemini_retry_initial_delay": 0.01,
            "gemini_retry_max_delay": 0.02,
            "gemini_timeout_seconds": 20,
            **(extra or {}),
            **overrides,
        }
    )
    with live_server(settings) as live:
        yield live
