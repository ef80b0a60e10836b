"""How much of one file extraction may read, and what reading it has used so far.

A file is evidence, not a workload: past these limits the rest of it is not read. Limits come in
two kinds. A package that would unpack to too much (a Word or Excel file is a zip of XML) is
refused before it is parsed: `PackageTooLarge`, and the file fails with the reason. Everything
else is a budget the readers draw on as they go (chunks, characters, seconds): once it is spent
they stop, and the extraction says what was read and why the rest was not (`Extraction.truncated`).
"""

import time
from dataclasses import asdict, dataclass
from typing import Any

from holmes_backend.extraction.errors import ExtractionError

MIB = 1024 * 1024


@dataclass(frozen=True)
class ExtractionLimits:
    # Wall time for one file: the readers stop at this moment and keep what they read; a reader
    # stuck inside a parser is stopped harder (see worker.py).
    seconds: float = 120.0
    # Chunks read (paragraphs, rows, lines, pages, cues), over the whole file.
    max_chunks: int = 100_000
    # Characters of chunk text over the whole file.
    max_characters: int = 20_000_000
    # What a zip package's XML parts unpack to, together (parsers hold them whole in memory).
    max_unpacked_bytes: int = 128 * MIB
    # Unpacked size over packed size of any member of a package above UNRATED_BYTES.
    max_compression_ratio: float = 100.0
    # Memory of the process reading one file, beyond what it holds before reading (worker.py).
    memory_bytes: int = 2048 * MIB

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "ExtractionLimits":
        return cls(**data)


class LimitExceeded(ExtractionError):
    """The file is refused whole: reading any of it would cost more than a limit allows."""


class Budget:
    """What is left of one file's limits while a reader reads it.

    `take` is called once per chunk a reader is about to keep; once it returns False the reader
    stops (`spent`). `truncated` says why the file was not read to its end, in the user's words,
    for the file's notes."""

    def __init__(self, limits: ExtractionLimits) -> None:
        self.limits = limits
        self.chunks = 0
        self.characters = 0
        self.deadline = time.monotonic() + limits.seconds
        self.spent = False
        self.truncated: str | None = None

    def take(self, text: str, unit: str = "chunks") -> bool:
        if self.spent:
            return False
        if self.chunks >= self.limits.max_chunks:
            self.stop(
                f"only the first {self.limits.max_chunks:,} {unit} were read; the file has more "
                "(the extraction limit)"
            )
        elif self.characters + len(text) > self.limits.max_characters:
            self.stop(
                f"reading stopped after {self.characters:,} characters of text in "
                f"{self.chunks:,} {unit} (the extraction limit); the rest was not read"
            )
        elif time.monotonic() > self.deadline:
            self.stop(
                f"reading stopped after {self.limits.seconds:g} s (the extraction time limit), "
                f"at {self.chunks:,} {unit}; the rest was not read"
            )
        else:
            self.chunks += 1
            self.characters += len(text)
            return True
        return False

    def stop(self, reason: str) -> None:
        self.spent = True
        self.truncated = reason


# For reading a part of a file already within its budget (a Word table's rows, each then taken
# from the file's budget as a chunk).
UNLIMITED = ExtractionLimits(
    seconds=float("inf"),
    max_chunks=2**62,
    max_characters=2**62,
    max_unpacked_bytes=2**62,
    max_compression_ratio=float("inf"),
    memory_bytes=2**62,
)
