"""Limits on model calls and what a refusal for quota costs (PRD §8.1, §8.3).

Every model call goes through one ModelLimiter per model (per process: one per event loop, and a
process has one): calls at once (a semaphore), requests per minute and input tokens per minute
(aiolimiter's leaky buckets; tokens are estimated from the request's size). A quota refusal
(429 RESOURCE_EXHAUSTED) pauses the model's limiter for every caller until the time Gemini says
in `google.rpc.RetryInfo.retryDelay`, or, without one, PRD §8.1's backoff (30, 60, 120 s from
HOLMES_GEMINI_QUOTA_BACKOFF_SECONDS), and is tried again; a refusal naming a requests-per-minute
quota (QuotaFailure's quotaValue) has the limiter pace the model's requests at 90% of it from
then on. Each wait is announced to whoever listens (the runner puts PROCESSING_DELAYED on the
case log, with the time it resumes). Past HOLMES_GEMINI_QUOTA_RETRIES, or at once for a per-day
quota, the call ends in QuotaExceededError. Neither that nor a timeout is a reason to use
another model: Flash would hide the problem (PRD §8.1's fallback is for a model that is
unavailable).

Calls are streamed and bounded by an idle timeout (nothing received for N seconds) rather than
by a deadline on the whole answer, so a long answer that keeps coming is never cut off.

Requests are spaced evenly, 60/rpm seconds apart (a bucket holding one request): a bucket holding
a minute's worth would let a whole minute's requests through at once and the next minute's as it
drains, twice the quota in the eyes of a server counting over a sliding minute. Tokens are let
through in a bucket holding a minute's worth, since one request may carry a large share of it.
Network jitter can still bunch requests up on arrival: configure a little under the quota, and
the 429 handling does the rest.
"""

import asyncio
import contextvars
import email.utils
import math
import re
import weakref
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Iterator
from contextlib import aclosing, asynccontextmanager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, Literal, TypeVar

from aiolimiter import AsyncLimiter
from google.genai import errors

from holmes_backend.config import ModelLimitSettings, Settings

T = TypeVar("T")

# Rough tokens per character of text for the tokens-per-minute limiter: Gemini counts about four
# characters a token in English (media parts are counted by llm.media_tokens).
CHARS_PER_TOKEN = 4

# The share of a refused requests-per-minute quota the limiter paces to from then on.
LEARNED_PACE = 0.9

_RETRY_INFO = "type.googleapis.com/google.rpc.RetryInfo"
_QUOTA_FAILURE = "type.googleapis.com/google.rpc.QuotaFailure"
# A protobuf Duration in JSON: decimal seconds with up to nine fractional digits ("45.837906927s").
_DURATION = re.compile(r"^\s*(\d+(?:\.\d+)?)s\s*$")


class QuotaExceededError(RuntimeError):
    """The model's quota stayed exhausted through every retry (or is a per-day quota)."""

    # ADK names a model's exception in an error event by its `status`.
    status = "QUOTA_EXCEEDED"


class ModelTimeoutError(TimeoutError):
    """The model sent nothing for the idle timeout, or its call outlasted the longest allowed."""

    status = "AGENT_TIMEOUT"


@dataclass(frozen=True)
class ModelLimits:
    requests_per_minute: int | None
    tokens_per_minute: int | None
    concurrency: int
    # "A minute": 60 s, shorter in tests.
    minute_seconds: float = 60.0


def limits_for(model: str, settings: Settings) -> ModelLimits:
    """The model's limits: its own in HOLMES_LLM_MODEL_LIMITS, else the general ones."""
    own = settings.llm_model_limits.get(model.removeprefix("models/"), ModelLimitSettings())
    concurrency = (
        settings.llm_concurrency
        if settings.resolved_llm_provider == "openai_compat"
        else settings.gemini_concurrency
    )
    return ModelLimits(
        requests_per_minute=own.requests_per_minute or settings.llm_requests_per_minute,
        tokens_per_minute=own.tokens_per_minute or settings.llm_tokens_per_minute,
        concurrency=own.concurrency or concurrency,
        minute_seconds=settings.llm_minute_seconds,
    )


