"""The one exception extraction raises, so a batch can skip a bad file and carry on."""


class ExtractionError(Exception):
    """A file could not be read as the type it claims to be (corrupt, truncated, unsupported)."""

    def __init__(self, reason: str, *, filename: str | None = None) -> None:
        self.reason = reason
        self.filename = filename
        super().__init__(f"cannot extract {filename!r}: {reason}" if filename else reason)
