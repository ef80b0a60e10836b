"""Which provider and model a tier resolves to, and the per-role request config (no network)."""

import time

import pytest
from google.adk.models.google_llm import Gemini
from google.adk.models.llm_request import LlmRequest
from google.adk.models.registry import LLMRegistry
from google.genai import types
from pydantic import ValidationError

from holmes_backend.config import Settings
from holmes_backend.llm.gemini import (
    RETRY_STATUS_CODES,
    genai_client,
    role_timeout_seconds,
)
from holmes_backend.llm.local.model import (
    LOCAL_FLASH,
    LOCAL_PRO,
    LocalAnalystError,
    LocalAnalystLlm,
)
from holmes_backend.llm.models import thinking_config
from holmes_backend.llm.provider import generate_config, model_for
from tests.support import LLM_ENV


@pytest.fixture(autouse=True)
def clean_llm_env(monkeypatch: pytest.MonkeyPatch) -> None:
    # A developer's real key in the shell must not turn these tests into Gemini calls.
    for name in LLM_ENV:
        monkeypatch.delenv(name, raising=False)


def test_no_key_means_local_models_resolvable_by_name() -> None:
    settings = Settings()
    assert settings.resolved_llm_provider == "local"
    pro, flash = model_for("pro", settings), model_for("flash", settings)
    assert isinstance(pro, LocalAnalystLlm)
    assert isinstance(flash, LocalAnalystLlm)
    assert (pro.model, flash.model) == (LOCAL_PRO, LOCAL_FLASH)
    assert pro.processes == settings.local_analyst_processes == 2
    assert LLMRegistry.resolve(LOCAL_PRO) is LocalAnalystLlm


async def test_local_latency_setting_delays_each_local_call() -> None:
    settings = Settings(local_analyst_latency_ms=150)
    model = model_for("pro", settings)
    assert isinstance(model, LocalAnalystLlm)
    assert model.model == LOCAL_PRO
    assert model.latency_seconds == pytest.approx(0.15)
    default = model_for("pro", Settings())
    assert isinstance(default, LocalAnalystLlm)
    assert default.latency_seconds == 0

    # The delay comes before the model's answer (here: a refusal of an empty request).
    started = time.perf_counter()
    with pytest.raises(LocalAnalystError):
        async for _ in model.generate_content_async(LlmRequest()):
            pass
    assert time.perf_counter() - started >= 0.15


@pytest.mark.parametrize("variable", ["GEMINI_API_KEY", "GOOGLE_API_KEY"])
def test_a_key_in_the_environment_means_gemini(
    monkeypatch: pytest.MonkeyPatch, variable: str
) -> None:
    monkeypatch.setenv(variable, "AIza-secret-value")
    monkeypatch.setenv("GEMINI_PRO_MODEL", "gemini-3-pro-custom")
    settings = Settings()
    assert settings.resolved_llm_provider == "gemini"
    assert settings.gemini_api_key is not None
    assert "AIza-secret-value" not in repr(settings)  # the key never shows up in a log line

    pro = model_for("pro", settings)
    assert isinstance(pro, Gemini)
    assert pro.model == "gemini-3-pro-custom"
    flash = model_for("flash", settings)
    assert isinstance(flash, Gemini)
    assert flash.model == "gemini-3.8-flash"


def test_gemini_model_carries_retry_timeout_and_base_url() -> None:
    settings = Settings(
        gemini_api_key="k",
        gemini_base_url="http://127.0.0.1:9",
        gemini_retry_attempts=4,
        gemini_timeout_seconds=90,
    )
    model = model_for("pro", settings)
    assert isinstance(model, Gemini)
    assert model.retry_options is not None
    assert model.retry_options.attempts == 4
    assert model.retry_options.http_status_codes == list(RETRY_STATUS_CODES)
    assert 429 not in RETRY_STATUS_CODES  # quota refusals are llm.limits' to wait out
    assert model.base_url == "http://127.0.0.1:9"
    # The client ADK builds from the model is what actually sends requests.
    options = model.api_client._api_client._http_options
    assert options.timeout == 90_000  # milliseconds
    assert options.base_url == "http://127.0.0.1:9"
    assert options.retry_options is not None
    assert options.retry_options.attempts == 4
    assert model.api_client._api_client.api_key == "k"


def test_explicit_local_wins_over_a_key(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GEMINI_API_KEY", "k")
    monkeypatch.setenv("HOLMES_LLM_PROVIDER", "local")
    settings = Settings()
    assert settings.resolved_llm_provider == "local"
    model = model_for("pro", settings)
    assert isinstance(model, LocalAnalystLlm)
    assert model.model == LOCAL_PRO


def test_vertex_settings_mean_gemini_on_vertex(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GOOGLE_GENAI_USE_VERTEXAI", "true")
    monkeypatch.setenv("GOOGLE_CLOUD_PROJECT", "holmes-test")
    monkeypatch.setenv("GOOGLE_CLOUD_LOCATION", "europe-west4")
    settings = Settings()
    assert settings.resolved_llm_provider == "gemini"
    client = genai_client(settings)
    assert client.vertexai
    assert (client._api_client.project, client._api_client.location) == (
        "holmes-test",
        "europe-west4",
    )


def test_explicit_gemini_without_credentials_is_refused_at_start_up() -> None:
    with pytest.raises(ValidationError, match="GEMINI_API_KEY"):
        Settings(llm_provider="gemini")


def test_generate_config_per_role() -> None:
    gemini = Settings(gemini_api_key="k")
    triage = generate_config("triage", gemini)
    assert triage.thinking_config == types.ThinkingConfig(
        thinking_level=types.ThinkingLevel.LOW, include_thoughts=False
    )
    # The request's deadline is the longest call allowed, the same for every role: the role's
    # own timeout (30 s triage, 120 s others) is how long the streamed call may go quiet.
    assert triage.http_options is not None
    assert triage.http_options.timeout == 900_000
    domain = generate_config("domain", gemini)
    assert domain.thinking_config is not None
    assert domain.thinking_config.thinking_level == types.ThinkingLevel.HIGH
    assert domain.thinking_config.include_thoughts is True
    assert domain.http_options is not None
    assert domain.http_options.timeout == 900_000
    assert role_timeout_seconds("triage", gemini) == 30
    assert role_timeout_seconds("domain", gemini) == 120
    assert role_timeout_seconds(None, gemini) == 120
    # HTTP options mean nothing to the local analyst; thinking still asks it for thoughts.
    local = generate_config("orchestrator", Settings())
    assert local.http_options is None
    assert local.thinking_config == thinking_config("orchestrator", Settings())


@pytest.mark.parametrize(
    ("role", "level", "include"),
    [
        ("orchestrator", "MEDIUM", True),
        ("triage", "LOW", False),
        ("domain", "HIGH", True),
        ("synthesis", "HIGH", True),
        ("knowledge_graph", "MEDIUM", True),
        ("chat", "MEDIUM", True),
        ("verification", "HIGH", True),
        ("merge", "HIGH", True),
    ],
)
def test_thinking_levels_follow_the_prd(role: str, level: str, include: bool) -> None:
    config = thinking_config(role, Settings())  # type: ignore[arg-type]
    assert config.thinking_level == types.ThinkingLevel(level)
    assert config.include_thoughts is include
