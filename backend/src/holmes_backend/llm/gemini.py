"""Gemini through google-genai: model objects, thinking and timeout settings, the File API.

Retries and timeouts are set explicitly (PRD §8.1) rather than left to SDK defaults, so an agent's
worst-case latency is known: at most `attempts` tries, each bounded by the request timeout, with
exponential backoff between them. Everything reads Settings; nothing reads the environment itself.
"""

import asyncio
import functools
import math
from collections.abc import AsyncGenerator
from pathlib import Path
from typing import Any, Literal

from google import genai
from google.adk.models.google_llm import Gemini
from google.adk.models.llm_request import LlmRequest
from google.adk.models.llm_response import LlmResponse
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import BaseModel

from holmes_backend.config import Settings
from holmes_backend.llm import context_cache, limits, media_tokens
from holmes_backend.llm.evidence import evidence_header

Tier = Literal["pro", "flash"]
AgentRole = Literal[
    "orchestrator",
    "triage",
    "domain",
    "synthesis",
    "knowledge_graph",
    "chat",
    "verification",
    "merge",
]

# 408 and the 5xx a Gemini front end returns while overloaded or restarting. 501 and 505 are
# not transient, so they are left out of the SDK's "any 5xx" default. A 429 is not the SDK's to
# retry: llm.limits waits as long as the refusal says, pausing every call to the model.
RETRY_STATUS_CODES: tuple[int, ...] = (408, 500, 502, 503, 504)

# PRD §4.5 (and §4.4 / §4.12 for the roles the table leaves out). Triage trades depth for speed
# and keeps its thoughts out of the response; everything else shows its reasoning in Trace Theater.
# HOLMES_GEMINI_THINKING overrides a role's level; llm.models keeps what each model accepts.
THINKING: dict[AgentRole, tuple[types.ThinkingLevel, bool]] = {
    "orchestrator": (types.ThinkingLevel.MEDIUM, True),
    "triage": (types.ThinkingLevel.LOW, False),
    "domain": (types.ThinkingLevel.HIGH, True),
    "synthesis": (types.ThinkingLevel.HIGH, True),
    "knowledge_graph": (types.ThinkingLevel.MEDIUM, True),
    "chat": (types.ThinkingLevel.MEDIUM, True),
    "verification": (types.ThinkingLevel.HIGH, True),
    "merge": (types.ThinkingLevel.HIGH, True),
}

# Uploaded videos and long audio are PROCESSING for a while before a request may reference them.
FILE_ACTIVE_POLL_SECONDS = 2.0
FILE_ACTIVE_MAX_SECONDS = 300.0


class GeminiMediaError(RuntimeError):
    pass


def model_id(tier: Tier, settings: Settings) -> str:
    return settings.gemini_pro_model if tier == "pro" else settings.gemini_flash_model


def timeout_ms(seconds: float) -> int:
    # HttpOptions.timeout is in milliseconds (the SDK divides by 1000 before handing it to httpx).
    return max(1, math.ceil(seconds * 1000))


def role_timeout_seconds(role: str | None, settings: Settings) -> float:
    """How long the role's call may go without receiving anything (PRD §8.1.1: 30 s for
    triage, 120 s for everything else)."""
    if role == "triage":
        return settings.gemini_triage_timeout_seconds
    return settings.gemini_timeout_seconds


def retry_options(settings: Settings) -> types.HttpRetryOptions:
    return types.HttpRetryOptions(
        attempts=settings.gemini_retry_attempts,
        initial_delay=settings.gemini_retry_initial_delay,
        max_delay=settings.gemini_retry_max_delay,
        exp_base=2.0,
        # Some jitter keeps parallel domain agents from retrying in lock-step after a shared 429;
        # the SDK's default of 1 s would swamp sub-second test delays, so scale it to the delay.
        jitter=min(1.0, settings.gemini_retry_initial_delay),
        http_status_codes=list(RETRY_STATUS_CODES),
    )


