"""Which analysis answers which output schema, and which agent converses with tools.

Each analyst module registers one function per output schema it can produce. The local model
looks the request's response schema up here; a schema nobody registered gets a clear error.
An agent that answers in free text and calls tools (the chat agent) registers a responder under
its agent name instead: each model turn it either asks for tool calls or gives its answer.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel

from holmes_backend.llm.evidence import EvidenceDoc, FindingsBlock


@dataclass
class AnalysisRequest:
    instruction: str
    documents: list[EvidenceDoc]
    findings: list[FindingsBlock]
    # Free text of the request beyond the evidence: case context, the question, hypotheses.
    text: str
    hypotheses: list[str] = field(default_factory=list)
    # What the tools answered so far in this conversation, oldest first; the tools it may call.
    tool_results: list["ToolResult"] = field(default_factory=list)
    tools: list[str] = field(default_factory=list)


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

_ANALYSTS: dict[type[BaseModel], Analyst] = {}
_RESPONDERS: dict[str, Responder] = {}


def analyst(schema: type[BaseModel]) -> Callable[[Analyst], Analyst]:
    def register(function: Analyst) -> Analyst:
        _ANALYSTS[schema] = function
        return function

    return register


def analyst_for(schema: type[BaseModel]) -> Analyst | None:
    return _ANALYSTS.get(schema)


def responder(agent_name: str) -> Callable[[Responder], Responder]:
    def register(function: Responder) -> Responder:
        _RESPONDERS[agent_name] = function
        return function

    return register


def responder_for(agent_name: str) -> Responder | None:
    return _RESPONDERS.get(agent_name)
