"""The per-model limiter (llm.limits) on its own: pacing, token allowance, calls at once, the
pause a quota refusal sets; what a 429 body says; the limits each model gets from Settings."""

import asyncio
import itertools
import json
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime

import pytest
from google.adk.models.llm_request import LlmRequest
from google.genai import errors, types

from holmes_backend.config import Settings
from holmes_backend.llm import limits, media_tokens
from holmes_backend.llm.gemini import request_size
from holmes_backend.llm.limits import ModelLimiter, ModelLimits
from tests.fake_gemini import error_body, rate_limited


def _limiter(
    rpm: int | None = None, tpm: int | None = None, concurrency: int = 64, minute: float = 1.0
) -> ModelLimiter:
    return ModelLimiter(ModelLimits(rpm, tpm, concurrency, minute))


async def _times(limiter: ModelLimiter, count: int, tokens: int = 1) -> list[float]:
    loop = asyncio.get_running_loop()
    started = loop.time()
    times: list[float] = []

    async def call() -> None:
        async with limiter.slot(tokens):
            times.append(loop.time() - started)

    await asyncio.gather(*(call() for _ in range(count)))
    return sorted(times)


async def test_requests_are_spaced_evenly_at_the_rate() -> None:
    # 10 a "minute" of 1 s: one at once, then one every 0.1 s.
    times = await _times(_limiter(rpm=10), 6)
    assert times[0] < 0.05
    gaps = [b - a for a, b in itertools.pairwise(times)]
    assert all(gap >= 0.09 for gap in gaps), gaps
    assert 0.5 <= times[-1] < 0.8


async def test_tokens_per_minute_hold_back_a_request_the_allowance_cannot_take_yet() -> None:
    # 1000 tokens a second: two requests of 800 cannot both go at once; the second waits
    # until 600 have drained (0.6 s).
    times = await _times(_limiter(tpm=1000), 2, tokens=800)
    assert times[0] < 0.05
    assert 0.55 <= times[1] < 0.9


async def test_a_request_larger_than_a_minute_of_tokens_waits_for_all_of_it() -> None:
    times = await _times(_limiter(tpm=100), 2, tokens=5000)
    assert times[0] < 0.05
    assert 0.95 <= times[1] < 1.3


async def test_no_more_calls_at_once_than_the_concurrency() -> None:
    limiter = _limiter(concurrency=2)
    out = 0
    most = 0

    async def call() -> None:
        nonlocal out, most
        async with limiter.slot(1):
            out += 1
            most = max(most, out)
            await asyncio.sleep(0.02)
            out -= 1

    await asyncio.gather(*(call() for _ in range(7)))
    assert most == 2


async def test_a_pause_holds_every_call_and_is_announced_once_per_call() -> None:
    limiter = _limiter()
    limiter.pause(0.3)
    heard: list[float] = []

    async def paused(seconds: float) -> None:
        heard.append(seconds)

    loop = asyncio.get_running_loop()
    started = loop.time()
    async with limiter.slot(1, paused):
        waited = loop.time() - started
    assert waited >= 0.29
    assert len(heard) == 1
    assert 0.25 < heard[0] <= 0.3
    # A shorter pause never shortens a longer one.
    limiter.pause(0.3)
    limiter.pause(0.05)
    assert limiter.paused_for > 0.25


async def test_one_limiter_per_model_and_limits_in_a_process() -> None:
    a = ModelLimits(10, None, 4)
    assert limits.limiter_for("gemini-3.1-pro-preview", a) is limits.limiter_for(
        "gemini-3.1-pro-preview", a
    )
    assert limits.limiter_for("gemini-3.8-flash", a) is not limits.limiter_for(
        "gemini-3.1-pro-preview", a
    )


def _client_error(body: dict[str, object]) -> errors.ClientError:
    return errors.ClientError(429, body)


def test_retry_info_and_the_quota_are_read_from_the_real_429_body() -> None:
    failure = rate_limited(45.837906927, quota_value=30)
    refusal = limits.quota_refusal(_client_error(error_body(failure)))
    assert refusal is not None
    assert refusal.retry_delay == pytest.approx(45.837906927)
    assert refusal.quota_id == "GenerateRequestsPerMinutePerProjectPerModel"
    assert not refusal.per_day
    # As it comes over the wire, with a Help entry before RetryInfo.
    assert json.loads(json.dumps(error_body(failure)))["error"]["status"] == "RESOURCE_EXHAUSTED"


def test_a_429_without_retry_info_has_no_delay_and_other_errors_are_not_refusals() -> None:
    refusal = limits.quota_refusal(_client_error(error_body(rate_limited(None))))
    assert refusal is not None
    assert refusal.retry_delay is None
    bare = {
        "error": {"code": 429, "message": "Resource exhausted.", "status": "RESOURCE_EXHAUSTED"}
    }
    assert limits.quota_refusal(_client_error(bare)) == limits.QuotaRefusal(None, None, False)
    not_found = errors.ClientError(404, {"error": {"code": 404, "status": "NOT_FOUND"}})
    assert limits.quota_refusal(not_found) is None
    assert limits.quota_refusal(RuntimeError("429")) is None


