"""The openai_compat provider (a model the user serves) against a fake OpenAI-compatible server on
127.0.0.1: configuration that fails at start-up with a message naming the setting, requests kept
within the model's context budget, and a refused model reported as the configuration error it is.
"""

import base64
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from google.adk.models.llm_request import LlmRequest
from google.genai import types
from pydantic import BaseModel, Field, SecretStr, ValidationError

from holmes_backend.config import Settings
from holmes_backend.extraction.models import Chunk, Extraction, Location
from holmes_backend.llm import limits, openai_compat
from holmes_backend.llm.evidence import parse_blocks, render_evidence, render_findings
from holmes_backend.llm.media import mode_for
from holmes_backend.llm.models import ModelConfigurationError, ModelErrorEvent
from holmes_backend.llm.provider import configuration_problem, model_for
from tests.fake_openai import Failure, FakeOpenAI, Stall, rate_limited, user_text
from tests.llm.test_model_configuration import start_up
from tests.support import serve_app

MODEL = "llama3.3:70b"
KEY = "local-key"


class Answer(BaseModel):
    verdict: str = Field(description="what the model concluded")


@pytest.fixture
def fake() -> Iterator[tuple[FakeOpenAI, str]]:
    server = FakeOpenAI(models=(MODEL,), context_tokens=8192, api_key=KEY)
    server.responders.append(lambda _model, _body: {"verdict": "read"})
    with serve_app(server.app) as url:
        yield server, f"{url}/v1"


def local_settings(url: str, tmp_path: Path, **overrides: Any) -> Settings:
    values: dict[str, Any] = {
        "llm_provider": "openai_compat",
        "llm_base_url": url,
        "llm_api_key": SecretStr(KEY),
        "llm_pro_model": MODEL,
        "llm_context_tokens": 8192,
        "llm_max_output_tokens": 1024,
        "data_dir": tmp_path,
    }
    return Settings(**(values | overrides))


