"""The Gemini models Holmes knows, the thinking levels each accepts, and the start-up check.

A model id that no longer exists or a thinking level a model does not accept is answered with a
404 or a 400 on every request. Left to the agents, each of those read as "Pro failed" and the run
went on silently on Flash; so the configured models are checked once at start-up (models.get),
the levels sent are only ever ones the model accepts, and a refusal at run time is reported as
the configuration error it is.

Levels from Google's documentation (December 2026): the Gemini 3.8 Flash developer guide
(docs.cloud.google.com/gemini-enterprise-agent-platform/models/guides/gemini-3-8-flash) lists
LOW, MEDIUM, HIGH for gemini-3.8-flash, gemini-3.7-flash and gemini-3.1-pro-preview; the
Gemini thinking page lists MINIMAL, LOW, MEDIUM, HIGH for gemini-3.6-flash and Gemini 3 Flash;
gemini-3-pro-preview accepted LOW and HIGH only and was shut down on 9 March 2026
(ai.google.dev/gemini-api/docs/deprecations). A model not listed here is used once its levels
are declared in HOLMES_GEMINI_MODEL_THINKING_LEVELS.
"""

import logging
import re
from collections.abc import Iterable

from google.genai import errors, types

from holmes_backend.config import Settings
from holmes_backend.llm.gemini import THINKING, AgentRole, Tier, genai_client, model_id

logger = logging.getLogger(__name__)

Level = types.ThinkingLevel
_PRO_31 = frozenset({Level.LOW, Level.MEDIUM, Level.HIGH})
_FLASH_FOUR = frozenset({Level.MINIMAL, Level.LOW, Level.MEDIUM, Level.HIGH})

# Thinking levels each known model accepts.
THINKING_LEVELS: dict[str, frozenset[types.ThinkingLevel]] = {
    "gemini-3.1-pro-preview": _PRO_31,
    "gemini-3.1-pro-preview-customtools": _PRO_31,
    "gemini-3.8-flash": frozenset({Level.LOW, Level.MEDIUM, Level.HIGH}),
    "gemini-3.7-flash": frozenset({Level.LOW, Level.MEDIUM, Level.HIGH}),
    "gemini-3.6-flash": _FLASH_FOUR,
    "gemini-3-flash-preview": _FLASH_FOUR,
}

# Models Google has shut down: when, and what replaces them.
RETIRED: dict[str, tuple[str, str]] = {
    "gemini-3-pro-preview": ("9 March 2026", "gemini-3.1-pro-preview"),
}

# From least to most thought: the order "nearest level" is measured in.
_ORDER = (Level.MINIMAL, Level.LOW, Level.MEDIUM, Level.HIGH)

_SETTING = {"pro": "HOLMES_GEMINI_PRO_MODEL", "flash": "HOLMES_GEMINI_FLASH_MODEL"}


class ModelConfigurationError(RuntimeError):
    """The configured Gemini models or thinking levels cannot work; the message says how."""


