"""Background work held by the runtime (Runtime.spawn): cancelled when the service stops, and
never started once it is stopping (a job's after-work then must not open a database
connection that nothing would close)."""

import asyncio
from pathlib import Path

from holmes_backend.config import Settings
from holmes_backend.runtime import Runtime


async def test_work_is_held_until_it_ends_and_cancelled_on_close(tmp_path: Path) -> None:
    runtime = Runtime.create(Settings(environment="test", data_dir=tmp_path))
    started = asyncio.Event()

    async def forever() -> None:
        started.set()
        await asyncio.Event().wait()

    async def brief() -> None:
        return None

    done = runtime.spawn(brief(), name="brief")
    held = runtime.spawn(forever(), name="forever")
    assert done is not None
    assert held is not None
    await done
    await started.wait()
    assert runtime.tasks == {held}
    await runtime.close()
    assert held.cancelled()
    assert runtime.tasks == set()


async def test_nothing_starts_once_closing(tmp_path: Path) -> None:
    runtime = Runtime.create(Settings(environment="test", data_dir=tmp_path))
    await runtime.close()
    ran = []

    async def work() -> None:
        ran.append(True)

    work_item = work()
    assert runtime.spawn(work_item) is None
    await asyncio.sleep(0)
    assert ran == []
    assert work_item.cr_frame is None  # closed, not left to warn that it was never awaited
    assert runtime.tasks == set()