def http_options(settings: Settings) -> types.HttpOptions:
    """Client-wide options: retries, the default timeout, the base URL when overridden."""
    return types.HttpOptions(
        base_url=settings.gemini_base_url,
        timeout=timeout_ms(settings.gemini_timeout_seconds),
        retry_options=retry_options(settings),
    )


def client_kwargs(settings: Settings) -> dict[str, Any]:
    """google.genai.Client arguments, explicit so the SDK never falls back to ambient env vars."""
    kwargs: dict[str, Any] = {"http_options": http_options(settings)}
    if settings.gemini_api_key is not None and settings.gemini_api_key.get_secret_value():
        kwargs["api_key"] = settings.gemini_api_key.get_secret_value()
        # An explicit key means the Developer API even if Vertex variables linger in the env.
        kwargs["enterprise"] = False
    elif settings.gemini_use_vertexai:
        kwargs["enterprise"] = True
        kwargs["location"] = settings.gemini_location
        if settings.gcs_project:
            kwargs["project"] = settings.gcs_project
    else:
        raise ValueError("Gemini needs an API key or Vertex settings")
    return kwargs


def genai_client(settings: Settings) -> genai.Client:
    """A client with the same settings as the models' (for the File API)."""
    return genai.Client(**client_kwargs(settings))


@functools.cache
def json_schema(schema: type[BaseModel]) -> dict[str, Any]:
    """The class's JSON Schema, built once per class (google-genai copies a request's config
    before changing anything in it, so the cached one is never altered)."""
    return schema.model_json_schema()


class SchemaCachingGemini(Gemini):
    """ADK's Gemini, every call streamed within the model's limits (llm.limits), with an
    agent's output schema sent as JSON Schema built once per class.

    Streamed, a call is bounded by an idle timeout (the role's: nothing received for that
    long) instead of a deadline on the whole answer, which a long answer on HIGH thinking
    outlasts; a caller that did not ask for a stream gets only the complete responses.

    A request that starts with evidence the job shares reads it from a context cache
    (llm.context_cache); one whose cache has gone is sent again with its content.

    Given a Pydantic class as `response_schema`, google-genai rebuilds its JSON schema and
    converts it to its OpenAPI subset on every request; Gemini takes the JSON Schema itself as
    `response_json_schema`, which keeps what the subset cannot say ($defs, unions). The agent
    still validates the answer against the class.
    """

    settings: Settings

    async def generate_content_async(
        self, llm_request: LlmRequest, stream: bool = False
    ) -> AsyncGenerator[LlmResponse, None]:
        schema = llm_request.config.response_schema
        if isinstance(schema, type) and issubclass(schema, BaseModel):
            llm_request.config.response_schema = None
            llm_request.config.response_json_schema = json_schema(schema)
        if not llm_request.model:
            llm_request.model = self.model
        caches = context_cache.current()
        applied = await caches.apply(llm_request, self.api_client) if caches else None
        try:
            async for response in self._limited(llm_request, stream):
                yield response
        except Exception as exc:
            # The cache expired or was deleted under the job: sent again with its content.
            if applied is None or caches is None or not context_cache.missing_cache(exc):
                raise
            applied.undo()
            caches.gone(applied)
            async for response in self._limited(llm_request, stream):
                yield response

    async def _limited(
        self, llm_request: LlmRequest, stream: bool
    ) -> AsyncGenerator[LlmResponse, None]:
        settings = self.settings
        model = llm_request.model or self.model
        limiter = limits.limiter_for(model, limits.limits_for(model, settings))
        texts, media = request_size(llm_request, settings.media_video_tokens_per_second)

        def streamed() -> AsyncGenerator[LlmResponse, None]:
            return super(SchemaCachingGemini, self).generate_content_async(llm_request, stream=True)

        async for response in limits.limited_call(
            model,
            limiter,
            limits.estimate_tokens(texts, media),
            streamed,
            settings=settings,
            idle_seconds=role_timeout_seconds(limits.current_scope().role, settings),
            total_seconds=settings.gemini_call_max_seconds,
        ):
            # Partial responses keep the idle timeout from firing; they go on only if asked for.
            if stream or not response.partial:
                yield response


