"""Tool calls of one agent run, through ADK's tool callbacks: bounded, timed, on the case log.

`ToolCalls` gives an LlmAgent its `before_tool_callback` and `after_tool_callback` (ADK's
documented hooks around every function tool). Before a call it takes one from the unit's
`RunBounds`; a call past the bound does not run, and the model is told the budget is spent (a
callback's dict is the tool's answer). After it, a TOOL_INVOKED event goes on the case log with
the payload `tool_event` builds. ADK's own `set_model_response` (the structured answer, when an
agent has tools and an output schema) is the answer, not a tool call: neither counted nor logged.
"""

import time
from collections.abc import Awaitable, Callable
from typing import Any

from google.adk.tools.base_tool import BaseTool
from google.adk.tools.tool_context import ToolContext

from holmes_backend.agents.bounds import TOOL_BUDGET_SPENT, RunBounds

ANSWER_TOOL = "set_model_response"
_ARG_CHARS = 300
_SUMMARY_CHARS = 200

Log = Callable[[dict[str, Any]], Awaitable[None]]


def tool_event(
    tool: str,
    arguments: dict[str, Any],
    result: Any,
    *,
    duration_ms: int,
    execution_id: str | None = None,
) -> dict[str, Any]:
    """TOOL_INVOKED's payload: {tool, arguments, results, summary, error, duration_ms,
    execution_id}. `results` counts the items the tool returned (None when it returns none)."""
    error = result.get("error") if isinstance(result, dict) else None
    results = _count(result)
    summary = result.get("summary") if isinstance(result, dict) else None
    if not isinstance(summary, str) or not summary:
        summary = str(error) if error else f"{results} result(s)" if results is not None else "done"
    return {
        "tool": tool,
        "arguments": {k: _short(v) for k, v in arguments.items()},
        "results": results,
        "summary": summary[:_SUMMARY_CHARS],
        "error": str(error)[:_SUMMARY_CHARS] if error else None,
        "duration_ms": duration_ms,
        "execution_id": execution_id,
    }


def _count(result: Any) -> int | None:
    if isinstance(result, dict):
        for value in result.values():
            if isinstance(value, list):
                return len(value)
    return None


def _short(value: Any) -> Any:
    if isinstance(value, str) and len(value) > _ARG_CHARS:
        return value[: _ARG_CHARS - 1] + "\u2026"
    return value


class ToolCalls:
    def __init__(self, bounds: RunBounds, log: Log, execution_id: str | None = None) -> None:
        self.bounds = bounds
        self.log = log
        self.execution_id = execution_id
        self._started: dict[str, float] = {}

    async def before(
        self, tool: BaseTool, args: dict[str, Any], tool_context: ToolContext
    ) -> dict[str, Any] | None:
        if tool.name == ANSWER_TOOL:
            return None
        if not self.bounds.tool_call():
            refused = {"error": TOOL_BUDGET_SPENT}
            await self.log(
                tool_event(tool.name, args, refused, duration_ms=0, execution_id=self.execution_id)
            )
            return refused
        self._started[_call_id(tool_context)] = time.perf_counter()
        return None

    async def after(
        self,
        tool: BaseTool,
        args: dict[str, Any],
        tool_context: ToolContext,
        tool_response: dict[str, Any],
    ) -> dict[str, Any] | None:
        if tool.name == ANSWER_TOOL:
            return None
        started = self._started.pop(_call_id(tool_context), time.perf_counter())
        took = round((time.perf_counter() - started) * 1000)
        await self.log(
            tool_event(
                tool.name, args, tool_response, duration_ms=took, execution_id=self.execution_id
            )
        )
        return None


def _call_id(tool_context: ToolContext) -> str:
    return tool_context.function_call_id or ""
