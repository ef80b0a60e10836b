"""Writes behind the model calls: held while the next request is prepared, never for long, and
drained with their first failure."""

import asyncio
import gc
import time
from typing import Any

import pytest
from pydantic import BaseModel, model_validator

from holmes_backend.agents.runner import AgentSpec, WriteBehind, _attempt, drain
from holmes_backend.config import Settings
from tests.agents.helpers import attempt_context
from tests.fake_gemini import FakeGemini, json_reply
from tests.gemini_support import FLASH_MODEL
from tests.support import serve_app


async def test_held_writes_run_once_released() -> None:
    writes = WriteBehind()
    done: list[str] = []

    async def write(name: str) -> None:
        done.append(name)

    writes.hold()
    tasks = [writes.add(write("a")), writes.add(write("b"))]
    await asyncio.sleep(0.02)
    assert done == []
    writes.release()
    await drain(tasks)
    assert done == ["a", "b"]
    assert writes.take() == tasks
    assert writes.take() == []


async def test_a_hold_lets_go_by_itself_each_answer_renews_it_up_to_a_total(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(WriteBehind, "MAX_HOLD_SECONDS", 0.4)
    monkeypatch.setattr(WriteBehind, "MAX_TOTAL_HOLD_SECONDS", 0.9)
    writes = WriteBehind()
    started = time.monotonic()
    writes.hold()
    task = writes.add(asyncio.sleep(0))
    await asyncio.sleep(0.2)
    writes.hold()  # another agent's answer: held until 0.6 s
    await asyncio.sleep(0.25)
    assert not task.done(), "a renewed hold ended with the first answer's"
    writes.hold()  # until 0.85 s
    await asyncio.sleep(0.25)
    writes.hold()  # would be 1.1 s: the total ends it at 0.9 s
    await asyncio.wait_for(task, 5)
    elapsed = time.monotonic() - started
    assert 0.85 <= elapsed < 1.05


async def test_drain_waits_for_every_write_and_raises_the_first_failure() -> None:
    writes = WriteBehind()
    finished: list[int] = []

    async def fails() -> None:
        raise OSError("disk full")

    async def slow() -> None:
        await asyncio.sleep(0.05)
        finished.append(1)

    tasks = [writes.add(fails()), writes.add(slow())]
    with pytest.raises(OSError, match="disk full"):
        await drain(tasks)
    assert finished == [1]


async def test_the_cycle_collector_waits_while_writes_are_held_and_pauses_nest() -> None:
    assert gc.isenabled()
    first, second = WriteBehind(), WriteBehind()
    first.hold()
    assert not gc.isenabled()
    first.hold()  # renewed: still one pause
    second.hold()  # another job's answer
    first.release()
    assert not gc.isenabled(), "collection resumed while another job still held its writes"
    second.release()
    assert gc.isenabled()
    second.release()  # released twice: nothing more to resume
    assert gc.isenabled()

    gc.disable()  # off to begin with: left off
    try:
        first.hold()
        first.release()
        assert not gc.isenabled()
    finally:
        gc.enable()


async def test_a_hold_that_lets_go_by_itself_resumes_the_cycle_collector(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(WriteBehind, "MAX_HOLD_SECONDS", 0.05)
    writes = WriteBehind()
    writes.hold()
    assert not gc.isenabled()
    await asyncio.sleep(0.2)
    assert gc.isenabled()


class _Probe(BaseModel):
    """An answer that notes, as it is read, whether the cycle collector could run then."""

    files: list[str] = []

    @model_validator(mode="after")
    def _note(self) -> "_Probe":
        _COLLECTING.append(gc.isenabled())
        return self


_COLLECTING: list[bool] = []


async def test_from_a_gemini_answers_arrival_its_reading_comes_first(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # A first agent run in a process is slow (imports): the hold must not end by itself here.
    monkeypatch.setattr(WriteBehind, "MAX_HOLD_SECONDS", 30)
    monkeypatch.setattr(WriteBehind, "MAX_TOTAL_HOLD_SECONDS", 30)
    fake = FakeGemini(api_key="k")
    fake.script(FLASH_MODEL, json_reply({"files": ["a"]}))
    _COLLECTING.clear()
    with serve_app(fake.app) as url:
        settings = Settings(
            llm_provider="gemini",
            gemini_api_key="k",
            gemini_base_url=url,
            gemini_flash_model=FLASH_MODEL,
        )
        writes = WriteBehind()
        ctx = attempt_context(settings, writes)
        spec = AgentSpec("probe", "TRIAGE", "triage", "flash", _Probe, "Answer.")
        opened: list[Any] = []

        attempt = await _attempt(ctx, spec, "flash", ["go"], [], None, opened.append)

    assert isinstance(attempt.output, _Probe)
    assert attempt.output.files == ["a"]
    # Held from the answer's headers, before its body was parsed: no collection while it was
    # read, and the writes wait (until the next request is out, or the hold's limit).
    assert _COLLECTING == [False]
    write = writes.add(asyncio.sleep(0))
    await asyncio.sleep(0.02)
    assert not write.done()
    writes.release()
    await write
    assert gc.isenabled()
