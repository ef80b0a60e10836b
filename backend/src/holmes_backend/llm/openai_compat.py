"""A model the user serves: any OpenAI-compatible server (Ollama, vLLM, llama.cpp's server, LM
Studio), through ADK's LiteLLM wrapper, for cases that must not leave the firm.

The same agents, schemas and runner as on Gemini; what differs is what a local model can take.
Its context window is small, so a request whose evidence would not fit is cut to the budget
(HOLMES_LLM_CONTEXT_TOKENS less the answer's HOLMES_LLM_MAX_OUTPUT_TOKENS), the longest parts
first, and says what was left out; and one server answers few requests at once, so at most
HOLMES_LLM_CONCURRENCY calls are out together (llm.limits, with any requests or tokens per
minute configured). Images reach a model declared to read them (HOLMES_LLM_MULTIMODAL) as data
URIs, which LiteLLM makes of inline parts; a text-only model gets no media parts. The answer's
schema goes as the OpenAI
`response_format` JSON schema, which these servers constrain their output to.

LiteLLM is imported only when this provider is used: importing it takes seconds. It is told
to use its bundled model-cost map, not to fetch one from GitHub at import (no network here).
"""

import functools
import os
import re
from collections.abc import AsyncGenerator
from typing import TYPE_CHECKING, Any

import httpx
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import types
from pydantic import Field

from holmes_backend.config import Settings
from holmes_backend.llm import evidence, limits
from holmes_backend.llm.gemini import Tier
from holmes_backend.llm.models import ModelConfigurationError, ModelErrorEvent

if TYPE_CHECKING:
    from google.adk.models.lite_llm import LiteLlm

# LiteLLM's route for "a server speaking the OpenAI API at api_base".
ROUTE = "openai/"
# Characters per token for the budget: a conservative figure for English prose and JSON on the
# tokenizers of the usual local models (Llama, Qwen, Mistral: 3.5-4.5). Counting exactly would
# need the model's tokenizer, which a local server does not expose over the OpenAI API.
CHARS_PER_TOKEN = 3.5
# Tokens kept free for the chat template, role markers and the schema the server adds.
TEMPLATE_TOKENS = 512

_SETTING = {"pro": "HOLMES_LLM_PRO_MODEL", "flash": "HOLMES_LLM_FLASH_MODEL"}


def model_id(tier: Tier, settings: Settings) -> str:
    """The server's name for the tier's model."""
    pro = settings.llm_pro_model or ""
    return pro if tier == "pro" else settings.llm_flash_model or pro


def _api_key(settings: Settings) -> str:
    # Most local servers want no key, but the OpenAI client refuses to send a request without
    # one; any placeholder is accepted by Ollama, llama.cpp and LM Studio.
    key = settings.llm_api_key.get_secret_value() if settings.llm_api_key else ""
    return key or "not-needed"


def evidence_budget_chars(settings: Settings) -> int:
    """Characters of request text (instruction and evidence) a request may carry."""
    tokens = settings.llm_context_tokens - settings.llm_max_output_tokens - TEMPLATE_TOKENS
    return max(0, int(tokens * CHARS_PER_TOKEN))


def fit_to_budget(parts: list[str], budget: int) -> list[str]:
    """The parts kept to `budget` characters in all by cutting evidence blocks only (whole chunk
    lines, the block still closed, a note of what was left out): the instruction, the task and
    earlier stages' findings go whole, since half of a JSON block is no help to a model. The
    longest files are cut first, to a common length, so short files survive whole."""
    return evidence.cut_to_fit(parts, budget, evidence.is_evidence, evidence.cut_evidence)


def _fit_request(llm_request: LlmRequest, settings: Settings) -> None:
    if not settings.llm_multimodal:
        # A text-only model is given the media's extracted text alone (llm.media adds no media
        # for it; this holds for any other caller too).
        for content in llm_request.contents:
            content.parts = [p for p in content.parts or [] if not (p.inline_data or p.file_data)]
    instruction = llm_request.config.system_instruction
    reserved = len(instruction) if isinstance(instruction, str) else 0
    parts = [
        part
        for content in llm_request.contents
        for part in content.parts or []
        if part.text is not None and not part.thought
    ]
    budget = max(0, evidence_budget_chars(settings) - reserved)
    fitted = fit_to_budget([part.text or "" for part in parts], budget)
    over = sum(len(text) for text in fitted) - budget
    if over > 0:
        # What is left is findings and the task, which cannot be cut: the server would refuse
        # the request, less clearly.
        raise RequestOverBudgetError(
            f"the request is ~{int(over / CHARS_PER_TOKEN)} tokens over the local model's "
            f"budget (HOLMES_LLM_CONTEXT_TOKENS={settings.llm_context_tokens} less "
            f"HOLMES_LLM_MAX_OUTPUT_TOKENS={settings.llm_max_output_tokens}) with every file's "
            f"evidence cut; a model with a larger context window is needed for this case"
        )
    for part, text in zip(parts, fitted, strict=True):
        part.text = text


