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


# Something besides spaces, and no NUL: the pattern says in the schema what the validator checks,
# so a client generated from it never sends a string the API refuses. Python also strips the
# separators \x1c-\x1f and \x85, which JSON Schema's \s does not count as spaces.
SOME_TEXT = r"^[^\x00]*[^\s\x00\x1c-\x1f\x85][^\x00]*$"


def _not_blank(value: str) -> str:
    if not value.strip():
        raise ValueError("must not be blank")
    return value


NotBlank = AfterValidator(_not_blank)