async def test_a_refusal_naming_a_per_minute_quota_paces_the_model_under_it() -> None:
    refusal = limits.quota_refusal(_client_error(error_body(rate_limited(1, quota_value=20))))
    assert refusal is not None
    assert refusal.requests_per_minute == 20
    limiter = _limiter()  # no pace of its own
    limiter.learn(refusal.requests_per_minute)
    # 90% of 20 a "minute" of 1 s: one every 1/18 s.
    times = await _times(limiter, 5)
    assert times[-1] >= 4 / 18
    assert times[-1] < 0.45
    # A quota learned later that is looser never speeds it up.
    limiter.learn(1000)
    times = await _times(limiter, 3)
    assert times[-1] >= 2 / 18


def test_a_per_day_quota_is_recognised() -> None:
    failure = rate_limited(3600, quota_id="GenerateRequestsPerDayPerProjectPerModel-FreeTier")
    refusal = limits.quota_refusal(_client_error(error_body(failure)))
    assert refusal is not None
    assert refusal.per_day


@pytest.mark.parametrize(
    ("value", "seconds"),
    [("53s", 53.0), ("2.463586755s", 2.463586755), ("0s", 0.0), ("53", None), (53, None)],
)
def test_durations(value: object, seconds: float | None) -> None:
    assert limits.parse_duration(value) == seconds


def test_prd_backoff_is_30_60_120_from_its_base() -> None:
    settings = Settings()
    assert [limits.backoff_seconds(n, settings) for n in (1, 2, 3)] == [30, 60, 120]


def test_each_model_takes_its_own_limits_from_the_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("HOLMES_LLM_REQUESTS_PER_MINUTE", "100")
    monkeypatch.setenv("HOLMES_GEMINI_CONCURRENCY", "8")
    monkeypatch.setenv(
        "HOLMES_LLM_MODEL_LIMITS",
        '{"gemini-3.1-pro-preview": {"requests_per_minute": 20, "tokens_per_minute": 1000000}}',
    )
    settings = Settings()
    assert limits.limits_for("models/gemini-3.1-pro-preview", settings) == ModelLimits(
        20, 1_000_000, 8, 60.0
    )
    assert limits.limits_for("gemini-3.8-flash", settings) == ModelLimits(100, None, 8, 60.0)
    monkeypatch.setenv("HOLMES_LLM_MODEL_LIMITS", '{"gemini-3.8-flash": {"rpm": 5}}')
    with pytest.raises(ValueError, match="rpm"):
        Settings()


def test_an_openai_compatible_server_keeps_its_own_smaller_concurrency() -> None:
    settings = Settings(
        llm_provider="openai_compat",
        llm_base_url="http://127.0.0.1:1/v1",
        llm_pro_model="qwen3:32b",
        llm_concurrency=2,
    )
    assert limits.limits_for("qwen3:32b", settings).concurrency == 2


def test_retry_after_headers_in_seconds_milliseconds_or_a_date() -> None:
    assert limits.retry_after({"retry-after": "7"}) == 7.0
    assert limits.retry_after({"retry-after-ms": "1500", "retry-after": "9"}) == 1.5
    later = format_datetime(datetime.now(UTC) + timedelta(seconds=30), usegmt=True)
    assert 25 < (limits.retry_after({"retry-after": later}) or 0) <= 30
    assert limits.retry_after({"retry-after": "soon"}) is None
    assert limits.retry_after({}) is None


def _media_request(*parts: types.Part) -> LlmRequest:
    return LlmRequest(
        contents=[types.Content(role="user", parts=list(parts))],
        config=types.GenerateContentConfig(system_instruction="Read."),
    )


def _block(mime_type: str, metadata: dict[str, object], segment: list[float] | None = None) -> str:
    header: dict[str, object] = {"file_id": "f", "filename": "x", "mime_type": mime_type}
    header["metadata"] = metadata
    if segment is not None:
        header["segment"] = segment
    return f'<<<EVIDENCE {json.dumps(header)}>>>\n[loc {{"line": 1}}] words\n<<<END EVIDENCE>>>'


def test_the_limiter_counts_media_by_their_length_not_as_one_image() -> None:
    audio = types.Part.from_bytes(data=b"x", mime_type="audio/mp3")
    # Two hours of audio after its block: 32 tokens a second, not one image's 258.
    texts, media = request_size(
        _media_request(types.Part(text=_block("audio/mp3", {"duration": 7200})), audio)
    )
    assert media == 7200 * media_tokens.AUDIO_TOKENS_PER_SECOND
    assert limits.estimate_tokens(texts, media) > 230_000
    # A unit's window of it: that stretch only.
    _, media = request_size(
        _media_request(types.Part(text=_block("audio/mp3", {"duration": 7200}, [600, 1200])), audio)
    )
    assert media == 600 * media_tokens.AUDIO_TOKENS_PER_SECOND
    # Video segments by their own offsets, at the configured rate.
    video = types.Part(
        file_data=types.FileData(file_uri="https://x/files/v", mime_type="video/mp4"),
        video_metadata=types.VideoMetadata(start_offset="10s", end_offset="70s"),
    )
    _, media = request_size(
        _media_request(types.Part(text=_block("video/mp4", {"duration": 3600})), video), 100.0
    )
    assert media == 60 * 100
    image = types.Part.from_bytes(data=b"x", mime_type="image/jpeg")
    scan = types.Part.from_bytes(data=b"x", mime_type="application/pdf")
    _, media = request_size(
        _media_request(
            types.Part(text=_block("image/jpeg", {})),
            image,
            types.Part(text=_block("application/pdf", {"pages_without_text": [2, 5, 9]})),
            scan,
        )
    )
    assert media == media_tokens.IMAGE_TOKENS + 3 * media_tokens.PDF_PAGE_TOKENS
