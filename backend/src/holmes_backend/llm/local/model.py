"""LocalAnalystLlm: an ADK BaseLlm that answers from deterministic analysis, with no network.

It runs the analyst registered for the request's response schema (or the responder of a
conversing agent), and answers with thought parts, the JSON output or tool calls or streamed
text, and token-like usage. A model name ending in "-fail" always fails (for fallback tests).
"""

import asyncio
import atexit
import json
import re
import weakref
from collections.abc import AsyncGenerator
from typing import Any, ClassVar

from anyio import CapacityLimiter, to_thread
from google.adk.models._capabilities import LlmCapabilities
from google.adk.models.base_llm import BaseLlm
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.adk.models.registry import LLMRegistry
from google.genai import types
from pydantic import BaseModel

from holmes_backend.llm.local import worker
from holmes_backend.llm.local.registry import analyst_for, responder_for, schema_key
from holmes_backend.llm.params import current_params
from holmes_backend.workers import WorkerDied, WorkerPool

LOCAL_PRO = "holmes-local-pro"
LOCAL_FLASH = "holmes-local-flash"
# ADK labels every model request with the agent that makes it.
_AGENT_LABEL = "adk_agent_name"
# Streamed text arrives a word (and the space after it) at a time.
_PIECE = re.compile(r"\S+\s*|\s+")

POOL = WorkerPool("holmes_backend.llm.local.worker")
atexit.register(POOL.close)

# In the server's process (processes = 0), one analysis at a time per event loop: threads
# contending for the GIL starved the loop (`GET /api/cases` p95 4.8 s with twenty jobs).
_CPU_TURNS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter]" = (
    weakref.WeakKeyDictionary()
)


class LocalAnalystError(RuntimeError):
    pass


class LocalAnalystLlm(BaseLlm):
    supported: ClassVar[list[str]] = [r"holmes-local-.*"]
    # A model's think time, for demos and UI tests that need to watch a run (0: answer at once).
    latency_seconds: float = 0.0
    # Worker processes the analysis runs in (0: a thread of this process).
    processes: int = 2

    @classmethod
    def supported_models(cls) -> list[str]:
        return cls.supported

    @property
    def capabilities(self) -> LlmCapabilities:
        return LlmCapabilities(output_schema_and_tools=True)

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        if self.model.endswith("-fail"):
            raise LocalAnalystError(f"{self.model} is configured to fail")
        if self.latency_seconds > 0:
            await asyncio.sleep(self.latency_seconds)
        schema = llm_request.config.response_schema
        request: dict[str, Any] = {"read": _read(llm_request)}
        if isinstance(schema, type) and issubclass(schema, BaseModel):
            if analyst_for(schema) is None:
                raise LocalAnalystError(f"the local analyst has no analysis for {schema.__name__}")
            request["schema"] = schema_key(schema)
        else:
            agent = (llm_request.config.labels or {}).get(_AGENT_LABEL, "")
            if responder_for(agent) is None:
                raise LocalAnalystError(
                    f"the local analyst answers structured requests, or agents it converses "
                    f"as; not {agent or 'an unnamed agent'}"
                )
            request["agent"] = agent
        async for response in self._respond(llm_request, await self._answer(request), stream):
            yield response

    async def _answer(self, request: dict[str, Any]) -> dict[str, Any]:
        if self.processes <= 0:
            limiter = _CPU_TURNS.setdefault(asyncio.get_running_loop(), CapacityLimiter(1))
            reply = await to_thread.run_sync(worker.answer, request, limiter=limiter)
        else:
            POOL.size = self.processes
            try:
                # Abandoned when cancelled: the worker finishes and goes back to the pool.
                reply = await to_thread.run_sync(POOL.run, request, abandon_on_cancel=True)
            except WorkerDied as exc:
                ended = f"the analyst's process ended unexpectedly ({exc})"
                raise LocalAnalystError(ended) from None
        if not reply["ok"]:
            raise LocalAnalystError(reply["reason"])
        return reply

    async def _respond(
        self, llm_request: LlmRequest, reply: dict[str, Any], stream: bool
    ) -> AsyncGenerator[LlmResponse, None]:
        """The analyst's turn: its thoughts, then its JSON output, its tool calls or its free
        text, streamed in word-sized pieces the way Gemini streams text."""
        calls: list[dict[str, Any]] = reply.get("calls") or []
        text: str = reply["output"] if "output" in reply else reply["text"]
        thoughts = [types.Part(text=t, thought=True) for t in reply["thoughts"]]
        answer = [
            types.Part(function_call=types.FunctionCall(name=c["name"], args=c["args"]))
            for c in calls
        ] or [types.Part(text=text)]
        if stream:
            pieces = [] if calls or "output" in reply else _PIECE.findall(text)
            for part in [*thoughts, *(types.Part(text=piece) for piece in pieces)]:
                yield LlmResponse(content=types.Content(role="model", parts=[part]), partial=True)
        said = json.dumps([c["args"] for c in calls]) if calls else text
        prompt, output = _tokens("\n".join(_texts(llm_request))), _tokens(said)
        thinking = _tokens("\n".join(reply["thoughts"])) if reply["thoughts"] else 0
        usage = types.GenerateContentResponseUsageMetadata(
            prompt_token_count=prompt,
            candidates_token_count=output,
            thoughts_token_count=thinking,
            total_token_count=prompt + output + thinking,
        )
        yield LlmResponse(
            content=types.Content(role="model", parts=[*thoughts, *answer]),
            usage_metadata=usage,
            finish_reason=types.FinishReason.STOP,
            model_version=self.model,
            partial=False if stream else None,
            turn_complete=True,
        )


def _texts(llm_request: LlmRequest) -> list[str]:
    parts = [p for content in llm_request.contents for p in (content.parts or [])]
    return [p.text for p in parts if p.text and not p.thought]


def _read(llm_request: LlmRequest) -> dict[str, Any]:
    """What the analyst reads of a request, as JSON: it may go to another process."""
    parts = [p for content in llm_request.contents for p in (content.parts or [])]
    return {
        "texts": _texts(llm_request),
        "instruction": _instruction(llm_request.config.system_instruction),
        "tool_results": [
            # A tool may answer with values JSON has no type for (dates): as the model reads them.
            {
                "name": r.name or "",
                "response": json.loads(json.dumps(r.response or {}, default=str)),
            }
            for r in (p.function_response for p in parts)
            if r is not None
        ],
        "tools": sorted(llm_request.tools_dict),
        "params": current_params().model_dump(),
    }


def _instruction(system_instruction: Any) -> str:
    if isinstance(system_instruction, types.Content):
        return "\n".join(p.text or "" for p in system_instruction.parts or [])
    return "" if system_instruction is None else str(system_instruction)


def _tokens(text: str) -> int:
    return max(1, len(text) // 4)  # about four characters a token, as Gemini counts English


def register() -> None:
    """Make "holmes-local-pro" / "holmes-local-flash" resolvable by name in any LlmAgent."""
    LLMRegistry.register(LocalAnalystLlm)


__all__ = ["LOCAL_FLASH", "LOCAL_PRO", "LocalAnalystLlm", "register"]
