"""Which analysis answers which output schema, and which agent converses with tools."""

from collections.abc import Callable
from dataclasses import dataclass, field
from functools import wraps
from typing import Any, TypeVar

from pydantic import BaseModel

from holmes_backend.analysis.facts import conventions
from holmes_backend.contracts.agents import AgentParams
from holmes_backend.llm.evidence import EvidenceDoc, FindingsBlock


@dataclass
class AnalysisRequest:
    instruction: str
    documents: list[EvidenceDoc]
    findings: list[FindingsBlock]
    text: str  # the request beyond the evidence: case context, the question, hypotheses
    hypotheses: list[str] = field(default_factory=list)
    tool_results: list["ToolResult"] = field(default_factory=list)  # oldest first
    tools: list[str] = field(default_factory=list)
    params: AgentParams = field(default_factory=AgentParams)


@dataclass
class ToolResult:
    name: str
    response: dict[str, Any]


@dataclass
class ToolCall:
    name: str
    args: dict[str, Any]


@dataclass
class Reply:
    """One turn of a tool-using agent: tool calls to make, or (with no calls) its answer."""

    thoughts: list[str]
    text: str = ""
    calls: list[ToolCall] = field(default_factory=list)


@dataclass
class Analysis:
    output: BaseModel
    thoughts: list[str]


Analyst = Callable[[AnalysisRequest], Analysis]
Responder = Callable[[AnalysisRequest], Reply]
_ANALYSTS: dict[str, Analyst] = {}
_RESPONDERS: dict[str, Responder] = {}
R = TypeVar("R")


def schema_key(schema: type[BaseModel]) -> str:
    """The schema's name across processes (the analyst may run in a worker process)."""
    return f"{schema.__module__}.{schema.__qualname__}"


def _register(
    table: dict[str, Callable[[AnalysisRequest], R]], key: str
) -> Callable[[Callable[[AnalysisRequest], R]], Callable[[AnalysisRequest], R]]:
    """Registers the function under the key, reading dates and amounts the way its request's
    documents write them."""

    def register(function: Callable[[AnalysisRequest], R]) -> Callable[[AnalysisRequest], R]:
        @wraps(function)
        def read(request: AnalysisRequest) -> R:
            with conventions.reading(request.documents, request.text):
                return function(request)

        table[key] = read
        return read

    return register


def analyst(schema: type[BaseModel]) -> Callable[[Analyst], Analyst]:
    return _register(_ANALYSTS, schema_key(schema))


def responder(agent_name: str) -> Callable[[Responder], Responder]:
    return _register(_RESPONDERS, agent_name)


def analyst_for(schema: type[BaseModel] | str) -> Analyst | None:
    """The analyst for a schema, or for its key (`schema_key`)."""
    return _ANALYSTS.get(schema if isinstance(schema, str) else schema_key(schema))


def responder_for(agent_name: str) -> Responder | None:
    return _RESPONDERS.get(agent_name)


def where(name: str, location: dict[str, Any]) -> str:
    """A cited place in words: "ledger.xlsx, sheet May, row 14", "call.m4a, at 00:01:33"."""
    keys = [k for k in ("sheet", "page", "row", "line") if location.get(k) not in (None, "")]
    parts = [name, *(f"{k} {location[k]}" for k in keys)]
    if location.get("cue_start") is not None:
        seconds = int(float(location["cue_start"]))
        parts.append(f"at {seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}")
    return ", ".join(parts)
