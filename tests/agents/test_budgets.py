"""Token budgets on the Gemini path, against the fake Gemini server (which counts a request's
tokens as it bills them and cuts an answer at its maxOutputTokens, finishing MAX_TOKENS).

Every agent is answered with the local analyst's analysis of the request it was sent. Holmes runs
with a small request budget, so that ordinary files show what a large case does at 120k: a
300-page PDF and a 2-hour recording are read in page and time ranges, a 60-file case's triage
and domains in several requests, none over the budget; an answer cut off at its limit has its
unit halved and redone, never handed to Flash; every call's cost is on its record and summed
per case."""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains.prompt import INSTRUCTIONS
from holmes_backend.agents.numeric.step import ENGINE_MODEL
from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.config import DEFAULT_PRICES
from holmes_backend.demo import write_synthetic_case
from holmes_backend.demo.formats import make_pdf, mime_type_of
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import agent_runs, signed_in, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Received, Reply, Step, text
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    evidence_of,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

BUDGET = 8_000  # input tokens per request
DOMAIN_ANSWER_LIMIT = 12_000  # max_output_tokens of a domain agent
# Set by the cut-off test: a domain answer over two or more evidence blocks is padded past its
# limit, so the fake cuts it off (MAX_TOKENS); one over a single block is answered whole.
CUT_OFF = {"on": False}
DOMAIN_PREFIXES = tuple(INSTRUCTIONS[d][:40] for d in INSTRUCTIONS)


def _is_domain(body: JsonDict) -> bool:
    return instruction_of(body).startswith(DOMAIN_PREFIXES)


def responder(model: str, body: JsonDict) -> Step | None:
    result = analyse(pipeline_schema(instruction_of(body)), body)
    answer = json.dumps(result.output.model_dump(mode="json"))
    if CUT_OFF["on"] and _is_domain(body) and len(evidence_of(body)) >= 2:
        answer += " " * (DOMAIN_ANSWER_LIMIT * 4 + 400)  # still JSON, until it is cut
    return Reply(parts=[text(answer)])


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="budget-key") as (gemini, url):
        gemini.cut_at_max_output = True
        yield gemini, url


@pytest.fixture(scope="module")
def fake(served: tuple[FakeGemini, str]) -> FakeGemini:
    return served[0]


@pytest.fixture(scope="module")
def server(
    module_database: str,
    served: tuple[FakeGemini, str],
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[LiveServer]:
    url = served[1]
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("budget-data"),
        fake_url=url,
        api_key="budget-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_request_budget_tokens=BUDGET,
        triage_preview_tokens=300,
        max_output_tokens={"domain": DOMAIN_ANSWER_LIMIT},
    ) as live:
        yield live


async def _process(
    client: httpx.AsyncClient, name: str, paths: list[Path]
) -> tuple[str, dict[str, Any]]:
    case_id = (await client.post("/api/cases", json={"name": name})).json()["id"]
    for start in range(0, len(paths), 50):
        files = [
            ("files", (p.name, p.read_bytes(), mime_type_of(p.name)))
            for p in paths[start : start + 50]
        ]
        response = await client.post(f"/api/cases/{case_id}/files", files=files)
        assert response.status_code == 201, response.text
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    return case_id, await wait_done(client, case_id, seconds=600)


def _pdf(path: Path, pages: int) -> Path:
    lines = [
        [
            f"Statement of account, page {page} of {pages}.",
            f"On 2024-03-{page % 28 + 1:02d} the account of Harbour Freight Ltd paid",
            f"EUR {1000 + page}.00 to Meridian Supplies under invoice INV-{page:04d}.",
            "The payment was approved by the finance director and entered in the ledger.",
            "Counsel notes the agreement of 2023 requires two signatures for such sums.",
        ]
        for page in range(1, pages + 1)
    ]
    path.write_bytes(make_pdf(lines))
    return path


