"""A fake Gemini server speaking the REST API the way google-genai calls it with a base_url.

Routes (api version v1beta, key in the ``x-goog-api-key`` header):
  GET  /v1beta/models/{model}                    models.get
  POST /v1beta/models/{model}:generateContent
  POST /v1beta/models/{model}:streamGenerateContent?alt=sse
  POST /v1beta/models/{model}:countTokens
  POST /upload/v1beta/files                      File API resumable upload (start, then chunks)
  GET|DELETE /v1beta/files/{id}                  (403 "may not exist" once gone, as the API)
  POST /v1beta/cachedContents                    context caching: caches.create
  GET|DELETE /v1beta/cachedContents/{id}         (403 "CachedContent not found" once gone)

Uploaded files carry an expirationTime 48 h on; ``expire(name)`` drops one early, after which a
request referencing it is refused with the API's 403. ``Received.media_parts`` (inline_parts,
file_parts) are the media a request carried; ``max_request_bytes`` refuses larger bodies.

Like the real API, it serves only the models it knows (``models``: the current Gemini ids, and
any ``register``-ed): another model is a 404 NOT_FOUND, and a thinking level the model does not
accept a 400 INVALID_ARGUMENT, before any script or responder is consulted.

With ``limit_rate(n, per_seconds)`` it enforces a quota of n generateContent requests per model
in any sliding window of that length ("a minute", shorter in tests), refusing the rest with the
real 429 RESOURCE_EXHAUSTED body: QuotaFailure, Help, and RetryInfo whose retryDelay is the time
until the window has room again. Refused requests do not count, and each is kept in
``refusals``.

Responses are scripted per model as a queue of steps: ``Reply`` (parts, usage, finish reason),
``Failure`` (an HTTP error with Google's error body) or ``Stall`` (hold the request open past the
client's timeout). An empty queue answers by default: a JSON object shaped by the request's
response schema, or an echo of the last user text. Every request is recorded in ``requests``.

Function calling is the real API's: a reply's ``functionCall`` parts (``function_call``) carry a
``thoughtSignature`` on the first call of each model turn, as Gemini 3 attaches one, and a request
is refused with the real 400 INVALID_ARGUMENT when a function call of its current turn comes back
without its signature, when a ``functionResponse`` turn does not follow a function call turn, or
when it answers a different number of calls than that turn made. A request declaring ADK's
``set_model_response`` (an agent with tools and an output schema, which the Gemini API cannot
pair) is answered by default with a call of it, its arguments shaped by its parameters schema.

Tokens are counted as the real tokenizer roughly does on English text, 4 characters a token, over
the text of the contents and the system instruction: usageMetadata and countTokens agree with
each other and with the request's size. ``cut_at_max_output`` cuts an answer longer than the
request's maxOutputTokens there, finishing MAX_TOKENS, as the real API does;
``latency_per_10k_tokens`` adds latency growing with the request's tokens.

Context caches behave as the real API's (observed on the Gemini API, Sept. 2026): one below
the model's minimum (``CACHE_MIN_TOKENS``) is refused with 400 "Cached content is too small";
it lives for its ttl (an hour when none is given) and ``expire_cache(name)`` ends it early; a
request referring to one that is gone is refused with 403 "CachedContent not found (or
permission denied)", one that also sets systemInstruction, tools or toolConfig with 400, one on
another model than the cache's with 400. A request that reads a cache is answered (and billed)
as if the cache's contents came first: promptTokenCount counts them, cachedContentTokenCount
says how many were read from the cache.

By hand: ``uv run python -m tests.fake_gemini --port 8089``, then point Holmes at it with
HOLMES_GEMINI_BASE_URL=http://127.0.0.1:8089 GEMINI_API_KEY=anything.
"""

import argparse
import asyncio
import base64
import io
import json
import re
import time
import uuid
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

import mutagen
import uvicorn
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import JSONResponse, Response, StreamingResponse
from starlette.routing import Route

JsonDict = dict[str, Any]

# google.rpc status names for the HTTP codes the tests inject.
STATUS_NAMES = {
    400: "INVALID_ARGUMENT",
    403: "PERMISSION_DENIED",
    404: "NOT_FOUND",
    408: "DEADLINE_EXCEEDED",
    429: "RESOURCE_EXHAUSTED",
    500: "INTERNAL",
    503: "UNAVAILABLE",
    504: "DEADLINE_EXCEEDED",
}


# How long the File API keeps an upload.
FILE_LIFETIME_SECONDS = 48 * 3600

# What a media part is billed, as Gemini documents it (Understand and count tokens; media
# resolution): audio 32 tokens a second; video a frame a second (258 tokens) with its audio,
# over its videoMetadata's offsets when it has them; an image 1,120 and a document page 560
# (Gemini 3's default resolutions).
AUDIO_TOKENS_PER_SECOND = 32
VIDEO_TOKENS_PER_SECOND = 258 + AUDIO_TOKENS_PER_SECOND
IMAGE_TOKENS = 1_120
PDF_PAGE_TOKENS = 560

# The thinking levels each served model accepts, from Google's model pages (December 2026),
# kept apart from Holmes's own table so a mistake there is caught here.
_PRO_31 = ("LOW", "MEDIUM", "HIGH")
_FLASH_FOUR = ("MINIMAL", "LOW", "MEDIUM", "HIGH")
REAL_MODELS: dict[str, tuple[str, ...]] = {
    "gemini-3.1-pro-preview": _PRO_31,
    "gemini-3.1-pro-preview-customtools": _PRO_31,
    "gemini-3.8-flash": ("LOW", "MEDIUM", "HIGH"),
    "gemini-3.7-flash": ("LOW", "MEDIUM", "HIGH"),
    "gemini-3.6-flash": _FLASH_FOUR,
    "gemini-3-flash-preview": _FLASH_FOUR,
}