@dataclass(frozen=True)
class Delay:
    """A model call waiting for quota: its own refusal, or another call's to the same model."""

    model: str
    seconds: float
    resume_at: datetime
    reason: Literal["quota_refused", "model_paused"]
    # Where the wait comes from: Gemini's RetryInfo, or PRD §8.1's backoff (None: the pause
    # another call's refusal set).
    source: Literal["retry_info", "backoff"] | None
    retry: int  # 1 for the first retry of this call
    quota_id: str | None = None

    def payload(self) -> dict[str, Any]:
        return {
            "model": self.model,
            "reason": self.reason,
            "delay_seconds": round(self.seconds, 3),
            "resume_at": self.resume_at.isoformat(),
            "source": self.source,
            "retry": self.retry,
            "quota_id": self.quota_id,
        }


DelayListener = Callable[[Delay], Awaitable[None]]


@dataclass(frozen=True)
class CallScope:
    """What the caller of a model tells its calls: the role (for its idle timeout) and who
    hears of a delay."""

    role: str | None = None
    on_delay: DelayListener | None = None


_NO_SCOPE = CallScope()
_SCOPE: contextvars.ContextVar[CallScope | None] = contextvars.ContextVar(
    "holmes_call_scope", default=None
)


@contextmanager
def scope(call_scope: CallScope) -> Iterator[None]:
    """Model calls made inside (ADK copies the context into the tasks it starts) use it."""
    token = _SCOPE.set(call_scope)
    try:
        yield
    finally:
        _SCOPE.reset(token)


def current_scope() -> CallScope:
    return _SCOPE.get() or _NO_SCOPE


class ModelLimiter:
    """One model's limits in this process."""

    def __init__(self, limits: ModelLimits) -> None:
        self.limits = limits
        self._calls = asyncio.Semaphore(limits.concurrency)
        rpm, tpm = limits.requests_per_minute, limits.tokens_per_minute
        self._pace = rpm
        self._requests = AsyncLimiter(1, limits.minute_seconds / rpm) if rpm else None
        self._tokens = AsyncLimiter(tpm, limits.minute_seconds) if tpm else None
        self._paused_until = 0.0  # event-loop time

    @property
    def paused_for(self) -> float:
        return max(0.0, self._paused_until - asyncio.get_running_loop().time())

    def learn(self, requests_per_minute: int) -> None:
        """Pace requests a little under a quota a refusal named, unless already slower, for
        the rest of the process: the calls a pause held back would otherwise all go together
        when it ends, and most be refused again."""
        pace = max(1, math.floor(requests_per_minute * LEARNED_PACE))
        if self._pace is None or pace < self._pace:
            self._pace = pace
            self._requests = AsyncLimiter(1, self.limits.minute_seconds / pace)

    def pause(self, seconds: float) -> None:
        """No call to the model starts for `seconds` (a quota refusal says so)."""
        until = asyncio.get_running_loop().time() + seconds
        self._paused_until = max(self._paused_until, until)

    @asynccontextmanager
    async def slot(
        self, tokens: int, on_paused: Callable[[float], Awaitable[None]] | None = None
    ) -> AsyncIterator[None]:
        """Held while one call is out: a place among the calls at once, then its request and
        its tokens in this minute's allowance, after any pause."""
        async with self._calls:
            announced = False
            while (wait := self.paused_for) > 0:
                if on_paused is not None and not announced:
                    announced = True
                    await on_paused(wait)
                await asyncio.sleep(wait)
            if self._requests is not None:
                await self._requests.acquire()
            if self._tokens is not None:
                # A request larger than a whole minute's allowance waits for all of it.
                await self._tokens.acquire(min(tokens, self._tokens.max_rate))
            yield


# One limiter per event loop, model (or server) and limits.
_Limiters = dict[tuple[str, ModelLimits], ModelLimiter]
_LIMITERS: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Limiters]" = (
    weakref.WeakKeyDictionary()
)


