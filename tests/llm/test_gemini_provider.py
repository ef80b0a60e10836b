"""The real Gemini code path (ADK LlmAgent → google-genai → HTTP) against the fake Gemini server.

Nothing leaves 127.0.0.1: the provider is pointed at the fake with HOLMES_GEMINI_BASE_URL and a
dummy key, so retries, timeouts, streaming, thoughts and usage are exercised over real sockets.
"""

import asyncio
import itertools
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from google.adk.agents import LlmAgent

# The path ADK's docs use; the module re-exports StreamingMode without an __all__.
from google.adk.agents.run_config import RunConfig, StreamingMode  # type: ignore[attr-defined]
from google.adk.events import Event
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.genai import errors, types

from holmes_backend.config import Settings
from holmes_backend.contracts.agents import TriageResult
from holmes_backend.llm import limits
from holmes_backend.llm.gemini import (
    AgentRole,
    Tier,
    genai_client,
    json_schema,
    upload_file,
    uploaded_file,
)
from holmes_backend.llm.provider import generate_config, model_for
from tests.fake_gemini import (
    Failure,
    FakeGemini,
    Reply,
    Stall,
    function_call,
    internal_error,
    json_reply,
    rate_limited,
    unavailable,
)
from tests.support import serve_app

KEY = "test-key"
PRO = "gemini-3.1-pro-preview"
FLASH = "gemini-3.8-flash"
TRIAGE = {
    "files": [
        {
            "file_id": "f1",
            "filename": "ledger.csv",
            "classification": "bank_statement",
            "domain_scores": {"financial": 0.9, "legal": 0.2, "evidence": 0.4, "strategy": 0.1},
            "complexity_score": 0.5,
            "primary_domain": "financial",
        }
    ]
}


@pytest.fixture
def fake() -> Iterator[tuple[FakeGemini, str]]:
    server = FakeGemini(api_key=KEY)
    with serve_app(server.app) as url:
        yield server, url


def settings_for(url: str, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "llm_provider": "auto",
        "gemini_api_key": KEY,
        "gemini_base_url": url,
        "gemini_retry_attempts": 3,
        # Tiny backoff so retry tests take milliseconds; the shape (exponential) is the same.
        "gemini_retry_initial_delay": 0.01,
        "gemini_retry_max_delay": 0.05,
        # "A minute" of 1 s: the pace a quota refusal teaches the limiter (90% of the quota it
        # names, for the rest of the process) stays short.
        "llm_minute_seconds": 1.0,
    }
    return Settings(**(values | overrides))


@dataclass
class Run:
    events: list[Event]
    state: dict[str, Any]

    @property
    def thoughts(self) -> list[str]:
        return [
            p.text
            for e in self.events
            if not e.partial and e.content
            for p in e.content.parts or []
            if p.thought and p.text
        ]

    @property
    def usage(self) -> types.GenerateContentResponseUsageMetadata | None:
        finals = [e.usage_metadata for e in self.events if not e.partial and e.usage_metadata]
        return finals[-1] if finals else None


def triage_agent(
    settings: Settings, *, tier: Tier = "flash", role: AgentRole = "triage"
) -> LlmAgent:
    return LlmAgent(
        name="triage",
        model=model_for(tier, settings),
        instruction="Classify each evidence file.",
        output_schema=TriageResult,
        output_key="triage_results",
        generate_content_config=generate_config(role, settings),
    )


async def run_agent(
    agent: LlmAgent, *parts: types.Part, streaming: StreamingMode = StreamingMode.NONE
) -> Run:
    sessions = InMemorySessionService()
    runner = Runner(agent=agent, app_name="holmes", session_service=sessions)
    session = await sessions.create_session(app_name="holmes", user_id="u")
    message = types.Content(role="user", parts=list(parts) or [types.Part(text="ledger.csv")])
    events = [
        event
        async for event in runner.run_async(
            user_id="u",
            session_id=session.id,
            new_message=message,
            run_config=RunConfig(streaming_mode=streaming),
        )
    ]
    stored = await sessions.get_session(app_name="holmes", user_id="u", session_id=session.id)
    assert stored is not None
    return Run(events=events, state=dict(stored.state))


