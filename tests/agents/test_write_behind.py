"""Writes behind the model calls: run in the background, and drained with their first failure."""

import asyncio

import pytest

from holmes_backend.agents.runner import WriteBehind, drain


async def test_writes_run_in_the_background_and_are_taken_once() -> None:
    writes = WriteBehind()
    done: list[str] = []

    async def write(name: str) -> None:
        done.append(name)

    tasks = [writes.add(write("a")), writes.add(write("b"))]
    await drain(tasks)
    assert done == ["a", "b"]
    assert writes.take() == tasks
    assert writes.take() == []


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
