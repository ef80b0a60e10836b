"""Runs the chat agent: an ADK LlmAgent with the case tools, its answer streamed as it is written.

The run is the runner's (seed 000): an execution record with model, tokens and thoughts,
AGENT_* events, Pro first and Flash on failure. What differs is the output: free text streamed
with ADK's SSE streaming mode (Gemini's streamGenerateContent), so every piece of text is passed
on the moment the model produces it, with its citation markers renumbered on the way. Flash takes
over only while nothing has been streamed; after that a failure ends the answer. Thoughts and
tool calls are logged by an EventTrail, off the path to the first token.
"""

import asyncio
from collections.abc import AsyncIterator
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.agents.run_config import (  # type: ignore[attr-defined]  # not re-exported
    RunConfig,
    StreamingMode,
)
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import types

from holmes_backend.agents.chat.citations import Markers
from holmes_backend.agents.chat.prompt import INSTRUCTION
from holmes_backend.agents.chat.tools import CaseTools
from holmes_backend.agents.chat.trail import EventTrail
from holmes_backend.agents.runner import (
    TELEMETRY,
    AgentFailedError,
    AgentSpec,
    Attempt,
    ExecutionRecord,
    PipelineContext,
    model_failure,
    model_name,
    tiers_of,
)
from holmes_backend.contracts.agents import ChatAnswer, PlaceRef
from holmes_backend.contracts.requests import CHAT_AGENT_NAME as AGENT_NAME
from holmes_backend.contracts.requests import HISTORY_HEADING, QUESTION_HEADING
from holmes_backend.llm.cost import Usage
from holmes_backend.llm.gemini import Tier
from holmes_backend.llm.models import ModelErrorEvent
from holmes_backend.llm.provider import generate_config, model_for
from holmes_shared.errors import ErrorCode
from holmes_shared.events import EventType

SPEC = AgentSpec(AGENT_NAME, "CHAT", "chat", "pro", ChatAnswer, INSTRUCTION)
_APP = "holmes_chat"
_HISTORY_CHARS = 600
_THOUGHT_CHARS = 4000
# Knowledge lookups, a source check, one escalation and the answer, with room to spare.
_MAX_MODEL_CALLS = 10


def request_parts(question: str, history: list[tuple[str, str]]) -> list[str]:
    turns = "\n".join(
        f"{role}: {' '.join(text.split())[:_HISTORY_CHARS]}" for role, text in history
    )
    return [f"{HISTORY_HEADING}\n{turns or '(none)'}", f"{QUESTION_HEADING}\n{question}"]


def _total(
    usages: list[types.GenerateContentResponseUsageMetadata],
) -> types.GenerateContentResponseUsageMetadata:
    def add(field: str) -> int:
        return sum(getattr(u, field) or 0 for u in usages)

    return types.GenerateContentResponseUsageMetadata(
        prompt_token_count=add("prompt_token_count"),
        candidates_token_count=add("candidates_token_count"),
        thoughts_token_count=add("thoughts_token_count"),
        total_token_count=add("total_token_count"),
    )


