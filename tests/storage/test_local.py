"""Local storage specifics: keys cannot escape the root; crash leftovers are swept."""

import os
import time
from pathlib import Path

import pytest

from holmes_backend.storage.local import LocalStorage


async def test_keys_cannot_escape_the_root(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path / "store")
    for key in ("../outside", "a/../../outside", "/etc/passwd", ""):
        with pytest.raises(ValueError, match="escapes"):
            await storage.open_upload(key, "text/plain")


async def test_aborted_upload_leaves_nothing(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path)
    upload = await storage.open_upload("cases/x/files/y", "text/plain")
    await upload.write(b"partial")
    await upload.abort()
    assert await storage.list_keys() == []
    assert await storage.list_incoming() == []


async def test_sweep_removes_only_old_temporary_files(tmp_path: Path) -> None:
    storage = LocalStorage(tmp_path)
    old = await storage.open_upload("a", "text/plain")
    await old.write(b"old")
    [old_name] = await storage.list_incoming()
    day_ago = time.time() - 2 * 24 * 3600
    os.utime(tmp_path / ".incoming" / old_name, (day_ago, day_ago))
    fresh = await storage.open_upload("b", "text/plain")
    await fresh.write(b"fresh")
    assert len(await storage.list_incoming()) == 2

    assert await storage.sweep_incoming(older_than_seconds=24 * 3600) == 1

    assert old_name not in await storage.list_incoming()
    assert len(await storage.list_incoming()) == 1
    await fresh.commit()
    assert await storage.list_keys() == ["b"]
