"""The offline analyst runs in worker processes: its memory leaves with them, not the server."""

import datetime
import os
import signal
import threading
from collections.abc import Iterator
from pathlib import Path

import psutil
import pytest
from google.adk.models.llm_request import LlmRequest
from google.genai import types

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.extraction import extract
from holmes_backend.llm.evidence import render_evidence
from holmes_backend.llm.local import model as local_model
from holmes_backend.llm.local.model import LOCAL_PRO, LocalAnalystError, LocalAnalystLlm
from holmes_backend.workers import WorkerPool

MIB = 2**20


@pytest.fixture
def pool(monkeypatch: pytest.MonkeyPatch) -> Iterator[WorkerPool]:
    """A pool of the analyst's workers of this test's own (the shared one has other tests')."""
    own = WorkerPool(local_model.POOL.module)
    monkeypatch.setattr(local_model, "POOL", own)
    yield own
    own.close()


async def _ledger_request(tmp_path: Path, rows: int) -> LlmRequest:
    path = tmp_path / "ledger.csv"
    with path.open("w", encoding="utf-8") as out:
        out.write("date,payee,reference,amount,approved_by\n")
        for i in range(rows):
            out.write(
                f"2024-03-{i % 28 + 1:02d},Payee {i % 977} Ltd,INV-{i:06d},"
                f"{(i * 37) % 9000 + 100}.{i % 100:02d},Officer {i % 13}\n"
            )
    extraction = await extract(path, "text/csv", "ledger.csv")
    text = render_evidence(
        file_id="f1", filename="ledger.csv", mime_type="text/csv", extraction=extraction
    )
    return LlmRequest(
        contents=[types.Content(role="user", parts=[types.Part(text=text)])],
        config=types.GenerateContentConfig(response_schema=FinancialOutput),
    )


async def _output(model: LocalAnalystLlm, request: LlmRequest) -> FinancialOutput:
    texts = [
        part.text
        async for response in model.generate_content_async(request)
        for part in (response.content.parts if response.content else None) or []
        if part.text and not part.thought
    ]
    return FinancialOutput.model_validate_json(texts[-1])


async def test_a_large_analysis_leaves_the_servers_memory_where_it_was(
    tmp_path: Path, pool: WorkerPool
) -> None:
    model = LocalAnalystLlm(model=LOCAL_PRO, processes=1)
    await _output(model, await _ledger_request(tmp_path, 20))  # the worker started
    request = await _ledger_request(tmp_path, 20_000)
    server = psutil.Process()
    before = server.memory_info().rss

    output = await _output(model, request)

    assert output.transactions  # the ledger was read
    # In the server's process this analysis left it ~50 MB larger (measured: 30,000 rows,
    # +42..+70 MB a run, growing run after run); in a worker, the worker holds it.
    assert server.memory_info().rss - before < 15 * MIB
    [worker] = pool.processes
    assert worker != os.getpid()


async def test_in_the_servers_process_when_told(tmp_path: Path, pool: WorkerPool) -> None:
    model = LocalAnalystLlm(model=LOCAL_PRO, processes=0)

    output = await _output(model, await _ledger_request(tmp_path, 30))

    assert output.transactions
    assert pool.processes == []  # no worker was asked


async def test_a_worker_killed_mid_analysis_fails_that_call_and_not_the_next(
    tmp_path: Path, pool: WorkerPool
) -> None:
    model = LocalAnalystLlm(model=LOCAL_PRO, processes=1)
    small = await _ledger_request(tmp_path, 20)
    await _output(model, small)
    [worker] = pool.processes
    large = await _ledger_request(tmp_path, 40_000)
    # Killed a moment after it has the request (the analysis of 40,000 rows takes seconds).
    threading.Timer(0.5, os.kill, (worker, signal.SIGKILL)).start()

    with pytest.raises(LocalAnalystError, match=r"process ended unexpectedly \(signal 9\)"):
        await _output(model, large)

    assert (await _output(model, small)).transactions
    assert worker not in pool.processes


async def test_tool_answers_reach_the_worker_as_the_model_would_read_them() -> None:
    request = LlmRequest(
        contents=[
            types.Content(
                role="user",
                parts=[
                    types.Part(
                        function_response=types.FunctionResponse(
                            name="search_evidence", response={"when": datetime.date(2024, 3, 1)}
                        )
                    )
                ],
            )
        ]
    )

    read = local_model._read(request)

    assert read["tool_results"] == [{"name": "search_evidence", "response": {"when": "2024-03-01"}}]