# The smallest cache each model accepts (ai.google.dev/gemini-api/docs/caching: Gemini 3 Pro
# 4,096 tokens, Gemini 3 Flash 1,024), kept apart from Holmes's own table.
CACHE_MIN_TOKENS: dict[str, int] = {
    model: 1024 if "flash" in model else 4096 for model in REAL_MODELS
}
CACHE_DEFAULT_TTL_SECONDS = 3600.0


def get(obj: JsonDict, camel: str, default: Any = None) -> Any:
    """A field by its JSON name or its proto name: google-genai sends some nested messages
    (thinkingConfig, the File API's file) in snake_case, which the real API also accepts."""
    snake = re.sub(r"(?<!^)([A-Z])", r"_\1", camel).lower()
    return obj.get(camel, obj.get(snake, default))


def text(value: str) -> JsonDict:
    return {"text": value}


def thought(value: str) -> JsonDict:
    return {"text": value, "thought": True}


def function_call(name: str, args: JsonDict) -> JsonDict:
    return {"functionCall": {"name": name, "args": args}}


def function_responses(body: JsonDict) -> list[JsonDict]:
    """The function responses a request carries back to the model ({name, response} each)."""
    return [
        get(part, "functionResponse")
        for content in body.get("contents", [])
        for part in content.get("parts", [])
        if get(part, "functionResponse")
    ]


def declared_functions(body: JsonDict) -> list[str]:
    """The names of the functions a request declares as tools."""
    return [
        str(declaration.get("name"))
        for tool in body.get("tools", [])
        for declaration in get(tool, "functionDeclarations", [])
    ]


# ADK's tool for a structured answer when an agent has tools too (the Gemini API cannot pair an
# output schema with function declarations).
ANSWER_TOOL = "set_model_response"


def answer_tool(body: JsonDict) -> JsonDict | None:
    """The request's declaration of set_model_response, if it declares one."""
    return next(
        (
            declaration
            for tool in body.get("tools", [])
            for declaration in get(tool, "functionDeclarations", [])
            if declaration.get("name") == ANSWER_TOOL
        ),
        None,
    )


@dataclass
class Reply:
    """One successful answer. Streamed, each thought is its own chunk and the answer text is cut
    into ``pieces`` chunks, so a client sees several partial responses before the last."""

    parts: list[JsonDict]
    usage: JsonDict | None = None
    finish_reason: str = "STOP"
    delay: float = 0.0
    pieces: int = 3
    gap: float = 0.01  # seconds between streamed chunks


@dataclass
class Failure:
    status: int
    message: str = ""
    details: list[JsonDict] = field(default_factory=list)
    delay: float = 0.0


@dataclass
class Stall:
    """Hold the request without answering (until the client gives up or ``seconds`` pass)."""

    seconds: float = 60.0


Step = Reply | Failure | Stall
# Answers a request (model, JSON body) with a step, or None to leave it to the next one.
Responder = Callable[[str, JsonDict], Step | None]


def json_reply(
    value: Any, *, thoughts: list[str] | tuple[str, ...] = (), usage: JsonDict | None = None
) -> Reply:
    return Reply(parts=[*(thought(t) for t in thoughts), text(json.dumps(value))], usage=usage)


