"""One model attempt of an agent through ADK: an `LlmAgent` in its own stage-isolated session,
its final answer validated against the agent's schema (asked for again once, of the same model,
with what was wrong with it, when the unit's bounds leave a re-ask), its thoughts and executed
code traced, tool calls bounded and logged (agents.tool_calls), quota waits on the case log."""

import uuid
from collections.abc import Sequence
from typing import Any

from google.adk.agents import LlmAgent
from google.adk.agents.run_config import RunConfig
from google.adk.code_executors import BuiltInCodeExecutor
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.telemetry import TelemetryConfig
from google.adk.workflow import Workflow  # noqa: F401 - see below
from google.genai import types
from pydantic import ValidationError

from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.context import PipelineContext, emit
from holmes_backend.agents.errors import UnusableAnswerError, failure_code
from holmes_backend.agents.record import Attempt, ExecutionRecord
from holmes_backend.agents.spec import AgentSpec, model_name
from holmes_backend.agents.tool_calls import ToolCalls
from holmes_backend.llm import limits
from holmes_backend.llm.cost import Usage
from holmes_backend.llm.gemini import Tier
from holmes_backend.llm.models import ModelErrorEvent
from holmes_backend.llm.provider import generate_config, model_for
from holmes_shared.errors import ErrorCode
from holmes_shared.events import EventType

# ADK's Runner imports its workflow package lazily on an agent's first run (about 0.4 s of CPU
# on the event loop, measured); imported above, the server pays it at start-up, not the first job.

_APP = "holmes"
# A run given no telemetry settings has ADK build them anew, reading a dozen environment
# variables, several times per model answer (a tenth of ADK's own work on an answer in a
# profile). Built once, they are the same decision for every run.
TELEMETRY = TelemetryConfig()
# Of a validation error told to the model when its answer is asked for again.
_REASK_ERROR_CHARS = 3000
REASK_HEADING = "--- YOUR PREVIOUS ANSWER WAS REJECTED ---"


async def tries(
    ctx: PipelineContext,
    spec: AgentSpec,
    tier: Tier,
    parts: Sequence[str | types.Part],
    record: "ExecutionRecord",
    bounds: RunBounds,
) -> Attempt:
    """The tier's attempt, tried once more after a timeout (PRD §8.1.1)."""
    for timeouts in range(2):
        thoughts: list[str] = []
        try:
            return await attempt(ctx, spec, tier, parts, thoughts, bounds, record.id)
        except Exception as exc:
            if timeouts > 0 or failure_code(exc) != ErrorCode.AGENT_TIMEOUT:
                raise
        finally:
            record.thought(thoughts)
    raise AssertionError("unreachable")


async def attempt(
    ctx: PipelineContext,
    spec: AgentSpec,
    tier: Tier,
    parts: Sequence[str | types.Part],
    thoughts: list[str],
    bounds: RunBounds,
    execution_id: uuid.UUID,
) -> Attempt:
    """One model attempt; an answer that does not fit the schema is asked for again once, of
    the same model, with what was wrong with it (when the bounds leave a re-ask). Waits for
    quota and tool calls are on the case log."""

    async def delayed(delay: limits.Delay) -> None:
        await emit(
            ctx,
            EventType.PROCESSING_DELAYED,
            {**delay.payload(), **spec.identity()},
            agent_id=spec.name,
            agent_type=spec.agent_type,
        )

    async def logged(payload: dict[str, Any]) -> None:
        await emit(
            ctx,
            EventType.TOOL_INVOKED,
            payload,
            agent_id=spec.name,
            agent_type=spec.agent_type,
        )

    calls = ToolCalls(bounds, logged, str(execution_id)) if spec.tools else None
    with limits.scope(limits.CallScope(role=spec.role, on_delay=delayed)):
        try:
            return await _run_attempt(ctx, spec, tier, parts, thoughts, calls)
        except UnusableAnswerError as exc:
            if exc.cut_off or not bounds.reask("schema"):
                raise  # cut off: a shorter answer is not asked for, the caller splits the work
            reask = (
                f"{REASK_HEADING}\n{exc}:\n{exc.detail[:_REASK_ERROR_CHARS]}\n"
                "Answer the same task again with one JSON document that fits the schema."
            )
            return await _run_attempt(ctx, spec, tier, [*parts, reask], thoughts, calls)


