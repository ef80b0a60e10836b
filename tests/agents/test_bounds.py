"""The per-unit policy (agents.bounds): one cap on tool calls, one on every kind of re-ask."""

from holmes_backend.agents.bounds import RunBounds
from holmes_backend.config import Settings


def test_every_kind_of_reask_comes_out_of_one_budget() -> None:
    bounds = RunBounds(tool_calls=0, reasks=2)
    assert bounds.reask("schema")
    assert bounds.reask("grounding")
    # Spent: no kind gets another, and each refusal is counted by its kind.
    assert not bounds.reask("split")
    assert not bounds.reask("grounding")
    assert bounds.as_dict()["reasks"] == {"schema": 1, "grounding": 1}
    assert bounds.as_dict()["reasks_refused"] == {"split": 1, "grounding": 1}


def test_tool_calls_past_the_cap_are_refused() -> None:
    bounds = RunBounds(tool_calls=2, reasks=0)
    assert [bounds.tool_call() for _ in range(4)] == [True, True, False, False]
    assert (bounds.used_tool_calls, bounds.refused_tool_calls) == (2, 2)
    # ADK's own bound on model calls leaves room for each allowed call's round and the answer.
    assert bounds.model_calls() > bounds.tool_calls + 1


def test_halves_go_on_with_what_their_unit_had_left_so_halving_is_bounded_in_depth() -> None:
    bounds = RunBounds(tool_calls=5, reasks=3)
    assert bounds.tool_call()
    depth = 0
    current = bounds
    while current.reask("split"):
        depth += 1
        first, second = current.halves()
        assert (first.reasks, first.tool_calls) == (second.reasks, second.tool_calls)
        assert first.tool_calls == 4  # what the unit had left of its tool calls
        current = first
    assert depth == 3


def test_the_bounds_come_from_the_settings() -> None:
    settings = Settings(agent_tool_calls=7, agent_reasks=1)
    bounds = RunBounds.of(settings)
    assert (bounds.tool_calls, bounds.reasks) == (7, 1)
