"""Context caching: evidence several requests of a job share, sent once and read from a cache.

The pipeline lays a request out shared part first and declares the parts several requests start
with (`JobCaches.share`, with how many requests will read them). On Gemini the first request
that starts with a declared prefix creates an explicit cache of it (`caches.create`, with a TTL,
on that request's model) where it pays, every request that starts with it then refers to the
cache (`cached_content`) and sends only what follows, and the job deletes its caches when it
ends (`JobCaches.close`).

Why not ADK's ContextCacheConfig: it caches one session's earlier turns, with the agent's
system instruction inside the cache, from a session's second turn on. Every Holmes agent is a
one-turn session of its own with its own instruction, so it would never cache, and a cache that
holds an instruction serves that one role. A cache shared across roles holds the evidence alone:
the Gemini API refuses a request that sets system_instruction, tools or tool_config beside
cached_content, so a request that reads a shared cache carries its role's instruction as text
after the cached part (under INSTRUCTION_HEADING, where Google advises a long context's question
to go anyway). A request with tools (the numeric reviewer's code execution) is never rewritten.

Where it pays: a cache's tokens are billed once at the input price when it is created, read at
the cached price by each request, and stored for its TTL; `pays` weighs that against sending the
prefix to every reader. A prefix under the model's minimum (the API refuses a smaller cache) or
read once is left to Gemini's implicit caching, which the shared-part-first layout also serves.

A cache gone before the job ends (expired, deleted) makes the request that referred to it fail
with 403; that request is sent again with its content (`Applied.undo`), and the next reader
creates the cache again.

Vertex AI: the same calls through google-genai (its cachedContents resource); only the Gemini
API is exercised by the tests (the fake Gemini server speaks the Gemini API).
"""

import asyncio
import contextlib
import contextvars
import hashlib
import logging
import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from google import genai
from google.adk.models.llm_request import LlmRequest
from google.genai import errors as genai_errors
from google.genai import types

from holmes_backend.config import ModelPrice, Settings

logger = logging.getLogger(__name__)

# The smallest cache each model family accepts (ai.google.dev/gemini-api/docs/caching:
# Gemini 3 Pro 4,096 tokens, Gemini 3 Flash 1,024); the API refuses a smaller one with 400.
MIN_CACHE_TOKENS_PRO = 4096
MIN_CACHE_TOKENS_FLASH = 1024
# What a request that reads a shared cache says before its role's instruction.
INSTRUCTION_HEADING = "--- YOUR INSTRUCTIONS (the evidence above is shared; this is your task) ---"
_CHARS_PER_TOKEN = 4.0


# Gemini 3 Pro's prices per 1M tokens, for a model without one in the price table.
_RATIOS = ModelPrice(input=2.0, output=12.0, cached=0.2, cache_storage_per_hour=4.5)


def min_cache_tokens(model: str) -> int:
    return MIN_CACHE_TOKENS_FLASH if "flash" in model.lower() else MIN_CACHE_TOKENS_PRO


def estimate_tokens(texts: Sequence[str]) -> int:
    return math.ceil(sum(len(t) for t in texts) / _CHARS_PER_TOKEN)


def pays(
    model: str,
    tokens: int,
    readers: int,
    settings: Settings,
    sent: int | None = None,
    ttl_seconds: int | None = None,
) -> bool:
    """Whether an explicit cache of `tokens` read by `readers` requests costs less than what
    they would send without it, `sent` tokens (by default the cached part to each reader): the
    cache is created at the input price, read at the cached price by every reader and stored
    for its TTL (`ttl_seconds`, the setting's by default). A model without a price (none
    known) is taken at Gemini 3 Pro's."""
    if readers < 2 or tokens < min_cache_tokens(model):
        return False
    price = settings.llm_prices.get(model) or _RATIOS
    hours = (ttl_seconds or settings.gemini_cache_ttl_seconds) / 3600
    per_token = price.input + readers * price.cached + hours * price.cache_storage_per_hour
    return tokens * per_token < (readers * tokens if sent is None else sent) * price.input


@dataclass(frozen=True)
class Creation:
    """A cache this job created: its tokens (billed at the input price) and TTL (storage)."""

    model: str
    tokens: int
    ttl_seconds: int


@dataclass
class _Cache:
    name: str
    client: genai.Client
    tokens: int