async def _run_attempt(
    ctx: PipelineContext,
    spec: AgentSpec,
    tier: Tier,
    parts: Sequence[str | types.Part],
    thoughts: list[str],
    calls: ToolCalls | None = None,
) -> Attempt:
    agent = LlmAgent(
        name=spec.name,
        model=model_for(tier, ctx.settings),
        instruction=spec.instruction,
        # No output_key: the answer is validated once, here, from the final event's text (ADK
        # would validate it, dump it into the session state, and it would be validated again).
        output_schema=spec.schema,
        generate_content_config=generate_config(spec.role, ctx.settings, tier),
        code_executor=BuiltInCodeExecutor() if spec.code_execution else None,
        # With tools and an output schema, ADK asks for the answer through its own
        # set_model_response tool where the model cannot pair them (the Gemini API).
        tools=list(spec.tools),
        before_tool_callback=calls.before if calls else None,
        after_tool_callback=calls.after if calls else None,
    )
    sessions = InMemorySessionService()  # stage-isolated: nothing leaks between agents
    runner = Runner(agent=agent, app_name=_APP, session_service=sessions)
    session = await sessions.create_session(app_name=_APP, user_id=str(ctx.case_id))
    message = types.Content(
        role="user", parts=[types.Part(text=p) if isinstance(p, str) else p for p in parts]
    )
    answer: list[str] = []
    usage = None
    cut_off = False
    run_config = RunConfig(telemetry=TELEMETRY)
    if calls is not None:
        run_config = RunConfig(telemetry=TELEMETRY, max_llm_calls=calls.bounds.model_calls())
    async for event in runner.run_async(
        user_id=str(ctx.case_id),
        session_id=session.id,
        new_message=message,
        run_config=run_config,
    ):
        parts_out = (event.content.parts if event.content else None) or []
        thoughts.extend(p.text for p in parts_out if p.thought and p.text and not event.partial)
        if not event.partial:  # the code the model executed is part of its trace
            thoughts.extend(_executed(parts_out))
        if event.is_final_response() and not event.partial:
            answer = [p.text for p in parts_out if p.text and not p.thought]
        if calls is None:
            usage = event.usage_metadata or usage
        elif event.usage_metadata and not event.partial:  # each model call of the tool loop
            usage = total_usage([usage, event.usage_metadata])
        if not event.partial and types.FinishReason.MAX_TOKENS in (
            event.finish_reason,
            event.error_code,
        ):
            cut_off = True
        elif event.error_code:
            raise ModelErrorEvent(event.error_code, event.error_message or "")
    if cut_off:
        limit = generate_config(spec.role, ctx.settings, tier).max_output_tokens
        raise UnusableAnswerError(
            f"the answer was cut off at max_output_tokens={limit} (finish reason MAX_TOKENS)",
            Usage.of(usage),
            cut_off=True,
        )
    if not "".join(answer).strip():
        raise UnusableAnswerError(
            "the model returned no structured output",
            Usage.of(usage),
            detail="the answer was empty",
        )
    try:
        output = spec.schema.model_validate_json("".join(answer))
    except ValidationError as exc:
        # Without pydantic's documentation links: they tell the model nothing.
        detail = "\n".join(
            line for line in str(exc).splitlines() if "errors.pydantic.dev" not in line
        )
        raise UnusableAnswerError(
            f"the model's output does not fit {spec.schema.__name__}",
            Usage.of(usage),
            detail=detail,
        ) from exc
    return Attempt(
        model=model_name(tier, ctx.settings), output=output, thoughts=list(thoughts), usage=usage
    )


def total_usage(
    usages: Sequence[types.GenerateContentResponseUsageMetadata | None],
) -> types.GenerateContentResponseUsageMetadata:
    """The usage of several model calls (a tool loop's, a chat turn's) as one."""

    def add(name: str) -> int:
        return sum(getattr(u, name) or 0 for u in usages if u is not None)

    return types.GenerateContentResponseUsageMetadata(
        prompt_token_count=add("prompt_token_count"),
        candidates_token_count=add("candidates_token_count"),
        thoughts_token_count=add("thoughts_token_count"),
        cached_content_token_count=add("cached_content_token_count"),
        total_token_count=add("total_token_count"),
    )


def _executed(parts: list[types.Part]) -> list[str]:
    traced: list[str] = []
    for part in parts:
        if part.executable_code and part.executable_code.code:
            traced.append(f"[executed code]\n{part.executable_code.code}")
        if part.code_execution_result and part.code_execution_result.output:
            traced.append(f"[code output]\n{part.code_execution_result.output}")
    return traced
