"""E-mail (.eml): who wrote to whom and when, the body line by line, and what was attached."""

from datetime import UTC
from email import policy
from email.message import EmailMessage, Message, MIMEPart
from email.parser import BytesParser
from pathlib import Path

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location
from holmes_backend.extraction.textfile import decode, split_lines
from holmes_backend.extraction.webpage import read_html

_ADDRESS_HEADERS = ("to", "cc", "bcc", "reply-to")
_IDENTIFYING_HEADERS = ("from", "to", "cc", "date", "subject", "message-id")


def extract_email(path: Path, budget: Budget) -> Extraction:
    with path.open("rb") as file:
        message = BytesParser(policy=policy.default).parse(file)
    if not any(header in message for header in _IDENTIFYING_HEADERS):
        # The parser accepts any bytes as a headerless body; without a single header it is not mail.
        raise ExtractionError("no e-mail headers (From, To, Date, Subject) found")
    errors: list[str] = []
    metadata = _headers(message, errors)
    metadata["attachments"] = [_attachment(part) for part in message.iter_attachments()]
    body = message.get_body(preferencelist=("plain", "html"))
    chunks = []
    if body is None:
        errors.append("the message has no text or HTML body")
    else:
        metadata["body_type"] = body.get_content_type()
        for number, line in enumerate(_body_lines(body, budget), start=1):
            if (text := line.strip()) and budget.take(text, "lines"):
                chunks.append(Chunk(text=text, location=Location(line=number, section="body")))
    return Extraction(kind="email", chunks=chunks, metadata=metadata, errors=errors)


def _text(value: object) -> str:
    """A header's text. Raw UTF-8 in a header (RFC 6532: `To: Zoë Brontë <…>`) reaches the
    parser's results as surrogate escapes, which no UTF-8 writer accepts; they are the UTF-8
    bytes they stand for (a byte that is not UTF-8 becomes U+FFFD)."""
    text = str(value)
    return text.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _headers(message: EmailMessage, errors: list[str]) -> dict[str, object]:
    metadata: dict[str, object] = {
        "from": _text(message["from"]) if "from" in message else None,
        "subject": _text(message["subject"]) if "subject" in message else None,
        "message_id": _text(message["message-id"]).strip() if "message-id" in message else None,
        "date": None,
    }
    for name in _ADDRESS_HEADERS:
        header = message[name]
        addresses = getattr(header, "addresses", ()) if header is not None else ()
        metadata[name.replace("-", "_")] = [_text(address) for address in addresses]
    if "date" in message:
        moment = getattr(message["date"], "datetime", None)
        if moment is None:
            errors.append(f"unreadable Date header: {_text(message['date'])!r}")
        else:
            # A naive result means "-0000" (zone unknown); RFC 5322 says the time is then in UTC.
            metadata["date"] = (moment if moment.tzinfo else moment.replace(tzinfo=UTC)).isoformat()
    return metadata


def _attachment(part: Message) -> dict[str, object]:
    payload = part.get_payload(decode=True)
    return {
        "filename": _text(name) if (name := part.get_filename()) is not None else None,
        "content_type": part.get_content_type(),
        "size": len(payload) if isinstance(payload, bytes) else None,
    }


def _body_lines(part: MIMEPart, budget: Budget) -> list[str]:
    """The body's lines (an HTML body's blocks, no more of them than `budget` could take)."""
    raw = part.get_payload(decode=True)
    data = raw if isinstance(raw, bytes) else b""
    # Decoded here rather than by get_content(), which fails on a misdeclared or unknown charset.
    charset = part.get_content_charset()
    if part.get_content_subtype() == "html":
        blocks, _, _ = read_html(data, charset, max_blocks=budget.limits.max_chunks + 1)
        return [block.text for block in blocks]
    text, _ = decode(data, charset)
    return split_lines(text)