def limiter_for(key: str, limits: ModelLimits) -> ModelLimiter:
    limiters = _LIMITERS.setdefault(asyncio.get_running_loop(), {})
    limiter = limiters.get((key, limits))
    if limiter is None:
        limiter = limiters[(key, limits)] = ModelLimiter(limits)
    return limiter


@dataclass(frozen=True)
class QuotaRefusal:
    retry_delay: float | None  # RetryInfo's, when given
    quota_id: str | None
    per_day: bool
    # The requests-per-minute quota the refusal names (QuotaFailure's quotaValue), if any.
    requests_per_minute: int | None = None


def quota_refusal(exc: BaseException) -> QuotaRefusal | None:
    """What a 429 says, or None when `exc` is not one: Gemini's RESOURCE_EXHAUSTED with its
    google.rpc RetryInfo and QuotaFailure, or an OpenAI-compatible server's 429 (LiteLLM's
    RateLimitError) with its Retry-After (or OpenAI's retry-after-ms) header."""
    if not isinstance(exc, errors.ClientError):
        if getattr(exc, "status_code", None) != 429:
            return None
        # LiteLLM keeps the server's headers apart (its error's own response has none of them).
        headers = getattr(exc, "litellm_response_headers", None) or getattr(
            getattr(exc, "response", None), "headers", None
        )
        return QuotaRefusal(retry_after(headers or {}), None, per_day=False)
    if exc.code != 429:
        return None
    body = exc.details if isinstance(exc.details, dict) else {}
    error = body.get("error", body)
    details = error.get("details", []) if isinstance(error, dict) else []
    retry_delay: float | None = None
    quota_ids: list[str] = []
    rpm: int | None = None
    for detail in details if isinstance(details, list) else []:
        if not isinstance(detail, dict):
            continue
        if detail.get("@type") == _RETRY_INFO:
            retry_delay = parse_duration(detail.get("retryDelay"))
        elif detail.get("@type") == _QUOTA_FAILURE:
            for violation in detail.get("violations", []):
                if not isinstance(violation, dict) or not violation.get("quotaId"):
                    continue
                quota_id = str(violation["quotaId"])
                quota_ids.append(quota_id)
                value = str(violation.get("quotaValue", ""))
                if "RequestsPerMinute" in quota_id and value.isdigit() and int(value) > 0:
                    rpm = int(value)
    # A per-day quota comes back tomorrow: no retry this run could wait for it.
    per_day = bool(quota_ids) and all("PerDay" in q for q in quota_ids)
    return QuotaRefusal(retry_delay, quota_ids[0] if quota_ids else None, per_day, rpm)


def retry_after(headers: Any) -> float | None:
    """Seconds an HTTP 429's headers say to wait: retry-after-ms (OpenAI's), else Retry-After as
    seconds or as an HTTP date (RFC 9110 §10.2.3); None when they say nothing usable."""
    millis = headers.get("retry-after-ms")
    try:
        if millis is not None:
            return max(0.0, float(millis) / 1000)
    except ValueError:
        pass
    value = headers.get("retry-after")
    if value is None:
        return None
    try:
        return max(0.0, float(value))
    except ValueError:
        pass
    try:
        moment = email.utils.parsedate_to_datetime(str(value))
    except (TypeError, ValueError):
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return max(0.0, (moment - datetime.now(UTC)).total_seconds())


def parse_duration(value: object) -> float | None:
    """Seconds of a protobuf Duration as JSON ("53s", "45.837906927s"); None if it is not one."""
    if not isinstance(value, str) or not (match := _DURATION.match(value)):
        return None
    return float(match.group(1))


def backoff_seconds(retry: int, settings: Settings) -> float:
    """PRD §8.1's backoff on quota: base, twice, four times (30, 60, 120 s by default)."""
    return settings.gemini_quota_backoff_seconds * 2.0 ** (retry - 1)


async def _announce(delay: Delay) -> None:
    listener = current_scope().on_delay
    if listener is not None:
        await listener(delay)


