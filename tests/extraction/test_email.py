"""E-mail: headers as metadata, body by line, attachments listed."""

import json
from email.message import EmailMessage
from pathlib import Path

from holmes_backend.extraction import extract


def _write(path: Path, message: EmailMessage) -> Path:
    path.write_bytes(message.as_bytes())
    return path


def _message(**headers: str) -> EmailMessage:
    message = EmailMessage()
    for name, value in headers.items():
        message[name.replace("_", "-")] = value
    return message


async def test_plain_email_with_attachment(tmp_path: Path) -> None:
    message = _message(
        From="Dana Chief <dana@example.com>",
        To="Bob <bob@example.com>, carol@example.com",
        Cc="Audit <audit@example.com>",
        Date="Fri, 15 Mar 2024 14:05:00 +0100",
        Subject="Wire transfer",
        Message_ID="<abc123@example.com>",
    )
    message.set_content("Hi Bob,\n\nPlease send the wire today.\n-- \nDana\n")
    message.add_alternative("<p>Hi Bob (HTML)</p>", subtype="html")
    message.add_attachment(
        b"%PDF-1.4 fake", maintype="application", subtype="pdf", filename="inv.pdf"
    )
    path = _write(tmp_path / "wire.eml", message)

    result = await extract(path, "message/rfc822", "wire.eml")

    assert result.kind == "email"
    meta = result.metadata
    assert meta["from"] == "Dana Chief <dana@example.com>"
    assert meta["to"] == ["Bob <bob@example.com>", "carol@example.com"]
    assert meta["cc"] == ["Audit <audit@example.com>"]
    assert meta["date"] == "2024-03-15T14:05:00+01:00"
    assert meta["subject"] == "Wire transfer"
    assert meta["message_id"] == "<abc123@example.com>"
    assert meta["body_type"] == "text/plain"
    assert meta["attachments"] == [
        {"filename": "inv.pdf", "content_type": "application/pdf", "size": 13}
    ]
    assert [(c.location.line, c.text) for c in result.chunks] == [
        (1, "Hi Bob,"),
        (3, "Please send the wire today."),
        (4, "--"),
        (5, "Dana"),
    ]
    assert result.errors == []


async def test_html_only_email_becomes_text(tmp_path: Path) -> None:
    message = _message(
        From="a@example.com", Subject="Minutes", Date="Mon, 1 Apr 2024 09:00:00 -0000"
    )
    message.set_content(
        "<html><body><h1>Minutes</h1><p>Vote: 4&ndash;1</p><script>x()</script></body></html>",
        subtype="html",
        charset="utf-8",
    )
    path = _write(tmp_path / "minutes.eml", message)

    result = await extract(path, "message/rfc822", "minutes.eml")

    assert [c.text for c in result.chunks] == ["Minutes", "Vote: 4\u20131"]
    assert result.metadata["body_type"] == "text/html"
    # "-0000" means the sender's zone is unknown; the time itself is UTC.
    assert result.metadata["date"] == "2024-04-01T09:00:00+00:00"
    assert result.metadata["to"] == []


async def test_misdeclared_charset_still_reads(tmp_path: Path) -> None:
    raw = (
        b"From: x@example.com\r\nSubject: Notes\r\nContent-Type: text/plain; charset=utf-8\r\n"
        b"\r\nCaf\xe9 at 10\r\n"
    )
    path = tmp_path / "notes.eml"
    path.write_bytes(raw)

    result = await extract(path, "message/rfc822", "notes.eml")

    assert [c.text for c in result.chunks] == ["Café at 10"]


async def test_unparseable_date_is_reported(tmp_path: Path) -> None:
    path = tmp_path / "odd.eml"
    path.write_bytes(b"From: x@example.com\r\nDate: sometime last week\r\n\r\nbody\r\n")

    result = await extract(path, "message/rfc822", "odd.eml")

    assert result.metadata["date"] is None
    assert any("Date" in error for error in result.errors)
    assert [c.text for c in result.chunks] == ["body"]


async def test_raw_utf8_headers_read_as_the_names_they_spell(tmp_path: Path) -> None:
    # RFC 6532: mail between UTF-8 systems carries names unencoded. The parser hands them on as
    # surrogate escapes, which no UTF-8 writer takes: the file once failed with "surrogates not
    # allowed" when its extraction was stored.
    path = tmp_path / "utf8.eml"
    path.write_bytes(
        "From: Zoë Brontë <zoe@example.org>\r\n"
        'To: Jürgen Müller <jm@example.de>, "Ólafsdóttir, Sigríður" <sigga@example.is>\r\n'
        "Subject: Réunion à Genève\r\n"
        "Date: Tue, 4 Mar 2025 10:15:00 +0100\r\n"
        "\r\n"
        "Hallo Jürgen\r\n".encode()
    )

    result = await extract(path, "message/rfc822", "utf8.eml")

    meta = result.metadata
    assert meta["from"] == "Zoë Brontë <zoe@example.org>"
    assert meta["to"] == [
        "Jürgen Müller <jm@example.de>",
        '"Ólafsdóttir, Sigríður" <sigga@example.is>',
    ]
    assert meta["subject"] == "Réunion à Genève"
    assert [c.text for c in result.chunks] == ["Hallo Jürgen"]
    json.dumps(meta, ensure_ascii=False).encode("utf-8")  # storable as it is


async def test_a_header_byte_that_is_not_utf8_becomes_a_replacement_character(
    tmp_path: Path,
) -> None:
    path = tmp_path / "latin1.eml"
    path.write_bytes(
        b"From: a@example.org\r\nTo: Ren\xe9 Faure <rene@example.fr>\r\n"
        b"Subject: x\r\nDate: Tue, 4 Mar 2025 10:15:00 +0100\r\n\r\nbody\r\n"
    )

    result = await extract(path, "message/rfc822", "latin1.eml")

    assert result.metadata["to"] == ["Ren\ufffd Faure <rene@example.fr>"]
