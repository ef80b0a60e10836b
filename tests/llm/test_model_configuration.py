"""Gemini configuration that fails loudly, against the fake Gemini server on 127.0.0.1.

A model id Gemini does not serve, or a thinking level a model does not accept, stops the server at
start-up with a message naming the setting; a model that disappears while the server runs (as
gemini-3-pro-preview did on 9 March 2026) ends its agents with a configuration error, and no agent
quietly carries on on Flash.
"""

import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import SecretStr

from holmes_backend.config import Settings
from holmes_backend.llm.gemini import genai_client
from holmes_backend.llm.models import ModelConfigurationError, check_models, level_for
from holmes_backend.main import create_app
from holmes_backend.repositories import events as event_repo
from holmes_backend.runtime import Runtime
from tests.agents.helpers import wait_done
from tests.fake_gemini import FakeGemini
from tests.gemini_support import FLASH_MODEL, PRO_MODEL, holmes_on_fake
from tests.support import LiveServer, serve_app

KEY = "config-key"


@pytest.fixture
def fake() -> Iterator[tuple[FakeGemini, str]]:
    server = FakeGemini(api_key=KEY)
    with serve_app(server.app) as url:
        yield server, url


def gemini_settings(url: str, tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "llm_provider": "gemini",
        "gemini_api_key": SecretStr(KEY),
        "gemini_base_url": url,
        "gemini_retry_attempts": 1,
        "data_dir": tmp_path,
    }
    return Settings(**(values | overrides))


async def start_up(settings: Settings) -> None:
    """What uvicorn does before it serves: run the app's lifespan start-up."""
    app = create_app(settings)
    async with app.router.lifespan_context(app):
        pass