def _delay(
    model: str,
    seconds: float,
    reason: Literal["quota_refused", "model_paused"],
    source: Literal["retry_info", "backoff"] | None,
    retry: int,
    quota_id: str | None = None,
) -> Delay:
    resume_at = datetime.now(UTC) + timedelta(seconds=seconds)
    return Delay(model, seconds, resume_at, reason, source, retry, quota_id)


async def limited_call(
    model: str,
    limiter: ModelLimiter,
    tokens: int,
    open_stream: Callable[[], AsyncGenerator[T, None]],
    *,
    settings: Settings,
    idle_seconds: float | None,
    total_seconds: float | None = None,
) -> AsyncGenerator[T, None]:
    """The model's answer, streamed, within the model's limits, quota refusals waited out and
    tried again; QuotaExceededError when they are not over in time, ModelTimeoutError when the
    model goes quiet for `idle_seconds` or the call outlasts `total_seconds`."""
    retries = settings.gemini_quota_retries
    for retry in range(retries + 1):
        received = False

        async def paused(seconds: float) -> None:
            await _announce(_delay(model, seconds, "model_paused", None, 0))

        try:
            # A retry's own wait was announced with its refusal.
            async with limiter.slot(tokens, paused if retry == 0 else None):
                async for item in _bounded(open_stream(), model, idle_seconds, total_seconds):
                    received = True
                    yield item
            return
        except Exception as exc:
            refusal = quota_refusal(exc)
            if refusal is None or received:
                raise
            if refusal.per_day or retry == retries:
                why = "a per-day quota" if refusal.per_day else f"{retries + 1} attempts"
                raise QuotaExceededError(
                    f"{model}: quota exhausted ({refusal.quota_id or 'RESOURCE_EXHAUSTED'}) "
                    f"after {why}"
                ) from exc
            source: Literal["retry_info", "backoff"]
            if refusal.retry_delay is not None:
                seconds, source = refusal.retry_delay, "retry_info"
            else:
                seconds, source = backoff_seconds(retry + 1, settings), "backoff"
            limiter.pause(seconds)
            if refusal.requests_per_minute is not None:
                limiter.learn(refusal.requests_per_minute)
            delay = _delay(model, seconds, "quota_refused", source, retry + 1, refusal.quota_id)
            await _announce(delay)
            # The limiter's pause holds this call (and every other) until the model is back.


async def _bounded(
    stream: AsyncGenerator[T, None],
    model: str,
    idle_seconds: float | None,
    total_seconds: float | None,
) -> AsyncGenerator[T, None]:
    loop = asyncio.get_running_loop()
    deadline = loop.time() + total_seconds if total_seconds is not None else math.inf
    async with aclosing(stream):
        while True:
            wait = min(idle_seconds or math.inf, deadline - loop.time())
            try:
                async with asyncio.timeout(None if math.isinf(wait) else max(0.0, wait)):
                    item = await anext(stream)
            except StopAsyncIteration:
                return
            except TimeoutError as exc:
                raise ModelTimeoutError(
                    f"{model} sent nothing for {idle_seconds:g} s"
                    if loop.time() < deadline
                    else f"{model}'s answer took longer than {total_seconds:g} s"
                ) from exc
            yield item


def estimate_tokens(texts: list[str], media_tokens: int = 0) -> int:
    """Input tokens of a request, from its texts' size and its media parts' tokens: for the
    tokens-per-minute limiter only."""
    return sum(len(t) for t in texts) // CHARS_PER_TOKEN + media_tokens


__all__ = [
    "CallScope",
    "Delay",
    "ModelLimiter",
    "ModelLimits",
    "ModelTimeoutError",
    "QuotaExceededError",
    "QuotaRefusal",
    "backoff_seconds",
    "current_scope",
    "estimate_tokens",
    "limited_call",
    "limiter_for",
    "limits_for",
    "parse_duration",
    "quota_refusal",
    "retry_after",
    "scope",
]