class ModelErrorEvent(RuntimeError):
    """An agent run's error event. ADK reports a model's refusal as an event (its status, such
    as NOT_FOUND, and the error's text) rather than raising the client's error."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


def _bare(model: str) -> str:
    return model.removeprefix("models/")


def accepted_levels(model: str, settings: Settings) -> frozenset[types.ThinkingLevel] | None:
    """The levels `model` accepts: declared in settings, else known; None when unknown."""
    declared = settings.gemini_model_thinking_levels.get(_bare(model))
    if declared is not None:
        return frozenset(Level(level.upper()) for level in declared)
    return THINKING_LEVELS.get(_bare(model))


def role_level(role: AgentRole, settings: Settings) -> types.ThinkingLevel:
    """The level the role asks for: HOLMES_GEMINI_THINKING's, else PRD §4.5's."""
    configured = settings.gemini_thinking.get(role)
    return Level(configured.upper()) if configured else THINKING[role][0]


def level_for(role: AgentRole, model: str, settings: Settings) -> types.ThinkingLevel:
    """The role's level if the model accepts it, else the nearest level it does accept (the
    deeper one on a tie), so a level the model refuses is never sent. The start-up check has
    refused such a configuration already; this covers a model whose levels are known only here."""
    wanted = role_level(role, settings)
    accepted = accepted_levels(model, settings)
    if accepted is None or wanted in accepted or not accepted:
        return wanted
    rank = _ORDER.index(wanted)
    return min(accepted, key=lambda level: (abs(_ORDER.index(level) - rank), -_ORDER.index(level)))


def thinking_config(
    role: AgentRole, settings: Settings, model: str | None = None
) -> types.ThinkingConfig:
    level = role_level(role, settings) if model is None else level_for(role, model, settings)
    return types.ThinkingConfig(thinking_level=level, include_thoughts=THINKING[role][1])


def level_problems(settings: Settings, roles: Iterable[AgentRole] = THINKING) -> list[str]:
    """What is wrong with the configured models' thinking levels, without asking Gemini.

    Every role is checked on both models: Pro agents fall back to Flash, so either may run it."""
    problems: list[str] = []
    unknown_roles = sorted(set(settings.gemini_thinking) - set(THINKING))
    if unknown_roles:
        problems.append(
            f"HOLMES_GEMINI_THINKING names unknown agent roles {unknown_roles}; "
            f"the roles are {sorted(THINKING)}"
        )
    tiers: tuple[Tier, ...] = ("pro", "flash")
    for tier in tiers:
        model = model_id(tier, settings)
        if _bare(model) in RETIRED:
            continue  # said below, with its replacement
        accepted = accepted_levels(model, settings)
        if accepted is None:
            problems.append(
                f"{_SETTING[tier]}={model}: Holmes does not know which thinking levels this "
                f"model accepts; declare them in HOLMES_GEMINI_MODEL_THINKING_LEVELS, e.g. "
                f'\'{{"{_bare(model)}": ["low", "medium", "high"]}}\' '
                f"(known models: {', '.join(sorted(THINKING_LEVELS))})"
            )
            continue
        for role in roles:
            level = role_level(role, settings)
            if level not in accepted:
                names = ", ".join(lv.value.lower() for lv in _ORDER if lv in accepted)
                problems.append(
                    f"{_SETTING[tier]}={model} does not accept thinking level "
                    f"{level.value.lower()} (asked for the {role} agents); it accepts: {names}"
                )
    return problems


async def check_models(settings: Settings) -> None:
    """The configured Gemini models exist (models.get) and accept the configured thinking
    levels; ModelConfigurationError listing every problem otherwise.

    A model Gemini could not be asked about (a 5xx or a network failure after the client's
    retries) is logged and let through: an outage is not a configuration error, and agents
    fall back to Flash on those."""
    problems: list[str] = []
    tiers: tuple[Tier, ...] = ("pro", "flash")
    client = genai_client(settings)
    try:
        for tier in tiers:
            model = model_id(tier, settings)
            retired = RETIRED.get(_bare(model))
            if retired is not None:
                when, replacement = retired
                problems.append(
                    f"{_SETTING[tier]}={model}: Google shut this model down on {when}; "
                    f"use {replacement}"
                )
                continue
            try:
                await client.aio.models.get(model=model)
            except errors.ClientError as exc:
                problems.append(
                    f"{_SETTING[tier]}={model}: Gemini refused it "
                    f"({exc.code} {exc.status}: {exc.message})"
                )
            except (errors.APIError, OSError) as exc:
                logger.warning("could not check Gemini model %s at start-up: %s", model, exc)
    finally:
        await client.aio.aclose()
    problems.extend(level_problems(settings))
    if problems:
        raise ModelConfigurationError(
            "Gemini model configuration error:\n- " + "\n- ".join(dict.fromkeys(problems))
        )


def configuration_problem(exc: BaseException, model: str) -> str | None:
    """What a model's refusal at run time says about the configuration, or None when it is
    not a configuration error (a 429, a 5xx, a timeout: those fall back to Flash).

    A 404 is an unknown or shut-down model; a 400 naming the thinking level, the model or the
    API key, and a 401/403, are settings no other model or retry would fix."""
    if isinstance(exc, errors.ClientError):
        code, status, message = exc.code, exc.status or "", exc.message or ""
    elif isinstance(exc, ModelErrorEvent) and exc.code in _CLIENT_STATUS:
        code, status = _CLIENT_STATUS[exc.code], exc.code
        # The event's text is the client error's: "404 NOT_FOUND. {'error': {'message': …}}".
        inner = re.search(r"""['"]message['"]: (['"])(.*?)\1, ['"]status""", exc.message)
        message = inner.group(2) if inner else exc.message
    else:
        return None
    lowered = message.lower()
    refused = code in (401, 403, 404) or (
        code == 400 and any(word in lowered for word in ("thinking", "model", "api key"))
    )
    if not refused:
        return None
    return (
        f"Gemini model configuration error: {model} was refused with {code} {status}: "
        f"{message} (check HOLMES_GEMINI_PRO_MODEL, HOLMES_GEMINI_FLASH_MODEL and the thinking "
        f"levels; Holmes does not fall back to another model for this)"
    )


# The google.rpc statuses of the client errors an ADK error event may carry.
_CLIENT_STATUS = {
    "INVALID_ARGUMENT": 400,
    "UNAUTHENTICATED": 401,
    "PERMISSION_DENIED": 403,
    "NOT_FOUND": 404,
}


__all__ = [
    "RETIRED",
    "THINKING_LEVELS",
    "ModelConfigurationError",
    "ModelErrorEvent",
    "accepted_levels",
    "check_models",
    "configuration_problem",
    "level_for",
    "level_problems",
    "role_level",
    "thinking_config",
]