def rate_limited(
    retry_seconds: float | None = 30,
    *,
    model: str = "gemini-3.1-pro-preview",
    quota_id: str = "GenerateRequestsPerMinutePerProjectPerModel",
    quota_value: int = 30,
) -> Failure:
    """The 429 Gemini answers when a quota is used up, as it sends it: a QuotaFailure naming the
    quota, a Help link and, unless `retry_seconds` is None, a RetryInfo whose retryDelay is a
    protobuf Duration ("53s", "2.463586755s")."""
    details: list[JsonDict] = [
        {
            "@type": "type.googleapis.com/google.rpc.QuotaFailure",
            "violations": [
                {
                    "quotaMetric": "generativelanguage.googleapis.com/generate_content_requests",
                    "quotaId": quota_id,
                    "quotaDimensions": {"location": "global", "model": model},
                    "quotaValue": str(quota_value),
                }
            ],
        },
        {
            "@type": "type.googleapis.com/google.rpc.Help",
            "links": [
                {
                    "description": "Learn more about Gemini API quotas",
                    "url": "https://ai.google.dev/gemini-api/docs/rate-limits",
                }
            ],
        },
    ]
    message = (
        "You exceeded your current quota, please check your plan and billing details. For more "
        "information on this error, head to: https://ai.google.dev/gemini-api/docs/rate-limits."
    )
    if retry_seconds is not None:
        delay = f"{retry_seconds:.9f}".rstrip("0").rstrip(".")
        message += f" Please retry in {delay}s."
        details.append(
            {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": f"{delay}s"}
        )
    return Failure(429, message, details=details)


def unavailable() -> Failure:
    return Failure(503, "The model is overloaded. Please try again later.")


def internal_error() -> Failure:
    return Failure(500, "An internal error has occurred. Please retry or report it.")


def error_body(failure: Failure) -> JsonDict:
    status = STATUS_NAMES.get(failure.status, "UNKNOWN")
    error: JsonDict = {
        "code": failure.status,
        "message": failure.message or status,
        "status": status,
    }
    if failure.details:
        error["details"] = failure.details
    return {"error": error}


@dataclass
class Received:
    model: str
    method: str
    body: JsonDict
    headers: dict[str, str]
    at: float
    raw: bytes = b""  # the body as it came over the wire
    # The request as the model read it (a cache's contents first) and the tokens from the cache.
    effective_body: JsonDict | None = None
    cached_tokens: int = 0
    finish_reason: str | None = None  # the answer's, once given (None: an error, or none yet)
    media_tokens: int = 0  # what its media parts were billed

    @property
    def stream(self) -> bool:
        return self.method == "streamGenerateContent"

    @property
    def generation_config(self) -> JsonDict:
        config: JsonDict = get(self.body, "generationConfig", {})
        return config

    @property
    def response_schema(self) -> JsonDict | None:
        config = self.generation_config
        schema: JsonDict | None = get(config, "responseJsonSchema") or get(config, "responseSchema")
        return schema

    @property
    def thinking_config(self) -> JsonDict | None:
        thinking: JsonDict | None = get(self.generation_config, "thinkingConfig")
        return thinking

    @property
    def include_thoughts(self) -> bool | None:
        thinking = self.thinking_config
        return None if thinking is None else get(thinking, "includeThoughts")

    @property
    def thinking_level(self) -> str | None:
        thinking = self.thinking_config
        return None if thinking is None else get(thinking, "thinkingLevel")

    @property
    def media_parts(self) -> list[JsonDict]:
        """The request's media parts (inlineData or fileData, with any videoMetadata)."""
        return [
            part
            for content in self.body.get("contents", [])
            for part in content.get("parts", [])
            if get(part, "inlineData") or get(part, "fileData")
        ]

    @property
    def inline_parts(self) -> list[JsonDict]:
        """Each inline part as {"mime_type", "data" (the bytes, decoded)}."""
        inline = [get(p, "inlineData") for p in self.media_parts if get(p, "inlineData")]
        return [
            # google-genai sends the URL-safe alphabet; the API takes either.
            {
                "mime_type": get(i, "mimeType"),
                "data": base64.urlsafe_b64decode(
                    str(get(i, "data", "")).replace("+", "-").replace("/", "_")
                ),
            }
            for i in inline
        ]

    @property
    def file_parts(self) -> list[JsonDict]:
        """Each file part as {"uri", "mime_type", "video": its videoMetadata or None}."""
        return [
            {
                "uri": get(get(p, "fileData"), "fileUri"),
                "mime_type": get(get(p, "fileData"), "mimeType"),
                "video": get(p, "videoMetadata"),
            }
            for p in self.media_parts
            if get(p, "fileData")
        ]

    @property
    def cached_content(self) -> str | None:
        name = get(self.body, "cachedContent")
        return None if name is None else str(name)

    @property
    def prompt_tokens(self) -> int:
        """As billed: a cache's tokens and the media included."""
        return prompt_tokens(self.effective_body or self.body) + self.media_tokens

    @property
    def max_output_tokens(self) -> int | None:
        value = get(self.generation_config, "maxOutputTokens")
        return None if value is None else int(value)


@dataclass
class Refusal:
    """A request refused for quota: when, the retryDelay it was told, and its body."""

    model: str
    at: float
    retry_delay: float
    raw: bytes


@dataclass
class StoredCache:
    """A cachedContents resource: what it holds, its tokens and when it expires (epoch s)."""

    name: str
    model: str
    body: JsonDict  # contents, systemInstruction, tools, toolConfig as created
    tokens: int
    created: float
    expires: float
    display_name: str = ""

    def json(self) -> JsonDict:
        return {
            "name": self.name,
            "model": f"models/{self.model}",
            "createTime": _rfc3339(self.created),
            "updateTime": _rfc3339(self.created),
            "expireTime": _rfc3339(self.expires),
            "displayName": self.display_name,
            "usageMetadata": {"totalTokenCount": self.tokens},
        }


def _rfc3339(epoch: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.gmtime(epoch)) + f".{int(epoch % 1 * 1e6):06d}Z"


def _duration_seconds(value: str) -> float:
    """A protobuf Duration as JSON ("900s", "3.5s")."""
    return float(value.removesuffix("s"))


@dataclass
class StoredFile:
    name: str
    display_name: str | None
    mime_type: str
    size: int
    data: bytearray = field(default_factory=bytearray)
    complete: bool = False
    processing_polls: int = 0
    created: float = field(default_factory=time.time)


class FakeGemini:
    def __init__(
        self,
        *,
        api_key: str | None = None,
        latency: float = 0.0,
        latency_per_10k_tokens: float = 0.0,
        cut_at_max_output: bool = False,
    ) -> None:
        self.api_key = api_key
        self.latency = latency
        self.latency_per_10k_tokens = latency_per_10k_tokens
        self.cut_at_max_output = cut_at_max_output
        self.count_requests: list[JsonDict] = []
        self.scripts: dict[str, deque[Step]] = {}
        # Consulted before the scripts: (model, request body) -> a step, or None to pass.
        self.responders: list[Responder] = []
        self.requests: list[Received] = []
        self.files: dict[str, StoredFile] = {}
        # Served models and the thinking levels each accepts (upper case, as the API spells them).
        self.models: dict[str, tuple[str, ...]] = dict(REAL_MODELS)
        self.upload_requests: list[dict[str, str]] = []
        # How many GETs an uploaded file answers PROCESSING before ACTIVE (video-like behaviour).
        self.file_processing_polls = 0
        self.file_gets: list[str] = []  # names asked for with files.get, in order
        # The largest request body accepted (the API's inline limit), None for no limit.
        self.max_request_bytes: int | None = None
        # The quota (requests per window, window seconds) and each model's accepted requests.
        self.quota: tuple[int, float] | None = None
        self.accepted: dict[str, deque[float]] = {}
        self.refusals: list[Refusal] = []
        # Responders (which may be slow: tests answer with real analyses) run in a thread, so
        # the server goes on receiving requests meanwhile.
        self.respond_in_thread = False
        # Context caches by id ("cachedContents/<id>" without the prefix), and every creation
        # (its body and the answer's status) and deletion asked for.
        self.caches: dict[str, StoredCache] = {}
        self.cache_creations: list[tuple[JsonDict, int]] = []
        self.cache_deletions: list[str] = []
        self.app = Starlette(
            routes=[
                Route("/v1beta/cachedContents", self._create_cache, methods=["POST"]),
                Route("/v1beta/cachedContents/{cache_id}", self._cache, methods=["GET", "DELETE"]),
                Route("/v1beta/models/{target}", self._models, methods=["GET", "POST"]),
                Route("/upload/v1beta/files", self._upload, methods=["POST"]),
                Route("/v1beta/files/{file_id}", self._file, methods=["GET", "DELETE"]),
            ]
        )

    def register(self, model: str, levels: tuple[str, ...] = ("LOW", "MEDIUM", "HIGH")) -> None:
        """Serve `model` too, accepting `levels`."""
        self.models[model] = tuple(level.upper() for level in levels)

    def shut_down(self, model: str) -> None:
        """Stop serving `model` (as Google does on a model's shutdown date)."""
        self.models.pop(model, None)

    def limit_rate(self, requests: int, per_seconds: float = 60.0) -> None:
        """Enforce a quota of `requests` generate requests per model per `per_seconds`."""
        self.quota = (requests, per_seconds)

    def _over_quota(self, received: "Received") -> Response | None:
        if self.quota is None:
            return None
        limit, window = self.quota
        now = time.monotonic()
        accepted = self.accepted.setdefault(received.model, deque())
        while accepted and accepted[0] <= now - window:
            accepted.popleft()
        if len(accepted) < limit:
            accepted.append(now)
            return None
        retry = accepted[0] + window - now
        self.refusals.append(Refusal(received.model, now, retry, received.raw))
        failure = rate_limited(
            round(retry, 9),
            model=received.model,
            quota_id="GenerateRequestsPerMinutePerProjectPerModel",
            quota_value=limit,
        )
        return JSONResponse(error_body(failure), 429)

    def script(self, model: str, *steps: Step) -> None:
        self.scripts.setdefault(model, deque()).extend(steps)

    def requests_for(self, model: str) -> list[Received]:
        return [r for r in self.requests if r.model == model]

    def expire(self, name: str) -> None:
        """Drop an uploaded file ("files/<id>"), as the File API does 48 h after its upload: a
        files.get or a request using it is then refused."""
        self.files.pop(name.removeprefix("files/"), None)

    def expire_cache(self, name: str) -> None:
        """End a cache ("cachedContents/<id>") now, as its TTL would."""
        stored = self.caches.get(name.removeprefix("cachedContents/"))
        if stored is not None:
            stored.expires = time.time()

    def live_caches(self) -> list[StoredCache]:
        return [c for c in self.caches.values() if c.expires > time.time()]

    def _live_cache(self, name: str) -> StoredCache | None:
        stored = self.caches.get(name.removeprefix("cachedContents/"))
        return stored if stored is not None and stored.expires > time.time() else None

    async def _create_cache(self, request: Request) -> Response:
        body: JsonDict = json.loads(await request.body() or b"{}")
        if refused := self._check_key(request):
            self.cache_creations.append((body, 400))
            return refused
        model = str(get(body, "model", "")).removeprefix("models/")
        if model not in self.models:
            self.cache_creations.append((body, 404))
            return _not_found(model)
        tokens = prompt_tokens(body)
        minimum = CACHE_MIN_TOKENS.get(model, 4096)
        if tokens < minimum:
            self.cache_creations.append((body, 400))
            failure = Failure(
                400,
                f"Cached content is too small. total_token_count={tokens}, "
                f"min_total_token_count={minimum}",
            )
            return JSONResponse(error_body(failure), 400)
        now = time.time()
        if get(body, "expireTime"):
            expires = datetime.fromisoformat(str(get(body, "expireTime"))).timestamp()
        else:
            ttl = str(get(body, "ttl", f"{CACHE_DEFAULT_TTL_SECONDS}s"))
            expires = now + _duration_seconds(ttl)
        cache_id = uuid.uuid4().hex
        stored = StoredCache(
            name=f"cachedContents/{cache_id}",
            model=model,
            body={
                k: v
                for k, v in body.items()
                if k
                in ("contents", "systemInstruction", "system_instruction", "tools", "toolConfig")
            },
            tokens=tokens,
            created=now,
            expires=expires,
            display_name=str(get(body, "displayName", "")),
        )
        self.caches[cache_id] = stored
        self.cache_creations.append((body, 200))
        return JSONResponse(stored.json())

    async def _cache(self, request: Request) -> Response:
        if refused := self._check_key(request):
            return refused
        cache_id = request.path_params["cache_id"]
        stored = self._live_cache(cache_id)
        if request.method == "DELETE":
            self.cache_deletions.append(f"cachedContents/{cache_id}")
        if stored is None:
            return _cache_denied()
        if request.method == "DELETE":
            del self.caches[cache_id]
            return JSONResponse({})
        return JSONResponse(stored.json())

    def _with_cache(self, model: str, body: JsonDict) -> tuple[JsonDict, int] | Response:
        """The request as the model reads it (the cache's contents first) and the tokens read
        from the cache; or the API's refusal."""
        name = get(body, "cachedContent")
        if not name:
            return body, 0
        if any(get(body, key) for key in ("systemInstruction", "tools", "toolConfig")):
            failure = Failure(
                400,
                "CachedContent can not be used with GenerateContent request setting "
                "system_instruction, tools or tool_config.\n\nProposed fix: move those values "
                "to CachedContent from GenerateContent request.",
            )
            return JSONResponse(error_body(failure), 400)
        stored = self._live_cache(str(name))
        if stored is None:
            return _cache_denied()
        if stored.model != model:
            failure = Failure(
                400,
                f"Model used by GenerateContent request (models/{model}) and CachedContent "
                f"(models/{stored.model}) has to be the same.",
            )
            return JSONResponse(error_body(failure), 400)
        effective = {k: v for k, v in body.items() if k != "contents"}
        effective.update(stored.body)
        effective["contents"] = [*stored.body.get("contents", []), *body.get("contents", [])]
        return effective, stored.tokens

    def _missing_file(self, received: Received) -> Response | None:
        """The real API's 403 for a request referencing a File API file it no longer has."""
        for part in received.file_parts:
            uri = str(part["uri"] or "")
            if "/files/" not in uri:
                continue  # gs:// and other URIs are not the File API's
            file_id = uri.rsplit("/", 1)[-1]
            stored = self.files.get(file_id)
            if stored is None or not stored.complete:
                return _file_denied(f"files/{file_id}")
        return None

    # --- generateContent / streamGenerateContent -----------------------------------------------

    async def _models(self, request: Request) -> Response:
        model, _, method = request.path_params["target"].partition(":")
        if request.method == "GET":
            return self._get_model(request, model)
        if method == "countTokens":
            return await self._count_tokens(request, model)
        if method not in ("generateContent", "streamGenerateContent"):
            return JSONResponse(error_body(Failure(404, f"unknown method {method}")), 404)
        raw = await request.body()
        body: JsonDict = json.loads(raw)
        received = Received(
            model, method, body, dict(request.headers.items()), time.monotonic(), raw
        )
        received.media_tokens = self.media_tokens(received)
        self.requests.append(received)
        if refused := (
            self._check_key(request)
            or self._check_model(model, received)
            or self._over_quota(received)
        ):
            return refused
        if self.max_request_bytes is not None and len(raw) > self.max_request_bytes:
            failure = Failure(
                400, f"Request payload size exceeds the limit: {self.max_request_bytes} bytes."
            )
            return JSONResponse(error_body(failure), 400)
        if refused := self._missing_file(received) or _function_turns_refused(body):
            return refused
        read = self._with_cache(model, body)
        if isinstance(read, Response):
            return read
        body, cached = read
        received.effective_body, received.cached_tokens = body, cached
        step = (
            await asyncio.to_thread(self._next_step, model, body)
            if self.respond_in_thread
            else self._next_step(model, body)
        )
        if isinstance(step, Reply) and self.cut_at_max_output:
            step = _cut_at(step, received.max_output_tokens)
        if isinstance(step, Reply):
            step = Reply(**{**step.__dict__, "parts": _signed(step.parts)})
        if isinstance(step, Reply):
            received.finish_reason = step.finish_reason
        latency = self.latency + self.latency_per_10k_tokens * prompt_tokens(body) / 10_000
        await asyncio.sleep(latency + (step.delay if not isinstance(step, Stall) else 0))
        if isinstance(step, Stall):
            await _hold(request, step.seconds)
            return JSONResponse(error_body(Failure(504, "Deadline expired")), 504)
        if isinstance(step, Failure):
            return JSONResponse(error_body(step), step.status)
        media = received.media_tokens
        if method == "generateContent":
            return JSONResponse(
                _response(model, step, step.parts, body, final=True, cached=cached, media=media)
            )
        return StreamingResponse(
            _sse(model, step, body, cached, media), media_type="text/event-stream; charset=utf-8"
        )

    def media_tokens(self, received: Received) -> int:
        """What the request's media parts are billed: by the media themselves (a recording's
        length read from its bytes, inline or uploaded), as the real API bills them."""
        total = 0
        for part in received.media_parts:
            inline = get(part, "inlineData")
            if inline:
                mime = str(get(inline, "mimeType", ""))
                data = base64.urlsafe_b64decode(
                    str(get(inline, "data", "")).replace("+", "-").replace("/", "_")
                )
            else:
                file_data = get(part, "fileData")
                stored = self.files.get(str(get(file_data, "fileUri", "")).rsplit("/", 1)[-1])
                mime = str(get(file_data, "mimeType", ""))
                data = bytes(stored.data) if stored is not None else b""
            total += billed_media_tokens(mime, data, get(part, "videoMetadata"))
        return total

    async def _count_tokens(self, request: Request, model: str) -> Response:
        body: JsonDict = json.loads(await request.body() or b"{}")
        self.count_requests.append(body)
        if refused := self._check_key(request):
            return refused
        if model not in self.models:
            return _not_found(model)
        return JSONResponse({"totalTokens": prompt_tokens(body)})

    def _get_model(self, request: Request, model: str) -> Response:
        if refused := self._check_key(request):
            return refused
        if model not in self.models:
            return _not_found(model)
        return JSONResponse(
            {
                "name": f"models/{model}",
                "baseModelId": model,
                "version": "3",
                "displayName": model,
                "inputTokenLimit": 1048576,
                "outputTokenLimit": 65536,
                "supportedGenerationMethods": [
                    "generateContent",
                    "countTokens",
                    "createCachedContent",
                    "batchGenerateContent",
                ],
                "temperature": 1,
                "topP": 0.95,
                "topK": 64,
                "maxTemperature": 2,
                "thinking": True,
            }
        )

    def _check_model(self, model: str, received: "Received") -> Response | None:
        """The real API's refusals of a model it does not serve and of a thinking level the
        model does not accept."""
        if model not in self.models:
            return _not_found(model)
        level = received.thinking_level
        if level is not None and str(level).upper() not in self.models[model]:
            failure = Failure(
                400, f"Thinking level {str(level).upper()} is not supported for this model."
            )
            return JSONResponse(error_body(failure), 400)
        return None

    def _check_key(self, request: Request) -> Response | None:
        if self.api_key is None or request.headers.get("x-goog-api-key") == self.api_key:
            return None
        failure = Failure(400, "API key not valid. Please pass a valid API key.")
        return JSONResponse(error_body(failure), 400)

    def _next_step(self, model: str, body: JsonDict) -> Step:
        for responder in self.responders:
            if (step := responder(model, body)) is not None:
                return step
        queue = self.scripts.get(model)
        if queue:
            return queue.popleft()
        return default_reply(body)

    # --- File API --------------------------------------------------------------------------------

    async def _upload(self, request: Request) -> Response:
        command = request.headers.get("x-goog-upload-command", "")
        self.upload_requests.append({"command": command, **request.query_params})
        if command == "start":
            # Only the start carries the key: the upload URL it hands out is the credential.
            return self._check_key(request) or await self._start_upload(request)
        stored = self.files.get(request.query_params.get("upload_id", ""))
        if stored is None or stored.complete:
            return JSONResponse(error_body(Failure(404, "no such upload")), 404)
        offset = int(request.headers.get("x-goog-upload-offset", "0"))
        if offset != len(stored.data):
            return JSONResponse(error_body(Failure(400, "bad upload offset")), 400)
        stored.data.extend(await request.body())
        if "finalize" not in command:
            return JSONResponse({}, headers={"x-goog-upload-status": "active"})
        if len(stored.data) != stored.size:
            return JSONResponse(error_body(Failure(400, "size mismatch")), 400)
        stored.complete = True
        stored.processing_polls = self.file_processing_polls
        return JSONResponse(
            {"file": self._file_json(stored, request)}, headers={"x-goog-upload-status": "final"}
        )

    async def _start_upload(self, request: Request) -> Response:
        body: JsonDict = await request.json() if await request.body() else {}
        meta: JsonDict = body.get("file", {})
        upload_id = uuid.uuid4().hex[:16]
        self.files[upload_id] = StoredFile(
            name=f"files/{upload_id}",
            display_name=get(meta, "displayName"),
            mime_type=request.headers.get("x-goog-upload-header-content-type")
            or get(meta, "mimeType", "application/octet-stream"),
            size=int(request.headers.get("x-goog-upload-header-content-length", "0")),
        )
        url = f"{str(request.base_url).rstrip('/')}/upload/v1beta/files?upload_id={upload_id}"
        return JSONResponse(
            {}, headers={"x-goog-upload-url": url, "x-goog-upload-status": "active"}
        )

    async def _file(self, request: Request) -> Response:
        if refused := self._check_key(request):
            return refused
        if request.method == "GET":
            self.file_gets.append(f"files/{request.path_params['file_id']}")
        stored = self.files.get(request.path_params["file_id"])
        if stored is None or not stored.complete:
            return _file_denied(f"files/{request.path_params['file_id']}")
        if request.method == "DELETE":
            del self.files[request.path_params["file_id"]]
            return JSONResponse({})
        file_json = self._file_json(stored, request)
        if stored.processing_polls > 0:
            stored.processing_polls -= 1
        return JSONResponse(file_json)

    @staticmethod
    def _file_json(stored: StoredFile, request: Request) -> JsonDict:
        base = str(request.base_url).rstrip("/")
        created = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(stored.created))
        expires = time.strftime(
            "%Y-%m-%dT%H:%M:%SZ", time.gmtime(stored.created + FILE_LIFETIME_SECONDS)
        )
        file_json: JsonDict = {
            "name": stored.name,
            "mimeType": stored.mime_type,
            "sizeBytes": str(stored.size),
            "createTime": created,
            "updateTime": created,
            "expirationTime": expires,
            "uri": f"{base}/v1beta/{stored.name}",
            "state": "PROCESSING" if stored.processing_polls > 0 else "ACTIVE",
            "source": "UPLOADED",
        }
        if stored.display_name:
            file_json["displayName"] = stored.display_name
        return file_json