@pytest.mark.parametrize("failure", [unavailable(), internal_error()], ids=["503", "500"])
async def test_a_server_error_then_success_is_retried_once(
    fake: tuple[FakeGemini, str], failure: Failure
) -> None:
    server, url = fake
    server.script(FLASH, failure, json_reply(TRIAGE))

    run = await run_agent(triage_agent(settings_for(url)))

    assert TriageResult.model_validate(run.state["triage_results"]).files[0].file_id == "f1"
    received = server.requests_for(FLASH)
    assert len(received) == 2
    # What reached the wire: the key, the output schema, triage's thinking; streamed, with the
    # longest a call may take as the server's deadline (the idle timeout is the client's).
    request = received[-1]
    assert request.headers["x-goog-api-key"] == KEY
    assert request.method == "streamGenerateContent"
    assert request.generation_config["responseMimeType"] == "application/json"
    # Sent as JSON Schema (built once per class, shared by every request and never changed).
    assert request.generation_config.get("responseJsonSchema") == TriageResult.model_json_schema()
    assert json_schema(TriageResult) == TriageResult.model_json_schema()
    assert request.thinking_level == "LOW"
    assert request.include_thoughts is False
    assert request.headers["x-server-timeout"] == "900"


async def test_a_quota_refusal_waits_the_retry_info_delay_and_says_so(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    server.script(PRO, rate_limited(0.6, quota_value=100), json_reply(TRIAGE))
    # The backoff base is far from RetryInfo's delay, so the measured gap tells them apart.
    settings = settings_for(url, gemini_quota_backoff_seconds=5.0)
    delays: list[limits.Delay] = []

    async def heard(delay: limits.Delay) -> None:
        delays.append(delay)

    with limits.scope(limits.CallScope(role="domain", on_delay=heard)):
        run = await run_agent(triage_agent(settings, tier="pro", role="domain"))

    assert TriageResult.model_validate(run.state["triage_results"]).files[0].file_id == "f1"
    first, second = server.requests_for(PRO)
    assert 0.6 <= second.at - first.at < 1.5
    (delay,) = delays
    assert (delay.reason, delay.source, delay.retry) == ("quota_refused", "retry_info", 1)
    assert delay.seconds == 0.6
    assert delay.quota_id == "GenerateRequestsPerMinutePerProjectPerModel"
    assert delay.payload()["resume_at"].endswith("+00:00")


async def test_without_retry_info_the_quota_backoff_doubles_then_quota_exceeded(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    server.script(PRO, *(rate_limited(None) for _ in range(4)))
    settings = settings_for(url, gemini_quota_retries=2, gemini_quota_backoff_seconds=0.2)
    delays: list[limits.Delay] = []

    async def heard(delay: limits.Delay) -> None:
        delays.append(delay)

    with (
        limits.scope(limits.CallScope(role="domain", on_delay=heard)),
        pytest.raises(limits.QuotaExceededError),
    ):
        await run_agent(triage_agent(settings, tier="pro", role="domain"))

    # One try and two retries, PRD §8.1's backoff scaled down: 0.2 s, then 0.4 s.
    times = [r.at for r in server.requests_for(PRO)]
    assert len(times) == 3
    gaps = [b - a for a, b in itertools.pairwise(times)]
    # Upper bounds with room for a loaded machine; the schedule itself is the delays'.
    assert 0.2 <= gaps[0] < 0.4
    assert 0.4 <= gaps[1] < 0.8
    assert [(d.source, d.seconds) for d in delays] == [("backoff", 0.2), ("backoff", 0.4)]


async def test_a_per_day_quota_is_not_waited_for(fake: tuple[FakeGemini, str]) -> None:
    server, url = fake
    server.script(PRO, rate_limited(20, quota_id="GenerateRequestsPerDayPerProjectPerModel"))

    started = time.monotonic()
    with pytest.raises(limits.QuotaExceededError, match="per-day"):
        await run_agent(triage_agent(settings_for(url), tier="pro", role="domain"))

    assert time.monotonic() - started < 10  # not the 20 s the quota said to wait
    assert len(server.requests_for(PRO)) == 1


async def test_streamed_response_gives_partials_then_the_structured_result(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    server.script(PRO, json_reply(TRIAGE, thoughts=["Scanning the ledger.", "Mostly finance."]))
    agent = triage_agent(settings_for(url), tier="pro", role="domain")

    run = await run_agent(agent, streaming=StreamingMode.SSE)

    assert server.requests_for(PRO)[0].stream
    partial_texts = [
        p.text
        for e in run.events
        if e.partial and e.content
        for p in e.content.parts or []
        if p.text and not p.thought
    ]
    # The answer arrived in several pieces that join to the whole JSON document.
    assert len(partial_texts) >= 2
    assert TriageResult.model_validate_json("".join(partial_texts)).files[0].file_id == "f1"
    finals = [e for e in run.events if not e.partial]
    assert finals
    assert finals[-1].is_final_response()
    assert TriageResult.model_validate(run.state["triage_results"]) == TriageResult.model_validate(
        TRIAGE
    )
    # Thoughts stream live as partials; the final event carries them merged, as ADK aggregates.
    partial_thoughts = [
        p.text
        for e in run.events
        if e.partial and e.content
        for p in e.content.parts or []
        if p.thought and p.text
    ]
    assert partial_thoughts == ["Scanning the ledger.", "Mostly finance."]
    assert run.thoughts == ["Scanning the ledger.Mostly finance."]
    assert run.usage is not None
    assert run.usage.total_token_count


async def test_thoughts_and_usage_are_captured_from_events(fake: tuple[FakeGemini, str]) -> None:
    server, url = fake
    usage = {
        "promptTokenCount": 1200,
        "candidatesTokenCount": 80,
        "thoughtsTokenCount": 300,
        "totalTokenCount": 1580,
    }
    server.script(PRO, json_reply(TRIAGE, thoughts=["The ledger shows structuring."], usage=usage))
    agent = triage_agent(settings_for(url), tier="pro", role="domain")

    run = await run_agent(agent)

    assert run.thoughts == ["The ledger shows structuring."]
    assert run.usage is not None
    assert (
        run.usage.prompt_token_count,
        run.usage.candidates_token_count,
        run.usage.thoughts_token_count,
        run.usage.total_token_count,
    ) == (1200, 80, 300, 1580)
    # Thoughts stay out of the structured output.
    assert TriageResult.model_validate(run.state["triage_results"]).files[0].file_id == "f1"
    request = server.requests_for(PRO)[0]
    assert request.thinking_level == "HIGH"
    assert request.include_thoughts is True
    assert request.headers["x-server-timeout"] == "900"


async def test_a_stall_past_the_timeout_fails_within_bounded_time(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    server.script(FLASH, Stall(30), Stall(30), Stall(30))
    # The triage deadline is what fires, though the general one is a minute.
    settings = settings_for(
        url,
        gemini_retry_attempts=2,
        gemini_timeout_seconds=60,
        gemini_triage_timeout_seconds=1.0,
    )

    started = time.monotonic()
    with (
        limits.scope(limits.CallScope(role="triage")),
        pytest.raises(limits.ModelTimeoutError, match=r"sent nothing for 1 s"),
    ):
        await run_agent(triage_agent(settings))
    elapsed = time.monotonic() - started

    # Nothing streamed back within triage's idle timeout ends the call, far below the 30 s
    # stall; the SDK does not retry it (the runner tries the agent once more).
    assert 1.0 <= elapsed < 5
    assert len(server.requests_for(FLASH)) == 1


async def test_a_long_answer_that_keeps_coming_outlasts_the_idle_timeout(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    # Twelve pieces 0.15 s apart: 1.8 s in all, three times the 0.6 s idle timeout.
    reply = json_reply(TRIAGE, thoughts=["Reading."])
    reply.pieces, reply.gap = 12, 0.15
    server.script(PRO, reply)
    settings = settings_for(url, gemini_timeout_seconds=0.6)

    started = time.monotonic()
    with limits.scope(limits.CallScope(role="domain")):
        run = await run_agent(triage_agent(settings, tier="pro", role="domain"))

    assert time.monotonic() - started >= 1.6
    assert TriageResult.model_validate(run.state["triage_results"]).files[0].file_id == "f1"
    # Asked without streaming, the agent saw the complete answer only.
    assert not any(e.partial for e in run.events)


async def test_the_longest_call_is_bounded_even_while_the_answer_keeps_coming(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    reply = json_reply(TRIAGE)
    reply.pieces, reply.gap = 40, 0.1
    server.script(PRO, reply)
    settings = settings_for(url, gemini_timeout_seconds=5, gemini_call_max_seconds=0.8)

    started = time.monotonic()
    with pytest.raises(limits.ModelTimeoutError, match=r"longer than 0\.8 s"):
        await run_agent(triage_agent(settings, tier="pro", role="domain"))
    assert time.monotonic() - started < 3


async def test_default_script_answers_in_the_requested_schema(fake: tuple[FakeGemini, str]) -> None:
    server, url = fake
    run = await run_agent(triage_agent(settings_for(url)))
    TriageResult.model_validate(run.state["triage_results"])
    assert len(server.requests) == 1


async def test_an_upload_waits_until_active_and_is_gone_once_expired(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    server, url = fake
    client = genai_client(settings_for(url))
    video = tmp_path / "interview.mp4"
    video.write_bytes(bytes(range(256)) * 40)
    server.file_processing_polls = 1  # answers PROCESSING once, as a fresh video does
    uploaded = await upload_file(
        client, video, mime_type="video/mp4", display_name="interview.mp4", poll_seconds=0.01
    )
    assert uploaded.state == types.FileState.ACTIVE
    assert uploaded.uri is not None
    assert uploaded.uri.startswith(f"{url}/v1beta/files/")
    assert uploaded.expiration_time is not None  # 48 h on, as the File API says
    hours = (uploaded.expiration_time - uploaded.create_time).total_seconds() / 3600  # type: ignore[operator]
    assert hours == 48
    (stored,) = server.files.values()
    assert bytes(stored.data) == video.read_bytes()
    assert stored.display_name == "interview.mp4"
    assert uploaded.name is not None
    assert await uploaded_file(client, uploaded.name) is not None

    # The reference travels in a generateContent request as fileData.
    part = types.Part.from_uri(file_uri=uploaded.uri, mime_type="video/mp4")
    server.script(FLASH, json_reply(TRIAGE))
    await run_agent(triage_agent(settings_for(url)), types.Part(text="Classify."), part)
    assert [f["uri"] for f in server.requests_for(FLASH)[-1].file_parts] == [uploaded.uri]

    # Expired: files.get says it may not exist, and a request using it is refused (403).
    server.expire(uploaded.name)
    assert await uploaded_file(client, uploaded.name) is None
    with pytest.raises(errors.ClientError) as refused:
        await run_agent(triage_agent(settings_for(url)), types.Part(text="Classify."), part)
    assert refused.value.code == 403


async def test_wrong_key_is_a_client_error_without_retries(fake: tuple[FakeGemini, str]) -> None:
    server, url = fake
    with pytest.raises(errors.ClientError) as raised:
        await run_agent(triage_agent(settings_for(url, gemini_api_key="wrong")))
    assert raised.value.code == 400
    assert len(server.requests) == 1


async def test_calls_paced_under_the_quota_are_never_refused(fake: tuple[FakeGemini, str]) -> None:
    server, url = fake
    server.limit_rate(10, per_seconds=1.0)  # 10 a "minute" of 1 s
    settings = settings_for(url, llm_minute_seconds=1.0, llm_requests_per_minute=5)
    agent = triage_agent(settings)
    await run_agent(agent)  # the client's set-up, once
    await asyncio.sleep(1.0)

    started = time.monotonic()
    runs = await asyncio.gather(*(run_agent(agent) for _ in range(12)))
    elapsed = time.monotonic() - started

    assert all(TriageResult.model_validate(r.state["triage_results"]) for r in runs)
    assert not server.refusals
    assert len(server.requests_for(FLASH)) == 13
    # The first at once, the other 11 spaced 1/5 s apart. The pace is kept when a call is let
    # go, not when its request reaches the wire: calls starting together keep the event loop
    # busy, and the first few go out together (measured: 5 within 13 ms at a pace of 8 a
    # second), so a pace well under the quota is what keeps it from refusing.
    assert elapsed >= 11 / 5
    arrivals = [r.at for r in server.requests_for(FLASH)[1:]]
    assert arrivals[-1] - arrivals[0] >= 1.5


async def test_without_limits_of_its_own_the_same_calls_are_refused_and_retried(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    server.limit_rate(10, per_seconds=1.0)
    settings = settings_for(url, llm_minute_seconds=1.0, gemini_quota_retries=5)
    agent = triage_agent(settings)

    runs = await asyncio.gather(*(run_agent(agent) for _ in range(20)))

    assert all(TriageResult.model_validate(r.state["triage_results"]) for r in runs)
    assert server.refusals
    accepted = len(server.requests_for(FLASH)) - len(server.refusals)
    assert accepted == 20


async def test_a_function_call_sent_back_without_its_signature_is_refused_as_gemini_3_does(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    client = genai_client(settings_for(url, gemini_retry_attempts=1))
    server.script(
        PRO,
        Reply(parts=[function_call("search_evidence", {"query": "Northwind"})]),
        json_reply({"ok": True}),
        json_reply({"ok": True}),
    )
    tools = [
        types.Tool(
            function_declarations=[
                types.FunctionDeclaration(
                    name="search_evidence",
                    parameters_json_schema={
                        "type": "object",
                        "properties": {"query": {"type": "string"}},
                    },
                )
            ]
        )
    ]
    config = types.GenerateContentConfig(tools=tools)
    ask = types.Content(role="user", parts=[types.Part(text="Who is Northwind?")])
    first = await client.aio.models.generate_content(model=PRO, contents=[ask], config=config)
    assert first.candidates
    assert first.candidates[0].content
    call = first.candidates[0].content
    assert call.parts
    assert call.parts[0].thought_signature
    answer = types.Content(
        role="user",
        parts=[
            types.Part(
                function_response=types.FunctionResponse(
                    name="search_evidence", response={"passages": []}
                )
            )
        ],
    )
    # Sent back as it came: accepted.
    await client.aio.models.generate_content(model=PRO, contents=[ask, call, answer], config=config)
    # Rebuilt without the signature: the real API's 400.
    bare = types.Content(
        role="model", parts=[types.Part(function_call=call.parts[0].function_call)]
    )
    with pytest.raises(errors.ClientError) as raised:
        await client.aio.models.generate_content(
            model=PRO, contents=[ask, bare, answer], config=config
        )
    assert raised.value.code == 400
    assert "missing a thought_signature" in str(raised.value)
    # Two responses to one call: refused too.
    twice = types.Content(role="user", parts=[*(answer.parts or []), *(answer.parts or [])])
    with pytest.raises(errors.ClientError) as raised:
        await client.aio.models.generate_content(
            model=PRO, contents=[ask, call, twice], config=config
        )
    assert "number of function response parts" in str(raised.value)
