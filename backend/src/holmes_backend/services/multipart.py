"""Streaming multipart/form-data: turns a request body into part events without buffering files.

python-multipart's push parser calls back synchronously for each piece it recognises; we collect
those pieces per network chunk and hand them on as events, so a consumer can write each file
straight to storage while the body is still arriving.
"""

from collections.abc import AsyncIterator
from dataclasses import dataclass, field

from python_multipart.exceptions import MultipartParseError
from python_multipart.multipart import MultipartParser, parse_options_header
from starlette.requests import ClientDisconnect

from holmes_shared.errors import BadRequestError, UnsupportedMediaTypeError

MAX_PART_HEADER_BYTES = 16 * 1024


@dataclass(frozen=True)
class PartStart:
    field_name: str
    filename: str | None
    content_type: str | None


@dataclass(frozen=True)
class PartData:
    data: bytes


@dataclass(frozen=True)
class PartEnd:
    pass


PartEvent = PartStart | PartData | PartEnd


@dataclass
class _Collector:
    events: list[PartEvent] = field(default_factory=list)
    header_field: bytearray = field(default_factory=bytearray)
    header_value: bytearray = field(default_factory=bytearray)
    headers: dict[str, bytes] = field(default_factory=dict)
    header_bytes: int = 0
    finished: bool = False

    def on_part_begin(self) -> None:
        self.headers = {}
        self.header_bytes = 0

    def on_header_field(self, data: bytes, start: int, end: int) -> None:
        self._count(end - start)
        self.header_field += data[start:end]

    def on_header_value(self, data: bytes, start: int, end: int) -> None:
        self._count(end - start)
        self.header_value += data[start:end]

    def on_header_end(self) -> None:
        self.headers[self.header_field.decode("latin-1").lower()] = bytes(self.header_value)
        self.header_field.clear()
        self.header_value.clear()

    def on_headers_finished(self) -> None:
        disposition, options = parse_options_header(self.headers.get("content-disposition", b""))
        if disposition != b"form-data" or b"name" not in options:
            raise BadRequestError("A multipart part has no form-data Content-Disposition name.")
        raw_filename = options.get(b"filename")
        content_type = self.headers.get("content-type")
        self.events.append(
            PartStart(
                field_name=options[b"name"].decode("utf-8", "replace"),
                filename=raw_filename.decode("utf-8", "replace")
                if raw_filename is not None
                else None,
                content_type=content_type.decode("latin-1").strip() if content_type else None,
            )
        )

    def on_part_data(self, data: bytes, start: int, end: int) -> None:
        if end > start:
            self.events.append(PartData(data[start:end]))

    def on_part_end(self) -> None:
        self.events.append(PartEnd())

    def on_end(self) -> None:
        self.finished = True

    def _count(self, size: int) -> None:
        self.header_bytes += size
        if self.header_bytes > MAX_PART_HEADER_BYTES:
            raise BadRequestError("A multipart part's headers are too large.")


def multipart_boundary(content_type: str | None) -> bytes:
    """The boundary of a multipart/form-data Content-Type, or 415 for any other body."""
    if not content_type:
        raise UnsupportedMediaTypeError("The request must be multipart/form-data.")
    media_type, options = parse_options_header(content_type)
    if media_type != b"multipart/form-data":
        raise UnsupportedMediaTypeError(
            "The request must be multipart/form-data.",
            details={"content_type": content_type},
        )
    boundary = options.get(b"boundary")
    if not boundary:
        raise BadRequestError("The multipart Content-Type has no boundary.")
    return boundary


async def iter_parts(body: AsyncIterator[bytes], boundary: bytes) -> AsyncIterator[PartEvent]:
    collector = _Collector()
    parser = MultipartParser(
        boundary,
        callbacks={
            "on_part_begin": collector.on_part_begin,
            "on_header_field": collector.on_header_field,
            "on_header_value": collector.on_header_value,
            "on_header_end": collector.on_header_end,
            "on_headers_finished": collector.on_headers_finished,
            "on_part_data": collector.on_part_data,
            "on_part_end": collector.on_part_end,
            "on_end": collector.on_end,
        },
    )
    try:
        async for chunk in body:
            if not chunk:
                continue
            try:
                parser.write(chunk)
            except MultipartParseError as exc:
                raise BadRequestError("The multipart body is malformed.") from exc
            events, collector.events = collector.events, []
            for event in events:
                yield event
            if collector.finished:
                break
    except ClientDisconnect as exc:
        raise BadRequestError("The client disconnected during the upload.") from exc
    if not collector.finished:
        raise BadRequestError("The multipart body ended before its closing boundary.")