def _function_turns_refused(body: JsonDict) -> Response | None:
    """The real API's 400s for a function calling history it cannot take (see the module)."""
    contents: list[JsonDict] = body.get("contents", [])
    # The current turn: everything after the last user content that is not a function response.
    start = 0
    for index, content in enumerate(contents):
        parts = content.get("parts", [])
        if content.get("role", "user") == "user" and not any(
            get(p, "functionResponse") for p in parts
        ):
            start = index + 1
    for index, content in enumerate(contents):
        parts = content.get("parts", [])
        responses = [p for p in parts if get(p, "functionResponse")]
        if responses:
            previous = contents[index - 1] if index > 0 else {}
            calls = [p for p in previous.get("parts", []) if get(p, "functionCall")]
            if previous.get("role") != "model" or not calls:
                return _invalid(
                    "Please ensure that function response turn comes immediately after a "
                    "function call turn."
                )
            if len(calls) != len(responses):
                return _invalid(
                    "Please ensure that the number of function response parts is equal to the "
                    "number of function call parts of the function call turn."
                )
        if index < start or content.get("role") != "model":
            continue
        calls = [(i, p) for i, p in enumerate(parts) if get(p, "functionCall")]
        if calls and not get(calls[0][1], "thoughtSignature"):
            position, part = calls[0]
            name = get(get(part, "functionCall"), "name")
            return _invalid(
                "Function call is missing a thought_signature in functionCall parts. This is "
                "required for tools to work correctly, and missing thought_signature may lead "
                f"to degraded model performance. Additional data, function call `default_api:"
                f"{name}` , position {position + 1}. Please refer to "
                "https://ai.google.dev/gemini-api/docs/thought-signatures for more details."
            )
    return None


