"""What one work unit of an agent may spend beyond its first answer: one small policy object.

A unit (one agent over one share of the evidence, or one chat turn) gets `RunBounds` from the
settings: at most `tool_calls` tool calls (HOLMES_AGENT_TOOL_CALLS) and at most `reasks` re-asks
of every kind together (HOLMES_AGENT_REASKS): an answer off its schema asked for again (runner),
citations that do not hold sent back (agents.grounding), an answer cut off at its
max_output_tokens redone in halves (pipeline). Without one cap, the three multiplied: a unit cut
off, its halves each re-asked for their schema and then for their citations. A halving takes one
re-ask and each half goes on with what its unit had left (`halves`), so halving goes at most
`reasks` levels deep (a unit cut to an eighth with the default) and a half's own re-asks come out
of the same budget. A spent bound is not an error: the tool answers that the budget is spent (the
model answers with what it has), and a re-ask that is refused leaves the answer as it is (off its
schema: the next tier; ungrounded: kept unverified; cut off: the unit fails).
"""

from collections import Counter
from dataclasses import dataclass, field

from holmes_backend.config import Settings

ReaskKind = str  # "schema" | "grounding" | "split"

TOOL_BUDGET_SPENT = (
    "The tool budget of this task is spent: no more tool calls. Answer now with what the "
    "evidence in the request and the tool results so far show."
)


@dataclass
class RunBounds:
    tool_calls: int
    reasks: int
    used_tool_calls: int = 0
    refused_tool_calls: int = 0
    used_reasks: Counter[ReaskKind] = field(default_factory=Counter)
    refused_reasks: Counter[ReaskKind] = field(default_factory=Counter)

    @classmethod
    def of(cls, settings: Settings) -> "RunBounds":
        return cls(tool_calls=settings.agent_tool_calls, reasks=settings.agent_reasks)

    def tool_call(self) -> bool:
        """Whether one more tool call may run (counted when it may)."""
        if self.used_tool_calls >= self.tool_calls:
            self.refused_tool_calls += 1
            return False
        self.used_tool_calls += 1
        return True

    def reask(self, kind: ReaskKind) -> bool:
        """Whether one more re-ask of any kind may go out (counted when it may)."""
        if sum(self.used_reasks.values()) >= self.reasks:
            self.refused_reasks[kind] += 1
            return False
        self.used_reasks[kind] += 1
        return True

    def halves(self) -> tuple["RunBounds", "RunBounds"]:
        """The bounds of a unit's two halves, once its halving has taken its re-ask: each what
        the unit had left (they run side by side, each over its own half)."""
        left = max(0, self.reasks - sum(self.used_reasks.values()))
        calls = max(0, self.tool_calls - self.used_tool_calls)
        return RunBounds(tool_calls=calls, reasks=left), RunBounds(tool_calls=calls, reasks=left)

    def model_calls(self) -> int:
        """ADK's bound on the model calls of one run (RunConfig.max_llm_calls): one per tool
        round, the answer, and the structured answer's own call (set_model_response), with a
        refused call's round to spare."""
        return self.tool_calls + 3

    def as_dict(self) -> dict[str, object]:
        return {
            "tool_calls": self.used_tool_calls,
            "tool_calls_refused": self.refused_tool_calls,
            "tool_call_limit": self.tool_calls,
            "reasks": dict(self.used_reasks),
            "reasks_refused": dict(self.refused_reasks),
            "reask_limit": self.reasks,
        }
