"""An ADK LlmAgent with an output schema runs on the local analyst: no network, no key."""

import uuid
from pathlib import Path
from typing import Any

import pytest
from google.adk.agents import LlmAgent
from google.adk.runners import Runner
from google.adk.sessions import InMemorySessionService
from google.adk.telemetry import TelemetryConfig
from google.genai import types

from holmes_backend.agents.attempt import attempt as _attempt
from holmes_backend.agents.bounds import RunBounds
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.config import Settings
from holmes_backend.contracts.agents import TriageResult
from holmes_backend.extraction import extract
from holmes_backend.llm.evidence import render_evidence
from holmes_backend.llm.local.model import LOCAL_FLASH, register
from tests.agents.helpers import attempt_context


async def test_llm_agent_with_output_schema_runs_offline(tmp_path: Path) -> None:
    register()
    note = tmp_path / "note.txt"
    note.write_text("Wire transfer of $9,800.00 to Shell Corp LLC on 2024-03-15.\n")
    extraction = await extract(note, "text/plain", "note.txt")
    agent = LlmAgent(
        name="triage",
        model=LOCAL_FLASH,
        instruction="Classify each evidence file.",
        output_schema=TriageResult,
        output_key="triage_results",
        generate_content_config=types.GenerateContentConfig(
            thinking_config=types.ThinkingConfig(include_thoughts=True)
        ),
    )
    sessions = InMemorySessionService()
    runner = Runner(agent=agent, app_name="holmes", session_service=sessions)
    session = await sessions.create_session(app_name="holmes", user_id="u")
    message = types.Content(
        role="user",
        parts=[
            types.Part(
                text=render_evidence(
                    file_id="f1", filename="note.txt", mime_type="text/plain", extraction=extraction
                )
            )
        ],
    )
    thoughts: list[str] = []
    usage = None
    async for event in runner.run_async(user_id="u", session_id=session.id, new_message=message):
        for part in (event.content.parts if event.content else None) or []:
            if part.thought and part.text:
                thoughts.append(part.text)
        usage = event.usage_metadata or usage

    stored = await sessions.get_session(app_name="holmes", user_id="u", session_id=session.id)
    assert stored is not None
    result = TriageResult.model_validate(stored.state["triage_results"])
    assert [f.file_id for f in result.files] == ["f1"]
    assert thoughts
    assert usage is not None
    assert usage.total_token_count


async def test_an_agent_run_builds_no_telemetry_settings_of_its_own(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    built: list[TelemetryConfig] = []
    post_init = TelemetryConfig.model_post_init

    def counted(self: TelemetryConfig, context: Any) -> None:
        built.append(self)
        post_init(self, context)

    monkeypatch.setattr(TelemetryConfig, "model_post_init", counted)
    settings = Settings(llm_provider="local")
    ctx = attempt_context(settings)
    spec = AgentSpec("triage", "TRIAGE", "triage", "flash", TriageResult, "Classify.")

    bounds = RunBounds.of(settings)
    attempt = await _attempt(ctx, spec, "flash", ["no evidence"], [], bounds, uuid.uuid4())

    assert isinstance(attempt.output, TriageResult)
    # ADK reads the shared settings (agents.attempt.TELEMETRY) instead of building them per step.
    assert built == []