def request_size(
    llm_request: LlmRequest, video_rate: float = media_tokens.VIDEO_TOKENS_PER_SECOND
) -> tuple[list[str], int]:
    """The request's texts (the system instruction's among them) and its media parts' tokens
    (llm.media_tokens: each part by its type and length, read from its own offsets or from the
    evidence block it follows)."""
    texts: list[str] = []
    media = 0
    header: dict[str, Any] | None = None
    instruction = llm_request.config.system_instruction if llm_request.config else None
    if isinstance(instruction, str):
        texts.append(instruction)
    for content in llm_request.contents:
        for part in content.parts or []:
            if part.text:
                texts.append(part.text)
                header = evidence_header(part.text) or header
            elif part.inline_data is not None or part.file_data is not None:
                media += media_tokens.part_tokens(part, header, video_rate)
    return texts, media


def build_gemini(tier: Tier, settings: Settings) -> Gemini:
    """An ADK Gemini model for a tier. ADK builds one genai client per event loop from these."""
    return SchemaCachingGemini(
        model=model_id(tier, settings),
        settings=settings,
        retry_options=retry_options(settings),
        base_url=settings.gemini_base_url,
        client_kwargs=client_kwargs(settings),
    )


def request_http_options(settings: Settings) -> types.HttpOptions:
    """Per-request options: the longest a call may take (the server's deadline too); the idle
    timeout is kept by llm.limits, retries and base URL come from the client."""
    return types.HttpOptions(timeout=timeout_ms(settings.gemini_call_max_seconds))


async def upload_file(
    client: genai.Client,
    path: Path,
    *,
    mime_type: str,
    display_name: str | None = None,
    poll_seconds: float = FILE_ACTIVE_POLL_SECONDS,
) -> types.File:
    """The file uploaded through the File API (Gemini API only; Vertex has none), once it is
    ACTIVE: a request may reference it by URI until its expiration_time (48 h)."""
    # A path is read by the SDK in chunks, never the whole file in memory.
    uploaded = await client.aio.files.upload(
        file=str(path),
        config=types.UploadFileConfig(mime_type=mime_type, display_name=display_name),
    )
    active = await _wait_until_active(client, uploaded, poll_seconds)
    if not active.uri or not active.name:
        raise GeminiMediaError(f"the File API returned no URI for {active.name}")
    return active


async def uploaded_file(client: genai.Client, name: str) -> types.File | None:
    """The uploaded file, or None when the File API no longer has it (expired or deleted: the
    API answers 403 "may not exist" or 404) or it is not usable."""
    try:
        file = await client.aio.files.get(name=name)
    except genai_errors.ClientError as exc:
        if exc.code in (403, 404):
            return None
        raise
    return file if file.state == types.FileState.ACTIVE and file.uri else None


async def _wait_until_active(
    client: genai.Client, file: types.File, poll_seconds: float
) -> types.File:
    deadline = asyncio.get_running_loop().time() + FILE_ACTIVE_MAX_SECONDS
    while file.state == types.FileState.PROCESSING:
        if asyncio.get_running_loop().time() > deadline:
            raise GeminiMediaError(f"{file.name} still processing after {FILE_ACTIVE_MAX_SECONDS}s")
        await asyncio.sleep(poll_seconds)
        if not file.name:
            raise GeminiMediaError("the File API returned a file without a name")
        file = await client.aio.files.get(name=file.name)
    if file.state == types.FileState.FAILED:
        message = file.error.message if file.error else "unknown error"
        raise GeminiMediaError(f"the File API could not process {file.name}: {message}")
    return file


__all__ = [
    "THINKING",
    "AgentRole",
    "GeminiMediaError",
    "Tier",
    "build_gemini",
    "client_kwargs",
    "genai_client",
    "model_id",
    "request_http_options",
    "retry_options",
    "upload_file",
    "uploaded_file",
]