def _vtt(path: Path, seconds: int) -> Path:
    def clock(t: int) -> str:
        return f"{t // 3600:02d}:{t % 3600 // 60:02d}:{t % 60:02d}.000"

    cues = [
        f"{clock(t)} --> {clock(t + 10)}\n<v Witness>At {clock(t)[:5]} I saw the van leave the "
        f"depot on Quay Street with the driver and two crates."
        for t in range(0, seconds, 10)
    ]
    path.write_text("WEBVTT\n\n" + "\n\n".join(cues) + "\n", encoding="utf-8")
    return path


def _evidence_of(request: Received) -> list[Any]:
    return evidence_of(request.effective_body or request.body)


async def test_a_300_page_pdf_and_a_2_hour_recording_are_read_in_ranges_under_the_budget(
    server: LiveServer, fake: FakeGemini, tmp_path: Path
) -> None:
    fake.requests.clear()
    fake.count_requests.clear()
    paths = [_pdf(tmp_path / "statements.pdf", 300), _vtt(tmp_path / "interview.vtt", 7200)]
    async with await signed_in(server, "big@holmes.example") as client:
        case_id, status = await _process(client, "big files", paths)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))

    assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
    assert len(fake.count_requests) == 2  # each file's tokens counted by the model, once
    sizes = [r.prompt_tokens for r in fake.requests]
    over = [
        (instruction_of(r.body)[:50], r.prompt_tokens)
        for r in fake.requests
        if r.prompt_tokens > BUDGET
    ]
    assert max(sizes) <= BUDGET, "\n".join(map(str, over))
    # A unit whose answer was cut off (MAX_TOKENS) was halved and redone.
    domain_requests = [r for r in fake.requests if _is_domain(r.body) and r.finish_reason == "STOP"]
    # The PDF's pages and the recording's seconds, by the domain that read them: each domain
    # that read a file read all of it, in ranges (several requests), each range once.
    pages: dict[str, list[int]] = {}
    cues: dict[str, list[float]] = {}
    for request in domain_requests:
        domain = instruction_of(request.body)[:40]
        for doc in _evidence_of(request):
            if doc.filename == "statements.pdf":
                pages.setdefault(domain, []).extend(c.location.page for c in doc.chunks)
            elif doc.filename == "interview.vtt":
                cues.setdefault(domain, []).extend(c.location.cue_start for c in doc.chunks)
    assert pages
    assert cues
    for read in pages.values():
        assert sorted(read) == list(range(1, 301))
    for heard in cues.values():
        assert sorted(heard) == [float(t) for t in range(0, 7200, 10)]
    pdf_units = [
        r for r in domain_requests if any(d.filename == "statements.pdf" for d in _evidence_of(r))
    ]
    assert len(pdf_units) >= 4 * len(pages)
    ranges = {
        str(json.loads(line[len("<<<EVIDENCE ") : -3]).get("range"))
        for r in pdf_units
        for line in user_text_of(r.effective_body or r.body).splitlines()
        if line.startswith("<<<EVIDENCE ") and "statements.pdf" in line
    }
    assert any(r.startswith("pages 1-") for r in ranges)
    workers = {a["agent_name"]: a for a in agents if "_worker_" in a["agent_name"]}
    assert workers
    for name, worker in workers.items():
        if worker["status"] != "COMPLETED":  # cut off: halved, and both halves done
            assert "MAX_TOKENS" in worker["error"], worker
            assert {f"{name}_a", f"{name}_b"} <= set(workers)


