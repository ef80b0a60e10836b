"""Context caching (llm.context_cache) on the Gemini provider against the fake: requests of a job
that start with the same evidence read it from one explicit cache, which the job deletes at its
end; usage and cost count the cached tokens at the cached price and the cache's creation at the
input price with its storage; a cache gone under the job falls back to sending the content; a
prefix under the model's minimum, or offline, changes nothing."""

import asyncio
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from google import genai
from google.genai import errors as genai_errors
from google.genai import types
from pydantic import SecretStr
from sqlalchemy import select

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.runner import AgentSpec, PipelineContext, run_agent
from holmes_backend.contracts.agents import TriageResult
from holmes_backend.llm import context_cache
from holmes_backend.llm.context_cache import INSTRUCTION_HEADING, JobCaches
from holmes_backend.models import AgentExecution
from holmes_backend.runtime import Runtime
from tests.api.helpers import new_case
from tests.fake_gemini import FakeGemini, get, json_reply
from tests.gemini_support import FLASH_MODEL, PRO_MODEL, instruction_of, user_text_of
from tests.support import serve_app

KEY = "test-key"
VALID = {
    "files": [
        {
            "file_id": "f1",
            "filename": "ledger.csv",
            "classification": "bank_statement",
            "domain_scores": {"financial": 0.9, "legal": 0.2, "evidence": 0.4, "strategy": 0.1},
            "complexity_score": 0.5,
            "primary_domain": "financial",
        }
    ]
}
# Evidence of about 12,500 tokens (4 characters a token): over Gemini 3 Pro's 4,096 minimum.
EVIDENCE = '<<<EVIDENCE {"file_id": "f1", "filename": "ledger.csv"}>>>\n' + "".join(
    f'[loc {{"row": {i}}}] 2024-03-{i % 28 + 1:02d} payment {i} to Acme Ltd EUR {i * 7}.00\n'
    for i in range(1, 1000)
)
SPECS = [
    AgentSpec(
        f"{domain}_agent", domain.upper(), "domain", "pro", TriageResult, INSTRUCTIONS[domain]
    )
    for domain in ("financial", "legal", "evidence")
]
PRO_PRICE = (2.0, 0.2, 12.0, 4.5)  # input, cached, output, storage per hour: USD per 1M


@pytest.fixture
def fake() -> Iterator[tuple[FakeGemini, str]]:
    server = FakeGemini(api_key=KEY)
    server.responders.append(lambda model, body: json_reply(VALID))
    with serve_app(server.app) as url:
        yield server, url


async def _context(
    client: httpx.AsyncClient, runtime: Runtime, url: str, **settings: Any
) -> PipelineContext:
    case = await new_case(client, "context cache")
    gemini = runtime.settings.model_copy(
        update={
            "llm_provider": "gemini",
            "gemini_api_key": SecretStr(KEY),
            "gemini_base_url": url,
            "gemini_pro_model": PRO_MODEL,
            "gemini_flash_model": FLASH_MODEL,
            "gemini_retry_attempts": 1,
            **settings,
        }
    )
    return PipelineContext(
        settings=gemini,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=uuid.UUID(case["id"]),
        job_id=None,
    )


async def _records(ctx: PipelineContext) -> dict[str, AgentExecution]:
    async with ctx.session_factory() as session:
        rows = await session.scalars(
            select(AgentExecution).where(AgentExecution.case_id == ctx.case_id)
        )
        return {row.agent_name: row for row in rows}


def _expected_cost(record: AgentExecution, storage_tokens: int, ttl: float) -> float:
    """The record's cost from its usage: fresh input at the input price, cached input at the
    cached price, output and thinking at the output price, and a cache's storage."""
    fresh, cached, output, storage = PRO_PRICE
    return (
        (record.input_tokens - record.cached_tokens) * fresh
        + record.cached_tokens * cached
        + (record.output_tokens + record.thinking_tokens) * output
        + storage_tokens * storage * ttl / 3600
    ) / 1_000_000


