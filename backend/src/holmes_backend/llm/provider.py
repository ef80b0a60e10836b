"""The one place that answers "which model for this tier, with which request config".

Agents never pick a provider themselves: they ask `model_for(tier, settings)` and
`generate_config(role, settings)`, so the same LlmAgent definitions run on Gemini or on the
offline local analyst (DESIGN decision 1).
"""

import importlib.util
import sys

from google.adk.models.base_llm import BaseLlm
from google.adk.models.google_llm import Gemini
from google.genai import types

from holmes_backend.config import Settings
from holmes_backend.llm import gemini, models
from holmes_backend.llm.gemini import AgentRole, Tier
from holmes_backend.llm.local import model as local

# ADK imports its optional RemoteA2aAgent on every agent run; without the a2a package the failing
# import is compiled afresh each time (about 8 ms of CPU per agent run, measured). Marking the
# module absent makes that import fail at once. Holmes uses no A2A agents.
if importlib.util.find_spec("a2a") is None:
    sys.modules.setdefault("google.adk.agents.remote_a2a_agent", None)  # type: ignore[arg-type]


def model_for(tier: Tier, settings: Settings) -> str | BaseLlm:
    """A registered local model name, or a configured ADK Gemini model.

    Gemini is returned as an object, not a name: a bare "gemini-…" string would make ADK build a
    client from ambient env vars with no retry options, timeout or base URL.
    """
    if settings.resolved_llm_provider == "local":
        # Registration is idempotent; doing it here means no caller can forget it.
        local.register()
        return local.LocalAnalystLlm(
            model=local.LOCAL_PRO if tier == "pro" else local.LOCAL_FLASH,
            latency_seconds=settings.local_analyst_latency_ms / 1000,
            processes=settings.local_analyst_processes,
        )
    return _shared_gemini(tier, settings)


# One Gemini model per tier and settings: building one costs a new client with its own TLS
# contexts (tens of ms of CPU), which every agent of a 50-file case used to pay again.
_GEMINI: dict[tuple[str, int], tuple[Settings, Gemini]] = {}


def _shared_gemini(tier: Tier, settings: Settings) -> Gemini:
    key = (tier, id(settings))
    cached = _GEMINI.get(key)
    if cached is not None and cached[0] is settings:
        return cached[1]
    model = gemini.build_gemini(tier, settings)
    _GEMINI[key] = (settings, model)
    return model


def generate_config(
    role: AgentRole, settings: Settings, tier: Tier | None = None
) -> types.GenerateContentConfig:
    """Thinking settings for the role (PRD §4.5, HOLMES_GEMINI_THINKING) and, on Gemini, the
    role's request timeout. Given the tier, the level is one its Gemini model accepts."""
    on_gemini = settings.resolved_llm_provider == "gemini"
    model = gemini.model_id(tier, settings) if on_gemini and tier is not None else None
    config = types.GenerateContentConfig(
        thinking_config=models.thinking_config(role, settings, model)
    )
    if on_gemini:
        config.http_options = gemini.request_http_options(role, settings)
    return config


__all__ = ["AgentRole", "Tier", "generate_config", "model_for"]
