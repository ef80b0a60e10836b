"""One chat turn: an ADK LlmAgent with the case tools, its answer streamed as it is written.

The run is agents.runner.run_agent's, as every agent's (seed 000): an execution record with
model, tokens and thoughts, AGENT_* events, Pro first and Flash on failure. What differs is the
attempt it is given: free text streamed with ADK's SSE streaming mode (Gemini's
streamGenerateContent), so every piece of text is passed on the moment the model produces it,
with its citation markers renumbered on the way. Flash takes
over only while nothing has been streamed; after that a failure ends the answer. Thoughts and
tool calls are logged by an EventTrail, off the path to the first token.

The answer's citations are checked as the pipeline's are (agents.grounding): each cited excerpt
against the evidence at its location, read from the case's evidence index. When one does not
hold and the turn's bounds (agents.bounds) leave a re-ask, the model is asked once more, in the
same session (it still has its tool results), with the citations that failed and the text that
is there; its new answer replaces the streamed one in CHAT_COMPLETE and the history. A citation
that still does not hold is kept marked `verified: false`. The counts are on the turn's record
and in a GROUNDING_CHECKED event, as every grounded agent's.
"""

import asyncio
import contextlib
import json
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

from holmes_backend.agents.attempt import TELEMETRY, total_usage
from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.chat.agent import SPEC
from holmes_backend.agents.chat.citations import Markers
from holmes_backend.agents.chat.tools import CaseTools
from holmes_backend.agents.chat.trail import EventTrail
from holmes_backend.agents.grounding import (
    GROUNDING_HEADING,
    GroundingCounts,
    record_counts,
)
from holmes_backend.agents.record import THOUGHT_CHARS
from holmes_backend.agents.runner import (
    Attempt,
    ExecutionRecord,
    PipelineContext,
    model_name,
    run_agent,
)
from holmes_backend.agents.sources import Sources
from holmes_backend.agents.tool_calls import ToolCalls
from holmes_backend.contracts.agents import ChatAnswer, PlaceRef
from holmes_backend.llm.gemini import Tier
from holmes_backend.llm.models import ModelErrorEvent
from holmes_backend.llm.provider import generate_config, model_for
from holmes_shared.events import EventType

_APP = "holmes_chat"