async def test_a_model_the_server_does_not_serve_stops_start_up(
    fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    settings = local_settings(fake[1], tmp_path, llm_flash_model="llama3.3:8b")
    with pytest.raises(ModelConfigurationError) as refused:
        await start_up(settings)
    message = str(refused.value)
    assert "HOLMES_LLM_FLASH_MODEL=llama3.3:8b: the server does not serve it" in message
    assert f"serves: {MODEL}" in message
    assert "HOLMES_LLM_PRO_MODEL" not in message
    assert not fake[0].requests  # asked with GET /models, not by sending it work


async def test_a_server_that_does_not_answer_stops_start_up(tmp_path: Path) -> None:
    settings = local_settings("http://127.0.0.1:9/v1", tmp_path)
    with pytest.raises(ModelConfigurationError, match=r"HOLMES_LLM_BASE_URL=.* does not answer"):
        await openai_compat.check_models(settings)


async def test_a_wrong_key_stops_start_up(fake: tuple[FakeOpenAI, str], tmp_path: Path) -> None:
    settings = local_settings(fake[1], tmp_path, llm_api_key=SecretStr("wrong"))
    with pytest.raises(ModelConfigurationError, match=r"answered 401 .*HOLMES_LLM_API_KEY"):
        await openai_compat.check_models(settings)


async def test_served_models_start(fake: tuple[FakeOpenAI, str], tmp_path: Path) -> None:
    await openai_compat.check_models(local_settings(fake[1], tmp_path))


def test_settings_name_what_is_missing(tmp_path: Path) -> None:
    with pytest.raises(ValidationError, match="needs HOLMES_LLM_BASE_URL"):
        Settings(llm_provider="openai_compat", llm_pro_model=MODEL, data_dir=tmp_path)
    with pytest.raises(ValidationError, match="needs HOLMES_LLM_PRO_MODEL"):
        Settings(llm_base_url="http://127.0.0.1:11434/v1", data_dir=tmp_path)
    chosen = Settings(
        llm_base_url="http://127.0.0.1:11434/v1", llm_pro_model=MODEL, data_dir=tmp_path
    )
    assert chosen.resolved_llm_provider == "openai_compat"  # auto, with a server configured
    assert openai_compat.model_id("flash", chosen) == MODEL  # one model serves both tiers


def _evidence(name: str, lines: int) -> str:
    chunks = [
        Chunk(
            text=f"{name} line {n}: the ledger shows a payment of {n} dollars",
            location=Location(page=n),
        )
        for n in range(1, lines + 1)
    ]
    return render_evidence(
        file_id=name,
        filename=f"{name}.pdf",
        mime_type="application/pdf",
        extraction=Extraction(kind="pdf", chunks=chunks),
    )


def _request(parts: list[str]) -> LlmRequest:
    request = LlmRequest(
        contents=[types.Content(role="user", parts=[types.Part(text=p) for p in parts])],
        config=types.GenerateContentConfig(
            system_instruction="Read the evidence.", response_schema=Answer
        ),
    )
    return request


async def _ask(settings: Settings, parts: list[str]) -> list[Any]:
    model = model_for("pro", settings)
    assert not isinstance(model, str)
    return [r async for r in model.generate_content_async(_request(parts))]


async def test_a_request_over_the_context_budget_has_its_evidence_cut(
    fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    settings = local_settings(fake[1], tmp_path)
    small, large = _evidence("memo", 5), _evidence("ledger", 2000)  # ~130k characters
    findings = render_findings({"domain": "financial"}, {"transactions": [{"amount": 9800}]})
    [answer] = await _ask(settings, ["Task: read these files.", small, large, findings])

    assert answer.content.parts[0].text == '{"verdict": "read"}'
    [seen] = fake[0].requests
    # Within the window the server has, with room for the answer it was told it may give.
    assert fake[0].max_prompt_tokens + seen.body["max_tokens"] <= 8192
    assert seen.body["max_tokens"] == 1024
    text = user_text(seen.body)
    documents, blocks, rest = parse_blocks(text)
    # The short file and the findings whole; the ledger cut at a chunk, still a closed block.
    assert [d.filename for d in documents] == ["memo.pdf", "ledger.pdf"]
    assert len(documents[0].chunks) == 5
    assert 10 < len(documents[1].chunks) < 2000
    assert documents[1].chunks[-1].text.endswith("dollars")
    assert blocks[0].data == {"transactions": [{"amount": 9800}]}
    assert "characters of this file left out: over the model's context budget" in rest
    # The answer's schema went as the OpenAI JSON schema these servers constrain output to.
    assert seen.body["response_format"]["json_schema"]["schema"]["required"] == ["verdict"]


async def test_findings_that_cannot_fit_fail_before_anything_is_sent(
    fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    settings = local_settings(fake[1], tmp_path)
    findings = render_findings({"domain": "legal"}, {"clauses": ["x" * 100] * 400})
    with pytest.raises(openai_compat.RequestOverBudgetError, match="HOLMES_LLM_CONTEXT_TOKENS"):
        await _ask(settings, ["Task", findings])
    assert not fake[0].requests


async def test_a_model_gone_at_run_time_is_a_configuration_error(
    fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    settings = local_settings(fake[1], tmp_path, llm_pro_model="gone:7b")
    with pytest.raises(Exception) as failed:  # noqa: PT011 - LiteLLM's own error class
        await _ask(settings, ["Task"])
    problem = configuration_problem(failed.value, "openai/gone:7b", settings)
    assert problem is not None
    assert "refused with 404" in problem
    assert "HOLMES_LLM_PRO_MODEL" in problem
    # As an agent meets it: ADK's error event, named by LiteLLM's error class.
    event = ModelErrorEvent("NotFoundError", "litellm.NotFoundError: model 'gone:7b' not found")
    assert "refused with 404" in (configuration_problem(event, "openai/gone:7b", settings) or "")
    # An overloaded server is not a configuration error: the next tier is tried.
    fake[0].responders.insert(0, lambda _model, _body: Failure(503, "busy"))
    with pytest.raises(Exception) as busy:  # noqa: PT011
        await _ask(local_settings(fake[1], tmp_path), ["Task"])
    assert configuration_problem(busy.value, f"openai/{MODEL}", settings) is None
    unavailable = ModelErrorEvent("ServiceUnavailableError", "litellm: busy")
    assert configuration_problem(unavailable, f"openai/{MODEL}", settings) is None


@pytest.mark.parametrize(
    "refusal",
    [
        "registry.ollama.ai/library/gemma2:9b does not support tools",
        '"auto" tool choice requires --enable-auto-tool-choice and --tool-call-parser to be set',
        "tools param requires --jinja flag",
    ],
)
async def test_a_model_that_cannot_call_tools_is_a_configuration_error(
    fake: tuple[FakeOpenAI, str], tmp_path: Path, refusal: str
) -> None:
    """Ollama, vLLM and llama.cpp's server refuse a request with tools for a model (or a server
    started) without function calling; the agents cannot work without them, so this is said
    plainly instead of trying Flash or reporting a bad request."""
    settings = local_settings(fake[1], tmp_path)
    fake[0].responders.insert(0, lambda _model, _body: Failure(400, refusal))
    try:
        with pytest.raises(Exception) as failed:  # noqa: PT011 - LiteLLM's own error class
            await _ask(settings, ["Task"])
    finally:
        fake[0].responders.pop(0)
    problem = configuration_problem(failed.value, f"openai/{MODEL}", settings) or ""
    assert "does not call functions" in problem
    assert refusal in problem
    event = ModelErrorEvent("BadRequestError", f"litellm.BadRequestError: {refusal}")
    assert "does not call functions" in (configuration_problem(event, MODEL, settings) or "")
    # Any other bad request is not a configuration error.
    other = ModelErrorEvent("BadRequestError", "litellm.BadRequestError: invalid JSON")
    assert configuration_problem(other, MODEL, settings) is None


def _with_image(parts: list[str], image: bytes) -> LlmRequest:
    request = _request(parts)
    request.contents[0].parts = [
        *(request.contents[0].parts or []),
        types.Part.from_bytes(data=image, mime_type="image/jpeg"),
    ]
    return request


@pytest.mark.parametrize("multimodal", [True, False])
async def test_an_image_goes_as_a_data_uri_only_to_a_model_that_reads_images(
    fake: tuple[FakeOpenAI, str], tmp_path: Path, multimodal: bool
) -> None:
    server, url = fake
    settings = local_settings(url, tmp_path, llm_multimodal=multimodal)
    image = b"\xff\xd8\xff\xe0 a JPEG's bytes"
    model = model_for("pro", settings)
    assert not isinstance(model, str)
    request = _with_image(["Task: describe the photo.", _evidence("photo", 2)], image)
    [_ async for _ in model.generate_content_async(request)]

    content = server.requests[-1].body["messages"][-1]["content"]
    urls = [p["image_url"]["url"] for p in content if isinstance(p, dict) and "image_url" in p]
    if multimodal:
        assert urls == ["data:image/jpeg;base64," + base64.b64encode(image).decode()]
    else:
        assert urls == []
        assert "photo line 1" in user_text(server.requests[-1].body)
    # What llm.media would attach for this provider: images only, and only when declared.
    assert mode_for(settings) == ("images" if multimodal else None)


async def test_a_429_is_waited_out_as_its_retry_after_says(
    fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    server, url = fake
    refusals = [rate_limited(0.4)]
    server.responders.insert(0, lambda _model, _body: refusals.pop() if refusals else None)
    seen_at: list[float] = []
    server.responders.insert(0, lambda _model, _body: seen_at.append(time.monotonic()))
    delays: list[limits.Delay] = []

    async def heard(delay: limits.Delay) -> None:
        delays.append(delay)

    with limits.scope(limits.CallScope(role="domain", on_delay=heard)):
        [answer] = await _ask(local_settings(url, tmp_path), ["Task: read."])

    assert answer.content.parts[0].text == '{"verdict": "read"}'
    assert len(seen_at) == 2  # refused once, then answered
    assert seen_at[1] - seen_at[0] >= 0.4  # not before the server said
    (delay,) = delays  # announced (the runner puts PROCESSING_DELAYED on the case log)
    assert delay.source == "retry_info"
    assert delay.seconds == pytest.approx(0.4)
    # Streamed, as every call is, with the usage asked for.
    assert all(r.body["stream"] for r in server.requests)


async def test_a_server_that_goes_quiet_ends_at_the_idle_timeout(
    fake: tuple[FakeOpenAI, str], tmp_path: Path
) -> None:
    server, url = fake
    server.responders.insert(0, lambda _model, _body: Stall(5.0))
    settings = local_settings(url, tmp_path, llm_idle_timeout_seconds=0.3)
    started = time.monotonic()
    with pytest.raises(limits.ModelTimeoutError, match=r"sent nothing for 0\.3 s"):
        await _ask(settings, ["Task: read."])
    assert time.monotonic() - started < 3.0
