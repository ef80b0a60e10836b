"""The offline analyst's answer to one request, in a worker process or in the server's own.

Workers keep the analysis's memory and CPU out of the server's process (a grown worker is
recycled). Request: {"read", "schema" or "agent"}; reply: {"ok", "thoughts", "output" or "text"
and "calls"} or {"ok": false, "reason"}. Run as `python -m holmes_backend.llm.local.worker`.
"""

import re
import sys
import traceback
from typing import Any

from holmes_backend.contracts.agents import AgentParams
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers every analyst
from holmes_backend.llm.local.registry import (
    AnalysisRequest,
    ToolResult,
    analyst_for,
    responder_for,
)
from holmes_backend.workers import serve

_HYPOTHESIS = re.compile(r"^\s*(?:-|\d+[.)])\s+(.+)$")


def answer(request: dict[str, Any]) -> dict[str, Any]:
    """Runs the analyst for the request's schema, or its agent's responder (the model checked
    that one is registered before it asked)."""
    read = _read(request["read"])
    if "schema" in request:
        analyst = analyst_for(request["schema"])
        assert analyst is not None
        analysis = analyst(read)
        return {
            "ok": True,
            "thoughts": analysis.thoughts,
            "output": analysis.output.model_dump_json(),
        }
    respond = responder_for(request["agent"])
    assert respond is not None
    reply = respond(read)
    return {
        "ok": True,
        "thoughts": reply.thoughts,
        "text": reply.text,
        "calls": [{"name": c.name, "args": c.args} for c in reply.calls],
    }


def _read(read: dict[str, Any]) -> AnalysisRequest:
    documents, findings, rest = parse_blocks("\n".join(read["texts"]))
    # The lines under a '--- … HYPOTHESES … ---' heading, up to the next heading.
    section = re.search(r"---\s*[^\n]*HYPOTHESES[^\n]*---\n(.*?)(?:\n---|\Z)", rest, re.DOTALL)
    lines = section.group(1).splitlines() if section else []
    hypotheses = [m.group(1).strip() for line in lines if (m := _HYPOTHESIS.match(line))]
    return AnalysisRequest(
        instruction=read["instruction"],
        documents=documents,
        findings=findings,
        text=rest,
        hypotheses=hypotheses,
        tool_results=[ToolResult(r["name"], r["response"]) for r in read["tool_results"]],
        tools=read["tools"],
        params=AgentParams.model_validate(read.get("params") or {}),
    )


def _answer_or_reason(request: dict[str, Any]) -> dict[str, Any]:
    try:
        return answer(request)
    except Exception as exc:  # the server reports it as the model's failure, as in-process
        traceback.print_exc(file=sys.stderr)
        return {"ok": False, "reason": f"{type(exc).__name__}: {exc}"}


def main() -> None:
    serve(_answer_or_reason)


if __name__ == "__main__":
    main()
