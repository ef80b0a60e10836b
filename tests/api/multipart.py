"""Hand-built multipart bodies: byte-exact filenames that client libraries would escape."""

from collections.abc import Sequence

BOUNDARY = "holmes-test-boundary-7f3a"


def multipart_body(
    parts: Sequence[tuple[str, str | None, bytes]],
    *,
    content_type: str = "application/octet-stream",
    close: bool = True,
) -> bytes:
    """``parts`` are (field name, filename or None, content)."""
    out = bytearray()
    for field, filename, content in parts:
        out += f"--{BOUNDARY}\r\n".encode()
        disposition = f'form-data; name="{field}"'
        if filename is not None:
            disposition += f'; filename="{filename}"'
        out += f"Content-Disposition: {disposition}\r\n".encode()
        out += f"Content-Type: {content_type}\r\n\r\n".encode()
        out += content + b"\r\n"
    if close:
        out += f"--{BOUNDARY}--\r\n".encode()
    return bytes(out)


HEADERS = {"content-type": f"multipart/form-data; boundary={BOUNDARY}"}
