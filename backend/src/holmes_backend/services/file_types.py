"""What an uploaded file is called and what it is: filename rules and MIME type detection."""

import mimetypes
import unicodedata
from pathlib import PurePosixPath

from holmes_shared.errors import UnsupportedMediaTypeError, ValidationFailedError

MAX_FILENAME_BYTES = 255

# Evidence types by extension. The browser's declared type is a hint at best (it is often
# application/octet-stream), so the extension decides and content sniffing vetoes.
_EXTENSION_TYPES: dict[str, str] = {
    ".pdf": "application/pdf",
    ".docx": "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    ".doc": "application/msword",
    ".eml": "message/rfc822",
    ".csv": "text/csv",
    ".xlsx": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    ".xls": "application/vnd.ms-excel",
    ".html": "text/html",
    ".htm": "text/html",
    ".txt": "text/plain",
    ".md": "text/markdown",
    ".vtt": "text/vtt",
    ".srt": "application/x-subrip",
    ".json": "application/json",
    ".xml": "application/xml",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".png": "image/png",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".tif": "image/tiff",
    ".tiff": "image/tiff",
    ".heic": "image/heic",
    ".mp3": "audio/mpeg",
    ".wav": "audio/wav",
    ".m4a": "audio/mp4",
    ".ogg": "audio/ogg",
    ".oga": "audio/ogg",
    ".flac": "audio/flac",
    ".weba": "audio/webm",
    ".mp4": "video/mp4",
    ".m4v": "video/mp4",
    ".mov": "video/quicktime",
    ".webm": "video/webm",
    ".mkv": "video/x-matroska",
    ".avi": "video/x-msvideo",
}

# Executables are never evidence we open; refuse them whatever they are called.
_EXECUTABLE_SIGNATURES: tuple[bytes, ...] = (
    b"MZ",  # Windows PE
    b"\x7fELF",
    b"\xcf\xfa\xed\xfe",  # Mach-O 64
    b"\xce\xfa\xed\xfe",
    b"\xca\xfe\xba\xbe",  # Mach-O universal / Java class
)
SNIFF_BYTES = 16


# Joiners shape Persian, Indic and emoji names and cannot reorder or hide anything, so they stay.
_KEPT_FORMAT_CHARACTERS = frozenset({"\u200c", "\u200d"})


def strip_format_characters(name: str) -> str:
    r"""``name`` without invisible format characters (Unicode category Cf), joiners aside.

    Cf holds every bidi control (U+202A-U+202E, U+2066-U+2069, U+200E/U+200F, U+061C): with an
    override, "report\u202efdp.txt" displays as "reporttxt.pdf". It also holds the zero-width
    space, byte order mark and soft hyphen, which hide what a name really says.
    """
    return "".join(
        ch for ch in name if ch in _KEPT_FORMAT_CHARACTERS or unicodedata.category(ch) != "Cf"
    )


def clean_filename(raw: str | None) -> str:
    """The stored name of an upload, or a 422 naming what is wrong with it."""
    if raw is None:
        raise ValidationFailedError("Each uploaded file needs a filename.")
    name = unicodedata.normalize("NFC", strip_format_characters(raw))
    if not name.strip():
        raise ValidationFailedError("Each uploaded file needs a filename.")
    # Line and paragraph separators (Zl, Zp) break a name's line like a newline does.
    if any(unicodedata.category(ch) in {"Cc", "Zl", "Zp"} for ch in name):
        raise ValidationFailedError(
            "The filename contains control characters.", details={"filename": raw}
        )
    if "/" in name or "\\" in name or name in {".", ".."} or PurePosixPath(name).name != name:
        raise ValidationFailedError(
            "The filename must not contain path parts.", details={"filename": raw}
        )
    if len(name.encode("utf-8")) > MAX_FILENAME_BYTES:
        raise ValidationFailedError(
            f"The filename is longer than {MAX_FILENAME_BYTES} bytes.", details={"filename": raw}
        )
    return name


def detect_mime_type(filename: str, declared: str | None, allowed: tuple[str, ...]) -> str:
    """MIME type from the extension (or the declared type when the extension says nothing)."""
    extension = PurePosixPath(filename).suffix.lower()
    mime = _EXTENSION_TYPES.get(extension) or mimetypes.guess_type(filename)[0]
    if mime is None and declared:
        mime = declared.split(";", 1)[0].strip().lower()
    if mime is None or mime not in allowed:
        raise UnsupportedMediaTypeError(
            f"{filename!r} is not a supported evidence type.",
            details={"filename": filename, "mime_type": mime, "allowed": list(allowed)},
        )
    return mime


def check_content(filename: str, mime_type: str, head: bytes) -> None:
    """Veto content that is plainly not evidence, whatever its name says."""
    # "MZ" is plausible text ("MZ Holdings ..."), so only binary types are held to it.
    signatures = _EXECUTABLE_SIGNATURES if _is_binary(mime_type) else _EXECUTABLE_SIGNATURES[1:]
    if head.startswith(signatures):
        raise UnsupportedMediaTypeError(
            f"{filename!r} is an executable, not evidence.", details={"filename": filename}
        )


def _is_binary(mime_type: str) -> bool:
    textual = mime_type.startswith("text/") or mime_type in {
        "application/json",
        "application/xml",
        "application/x-subrip",
        "message/rfc822",
    }
    return not textual
