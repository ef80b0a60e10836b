"""Zip packages (Word, Excel) measured before a parser opens them.

python-docx reads every part of a package into memory and parses its XML whole, and openpyxl
does the same with everything but the worksheets it streams; a few hundred kilobytes of zip can
unpack to gigabytes of XML. So a package is refused, before parsing, when a member claims more
than the limits allow (its declared size, or its ratio of unpacked to packed size); then its XML
is unpacked once as a stream and counted, so what is held is measured rather than taken from the
headers. (zipfile stops a member at its declared size and fails its CRC check when the data holds
more, so a header that understates fails here too, by the member's name.)
"""

import zipfile
from collections.abc import Callable
from pathlib import Path

from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.limits import MIB, ExtractionLimits, LimitExceeded

# A member smaller than this unpacked cannot hurt, whatever its compression ratio (a short
# repetitive part, such as a styles table, compresses far better than prose).
UNRATED_BYTES = 1 * MIB
_READ_BYTES = 1 * MIB


def _is_xml(name: str) -> bool:
    return name.endswith((".xml", ".rels", ".vml"))


def check_package(
    path: Path, limits: ExtractionLimits, *, streamed: Callable[[str], bool] = lambda _: False
) -> None:
    """Raises LimitExceeded when the package at `path` unpacks to more than `limits` allow.

    Parts for which `streamed` is true are read by their parser as a stream (the reader's own
    budget bounds them), so they count toward the compression ratio but not the unpacked size.
    """
    with zipfile.ZipFile(path) as archive:
        members = [info for info in archive.infolist() if not info.is_dir()]
        for info in members:
            _check_ratio(info.filename, info.file_size, info.compress_size, limits)
        held = [i for i in members if _is_xml(i.filename) and not streamed(i.filename)]
        declared = sum(info.file_size for info in held)
        if declared > limits.max_unpacked_bytes:
            raise LimitExceeded(_too_large(declared, limits, "declares"))
        unpacked = 0
        for info in held:
            try:
                with archive.open(info) as member:
                    while data := member.read(_READ_BYTES):
                        unpacked += len(data)
                        if unpacked > limits.max_unpacked_bytes:
                            raise LimitExceeded(_too_large(unpacked, limits, "holds"))
            except zipfile.BadZipFile as exc:
                raise ExtractionError(f"damaged zip package ({exc})") from exc


def _check_ratio(name: str, unpacked: int, packed: int, limits: ExtractionLimits) -> None:
    if unpacked <= UNRATED_BYTES:
        return
    ratio = unpacked / max(packed, 1)
    if ratio > limits.max_compression_ratio:
        raise LimitExceeded(
            f"its part {name} unpacks to {unpacked / MIB:,.1f} MiB from {packed / 1024:,.0f} KiB, "
            f"{ratio:,.0f} times its packed size (the limit is "
            f"{limits.max_compression_ratio:g}): a zip bomb, not a document to read"
        )


def _too_large(size: int, limits: ExtractionLimits, verb: str) -> str:
    return (
        f"its XML {verb} more than {limits.max_unpacked_bytes / MIB:,.0f} MiB unpacked "
        f"({size / MIB:,.1f} MiB; the extraction limit), too large to read"
    )
