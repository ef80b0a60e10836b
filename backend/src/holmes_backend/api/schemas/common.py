"""Validation every request string gets: text that both PostgreSQL and UTF-8 can take."""

import re

from pydantic import AfterValidator

# NUL cannot be stored in PostgreSQL text; lone surrogates cannot be encoded as UTF-8.
_UNSTORABLE = re.compile("[\x00\ud800-\udfff]")


def _storable(value: str) -> str:
    if _UNSTORABLE.search(value):
        raise ValueError("must not contain NUL characters or unpaired surrogates")
    return value


# Use as Annotated[str, StringConstraints(...), Storable] on every string a client sends.
Storable = AfterValidator(_storable)