class RequestOverBudgetError(RuntimeError):
    """A request that does not fit the local model's context even with its evidence cut."""


class ModelRefusedError(RuntimeError):
    """The model declined to answer (OpenAI's `refusal`), which ADK would read as no answer."""


def _refusal(response: Any) -> str | None:
    choices = getattr(response, "choices", None) or []
    message = getattr(choices[0], "message", None) if choices else None
    # LiteLLM keeps a field its Message does not declare among the provider's own fields.
    refusal = getattr(message, "refusal", None) or (
        getattr(message, "provider_specific_fields", None) or {}
    ).get("refusal")
    return str(refusal) if refusal else None


async def _refusals_checked(model: Any, chunks: Any) -> AsyncGenerator[Any, None]:
    """A streamed answer's chunks; ModelRefusedError at a refusal, or at the end of a stream
    that carried no answer at all: LiteLLM (1.106) does not pass a streamed `refusal` delta on,
    so a server's streamed refusal reaches here as a stream with no content."""
    answered = False
    async for chunk in chunks:
        choices = getattr(chunk, "choices", None) or []
        delta = getattr(choices[0], "delta", None) if choices else None
        reason = getattr(delta, "refusal", None) or (
            getattr(delta, "provider_specific_fields", None) or {}
        ).get("refusal")
        if reason:
            raise ModelRefusedError(f"{model} refused to answer: {reason}")
        if getattr(delta, "content", None) or getattr(delta, "tool_calls", None):
            answered = True
        yield chunk
    if not answered:
        raise ModelRefusedError(f"{model} refused to answer, or sent an empty answer")


@functools.cache
def _model_class() -> "type[LiteLlm]":
    os.environ.setdefault("LITELLM_LOCAL_MODEL_COST_MAP", "True")
    from google.adk.models.lite_llm import (  # noqa: PLC0415 - seconds to import
        LiteLlm,
        LiteLLMClient,
    )

    class RefusalCheckingClient(LiteLLMClient):
        async def acompletion(self, model: Any, messages: Any, tools: Any, **kwargs: Any) -> Any:
            # LiteLLM (1.106) sends any request with tools through its MCP gateway check first,
            # which imports the `mcp` package it does not require: every request with tools
            # failed. Holmes's tools are plain functions; the check is LiteLLM's own flag.
            kwargs["_skip_mcp_handler"] = True
            response = await super().acompletion(model, messages, tools, **kwargs)
            if kwargs.get("stream"):
                return _refusals_checked(model, response)
            if reason := _refusal(response):
                raise ModelRefusedError(f"{model} refused to answer: {reason}")
            return response

    class OpenAICompatLlm(LiteLlm):
        """LiteLlm with the request cut to the context budget, within the server's limits
        (llm.limits: calls at once, any requests and tokens per minute), a 429 waited out as
        its Retry-After says (else PRD §8.1's backoff) with PROCESSING_DELAYED, and streamed,
        so that a call ends when the server sends nothing for HOLMES_LLM_IDLE_TIMEOUT_SECONDS
        (AGENT_TIMEOUT), not at a deadline a long answer outlasts (HOLMES_LLM_TIMEOUT_SECONDS
        stays the longest a call may take)."""

        settings: Settings
        llm_client: LiteLLMClient = Field(default_factory=RefusalCheckingClient, exclude=True)

        async def generate_content_async(
            self, llm_request: LlmRequest, stream: bool = False
        ) -> AsyncGenerator[LlmResponse, None]:
            _fit_request(llm_request, self.settings)
            # One limiter per server, not per model: one GPU serves its models one at a time.
            model = self.model.removeprefix(ROUTE)
            limiter = limits.limiter_for(
                self.settings.llm_base_url or "", limits.limits_for(model, self.settings)
            )
            texts = [
                part.text
                for content in llm_request.contents
                for part in content.parts or []
                if part.text
            ]

            def streamed() -> AsyncGenerator[LlmResponse, None]:
                return super(OpenAICompatLlm, self).generate_content_async(llm_request, stream=True)

            async for response in limits.limited_call(
                model,
                limiter,
                limits.estimate_tokens(texts),
                streamed,
                settings=self.settings,
                idle_seconds=self.settings.llm_idle_timeout_seconds,
                total_seconds=self.settings.llm_timeout_seconds,
            ):
                # Partial responses keep the idle timeout from firing; they go on if asked for.
                if stream or not response.partial:
                    yield response

    return OpenAICompatLlm


