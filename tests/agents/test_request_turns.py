"""Agents side by side build their model requests one at a time: a turn ends when the request is
out (or after MAX_TURN_SECONDS whatever happens), and work that can wait waits until no request
is waiting to be built."""

import asyncio
import time

import pytest

from holmes_backend.agents.runner import RequestTurns


async def test_the_next_turn_starts_only_when_the_previous_ends(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RequestTurns, "MAX_TURN_SECONDS", 5.0)  # no turn ends by itself here
    turns = RequestTurns()
    log: list[str] = []

    async def agent(name: str, build_seconds: float) -> None:
        end = await turns.take()
        log.append(f"{name} builds")
        await asyncio.sleep(build_seconds)  # waits inside the build let nobody else in
        log.append(f"{name} sent")
        end()
        end()  # ending twice is harmless
        await asyncio.sleep(0.01)
        log.append(f"{name} answered")

    await asyncio.gather(agent("a", 0.02), agent("b", 0.01), agent("c", 0))

    assert log.index("a sent") < log.index("b builds")
    assert log.index("b sent") < log.index("c builds")
    assert turns.idle


async def test_work_that_can_wait_waits_until_every_request_is_out(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(RequestTurns, "MAX_TURN_SECONDS", 5.0)
    turns = RequestTurns()
    await asyncio.wait_for(turns.wait_idle(), 1)  # nothing waiting: at once
    ends = [await turns.take()]
    second = asyncio.create_task(turns.take())
    waiting = asyncio.create_task(turns.wait_idle())
    await asyncio.sleep(0.01)
    assert not turns.idle
    assert not waiting.done()

    ends[0]()
    ends.append(await second)
    await asyncio.sleep(0.01)
    assert not waiting.done()  # the second request is still being built

    ends[1]()
    await asyncio.wait_for(waiting, 1)
    assert turns.idle


async def test_a_turn_whose_request_never_reports_ends_by_itself() -> None:
    turns = RequestTurns()
    await turns.take()  # never ended by its agent
    started = time.monotonic()
    end = await asyncio.wait_for(turns.take(), 5)
    # Without the limit it would wait forever (wait_for fails after 5 s).
    assert time.monotonic() - started < 1.0
    end()
    assert turns.idle
