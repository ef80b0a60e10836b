"""LocalAnalystLlm: an ADK BaseLlm that answers from deterministic analysis, with no network.

The very same agents, runner, sessions and callbacks run on it as on Gemini. It reads the request
(system instruction, evidence parts, earlier findings, the response schema), runs the analyst
registered for that schema, and answers with `thought` parts explaining what it found, the JSON
output, and token-like usage figures. An agent that answers in free text with tools (chat) is
served by its registered responder instead: function calls, or its answer streamed word by word
when ADK asks for a stream, as Gemini streams. "pro" and "flash" are two names for it, so the
Pro→Flash fallback exists offline too; a model name ending in "-fail" always fails (for fallback
tests).
"""

import asyncio
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

from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers every analyst
from holmes_backend.llm.local.registry import (
    Analysis,
    AnalysisRequest,
    Reply,
    ToolResult,
    analyst_for,
    responder_for,
)
from holmes_backend.llm.sent import hold_point, notify_sent

LOCAL_PRO = "holmes-local-pro"
LOCAL_FLASH = "holmes-local-flash"
_HYPOTHESIS = re.compile(r"^\s*(?:-|\d+[.)])\s+(.+)$")
# ADK labels every model request with the agent that makes it.
_AGENT_LABEL = "adk_agent_name"
# Streamed text arrives a word (and the space after it) at a time.
_PIECE = re.compile(r"\S+\s*|\s+")

# The analyst is pure-Python CPU work. Each thread running it contends for the GIL with the
# event loop, which then waits a switch interval (5 ms) per hand-over: with twenty jobs' agents
# analysing at once the loop got the GIL so rarely that `GET /api/cases` took seconds (p95
# 4.8 s, measured). One analysis at a time per process loses nothing (the GIL runs one anyway)
# and leaves the loop a share of the CPU. One limiter per event loop, as anyio binds it to one.
_CPU_TURNS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, CapacityLimiter]" = (
    weakref.WeakKeyDictionary()
)


def _cpu_turn() -> CapacityLimiter:
    loop = asyncio.get_running_loop()
    limiter = _CPU_TURNS.get(loop)
    if limiter is None:
        limiter = _CPU_TURNS[loop] = CapacityLimiter(1)
    return limiter


class LocalAnalystError(RuntimeError):
    pass


class LocalAnalystLlm(BaseLlm):
    supported: ClassVar[list[str]] = [r"holmes-local-.*"]
    # A model's think time, for demos and UI tests that need to watch a run (0: answer at once).
    latency_seconds: float = 0.0

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
        await hold_point()
        notify_sent()  # the analyst has the request from here on
        if self.latency_seconds > 0:
            await asyncio.sleep(self.latency_seconds)
        # Reading a large request's evidence blocks takes seconds: CPU work, off the loop.
        request = await to_thread.run_sync(_read_request, llm_request, limiter=_cpu_turn())
        schema = llm_request.config.response_schema
        if isinstance(schema, type) and issubclass(schema, BaseModel):
            responses = self._analyse(llm_request, request, schema, stream)
        else:
            responses = self._converse(llm_request, request, stream)
        async for response in responses:
            yield response

    async def _analyse(
        self,
        llm_request: LlmRequest,
        request: AnalysisRequest,
        schema: type[BaseModel],
        stream: bool,
    ) -> AsyncGenerator[LlmResponse, None]:
        analyst = analyst_for(schema)
        if analyst is None:
            raise LocalAnalystError(f"the local analyst has no analysis for {schema.__name__}")
        analysis: Analysis = await to_thread.run_sync(analyst, request, limiter=_cpu_turn())
        output = analysis.output.model_dump_json()
        thoughts = [types.Part(text=t, thought=True) for t in analysis.thoughts]
        if stream:
            for part in thoughts:
                yield LlmResponse(content=types.Content(role="model", parts=[part]), partial=True)
        yield LlmResponse(
            content=types.Content(role="model", parts=[*thoughts, types.Part(text=output)]),
            usage_metadata=_usage(llm_request, output, analysis.thoughts),
            finish_reason=types.FinishReason.STOP,
            model_version=self.model,
            partial=False if stream else None,
            turn_complete=True,
        )

    async def _converse(
        self, llm_request: LlmRequest, request: AnalysisRequest, stream: bool
    ) -> AsyncGenerator[LlmResponse, None]:
        """A free-text, tool-using agent's turn: its tool calls, or its answer streamed in
        word-sized pieces the way Gemini streams text."""
        agent = (llm_request.config.labels or {}).get(_AGENT_LABEL, "")
        respond = responder_for(agent)
        if respond is None:
            raise LocalAnalystError(
                f"the local analyst answers structured requests, or agents it converses as; "
                f"not {agent or 'an unnamed agent'}"
            )
        reply: Reply = await to_thread.run_sync(respond, request, limiter=_cpu_turn())
        thoughts = [types.Part(text=t, thought=True) for t in reply.thoughts]
        if reply.calls:
            answer = [
                types.Part(function_call=types.FunctionCall(name=c.name, args=c.args))
                for c in reply.calls
            ]
        else:
            answer = [types.Part(text=reply.text)]
        if stream:
            for part in thoughts:
                yield LlmResponse(content=types.Content(role="model", parts=[part]), partial=True)
            for piece in [] if reply.calls else _PIECE.findall(reply.text):
                yield LlmResponse(
                    content=types.Content(role="model", parts=[types.Part(text=piece)]),
                    partial=True,
                )
        said = reply.text if not reply.calls else json.dumps([c.args for c in reply.calls])
        yield LlmResponse(
            content=types.Content(role="model", parts=[*thoughts, *answer]),
            usage_metadata=_usage(llm_request, said, reply.thoughts),
            finish_reason=types.FinishReason.STOP,
            model_version=self.model,
            partial=False if stream else None,
            turn_complete=True,
        )