def build_model(tier: Tier, settings: Settings) -> "LiteLlm":
    """An ADK model for the tier on the configured server."""
    return _model_class()(
        model=ROUTE + model_id(tier, settings),
        settings=settings,
        api_base=settings.llm_base_url,
        api_key=_api_key(settings),
        max_tokens=settings.llm_max_output_tokens,
        timeout=settings.llm_timeout_seconds,
        # No retries of LiteLLM's own: a 429 is waited out by llm.limits as the server says,
        # and a busy local GPU is not helped by a storm of immediate ones.
        num_retries=0,
    )


def generate_config() -> types.GenerateContentConfig:
    """No thinking settings: an OpenAI-compatible server has no thinking levels to take them,
    and several refuse a `reasoning_effort` they do not know."""
    return types.GenerateContentConfig()


async def check_models(settings: Settings) -> None:
    """The server answers and serves the configured models (GET {base}/models, which Ollama,
    vLLM, llama.cpp's server and LM Studio all serve); ModelConfigurationError otherwise.

    A server that does not answer at all is a configuration error too: unlike Gemini's
    outages, a local server that is down at start-up is almost always a wrong address."""
    base = (settings.llm_base_url or "").rstrip("/")
    headers = {"Authorization": f"Bearer {_api_key(settings)}"}
    try:
        async with httpx.AsyncClient(timeout=10) as client:
            response = await client.get(f"{base}/models", headers=headers)
    except httpx.HTTPError as exc:
        raise ModelConfigurationError(
            f"OpenAI-compatible model configuration error: HOLMES_LLM_BASE_URL={base} does "
            f"not answer ({type(exc).__name__}: {exc}); is the model server running?"
        ) from exc
    if response.status_code != 200:
        raise ModelConfigurationError(
            f"OpenAI-compatible model configuration error: GET {base}/models answered "
            f"{response.status_code} {response.text[:300]!r} (check HOLMES_LLM_BASE_URL, which "
            f"ends in /v1 on most servers, and HOLMES_LLM_API_KEY)"
        )
    served = {str(m.get("id")) for m in response.json().get("data", []) if isinstance(m, dict)}
    problems = [
        f"{_SETTING[tier]}={model_id(tier, settings)}: the server does not serve it"
        for tier in ("pro", "flash")
        if model_id(tier, settings) not in served
    ]
    if problems:
        raise ModelConfigurationError(
            "OpenAI-compatible model configuration error:\n- "
            + "\n- ".join(dict.fromkeys(problems))
            + f"\n(the server at {base} serves: {', '.join(sorted(served)) or 'nothing'})"
        )


def configuration_problem(exc: BaseException, model: str) -> str | None:
    """What the server's refusal says about the configuration (an unknown model, a refused key),
    or None: a timeout, an overloaded server or a bad answer is not (the next tier is tried).

    ADK reports LiteLLM's error as an event named by its class (agents raise ModelErrorEvent)."""
    if isinstance(exc, ModelErrorEvent):
        status = _REFUSING_ERRORS.get(exc.code)
        detail = exc.message
    elif type(exc).__module__.startswith("litellm"):
        status = getattr(exc, "status_code", None)
        detail = str(exc)
    else:
        return None
    if _NO_TOOLS.search(detail):
        return (
            f"OpenAI-compatible model configuration error: {model} does not call functions "
            f"(tools), which Holmes's agents and chat use: {detail} (choose a model that calls "
            "tools, as Ollama's tagged 'tools' do; start vLLM with --enable-auto-tool-choice "
            "and a --tool-call-parser, llama-server with --jinja)"
        )
    if status not in _REFUSING_ERRORS.values():
        return None
    return (
        f"OpenAI-compatible model configuration error: {model} was refused with {status}: "
        f"{detail} (check HOLMES_LLM_BASE_URL, HOLMES_LLM_PRO_MODEL, HOLMES_LLM_FLASH_MODEL and "
        f"HOLMES_LLM_API_KEY; Holmes does not fall back to another model for this)"
    )


# How the servers refuse a request with tools for a model that cannot call them: Ollama ("… does
# not support tools"), vLLM ('"auto" tool choice requires --enable-auto-tool-choice …'),
# llama.cpp's server ("tools param requires --jinja flag").
_NO_TOOLS = re.compile(
    r"does not support tools|tool choice requires|tools param requires|"
    r"(?:tools|function calling) (?:is|are) not supported",
    re.IGNORECASE,
)
# LiteLLM's errors that no other model or retry would fix, and their HTTP statuses.
_REFUSING_ERRORS = {"AuthenticationError": 401, "PermissionDeniedError": 403, "NotFoundError": 404}


__all__ = [
    "ModelConfigurationError",
    "ModelRefusedError",
    "RequestOverBudgetError",
    "build_model",
    "check_models",
    "configuration_problem",
    "evidence_budget_chars",
    "fit_to_budget",
    "generate_config",
    "model_id",
]