async def test_domain_units_sharing_evidence_read_one_cache_deleted_at_the_end(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    ctx = await _context(client, runtime, url)
    caches = JobCaches(ctx.settings, "holmes job test")
    caches.share([EVIDENCE], readers=len(SPECS))

    with context_cache.job(caches):
        outputs = await asyncio.gather(
            *(run_agent(ctx, spec, [EVIDENCE, f"task of {spec.name}"]) for spec in SPECS)
        )
    assert [o for o, _ in outputs] == [TriageResult.model_validate(VALID)] * len(SPECS)

    # One cache, created once on the agents' model, holding the evidence alone.
    made = [(body, status) for body, status in server.cache_creations if status == 200]
    assert len(made) == 1, server.cache_creations
    body, _ = made[0]
    assert body["model"] == f"models/{PRO_MODEL}"
    assert body["ttl"] == f"{ctx.settings.gemini_cache_ttl_seconds}s"
    assert [p["text"] for c in body["contents"] for p in c["parts"]] == [EVIDENCE]
    assert not get(body, "systemInstruction")
    (cache,) = server.live_caches()

    # Every request refers to it, carries its role's instruction as text after it, and does
    # not send the evidence again; the model read the evidence first.
    requests = server.requests_for(PRO_MODEL)
    assert len(requests) == len(SPECS)
    for request in requests:
        assert request.cached_content == cache.name
        assert not get(request.body, "systemInstruction")
        assert EVIDENCE not in request.raw.decode()
        assert request.effective_body is not None
        assert user_text_of(request.effective_body).startswith(EVIDENCE)
        assert any(spec.instruction in instruction_of(request.effective_body) for spec in SPECS)
        assert INSTRUCTION_HEADING in request.raw.decode()

    # Usage: the cache's tokens on every record, as the API reports them; cost: cached tokens
    # at the cached price, the creation at the input price and its storage on one record.
    records = await _records(ctx)
    assert set(records) == {spec.name for spec in SPECS}
    assert all(r.cached_tokens == cache.tokens for r in records.values())
    assert all(r.input_tokens > r.cached_tokens for r in records.values())
    ttl = ctx.settings.gemini_cache_ttl_seconds
    creators = [r for r in records.values() if r.input_tokens > 2 * cache.tokens]
    assert len(creators) == 1  # the creation's tokens are on the record that made it
    for record in records.values():
        storage = cache.tokens if record is creators[0] else 0
        assert record.cost_usd == pytest.approx(_expected_cost(record, storage, ttl))
    reader = next(r for r in records.values() if r is not creators[0])
    uncached_cost = _expected_cost(reader, 0, ttl) + reader.cached_tokens * 1.8 / 1_000_000
    assert reader.cost_usd < uncached_cost / 2  # reading the evidence costs a tenth

    await caches.close()
    assert server.cache_deletions == [cache.name]
    assert not server.live_caches()


async def test_a_released_prefix_is_deleted_at_once_and_lives_its_own_ttl(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    ctx = await _context(client, runtime, url)
    caches = JobCaches(ctx.settings, "holmes job test")
    caches.share([EVIDENCE], readers=2, ttl_seconds=120)

    with context_cache.job(caches):
        for spec in SPECS[:2]:
            await run_agent(ctx, spec, [EVIDENCE, f"task of {spec.name}"])
    [(body, _)] = [(b, status) for b, status in server.cache_creations if status == 200]
    assert body["ttl"] == "120s"
    (cache,) = server.live_caches()
    assert all(r.cached_content == cache.name for r in server.requests_for(PRO_MODEL))

    await caches.release([EVIDENCE])
    assert server.cache_deletions == [cache.name]
    assert not server.live_caches()
    await caches.close()  # nothing left to delete
    assert server.cache_deletions == [cache.name]


async def test_an_expired_cache_is_sent_with_its_content_and_made_again(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    ctx = await _context(client, runtime, url)
    caches = JobCaches(ctx.settings, "holmes job test")
    caches.share([EVIDENCE], readers=3)

    with context_cache.job(caches):
        await run_agent(ctx, SPECS[0], [EVIDENCE, "first"])
        (first,) = server.live_caches()
        server.expire_cache(first.name)
        await run_agent(ctx, SPECS[1], [EVIDENCE, "second"])
        await run_agent(ctx, SPECS[2], [EVIDENCE, "third"])

    requests = server.requests_for(PRO_MODEL)
    # The second agent's request was refused (its cache gone), then sent with its content.
    refused = requests[1]
    assert refused.cached_content == first.name
    assert refused.finish_reason is None
    resent = requests[2]
    assert resent.cached_content is None
    assert EVIDENCE in user_text_of(resent.body)
    assert SPECS[1].instruction in instruction_of(resent.body)
    # The third made the cache again and read it.
    (second,) = server.live_caches()
    assert second.name != first.name
    assert requests[3].cached_content == second.name
    assert len(requests) == 4
    records = await _records(ctx)
    assert all(r.status == "COMPLETED" for r in records.values())
    assert records[SPECS[1].name].cached_tokens == 0

    await caches.close()
    assert not server.live_caches()


async def test_a_prefix_under_the_minimum_or_read_once_is_not_cached(
    client: httpx.AsyncClient, runtime: Runtime, fake: tuple[FakeGemini, str]
) -> None:
    server, url = fake
    ctx = await _context(client, runtime, url)
    caches = JobCaches(ctx.settings, "holmes job test")
    small = EVIDENCE[:8000]  # 2,000 tokens: under Gemini 3 Pro's minimum
    caches.share([small], readers=3)
    caches.share([EVIDENCE], readers=1)

    with context_cache.job(caches):
        await run_agent(ctx, SPECS[0], [small, "task"])
        await run_agent(ctx, SPECS[1], [EVIDENCE, "task"])

    assert not server.cache_creations
    for request in server.requests_for(PRO_MODEL):
        assert request.cached_content is None
        assert any(s.instruction in instruction_of(request.body) for s in SPECS[:2])
        assert get(request.body, "systemInstruction")


def test_offline_no_prefix_is_shared(runtime: Runtime) -> None:
    local = runtime.settings.model_copy(update={"llm_provider": "local"})
    caches = JobCaches(local, "holmes job test")
    caches.share([EVIDENCE], readers=5)
    assert not caches.enabled
    assert not caches._prefixes


async def test_the_fake_refuses_what_the_real_api_refuses(
    fake: tuple[FakeGemini, str],
) -> None:
    _server, url = fake
    client = genai.Client(api_key=KEY, http_options=types.HttpOptions(base_url=url))
    contents = [types.Content(role="user", parts=[types.Part(text=EVIDENCE)])]
    with pytest.raises(genai_errors.ClientError) as small:
        await client.aio.caches.create(
            model=PRO_MODEL,
            config=types.CreateCachedContentConfig(
                contents=[types.Content(role="user", parts=[types.Part(text="too short")])]
            ),
        )
    assert small.value.code == 400
    assert "Cached content is too small" in str(small.value)
    cache = await client.aio.caches.create(
        model=PRO_MODEL, config=types.CreateCachedContentConfig(contents=contents, ttl="60s")
    )
    assert cache.name
    assert cache.usage_metadata
    assert cache.usage_metadata.total_token_count
    assert cache.expire_time is not None
    assert cache.create_time is not None
    assert 59 <= (cache.expire_time - cache.create_time).total_seconds() <= 61

    # With a system instruction beside the cache, or on another model: 400.
    with pytest.raises(genai_errors.ClientError) as instructed:
        await client.aio.models.generate_content(
            model=PRO_MODEL,
            contents="question",
            config=types.GenerateContentConfig(cached_content=cache.name, system_instruction="x"),
        )
    assert instructed.value.code == 400
    with pytest.raises(genai_errors.ClientError) as other_model:
        await client.aio.models.generate_content(
            model=FLASH_MODEL,
            contents="question",
            config=types.GenerateContentConfig(cached_content=cache.name),
        )
    assert other_model.value.code == 400

    answer = await client.aio.models.generate_content(
        model=PRO_MODEL,
        contents="question",
        config=types.GenerateContentConfig(cached_content=cache.name),
    )
    usage = answer.usage_metadata
    assert usage is not None
    assert usage.cached_content_token_count == cache.usage_metadata.total_token_count
    assert usage.prompt_token_count == cache.usage_metadata.total_token_count + 2

    # Deleted (or expired): 403 for a request and for a get, as the API answers.
    await client.aio.caches.delete(name=cache.name)
    for call in (
        client.aio.caches.get(name=cache.name),
        client.aio.models.generate_content(
            model=PRO_MODEL,
            contents="question",
            config=types.GenerateContentConfig(cached_content=cache.name),
        ),
    ):
        with pytest.raises(genai_errors.ClientError) as gone:
            await call
        assert gone.value.code == 403
        assert "CachedContent not found" in str(gone.value)
        assert context_cache.missing_cache(gone.value)
