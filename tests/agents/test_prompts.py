"""Each role's prompt states its method, taxonomy and rubric (not merely its length), and every
field of every output schema is described, since the descriptions reach the model."""

import re
from typing import Any

import pytest
from google.adk.flows.llm_flows.prompt._instructions_utils import _is_valid_state_name
from pydantic import BaseModel

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.knowledge_graph.prompt import INSTRUCTION as GRAPH
from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.agents.synthesis.prompt import INSTRUCTION as SYNTHESIS
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.contracts.agents import (
    GraphOutput,
    RoutingPlan,
    SourceRef,
    SynthesisOutput,
    Transaction,
    TriageResult,
)

# What every domain analyst is told, beyond its role: citations, the rubric, careful reading.
SHARED = [
    "METHOD",
    "verbatim",
    "HIGH when",
    "MEDIUM when",
    "LOW when",
    "0.9-1.0",
    "Time zones",
    "Reported speech",
    "net versus gross",
    "Identities",
    "DO NOT REPORT",
    "HYPOTHESES",
]
# Each role's own taxonomy.
ROLE_TERMS = {
    "financial": ["structuring", "round_trip", "duplicate_payment", "cap_exceeded", "threshold"],
    "legal": ["approval_requirement", "prohibition", "breach", "governing_law", "both sides"],
    "evidence": ["sworn claims", "custody", "inconsistency", "credibility", "offset"],
    "strategy": ["elements", "strength", "weakness", "next steps", "HIGH when an element"],
}


@pytest.mark.parametrize("domain", sorted(ROLE_TERMS))
def test_each_domain_prompt_states_its_method_taxonomy_and_rubric(domain: str) -> None:
    prompt = INSTRUCTIONS[domain]
    missing = [t for t in [*SHARED, *ROLE_TERMS[domain]] if t not in prompt]
    assert not missing, (domain, missing)
    # The numbered steps of a method, not a paragraph.
    assert all(f"\n{n}. " in prompt for n in (1, 2, 3)), domain


def test_synthesis_builds_the_case_theory_first_and_ties_gaps_to_its_elements() -> None:
    theory = SYNTHESIS.index("CASE THEORY")
    links = SYNTHESIS.index("CROSS-MODAL LINKS")
    contradictions = SYNTHESIS.index("CONTRADICTIONS")
    gaps = SYNTHESIS.index("EVIDENCE GAPS")
    assert theory < links < contradictions < gaps
    for term in ("elements that must be proved", "fraud", "alibi", "insurance"):
        assert term in SYNTHESIS[theory:links], term
    assert "BOTH sides" in SYNTHESIS[contradictions:gaps]
    for innocent in ("time zones", "reported speech", "net versus gross"):
        assert innocent in SYNTHESIS[contradictions:gaps], innocent
    assert "named by the element" in SYNTHESIS[gaps:]
    assert "what would prove it" in SYNTHESIS[gaps:]
    # The output has the step: the elements, their status and what would prove each.
    element = SynthesisOutput.model_fields["case_theory"].annotation
    assert element is not None
    assert {"element", "status", "proved_by"} <= set(
        SynthesisOutput.model_json_schema()["$defs"]["CaseElement"]["properties"]
    )


def test_graph_and_triage_state_how_to_resolve_and_score() -> None:
    assert "one entity per real-world thing" in GRAPH
    assert "a shared" in GRAPH  # what is not enough to merge two names
    assert "Scoring rubric" in TRIAGE


def _undescribed(schema: dict[str, Any]) -> list[str]:
    """Paths of properties without a description, through $defs."""
    defs = schema.get("$defs", {})
    missing = []
    for name, model in [("", schema), *defs.items()]:
        for prop, spec in model.get("properties", {}).items():
            if not spec.get("description"):
                missing.append(f"{name or schema.get('title')}.{prop}")
    return missing


@pytest.mark.parametrize(
    "schema",
    [*DOMAIN_SCHEMAS.values(), SynthesisOutput, GraphOutput, TriageResult, RoutingPlan],
    ids=lambda s: s.__name__,
)
def test_every_field_of_an_output_schema_is_described(schema: type[BaseModel]) -> None:
    assert _undescribed(schema.model_json_schema()) == []


def test_a_finding_without_a_source_or_an_excerpt_is_refused() -> None:
    finding = {
        "finding_type": "structuring",
        "title": "Three transfers under the limit",
        "summary": "Three transfers of 9,800.",
        "confidence": 0.9,
        "severity": "HIGH",
    }
    financial = DOMAIN_SCHEMAS["financial"]
    with pytest.raises(ValueError, match="sources"):
        financial.model_validate({"findings": [{**finding, "sources": []}]})
    with pytest.raises(ValueError, match="excerpt"):
        financial.model_validate({"findings": [{**finding, "sources": [{"file_id": "f1"}]}]})
    with pytest.raises(ValueError, match="evidence_against"):
        SynthesisOutput.model_validate(
            {
                "contradictions": [
                    {
                        "claim": "at home",
                        "claim_source": {"file_id": "f1", "excerpt": "I was at home"},
                        "evidence_against": [],
                        "explanation": "x",
                        "severity": "HIGH",
                    }
                ]
            }
        )
    cited = {**finding, "sources": [{"file_id": "f1", "line": 3, "excerpt": "9,800.00"}]}
    assert financial.model_validate({"findings": [cited]})


def test_no_currency_is_assumed() -> None:
    source = SourceRef(file_id="f1", row=2, excerpt="2024-03-01;9800")
    assert Transaction(amount=9800, source=source).currency is None


def test_no_prompt_holds_an_adk_state_placeholder() -> None:
    """ADK fills `{name}` in an instruction from the session state and fails the run when the
    state has no such key: a prompt must not write one (`{"page": 3}` is left alone)."""
    prompts = {**INSTRUCTIONS, "synthesis": SYNTHESIS, "graph": GRAPH, "triage": TRIAGE}
    for role, prompt in prompts.items():
        for match in re.finditer(r"(?<![\$\{\\]){+[^{}]*}+", prompt):
            name = match.group().strip("{}").strip().removesuffix("?")
            assert not _is_valid_state_name(name), (role, match.group())
