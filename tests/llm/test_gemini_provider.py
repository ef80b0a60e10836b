"""The real Gemini code path (ADK LlmAgent → google-genai → HTTP) against the fake Gemini server.

Nothing leaves 127.0.0.1: the provider is pointed at the fake with HOLMES_GEMINI_BASE_URL and a
dummy key, so retries, timeouts, streaming, thoughts and usage are exercised over real sockets.
"""

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

from holmes_backend.agents.schemas import TriageResult
from holmes_backend.config import Settings
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
    Stall,
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
    # What reached the wire: the key, the output schema, triage's thinking and 30 s deadline.
    request = received[-1]
    assert request.headers["x-goog-api-key"] == KEY
    assert request.method == "generateContent"
    assert request.generation_config["responseMimeType"] == "application/json"
    # Sent as JSON Schema (built once per class, shared by every request and never changed).
    assert request.generation_config.get("responseJsonSchema") == TriageResult.model_json_schema()
    assert json_schema(TriageResult) == TriageResult.model_json_schema()
    assert request.thinking_level == "LOW"
    assert request.include_thoughts is False
    assert request.headers["x-server-timeout"] == "30"


async def test_rate_limit_surfaces_after_exactly_the_configured_attempts(
    fake: tuple[FakeGemini, str],
) -> None:
    server, url = fake
    server.script(PRO, *(rate_limited() for _ in range(6)))
    agent = triage_agent(settings_for(url, gemini_retry_attempts=3), tier="pro", role="domain")

    with pytest.raises(errors.ClientError) as raised:
        await run_agent(agent)

    assert raised.value.code == 429
    assert raised.value.status == "RESOURCE_EXHAUSTED"
    assert len(server.requests_for(PRO)) == 3


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
    assert request.headers["x-server-timeout"] == "120"


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
        gemini_triage_timeout_seconds=0.3,
    )

    started = time.monotonic()
    with pytest.raises(TimeoutError):
        await run_agent(triage_agent(settings))
    elapsed = time.monotonic() - started

    # google-genai talks through aiohttp when it is installed (LiteLLM depends on it), and does
    # not retry a timed-out attempt there: the deadline ends the attempt, far below the 30 s
    # stall, and the agent's next tier takes over (a long answer tried again with the same
    # model would only time out again).
    assert 0.3 <= elapsed < 5
    assert len(server.requests_for(FLASH)) == 1


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
