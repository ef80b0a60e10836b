"""An agent's settings reach the offline analyst as typed values, never read back from its text."""

from google.adk.models.llm_request import LlmRequest
from google.genai import types

from holmes_backend.contracts.agents import AgentParams, RoutingPlan, TriageFile, TriageResult
from holmes_backend.llm.evidence import render_findings
from holmes_backend.llm.local import model, worker
from holmes_backend.llm.local.registry import schema_key
from holmes_backend.llm.params import agent_params


def _request(*texts: str) -> LlmRequest:
    return LlmRequest(
        contents=[types.Content(role="user", parts=[types.Part(text=t) for t in texts])],
        config=types.GenerateContentConfig(response_schema=RoutingPlan),
    )


def _triage(score: float) -> str:
    scores = {"financial": score, "legal": 0.7, "evidence": 0.1, "strategy": 0.1}
    file = TriageFile(
        file_id="f1",
        filename="ledger.csv",
        classification="Financial/Transactions",
        domain_scores=scores,  # type: ignore[arg-type]
        complexity_score=0.5,
        primary_domain="legal",
    )
    return render_findings({"stage": "triage"}, TriageResult(files=[file]))


def test_the_running_agents_params_travel_with_the_request() -> None:
    # The prompt states a threshold the typed value disagrees with: the value wins.
    request = _request(_triage(0.6), "routing threshold: 0.4")
    with agent_params(AgentParams(routing_threshold=0.9, link_window_minutes=240)):
        read = worker._read(model._read(request))
    assert read.params == AgentParams(routing_threshold=0.9, link_window_minutes=240)
    assert worker._read(model._read(request)).params == AgentParams()


def test_the_router_uses_the_typed_threshold() -> None:
    request = _request(_triage(0.6), "routing threshold: 0.4")
    answers = {}
    for threshold in (0.5, 0.9):
        with agent_params(AgentParams(routing_threshold=threshold)):
            answers[threshold] = worker.answer(
                {
                    "read": model._read(request),
                    "schema": schema_key(RoutingPlan),
                }
            )
    routed = {t: RoutingPlan.model_validate_json(a["output"]) for t, a in answers.items()}
    # The file scores 0.6 for financial (0.7 for legal, its primary domain): routed to
    # financial under 0.5, not under 0.9.
    assert "financial" in {a.domain for a in routed[0.5].assignments}
    assert "financial" not in {a.domain for a in routed[0.9].assignments}