@dataclass
class _Prefix:
    """Parts declared shared: their texts' digest and how many requests will read them."""

    count: int
    digest: str
    readers: int
    tokens: int
    ttl_seconds: int
    # model -> the creation of its cache (None: not created, the prefix goes uncached)
    caches: dict[str, "asyncio.Task[_Cache | None]"] = field(default_factory=dict)


@dataclass
class Applied:
    """A request rewritten to read a cache; `undo` restores it (the cache was gone)."""

    request: LlmRequest
    name: str
    prefix: _Prefix
    model: str
    contents: list[types.Content]
    system_instruction: types.ContentUnion | None

    def undo(self) -> None:
        self.request.contents = self.contents
        assert self.request.config is not None
        self.request.config.system_instruction = self.system_instruction
        self.request.config.cached_content = None


def _digest(texts: Sequence[str]) -> str:
    sha = hashlib.sha256()
    for text in texts:
        sha.update(len(text).to_bytes(8, "little"))
        sha.update(text.encode())
    return sha.hexdigest()


class JobCaches:
    """One job's shared prefixes and the caches made of them."""

    def __init__(self, settings: Settings, label: str) -> None:
        self.settings = settings
        self.label = label  # the caches' display name (the job)
        self._prefixes: list[_Prefix] = []
        self._made: list[_Cache] = []
        self.created: list[Creation] = []

    @property
    def enabled(self) -> bool:
        return (
            self.settings.resolved_llm_provider == "gemini" and self.settings.gemini_context_cache
        )

    def share(
        self, parts: Sequence[str | types.Part], readers: int, ttl_seconds: int | None = None
    ) -> None:
        """`readers` requests of the job will start with `parts` (texts; a prefix that holds
        media is not cached), cached for `ttl_seconds` (the setting's by default). Declared
        before the requests go out."""
        texts = [p for p in parts if isinstance(p, str)]
        if not self.enabled or readers < 2 or not texts or len(texts) != len(parts):
            return
        digest = _digest(texts)
        for prefix in self._prefixes:
            if prefix.count == len(texts) and prefix.digest == digest:
                prefix.readers += readers
                return
        ttl = ttl_seconds or self.settings.gemini_cache_ttl_seconds
        self._prefixes.append(_Prefix(len(texts), digest, readers, estimate_tokens(texts), ttl))

    def _matching(self, parts: list[types.Part]) -> _Prefix | None:
        """The longest declared prefix the request's parts start with."""
        for prefix in sorted(self._prefixes, key=lambda p: -p.count):
            head = parts[: prefix.count]
            if len(head) < prefix.count or any(p.text is None for p in head):
                continue
            if _digest([p.text or "" for p in head]) == prefix.digest:
                return prefix
        return None

    async def apply(self, request: LlmRequest, client: genai.Client) -> Applied | None:
        """The request rewritten to read its prefix's cache (created by the first reader), or
        None when it starts with no shared prefix or the prefix is not worth a cache."""
        config = request.config
        if not self.enabled or config is None or config.tools or config.cached_content:
            return None
        if not request.contents or request.contents[0].role not in (None, "user"):
            return None
        first = request.contents[0]
        prefix = self._matching(list(first.parts or []))
        model = request.model
        if prefix is None or model is None:
            return None
        if not pays(
            model, prefix.tokens, prefix.readers, self.settings, ttl_seconds=prefix.ttl_seconds
        ):
            return None
        task = prefix.caches.get(model)
        if task is None:
            texts = [p.text or "" for p in (first.parts or [])[: prefix.count]]
            task = prefix.caches[model] = asyncio.ensure_future(
                self._create(client, model, texts, prefix.ttl_seconds)
            )
        cache = await asyncio.shield(task)
        if cache is None:
            return None
        applied = Applied(
            request, cache.name, prefix, model, list(request.contents), config.system_instruction
        )
        rest = list((first.parts or [])[prefix.count :])
        if config.system_instruction is not None:
            rest.insert(
                0, types.Part(text=f"{INSTRUCTION_HEADING}\n{_text(config.system_instruction)}")
            )
        if not rest:
            rest = [types.Part(text=INSTRUCTION_HEADING)]  # the API refuses empty contents
        request.contents = [types.Content(role="user", parts=rest), *request.contents[1:]]
        config.system_instruction = None
        config.cached_content = cache.name
        return applied

    async def _create(
        self, client: genai.Client, model: str, texts: list[str], ttl: int
    ) -> _Cache | None:
        try:
            made = await client.aio.caches.create(
                model=model,
                config=types.CreateCachedContentConfig(
                    contents=[
                        types.Content(role="user", parts=[types.Part(text=t) for t in texts])
                    ],
                    ttl=f"{ttl}s",
                    display_name=self.label[:128],
                ),
            )
        except genai_errors.APIError as exc:
            # Too small for the model, or refused: the requests go with their content.
            logger.warning("context cache not created on %s: %s", model, exc)
            return None
        if not made.name:
            return None
        usage = made.usage_metadata
        tokens = (usage.total_token_count if usage else None) or estimate_tokens(texts)
        cache = _Cache(made.name, client, tokens)
        self._made.append(cache)
        self.created.append(Creation(model, tokens, ttl))
        _report(Creation(model, tokens, ttl))
        return cache

    def gone(self, applied: Applied) -> None:
        """The applied cache no longer exists: the next reader creates it again."""
        task = applied.prefix.caches.get(applied.model)
        if task is not None and task.done() and not task.cancelled():
            made = task.result()
            if made is not None and made.name == applied.name:
                applied.prefix.caches.pop(applied.model, None)

    async def release(self, parts: Sequence[str | types.Part]) -> None:
        """The caches of a prefix no request will read any more, deleted now rather than at the
        job's end (their storage is billed while they exist)."""
        texts = [p for p in parts if isinstance(p, str)]
        digest = _digest(texts)
        for prefix in self._prefixes:
            if prefix.count == len(texts) and prefix.digest == digest:
                tasks, prefix.caches = list(prefix.caches.values()), {}
                for made in await asyncio.gather(*tasks, return_exceptions=True):
                    if isinstance(made, _Cache) and made in self._made:
                        self._made.remove(made)
                        await _delete(made)

    async def close(self) -> None:
        """Deletes every cache the job made (one already expired is gone: nothing to do)."""
        for prefix in self._prefixes:
            for task in prefix.caches.values():
                if not task.done():
                    task.cancel()
        made, self._made = self._made, []
        for cache in made:
            await _delete(cache)