def _invalid(message: str) -> Response:
    return JSONResponse(error_body(Failure(400, message)), 400)


def _signed(parts: list[JsonDict]) -> list[JsonDict]:
    """The parts with a thought signature on the first function call, as Gemini 3 signs it."""
    signed: list[JsonDict] = []
    first = True
    for part in parts:
        if get(part, "functionCall") and first:
            first = False
            if not get(part, "thoughtSignature"):
                token = base64.b64encode(uuid.uuid4().bytes).decode()
                signed.append({**part, "thoughtSignature": token})
                continue
        signed.append(part)
    return signed


def _file_denied(name: str) -> Response:
    """What the File API answers for a file it does not have (expired, deleted or never)."""
    failure = Failure(
        403, f"You do not have permission to access the File {name} or it may not exist."
    )
    return JSONResponse(error_body(failure), 403)


def _cache_denied() -> Response:
    """What the API answers for a cache it does not have (expired, deleted or never)."""
    failure = Failure(403, "CachedContent not found (or permission denied)")
    return JSONResponse(error_body(failure), 403)


def _not_found(model: str) -> Response:
    failure = Failure(
        404,
        f"models/{model} is not found for API version v1beta, or is not supported for "
        "generateContent. Call ListModels to see the list of available models and their "
        "supported methods.",
    )
    return JSONResponse(error_body(failure), 404)


