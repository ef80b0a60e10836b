"""Which analysis answers which output schema.

Each analyst module registers one function per output schema it can produce. The local model
looks the request's response schema up here; a schema nobody registered gets a clear error.
"""

from collections.abc import Callable
from dataclasses import dataclass, field

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


@dataclass
class Analysis:
    output: BaseModel
    thoughts: list[str]


Analyst = Callable[[AnalysisRequest], Analysis]

_ANALYSTS: dict[type[BaseModel], Analyst] = {}


def analyst(schema: type[BaseModel]) -> Callable[[Analyst], Analyst]:
    def register(function: Analyst) -> Analyst:
        _ANALYSTS[schema] = function
        return function

    return register


def analyst_for(schema: type[BaseModel]) -> Analyst | None:
    return _ANALYSTS.get(schema)