async def _delete(cache: _Cache) -> None:
    try:
        await cache.client.aio.caches.delete(name=cache.name)
    except genai_errors.APIError as exc:
        if exc.code not in (403, 404):
            logger.warning("context cache %s not deleted: %s", cache.name, exc)


def _text(instruction: types.ContentUnion) -> str:
    """A system instruction's text (ADK gives it as a string)."""
    if isinstance(instruction, str):
        return instruction
    if isinstance(instruction, types.Content):
        return "\n".join(p.text or "" for p in instruction.parts or [])
    if isinstance(instruction, types.Part):
        return instruction.text or ""
    if isinstance(instruction, list):
        return "\n".join(_text(i) for i in instruction if isinstance(i, str | types.Part))
    return ""


def missing_cache(exc: BaseException) -> bool:
    """Whether a call failed because the cache it referred to is gone (the API's 403)."""
    return (
        isinstance(exc, genai_errors.ClientError)
        and exc.code in (403, 404)
        and "cachedcontent" in str(exc).lower().replace(" ", "")
    )


_JOB: contextvars.ContextVar[JobCaches | None] = contextvars.ContextVar(
    "holmes_job_caches", default=None
)
# The creations made by the current agent attempt's calls (charged to its record).
_CREATED: contextvars.ContextVar[list[Creation] | None] = contextvars.ContextVar(
    "holmes_cache_creations", default=None
)


@contextlib.contextmanager
def job(caches: JobCaches) -> Iterator[JobCaches]:
    """Model calls made inside (and in the tasks started inside) use the job's caches."""
    token = _JOB.set(caches)
    try:
        yield caches
    finally:
        _JOB.reset(token)


def current() -> JobCaches | None:
    return _JOB.get()


@contextlib.contextmanager
def creations() -> Iterator[list[Creation]]:
    """The caches created by the calls made inside (an agent's attempt): its record pays."""
    made: list[Creation] = []
    token = _CREATED.set(made)
    try:
        yield made
    finally:
        _CREATED.reset(token)


def _report(creation: Creation) -> None:
    made = _CREATED.get()
    if made is not None:
        made.append(creation)


__all__ = [
    "INSTRUCTION_HEADING",
    "Applied",
    "Creation",
    "JobCaches",
    "creations",
    "current",
    "job",
    "min_cache_tokens",
    "missing_cache",
    "pays",
]