async def _hold(request: Request, seconds: float) -> None:
    """Wait, but stop as soon as the client hangs up, so server shutdown is never held up."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if await request.is_disconnected():
            return
        await asyncio.sleep(0.05)


def _tokens(value: str) -> int:
    return max(1, len(value) // 4) if value else 0


def prompt_tokens(body: JsonDict) -> int:
    """A request's input tokens: the text of its contents and system instruction, and its
    function calls and responses."""
    instruction = get(body, "systemInstruction") or {}
    parts = [
        *instruction.get("parts", []),
        *(p for content in body.get("contents", []) for p in content.get("parts", [])),
    ]
    # Function calls and responses are read by the model as well: counted as their JSON.
    calls = [
        json.dumps(get(p, "functionCall") or get(p, "functionResponse"))
        for p in parts
        if get(p, "functionCall") or get(p, "functionResponse")
    ]
    return _tokens("".join(str(p.get("text", "")) for p in parts) + "".join(calls))


def _cut_at(reply: Reply, limit: int | None) -> Reply:
    """The reply as the real API gives it when its answer passes maxOutputTokens: cut there,
    finishing MAX_TOKENS."""
    answer = "".join(p.get("text", "") for p in reply.parts if not p.get("thought"))
    if limit is None or _tokens(answer) <= limit:
        return reply
    kept = [p for p in reply.parts if p.get("thought")] + [text(answer[: limit * 4])]
    return Reply(parts=kept, finish_reason="MAX_TOKENS", delay=reply.delay, pieces=reply.pieces)


def _seconds(value: object) -> float | None:
    match = re.fullmatch(r"(\d+(?:\.\d+)?)s", str(value or ""))
    return float(match.group(1)) if match else None


def _duration(mime: str, data: bytes) -> float:
    """A recording's length in seconds, from its bytes (0 when it cannot be read)."""
    if mime.startswith("video/"):
        from holmes_backend.extraction.isobmff import read_movie_header  # noqa: PLC0415

        try:
            return float(read_movie_header(io.BytesIO(data)).duration or 0.0)
        except Exception:
            return 0.0
    try:
        audio = mutagen.File(io.BytesIO(data))
    except Exception:
        return 0.0
    return float(audio.info.length) if audio is not None else 0.0


