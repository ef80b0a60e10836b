"""Storage in a local folder (the embedded default). Blocking file I/O runs in worker threads."""

import os
import time
import uuid
from collections.abc import AsyncIterator
from pathlib import Path
from typing import BinaryIO

from anyio import to_thread

from holmes_backend.storage.base import READ_CHUNK_BYTES, Storage, Upload

_INCOMING = ".incoming"


class LocalUpload(Upload):
    def __init__(self, handle: BinaryIO, temp_path: Path, final_path: Path) -> None:
        self._handle = handle
        self._temp_path = temp_path
        self._final_path = final_path

    async def write(self, data: bytes) -> None:
        await to_thread.run_sync(self._handle.write, data)

    async def commit(self) -> None:
        def _commit() -> None:
            self._handle.close()
            self._final_path.parent.mkdir(parents=True, exist_ok=True)
            # Atomic within one filesystem: readers see the whole object or nothing.
            os.replace(self._temp_path, self._final_path)

        await to_thread.run_sync(_commit)

    async def abort(self) -> None:
        def _abort() -> None:
            self._handle.close()
            self._temp_path.unlink(missing_ok=True)

        await to_thread.run_sync(_abort)


class LocalStorage(Storage):
    name = "local"

    def __init__(self, root: Path) -> None:
        self.root = root.resolve()

    def _path(self, key: str) -> Path:
        path = (self.root / key).resolve()
        if not path.is_relative_to(self.root) or path == self.root:
            raise ValueError(f"storage key escapes the storage root: {key!r}")
        return path

    async def open_upload(self, key: str, content_type: str) -> Upload:
        final_path = self._path(key)
        incoming = self.root / _INCOMING
        temp_path = incoming / uuid.uuid4().hex

        def _open() -> BinaryIO:
            incoming.mkdir(parents=True, exist_ok=True)
            return temp_path.open("wb")

        return LocalUpload(await to_thread.run_sync(_open), temp_path, final_path)

    async def size(self, key: str) -> int:
        path = self._path(key)
        return (await to_thread.run_sync(path.stat)).st_size

    async def read_range(
        self, key: str, start: int, end: int, chunk_bytes: int = READ_CHUNK_BYTES
    ) -> AsyncIterator[bytes]:
        handle = await to_thread.run_sync(self._path(key).open, "rb")
        try:
            await to_thread.run_sync(handle.seek, start)
            remaining = end - start + 1
            while remaining > 0:
                data = await to_thread.run_sync(handle.read, min(chunk_bytes, remaining))
                if not data:
                    break
                remaining -= len(data)
                yield data
        finally:
            await to_thread.run_sync(handle.close)

    async def delete(self, key: str) -> None:
        def _delete() -> None:
            path = self._path(key)
            path.unlink(missing_ok=True)
            self._prune_empty_parents(path.parent)

        await to_thread.run_sync(_delete)

    def _prune_empty_parents(self, directory: Path) -> None:
        while directory != self.root and directory.is_relative_to(self.root):
            try:
                directory.rmdir()
            except OSError:  # not empty (or already gone): stop climbing
                return
            directory = directory.parent

    async def delete_prefix(self, prefix: str) -> int:
        keys = await self.list_keys(prefix)

        def _delete() -> None:
            for key in keys:
                path = self._path(key)
                path.unlink(missing_ok=True)
                self._prune_empty_parents(path.parent)

        await to_thread.run_sync(_delete)
        return len(keys)

    async def list_keys(self, prefix: str = "") -> list[str]:
        def _list() -> list[str]:
            # Walk only the folder the prefix names, not the whole store.
            folder = prefix.rpartition("/")[0]
            start = self._path(folder) if folder else self.root
            if not start.is_dir():
                return []
            keys = (
                path.relative_to(self.root).as_posix()
                for path in start.rglob("*")
                if path.is_file()
            )
            return sorted(k for k in keys if k.startswith(prefix) and not k.startswith(_INCOMING))

        return await to_thread.run_sync(_list)

    async def sweep_incoming(self, older_than_seconds: float) -> int:
        """Remove temporary files a crashed process left behind; returns how many."""

        def _sweep() -> int:
            incoming = self.root / _INCOMING
            if not incoming.is_dir():
                return 0
            cutoff = time.time() - older_than_seconds
            stale = [p for p in incoming.iterdir() if p.stat().st_mtime < cutoff]
            for path in stale:
                path.unlink(missing_ok=True)
            return len(stale)

        return await to_thread.run_sync(_sweep)

    async def list_incoming(self) -> list[str]:
        """Temporary files of uploads in flight (or leaked by a crash)."""

        def _list() -> list[str]:
            incoming = self.root / _INCOMING
            return sorted(p.name for p in incoming.iterdir()) if incoming.exists() else []

        return await to_thread.run_sync(_list)