def _texts(llm_request: LlmRequest) -> list[str]:
    parts = [p for content in llm_request.contents for p in (content.parts or [])]
    return [p.text for p in parts if p.text and not p.thought]


def _read_request(llm_request: LlmRequest) -> AnalysisRequest:
    documents, findings, rest = parse_blocks("\n".join(_texts(llm_request)))
    instruction = _instruction(llm_request.config.system_instruction)
    hypotheses = [
        m.group(1).strip()
        for line in _section(rest, "HYPOTHESES").splitlines()
        if (m := _HYPOTHESIS.match(line))
    ]
    return AnalysisRequest(
        instruction=instruction,
        documents=documents,
        findings=findings,
        text=rest,
        hypotheses=hypotheses,
        tool_results=_tool_results(llm_request),
        tools=sorted(llm_request.tools_dict),
    )


def _tool_results(llm_request: LlmRequest) -> list[ToolResult]:
    parts = [p for content in llm_request.contents for p in (content.parts or [])]
    return [
        ToolResult(name=p.function_response.name or "", response=p.function_response.response or {})
        for p in parts
        if p.function_response is not None
    ]


def _section(text: str, name: str) -> str:
    """The lines under a '--- NAME ---' heading, up to the next heading."""
    match = re.search(rf"---\s*[^\n]*{name}[^\n]*---\n(.*?)(?:\n---|\Z)", text, re.DOTALL)
    return match.group(1) if match else ""


def _instruction(system_instruction: Any) -> str:
    if system_instruction is None:
        return ""
    if isinstance(system_instruction, str):
        return system_instruction
    if isinstance(system_instruction, types.Content):
        return "\n".join(p.text or "" for p in system_instruction.parts or [])
    return str(system_instruction)


def _tokens(text: str) -> int:
    # About four characters a token, as Gemini counts English.
    return max(1, len(text) // 4)


def _usage(
    llm_request: LlmRequest, output: str, thoughts: list[str]
) -> types.GenerateContentResponseUsageMetadata:
    prompt = _tokens("\n".join(_texts(llm_request)))
    candidates = _tokens(output)
    thinking = _tokens("\n".join(thoughts)) if thoughts else 0
    return types.GenerateContentResponseUsageMetadata(
        prompt_token_count=prompt,
        candidates_token_count=candidates,
        thoughts_token_count=thinking,
        total_token_count=prompt + candidates + thinking,
    )


def register() -> None:
    """Make "holmes-local-pro" / "holmes-local-flash" resolvable by name in any LlmAgent."""
    LLMRegistry.register(LocalAnalystLlm)


__all__ = ["LOCAL_FLASH", "LOCAL_PRO", "LocalAnalystLlm", "register"]