async def test_an_unknown_model_id_stops_start_up(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    settings = gemini_settings(fake[1], tmp_path, gemini_pro_model="gemini-3.1-pro")
    with pytest.raises(ModelConfigurationError) as refused:
        await start_up(settings)
    message = str(refused.value)
    assert "HOLMES_GEMINI_PRO_MODEL=gemini-3.1-pro" in message
    assert "404 NOT_FOUND" in message
    # Asked with models.get, not by sending it work.
    assert not fake[0].requests


async def test_a_shut_down_model_stops_start_up_naming_its_replacement(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    settings = gemini_settings(fake[1], tmp_path, gemini_pro_model="gemini-3-pro-preview")
    with pytest.raises(ModelConfigurationError, match=r"9 March 2026; use gemini-3\.1-pro-preview"):
        await start_up(settings)


async def test_an_unsupported_thinking_level_stops_start_up(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    # gemini-3.8-flash has no "minimal" level (LOW, MEDIUM, HIGH).
    settings = gemini_settings(fake[1], tmp_path, gemini_thinking={"triage": "minimal"})
    with pytest.raises(ModelConfigurationError) as refused:
        await start_up(settings)
    assert (
        "HOLMES_GEMINI_FLASH_MODEL=gemini-3.8-flash does not accept thinking level minimal "
        "(asked for the triage agents); it accepts: low, medium, high"
    ) in str(refused.value)


async def test_a_model_taking_only_low_and_high_cannot_run_the_medium_agents(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    # A model Gemini serves, declared with the two levels Gemini 3 Pro took: the orchestrator,
    # the graph and chat (PRD §4.5: medium) would be refused on every request.
    fake[0].register("gemini-pro-two-levels", levels=("LOW", "HIGH"))
    settings = gemini_settings(
        fake[1],
        tmp_path,
        gemini_pro_model="gemini-pro-two-levels",
        gemini_model_thinking_levels={"gemini-pro-two-levels": ["low", "high"]},
    )
    with pytest.raises(ModelConfigurationError) as refused:
        await start_up(settings)
    message = str(refused.value)
    for role in ("orchestrator", "knowledge_graph", "chat"):
        assert f"does not accept thinking level medium (asked for the {role} agents)" in message
    assert "(asked for the domain agents)" not in message


async def test_a_model_whose_levels_are_unknown_stops_start_up(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    fake[0].register("gemini-next-flash")
    settings = gemini_settings(fake[1], tmp_path, gemini_flash_model="gemini-next-flash")
    with pytest.raises(ModelConfigurationError, match="HOLMES_GEMINI_MODEL_THINKING_LEVELS"):
        await start_up(settings)


async def test_current_models_start(fake: tuple[FakeGemini, str], tmp_path: Path) -> None:
    settings = gemini_settings(fake[1], tmp_path)
    assert (settings.gemini_pro_model, settings.gemini_flash_model) == (PRO_MODEL, FLASH_MODEL)
    await check_models(settings)  # the start-up check (the rest of start-up needs a database)
    assert [r.model for r in fake[0].requests] == []


def test_a_level_the_model_does_not_take_is_never_sent() -> None:
    settings = Settings(
        gemini_model_thinking_levels={"two-levels": ["low", "high"]},
        gemini_thinking={"triage": "minimal"},
    )
    # The nearest level it takes, the deeper one on a tie.
    assert level_for("chat", "two-levels", settings).value == "HIGH"
    assert level_for("triage", "two-levels", settings).value == "LOW"
    assert level_for("triage", FLASH_MODEL, settings).value == "LOW"
    assert level_for("domain", PRO_MODEL, settings).value == "HIGH"


@pytest.fixture(scope="module")
def served_fake() -> Iterator[tuple[FakeGemini, str]]:
    server = FakeGemini(api_key=KEY)
    with serve_app(server.app) as url:
        yield server, url


@pytest.fixture(scope="module")
def gemini_server(
    module_database: str,
    served_fake: tuple[FakeGemini, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("config-data"),
        fake_url=served_fake[1],
        api_key=KEY,
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
    ) as live:
        yield live


async def test_a_model_gone_at_run_time_is_a_configuration_error_not_a_fallback(
    gemini_server: LiveServer, served_fake: tuple[FakeGemini, str]
) -> None:
    gemini, live = served_fake[0], gemini_server
    gemini.shut_down(PRO_MODEL)  # after the start-up check passed
    try:
        async with httpx.AsyncClient(base_url=live.base_url, timeout=30) as anon:
            token = (
                await anon.post(
                    "/api/auth/signup",
                    json={"email": "config@holmes.example", "password": "long enough password"},
                )
            ).json()["access_token"]
        async with httpx.AsyncClient(
            base_url=live.base_url, timeout=30, headers={"Authorization": f"Bearer {token}"}
        ) as client:
            case_id = (await client.post("/api/cases", json={"name": "config"})).json()["id"]
            note = b"On 3 March 2024 Alex Smith paid 4,750.00 EUR to Northwind Ltd."
            files = [("files", ("note.txt", note, "text/plain"))]
            assert (await client.post(f"/api/cases/{case_id}/files", files=files)).is_success
            assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
            status = await wait_done(client, case_id, seconds=120)
    finally:
        gemini.register(PRO_MODEL)
    runtime = Runtime.create(live.settings)
    try:
        async with runtime.session_factory() as session:
            rows = await event_repo.after(session, uuid.UUID(case_id), 0, 100_000)
    finally:
        await runtime.close()

    kinds = [r.type for r in rows]
    assert "AGENT_FALLBACK" not in kinds, [
        str(dict(r.payload)["error"])[:400] for r in rows if r.type == "AGENT_FALLBACK"
    ]
    errors = [str(dict(r.payload)["error"]) for r in rows if r.type == "AGENT_ERROR"]
    assert errors
    assert all(e.startswith("Gemini model configuration error") for e in errors), errors
    assert all(f"{PRO_MODEL} was refused with 404 NOT_FOUND" in e for e in errors)
    job_errors = " ".join(str(e) for e in status["job"]["errors"])
    assert "Gemini model configuration error" in job_errors, status["job"]
    # Pro agents were tried on Pro only: Flash answered nothing but triage (a Flash agent).
    assert gemini.requests_for(PRO_MODEL)
    flash_requests = gemini.requests_for(FLASH_MODEL)
    assert all(r.thinking_level == "LOW" for r in flash_requests)


async def test_the_fake_refuses_what_gemini_refuses(
    fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    client = genai_client(gemini_settings(fake[1], tmp_path))
    model = await client.aio.models.get(model=FLASH_MODEL)
    assert model.name == f"models/{FLASH_MODEL}"
    with pytest.raises(genai_errors.ClientError) as missing:
        await client.aio.models.get(model="gemini-3-pro-preview")
    assert (missing.value.code, missing.value.status) == (404, "NOT_FOUND")
    with pytest.raises(genai_errors.ClientError) as unknown:
        await client.aio.models.generate_content(model="gemini-3-pro-preview", contents="hi")
    assert (unknown.value.code, unknown.value.status) == (404, "NOT_FOUND")
    minimal = types.GenerateContentConfig(
        thinking_config=types.ThinkingConfig(thinking_level=types.ThinkingLevel.MINIMAL)
    )
    with pytest.raises(genai_errors.ClientError) as level:
        await client.aio.models.generate_content(model=FLASH_MODEL, contents="hi", config=minimal)
    assert (level.value.code, level.value.status) == (400, "INVALID_ARGUMENT")
    assert level.value.message == "Thinking level MINIMAL is not supported for this model."
    answer = await client.aio.models.generate_content(
        model="gemini-3-flash-preview", contents="hi", config=minimal
    )
    assert answer.text == "echo: hi"
    await client.aio.aclose()
