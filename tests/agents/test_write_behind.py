"""Writes behind the model calls: held while the next request is prepared, never for long, and
drained with their first failure."""

import asyncio
import time

import pytest

from holmes_backend.agents.runner import WriteBehind, drain


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


async def test_a_hold_lets_go_by_itself_and_renewing_it_does_not_extend_it() -> None:
    writes = WriteBehind()
    started = time.monotonic()
    writes.hold()
    task = writes.add(asyncio.sleep(0))
    await asyncio.sleep(WriteBehind.MAX_HOLD_SECONDS / 2)
    writes.hold()  # another agent's answer arrives meanwhile
    await asyncio.wait_for(task, 5)
    assert time.monotonic() - started < 3 * WriteBehind.MAX_HOLD_SECONDS


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