def billed_media_tokens(mime: str, data: bytes, video: JsonDict | None = None) -> int:
    """What one media part is billed: an image or PDF page a fixed count, a recording (or its
    videoMetadata segment) by its seconds; other types nothing."""
    if mime.startswith("image/"):
        return IMAGE_TOKENS
    if mime == "application/pdf":
        return PDF_PAGE_TOKENS * max(1, data.count(b"/Type /Page") - data.count(b"/Type /Pages"))
    if not mime.startswith(("audio/", "video/")):
        return 0
    start = _seconds(get(video, "startOffset")) if video else None
    end = _seconds(get(video, "endOffset")) if video else None
    seconds = (end if end is not None else _duration(mime, data)) - (start or 0.0)
    rate = VIDEO_TOKENS_PER_SECOND if mime.startswith("video/") else AUDIO_TOKENS_PER_SECOND
    return int(max(0.0, seconds) * rate)


def _usage(
    request_body: JsonDict, parts: list[JsonDict], cached: int = 0, media: int = 0
) -> JsonDict:
    prompt = prompt_tokens(request_body) + media
    answer = _tokens("".join(p.get("text", "") for p in parts if not p.get("thought")))
    thinking = _tokens("".join(p.get("text", "") for p in parts if p.get("thought")))
    usage = {
        "promptTokenCount": prompt,
        "candidatesTokenCount": answer,
        "totalTokenCount": prompt + answer + thinking,
    }
    if thinking:
        usage["thoughtsTokenCount"] = thinking
    if cached:
        usage["cachedContentTokenCount"] = cached
    return usage