class ChatRun:
    """One answer: iterate `stream()` for the text; then `answer` and `thoughts` hold the rest."""

    def __init__(self, ctx: PipelineContext, tools: CaseTools, parts: list[str], question: str):
        self.ctx = ctx
        self.tools = tools
        self.parts = parts
        self.question = question
        self.markers = Markers(tools.book)
        self.trail = EventTrail(ctx, SPEC)
        # The turn's tool calls and re-asks (agents.bounds), as a processing unit's.
        self.bounds = RunBounds.of(ctx.settings)
        # Each cited place's verdict (agents.grounding), by the place.
        self._verified: dict[str, bool | None] = {}
        self.streamed: list[str] = []
        self.thoughts: list[str] = []
        self.usages: list[types.GenerateContentResponseUsageMetadata] = []
        self.answer = ChatAnswer(answer="")
        self._pieces: asyncio.Queue[str | None] = asyncio.Queue()

    async def stream(self) -> AsyncIterator[str]:
        """The answer's text as it is written (AgentFailedError if it cannot be given). The
        answer is run by agents.runner.run_agent, as every agent is: its attempts pass each
        piece on through a queue the moment the model writes it."""
        pieces = self._pieces
        run = asyncio.create_task(self._run(pieces), name=f"chat-{self.ctx.case_id}")
        try:
            while (piece := await pieces.get()) is not None:
                yield piece
            await run
        finally:
            if not run.done():
                run.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await run
            await self.trail.close()

    async def _run(self, pieces: asyncio.Queue[str | None]) -> None:
        try:
            await run_agent(
                self.ctx,
                SPEC,
                self.parts,
                input_summary={"question": self.question[:200]},
                bounds=self.bounds,
                attempter=self._attempt,
                # Flash takes over only while nothing is out: half an answer cannot be taken back.
                may_fall_back=lambda: not self.streamed,
            )
        finally:
            pieces.put_nowait(None)

    async def _attempt(self, tier: Tier, record: ExecutionRecord) -> Attempt:
        """One tier's answer, streamed, its citations checked (re-asked once when they do not
        hold); its thoughts and tool calls are on the log before the record's next step."""
        # Its events follow AGENT_SPAWNED and AGENT_STARTED; its tools name it as their caller.
        await record.wait_opened()
        self.tools.execution_id = record.id
        self.markers = Markers(self.tools.book)  # nothing of a failed attempt is kept
        try:
            async for piece in self._answer(tier):
                self._pieces.put_nowait(piece)
            if tail := self.markers.finish():
                self.streamed.append(tail)
                self._pieces.put_nowait(tail)
            counts = await self._grounded(tier)
            self.answer = ChatAnswer(
                answer="".join(self.streamed),
                citations=[_place(c) for c in self.citations],
                escalated=bool(self.tools.escalations),
            )
            attempt = Attempt(
                model_name(tier, self.ctx.settings),
                self.answer,
                self.thoughts,
                total_usage(self.usages),
            )
        finally:
            await self.trail.flush()
        if counts is not None:
            await record_counts(self.ctx, SPEC, record.id, counts)
        return attempt

    @property
    def citations(self) -> list[dict[str, Any]]:
        """The answer's citations (PRD §6), each with its grounding verdict."""
        return [{**c, "verified": self._verified.get(_key(c))} for c in self.markers.citations]

    async def _answer(self, tier: Tier) -> AsyncIterator[str]:
        async def logged(payload: dict[str, Any]) -> None:
            self.trail.log(EventType.TOOL_INVOKED, payload)

        execution = str(self.tools.execution_id) if self.tools.execution_id else None
        calls = ToolCalls(self.bounds, logged, execution)
        agent = LlmAgent(
            name=SPEC.name,
            model=model_for(tier, self.ctx.settings),
            instruction=SPEC.instruction,
            tools=list(self.tools.function_tools()),
            generate_content_config=generate_config(SPEC.role, self.ctx.settings, tier),
            before_tool_callback=calls.before,
            after_tool_callback=calls.after,
        )
        sessions = InMemorySessionService()
        self._runner = Runner(agent=agent, app_name=_APP, session_service=sessions)
        session = await sessions.create_session(app_name=_APP, user_id=str(self.ctx.case_id))
        self._session_id = session.id
        message = types.Content(role="user", parts=[types.Part(text=p) for p in self.parts])
        async for piece in self._turn(message):
            yield piece

    async def _turn(self, message: types.Content) -> AsyncIterator[str]:
        """One turn of the attempt's session: its text, as it streams."""
        runner, user = self._runner, str(self.ctx.case_id)
        config = RunConfig(
            streaming_mode=StreamingMode.SSE,
            max_llm_calls=self.bounds.model_calls(),
            telemetry=TELEMETRY,
        )
        settings = self.ctx.settings
        # Tool calls (an escalation runs whole domain agents) count against the same bound.
        bound = 2 * settings.gemini_timeout_seconds * (settings.gemini_retry_attempts + 1)
        streamed_turn = False  # text of the current model turn already passed on in pieces
        async with asyncio.timeout(bound):
            async for event in runner.run_async(
                user_id=user, session_id=self._session_id, new_message=message, run_config=config
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

    async def _grounded(self, tier: Tier) -> GroundingCounts | None:
        """The answer's citations checked against the evidence at their places, the answer
        re-asked once when one does not hold (see the module); None when nothing was cited."""
        counts = GroundingCounts()
        first = await self._check(self.markers.citations, counts)
        if first is None:
            return None
        counts.items, counts.failed = len(first), sum(1 for held in first if held is False)
        if not counts.failed:
            return counts
        failing = [c for c, held in zip(self.markers.citations, first, strict=True) if not held]
        if self.ctx.settings.resolved_llm_provider == "local" or not self.bounds.reask("grounding"):
            counts.unverified = counts.failed
            return counts
        counts.reasked = counts.failed
        earlier = self.markers, self.streamed
        self.markers, self.streamed = Markers(self.tools.book), []
        try:
            async for _ in self._turn(self._reask_message(failing)):
                pass
            if tail := self.markers.finish():
                self.streamed.append(tail)
        except Exception:  # the first answer stands, its failing citations unverified
            self.markers, self.streamed = earlier
            counts.unverified = counts.failed
            return counts
        if not "".join(self.streamed).strip():
            self.markers, self.streamed = earlier
            counts.unverified = counts.failed
            return counts
        again = await self._check(self.markers.citations, GroundingCounts()) or []
        verdicts = {_key(c): held for c, held in zip(self.markers.citations, again, strict=True)}
        for citation in failing:
            key = _key(citation)
            if key not in verdicts:
                counts.dropped += 1
            elif verdicts[key] is False:
                counts.unverified += 1
            else:
                counts.fixed += 1
        return counts

    async def _check(
        self, citations: list[dict[str, Any]], counts: GroundingCounts
    ) -> list[bool | None] | None:
        """Each citation checked and marked `verified` (None: it cannot be checked)."""
        if not citations:
            return None
        docs = self.tools.evidence_docs
        cited = {c["file_id"] for c in citations}
        sources = Sources.of_docs({f: await docs.doc(f) for f in cited})
        verdicts: list[bool | None] = []
        for citation in citations:
            place = _place(citation)
            verdict = sources.check(place) if place.excerpt.strip() else None
            self._verified[_key(citation)] = verdict
            if verdict is None:
                counts.unchecked += 1
            else:
                counts.citations += 1
                counts.held += verdict
            verdicts.append(verdict)
        return verdicts

    def _reask_message(self, failing: list[dict[str, Any]]) -> types.Content:
        shown = [
            {
                "file_id": c["file_id"],
                "location": c["location"],
                "excerpt": c["excerpt"],
                "text_at_location": _text_at(self.tools.evidence_docs, c),
            }
            for c in failing
        ]
        note = (
            f"{GROUNDING_HEADING}\nHolmes checked the excerpts your answer cites against the "
            "evidence at their locations. The citations below quote words that are not there; "
            "each shows the text that is (`text_at_location`). Write your whole answer again: "
            "cite only sources whose words the evidence holds (read the passage with "
            "get_source_context to get a source you can cite), and say plainly what the "
            "evidence does not show.\n" + json.dumps(shown, ensure_ascii=False)
        )
        return types.Content(role="user", parts=[types.Part(text=note)])

    def _pass(self, text: str) -> str:
        piece = self.markers.feed(text)
        if piece:
            self.streamed.append(piece)
        return piece

    def _think(self, thoughts: list[str]) -> None:
        for thought in thoughts:
            self.thoughts.append(thought[:THOUGHT_CHARS])
            self.trail.log(
                EventType.THINKING_UPDATE,
                {"thinking_summary": thought[:THOUGHT_CHARS], **self.trail.agent.identity()},
            )


def _place(citation: dict[str, Any]) -> PlaceRef:
    return PlaceRef.model_validate(
        {
            "file_id": citation["file_id"],
            **citation["location"],
            "excerpt": citation["excerpt"],
            "verified": citation.get("verified"),
        }
    )


def _key(citation: dict[str, Any]) -> str:
    """A cited place and its words, as one key."""
    place = {"file_id": citation["file_id"], **citation["location"], "excerpt": citation["excerpt"]}
    return json.dumps(place, sort_keys=True, default=str)


def _text_at(docs: Any, citation: dict[str, Any]) -> str:
    doc = docs.loaded(citation["file_id"])
    if doc is None:
        return "(not checkable)"
    return Sources.of_docs({citation["file_id"]: doc}).text_at(_place(citation))