async def test_a_60_file_case_never_sends_a_request_over_the_budget_and_its_cost_is_summed(
    server: LiveServer, fake: FakeGemini, tmp_path: Path
) -> None:
    fake.requests.clear()
    paths = sorted(write_synthetic_case(tmp_path / "case", 60, 7))
    async with await signed_in(server, "sixty@holmes.example") as client:
        case_id, status = await _process(client, "sixty", paths)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))
        cost = (await client.get(f"/api/cases/{case_id}/agents/cost")).json()

    assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
    sizes = [r.prompt_tokens for r in fake.requests]
    assert max(sizes) <= BUDGET, sorted(sizes)[-5:]
    triage = [r for r in fake.requests if instruction_of(r.body).startswith(TRIAGE[:60])]
    assert len(triage) >= 2  # 60 previews do not fit one request
    triaged = {doc.file_id for r in triage for doc in _evidence_of(r)}
    assert len(triaged) == 60  # every file previewed, once
    assert sum(len(_evidence_of(r)) for r in triage) == 60

    # Every record carries its usage and cost; the case's cost is their sum.
    completed = [a for a in agents if a["status"] == "COMPLETED"]
    assert completed
    # The numeric extractor is the engine's reading (agents.numeric): no model call, no usage.
    engine = [a for a in completed if a["agent_type"] == "NUMERIC_EXTRACTOR"]
    assert all(a["input_tokens"] == a["cost_usd"] == 0 for a in engine)
    assert all(a["model_name"] == ENGINE_MODEL for a in engine)
    assert all(a["input_tokens"] > 0 for a in completed if a not in engine)
    for agent in (a for a in completed if a not in engine):
        price = DEFAULT_PRICES[agent["model_name"]]
        expected = (
            (agent["input_tokens"] - agent["cached_tokens"]) * price.input
            + agent["cached_tokens"] * price.cached
            + (agent["output_tokens"] + agent["thinking_tokens"]) * price.output
        ) / 1_000_000
        assert agent["cost_usd"] == pytest.approx(expected), agent["agent_name"]
    assert cost["executions"] == len(agents)
    assert cost["total_usd"] == pytest.approx(sum(a["cost_usd"] for a in agents))
    assert cost["total_usd"] > 0
    assert cost["input_tokens"] == sum(a["input_tokens"] for a in agents)
    assert set(cost["by_model_usd"]) <= {PRO_MODEL, FLASH_MODEL, ENGINE_MODEL}
    assert cost["by_model_usd"].get(ENGINE_MODEL, 0) == 0
    assert cost["budget_usd"] is None
    # What the fake billed is what the records hold.
    assert cost["input_tokens"] == sum(r.prompt_tokens for r in fake.requests)


async def test_an_answer_cut_off_at_its_limit_has_its_unit_halved_and_redone(
    server: LiveServer, fake: FakeGemini, tmp_path: Path
) -> None:
    fake.requests.clear()
    paths = sorted(write_synthetic_case(tmp_path / "case", 8, 11))
    CUT_OFF["on"] = True
    try:
        async with await signed_in(server, "cut@holmes.example") as client:
            case_id, status = await _process(client, "cut off", paths)
            agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))
    finally:
        CUT_OFF["on"] = False

    assert status["job"]["status"] == "READY", status["job"]
    domain_requests = [r for r in fake.requests if _is_domain(r.body)]
    limits = {r.max_output_tokens for r in domain_requests}
    assert limits == {DOMAIN_ANSWER_LIMIT}
    # Cut off, the unit went to no other model: every domain request was Pro's.
    assert {r.model for r in domain_requests} == {PRO_MODEL}
    cut = [a for a in agents if a["status"] == "FAILED"]
    assert cut
    assert all("MAX_TOKENS" in a["error"] and not a["fallback_used"] for a in cut)
    names = {a["agent_name"]: a for a in agents}
    for failed in cut:
        halves = [names.get(f"{failed['agent_name']}_{side}") for side in "ab"]
        assert all(h is not None for h in halves), failed["agent_name"]
    # Halving ended at units of one block each, answered whole.
    answered = [r for r in domain_requests if len(_evidence_of(r)) >= 2]
    assert answered
    files_read = {
        doc.file_id for r in domain_requests if len(_evidence_of(r)) == 1 for doc in _evidence_of(r)
    }
    multi = {doc.file_id for r in answered for doc in _evidence_of(r)}
    assert multi <= files_read  # every file of a cut unit was read again, on its own
    # The cut-off attempt's tokens were paid for: on its record.
    assert all(a["input_tokens"] > 0 and a["output_tokens"] > 0 for a in cut)
    assert [a for a in agents if a["agent_type"] == "FINANCIAL" and a["status"] == "COMPLETED"]