class ChatRun:
    """One answer: iterate `stream()` for the text; then `answer` and `thoughts` hold the rest."""

    def __init__(self, ctx: PipelineContext, tools: CaseTools, parts: list[str], question: str):
        self.ctx = ctx
        self.tools = tools
        self.parts = parts
        self.question = question
        self.markers = Markers(tools.book)
        self.trail = EventTrail(ctx, SPEC)
        tools.trail = self.trail
        self.streamed: list[str] = []
        self.thoughts: list[str] = []
        self.usages: list[types.GenerateContentResponseUsageMetadata] = []
        self.answer = ChatAnswer(answer="")

    async def stream(self) -> AsyncIterator[str]:
        """The answer's text as it is written (AgentFailedError if it cannot be given)."""
        try:
            async for piece in self._run():
                yield piece
        finally:
            await self.trail.close()

    async def _run(self) -> AsyncIterator[str]:
        record = await ExecutionRecord.open(self.ctx, SPEC, None, {"question": self.question[:200]})
        self.tools.execution_id = record.id
        last_error, code = "", ErrorCode.PROCESSING_FAILED
        for index, tier in enumerate(tiers_of(SPEC)):
            if index > 0:
                await self.trail.flush()
                await record.fallback(tier, last_error)
            try:
                async for piece in self._attempt(tier):
                    yield piece
            except Exception as exc:  # any model or tool failure: the next tier, or the end
                failure = model_failure(exc, tier, self.ctx.settings)
                last_error, code = failure.message, failure.code
                if failure.final:
                    break  # configuration, quota or timeout: Flash would hide it, not fix it
                if self.streamed:
                    break  # half an answer is out; another model cannot take it back
                self.markers = Markers(self.tools.book)  # nothing of this attempt is kept
                continue
            if tail := self.markers.finish():
                self.streamed.append(tail)
                yield tail
            content = "".join(self.streamed)
            self.answer = ChatAnswer(
                answer=content,
                citations=[
                    PlaceRef.model_validate(
                        {"file_id": c["file_id"], **c["location"], "excerpt": c["excerpt"]}
                    )
                    for c in self.markers.citations
                ],
                escalated=bool(self.tools.escalations),
            )
            attempt = Attempt(
                model_name(tier, self.ctx.settings), self.answer, self.thoughts, _total(self.usages)
            )
            await self.trail.flush()
            record.charge(attempt.model, Usage.of(attempt.usage))  # tokens and cost on the record
            await record.complete(attempt)
            return
        await self.trail.flush()
        await record.fail(last_error, code)
        raise AgentFailedError(SPEC.name, last_error, code)

    @property
    def citations(self) -> list[dict[str, Any]]:
        return self.markers.citations

    async def _attempt(self, tier: Tier) -> AsyncIterator[str]:
        agent = LlmAgent(
            name=SPEC.name,
            model=model_for(tier, self.ctx.settings),
            instruction=SPEC.instruction,
            tools=list(self.tools.function_tools()),
            generate_content_config=generate_config(SPEC.role, self.ctx.settings, tier),
        )
        sessions = InMemorySessionService()
        runner = Runner(agent=agent, app_name=_APP, session_service=sessions)
        user = str(self.ctx.case_id)
        session = await sessions.create_session(app_name=_APP, user_id=user)
        message = types.Content(role="user", parts=[types.Part(text=p) for p in self.parts])
        config = RunConfig(
            streaming_mode=StreamingMode.SSE, max_llm_calls=_MAX_MODEL_CALLS, telemetry=TELEMETRY
        )
        settings = self.ctx.settings
        # Tool calls (an escalation runs whole domain agents) count against the same bound.
        bound = 2 * settings.gemini_timeout_seconds * (settings.gemini_retry_attempts + 1)
        streamed_turn = False  # text of the current model turn already passed on in pieces
        async with asyncio.timeout(bound):
            async for event in runner.run_async(
                user_id=user, session_id=session.id, new_message=message, run_config=config
            ):
                if event.error_code:
                    raise ModelErrorEvent(event.error_code, event.error_message or "")
                parts = (event.content.parts if event.content else None) or []
                text = "".join(p.text for p in parts if p.text and not p.thought)
                if event.partial:
                    if text:
                        streamed_turn = True
                        if piece := self._pass(text):
                            yield piece
                    continue
                if event.author == SPEC.name and event.content and event.content.role == "model":
                    if text and not streamed_turn and (piece := self._pass(text)):
                        yield piece
                    streamed_turn = False
                    self._think([p.text for p in parts if p.thought and p.text])
                if event.usage_metadata:
                    self.usages.append(event.usage_metadata)

    def _pass(self, text: str) -> str:
        piece = self.markers.feed(text)
        if piece:
            self.streamed.append(piece)
        return piece

    def _think(self, thoughts: list[str]) -> None:
        for thought in thoughts:
            self.thoughts.append(thought[:_THOUGHT_CHARS])
            self.trail.log(
                EventType.THINKING_UPDATE,
                {"thinking_summary": thought[:_THOUGHT_CHARS], **self.trail.agent.identity()},
            )
