"""Google Cloud Storage backend. google-cloud-storage is synchronous, so calls run in threads."""

import contextlib
import functools
from collections.abc import AsyncIterator
from datetime import timedelta
from typing import Any

from anyio import to_thread
from google.api_core.exceptions import NotFound
from google.auth.credentials import AnonymousCredentials
from google.cloud import storage as gcs
from google.oauth2 import service_account

from holmes_backend.config import Settings
from holmes_backend.storage.base import (
    READ_CHUNK_BYTES,
    Storage,
    Upload,
    evidence_disposition,
)
from holmes_shared.errors import StorageError

# Resumable-upload chunk: a multiple of 256 KiB, large enough to keep round trips rare.
_RESUMABLE_CHUNK = 8 * 1024 * 1024


class GcsUpload(Upload):
    """A GCS resumable upload driven chunk by chunk.

    The object exists only after the final chunk (sent by ``commit``); ``abort`` cancels the
    session. google-cloud-storage's BlobWriter is not used because it finalises the upload
    whenever it is closed or garbage-collected, which would publish a rejected file.
    """

    def __init__(self, http: Any, session_url: str) -> None:
        self._http = http
        self._url = session_url
        self._buffer = bytearray()
        self._offset = 0

    async def write(self, data: bytes) -> None:
        self._buffer += data
        while len(self._buffer) >= _RESUMABLE_CHUNK:
            chunk = bytes(self._buffer[:_RESUMABLE_CHUNK])
            del self._buffer[:_RESUMABLE_CHUNK]
            await to_thread.run_sync(self._put, chunk, False)

    async def commit(self) -> None:
        chunk = bytes(self._buffer)
        self._buffer.clear()
        await to_thread.run_sync(self._put, chunk, True)

    async def abort(self) -> None:
        self._buffer.clear()

        def _cancel() -> None:
            # GCS answers 499 to a cancelled session; an unfinished session never becomes an
            # object either way, so errors here change nothing.
            with contextlib.suppress(Exception):
                self._http.delete(self._url, timeout=30)

        await to_thread.run_sync(_cancel)

    def _put(self, chunk: bytes, last: bool) -> None:
        end = self._offset + len(chunk)
        total = str(end) if last else "*"
        content_range = f"bytes {self._offset}-{end - 1}/{total}" if chunk else f"bytes */{total}"
        response = self._http.put(
            self._url, data=chunk, headers={"Content-Range": content_range}, timeout=120
        )
        expected = {200, 201} if last else {308}
        if response.status_code not in expected:
            raise StorageError(
                "Evidence storage refused an upload chunk.",
                details={"status": response.status_code},
            )
        self._offset = end


class GcsStorage(Storage):
    name = "gcs"

    def __init__(
        self,
        client: Any,
        bucket_name: str,
        *,
        signed_urls: bool,
        url_seconds: int,
        url_endpoint: str | None = None,
        signing_credentials: Any = None,
    ):
        self._client = client
        self._bucket = client.bucket(bucket_name)
        self._signed_urls = signed_urls
        self._url_seconds = url_seconds
        self._url_endpoint = url_endpoint
        self._signing_credentials = signing_credentials

    @classmethod
    def from_settings(cls, settings: Settings) -> "GcsStorage":
        if not settings.gcs_bucket:
            raise ValueError("HOLMES_STORAGE=gcs needs GCS_BUCKET")
        credentials: Any = None
        if settings.gcs_credentials_file is not None:
            credentials = service_account.Credentials.from_service_account_file(  # type: ignore[no-untyped-call]
                str(settings.gcs_credentials_file)
            )
        endpoint = settings.gcs_endpoint
        if endpoint:
            if not endpoint.startswith("http"):
                endpoint = f"http://{endpoint}"
            # The emulator takes anonymous requests; a key file, if any, only signs URLs.
            client = gcs.Client(
                project=settings.gcs_project or "holmes-local",
                credentials=AnonymousCredentials(),  # type: ignore[no-untyped-call]
                client_options={"api_endpoint": endpoint},
            )
        else:
            client = gcs.Client(project=settings.gcs_project, credentials=credentials)
        return cls(
            client,
            settings.gcs_bucket,
            signed_urls=settings.gcs_signed_urls,
            url_seconds=settings.gcs_signed_url_seconds,
            url_endpoint=endpoint,
            signing_credentials=credentials,
        )

    def gs_uri(self, key: str) -> str | None:
        return f"gs://{self._bucket.name}/{key}"

    async def open_upload(self, key: str, content_type: str) -> Upload:
        blob = self._bucket.blob(key)
        session_url: str = await to_thread.run_sync(
            lambda: blob.create_resumable_upload_session(content_type=content_type)
        )
        # The client's authorised HTTP session (no public accessor exists for it).
        return GcsUpload(self._client._http, session_url)

    async def size(self, key: str) -> int:
        blob = await to_thread.run_sync(self._bucket.get_blob, key)
        if blob is None:
            raise FileNotFoundError(key)
        return int(blob.size)

    async def read_range(
        self, key: str, start: int, end: int, chunk_bytes: int = READ_CHUNK_BYTES
    ) -> AsyncIterator[bytes]:
        blob = self._bucket.blob(key)
        position = start
        while position <= end:
            last = min(position + chunk_bytes - 1, end)
            data: bytes = await to_thread.run_sync(
                functools.partial(blob.download_as_bytes, start=position, end=last, checksum=None)
            )
            if not data:
                break
            position += len(data)
            yield data

    async def delete(self, key: str) -> None:
        def _delete() -> None:
            with contextlib.suppress(NotFound):
                self._bucket.blob(key).delete()

        await to_thread.run_sync(_delete)

    async def delete_prefix(self, prefix: str) -> int:
        keys = await self.list_keys(prefix)
        for key in keys:
            await self.delete(key)
        return len(keys)

    async def list_keys(self, prefix: str = "") -> list[str]:
        def _list() -> list[str]:
            return sorted(b.name for b in self._client.list_blobs(self._bucket, prefix=prefix))

        return await to_thread.run_sync(_list)

    async def signed_url(self, key: str, *, filename: str, content_type: str) -> str | None:
        if not self._signed_urls:
            return None
        blob = self._bucket.blob(key)
        url: str = await to_thread.run_sync(
            lambda: blob.generate_signed_url(
                version="v4",
                api_access_endpoint=self._url_endpoint,
                credentials=self._signing_credentials,
                expiration=timedelta(seconds=self._url_seconds),
                response_type=content_type,
                response_disposition=evidence_disposition(filename, content_type),
            )
        )
        return url

    async def close(self) -> None:
        await to_thread.run_sync(self._client.close)