def _response(
    model: str,
    reply: Reply,
    parts: list[JsonDict],
    request_body: JsonDict,
    *,
    final: bool,
    cached: int = 0,
    media: int = 0,
) -> JsonDict:
    candidate: JsonDict = {"content": {"role": "model", "parts": parts}, "index": 0}
    response: JsonDict = {"candidates": [candidate], "modelVersion": model}
    if final:
        candidate["finishReason"] = reply.finish_reason
        response["usageMetadata"] = reply.usage or _usage(request_body, reply.parts, cached, media)
    return response


def _chunks(reply: Reply) -> list[list[JsonDict]]:
    chunks: list[list[JsonDict]] = []
    for part in reply.parts:
        value = part.get("text")
        if part.get("thought") or not isinstance(value, str) or reply.pieces <= 1:
            chunks.append([part])
            continue
        size = max(1, -(-len(value) // reply.pieces))
        chunks.extend([{**part, "text": value[i : i + size]}] for i in range(0, len(value), size))
    return chunks or [[]]


async def _sse(
    model: str, reply: Reply, request_body: JsonDict, cached: int = 0, media: int = 0
) -> Any:
    chunks = _chunks(reply)
    for index, parts in enumerate(chunks):
        final = index == len(chunks) - 1
        payload = _response(
            model, reply, parts, request_body, final=final, cached=cached, media=media
        )
        yield f"data: {json.dumps(payload)}\r\n\r\n".encode()
        if not final:
            # A real stream arrives over time; a gap lets clients observe partials.
            await asyncio.sleep(reply.gap)


def default_reply(request_body: JsonDict) -> Reply:
    """A valid JSON object for the request's schema, else an echo of the last user text."""
    config: JsonDict = get(request_body, "generationConfig", {})
    schema = get(config, "responseJsonSchema") or get(config, "responseSchema")
    thoughts = ["(fake) Reading the request."] if _include_thoughts(config) else []
    if schema:
        return json_reply(example_for(schema, schema), thoughts=thoughts)
    answer = answer_tool(request_body)
    if answer is not None:
        parameters = get(answer, "parametersJsonSchema") or get(answer, "parameters") or {}
        args = example_for(parameters, parameters)
        return Reply(parts=[*(thought(t) for t in thoughts), function_call(ANSWER_TOOL, args)])
    texts = [
        p.get("text", "")
        for content in request_body.get("contents", [])
        if content.get("role", "user") == "user"
        for p in content.get("parts", [])
        if "text" in p
    ]
    return Reply(
        parts=[*(thought(t) for t in thoughts), text(f"echo: {texts[-1] if texts else ''}")]
    )


def _include_thoughts(config: JsonDict) -> bool:
    return bool(get(get(config, "thinkingConfig", {}), "includeThoughts"))


def example_for(schema: JsonDict, root: JsonDict, depth: int = 0) -> Any:
    """A small value a schema accepts (OpenAPI-style responseSchema or JSON Schema): required
    fields only, one item per array, the first enum value; recursion stops at depth 6."""
    if "$ref" in schema:
        name = str(schema["$ref"]).rsplit("/", 1)[-1]
        definitions: JsonDict = root.get("$defs") or root.get("defs") or {}
        return example_for(definitions[name], root, depth)
    for key in ("anyOf", "any_of", "oneOf"):
        if key in schema:
            options = [o for o in schema[key] if str(o.get("type", "")).lower() != "null"]
            return example_for(options[0] if options else schema[key][0], root, depth)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type", "object")
    kind = str(kind[0] if isinstance(kind, list) else kind).lower()
    if kind == "object":
        properties: JsonDict = schema.get("properties", {})
        required = schema.get("required", list(properties))
        return {name: example_for(properties[name], root, depth + 1) for name in required}
    if kind == "array":
        items = schema.get("items")
        return [example_for(items, root, depth + 1)] if items and depth < 6 else []
    if kind in ("number", "integer"):
        return schema.get("minimum", 0)
    if kind == "boolean":
        return False
    return "example"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8089)
    parser.add_argument("--latency", type=float, default=0.0, help="seconds added to each answer")
    args = parser.parse_args()
    uvicorn.run(FakeGemini(latency=args.latency).app, host=args.host, port=args.port)


if __name__ == "__main__":
    main()
