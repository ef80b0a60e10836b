"""The one place that answers "which model for this tier, with which request config".

Agents never pick a provider themselves: they ask `model_for(tier, settings)` and
`generate_config(role, settings)`, so the same LlmAgent definitions run on Gemini, on a model
served on an OpenAI-compatible server, or on the offline local analyst (DESIGN decision 1).
"""

from google.adk.models.base_llm import BaseLlm
from google.genai import types

from holmes_backend.config import Settings
from holmes_backend.llm import budget, gemini, models, openai_compat
from holmes_backend.llm.gemini import AgentRole, Tier
from holmes_backend.llm.local import model as local


def model_for(tier: Tier, settings: Settings) -> str | BaseLlm:
    """A registered local model name, or a configured ADK model (Gemini, or LiteLLM's for an
    OpenAI-compatible server).

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
    return _shared_model(tier, settings)


# One model per tier and settings: building a Gemini one costs a new client with its own TLS
# contexts (tens of ms of CPU), which every agent of a 50-file case would pay again.
_MODELS: dict[tuple[str, int], tuple[Settings, BaseLlm]] = {}


def _shared_model(tier: Tier, settings: Settings) -> BaseLlm:
    key = (tier, id(settings))
    cached = _MODELS.get(key)
    if cached is not None and cached[0] is settings:
        return cached[1]
    model: BaseLlm
    if settings.resolved_llm_provider == "openai_compat":
        model = openai_compat.build_model(tier, settings)
    else:
        model = gemini.build_gemini(tier, settings)
    _MODELS[key] = (settings, model)
    return model


def generate_config(
    role: AgentRole, settings: Settings, tier: Tier | None = None
) -> types.GenerateContentConfig:
    """Thinking settings for the role (PRD §4.5, HOLMES_GEMINI_THINKING), the role's answer
    limit (max_output_tokens) and, on Gemini, the longest a call may take. Given the tier, the
    level is one its Gemini model accepts. An OpenAI-compatible server takes no thinking levels
    (and its answer limit is HOLMES_LLM_MAX_OUTPUT_TOKENS, its context's share)."""
    if settings.resolved_llm_provider == "openai_compat":
        return openai_compat.generate_config()
    on_gemini = settings.resolved_llm_provider == "gemini"
    model = gemini.model_id(tier, settings) if on_gemini and tier is not None else None
    config = types.GenerateContentConfig(
        thinking_config=models.thinking_config(role, settings, model),
        max_output_tokens=budget.max_output_tokens(role, settings),
    )
    if on_gemini:
        config.http_options = gemini.request_http_options(settings)
    return config


async def check_models(settings: Settings) -> None:
    """The start-up check of the configured provider's models: ModelConfigurationError, saying
    what to change, when they cannot work (the local analyst always can)."""
    provider = settings.resolved_llm_provider
    if provider == "gemini":
        await models.check_models(settings)
    elif provider == "openai_compat":
        await openai_compat.check_models(settings)


def configuration_problem(exc: BaseException, model: str, settings: Settings) -> str | None:
    """What a model's refusal says about the configuration (no fallback fixes it), or None."""
    if settings.resolved_llm_provider == "openai_compat":
        return openai_compat.configuration_problem(exc, model)
    return models.configuration_problem(exc, model)


__all__ = [
    "AgentRole",
    "Tier",
    "check_models",
    "configuration_problem",
    "generate_config",
    "model_for",
]
