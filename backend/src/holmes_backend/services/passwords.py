"""Password policy: at least 12 characters, and not easy to guess by zxcvbn's estimate.

zxcvbn scores 0-4 from the guesses it would take, matching dictionary words, names, keyboard
walks, repeats, dates and the common and breached passwords of its bundled frequency lists, and
the account's own email, name and username.
"""

from collections.abc import Iterable

from zxcvbn import zxcvbn

from holmes_shared.errors import ValidationFailedError

MIN_LENGTH = 12
# zxcvbn's own limit: its matching is super-linear (a 256-character password takes ~1 s) and a
# password whose first 72 characters are strong is strong.
_ESTIMATED_CHARS = 72
_ADVICE = (
    "choose a longer password, e.g. four or more unrelated words; avoid common passwords and "
    "your name or email"
)


def check_password(password: str, *, min_score: int, user_inputs: Iterable[str] = ()) -> None:
    """Raises a 422 ValidationFailedError for a password too short or too easy to guess.

    CPU-bound (~20 ms for a long password): run it off the event loop."""
    if len(password) < MIN_LENGTH:
        raise ValidationFailedError(
            f"The password must be at least {MIN_LENGTH} characters long.",
            details={"field": "password", "min_length": MIN_LENGTH},
            suggested_action=_ADVICE,
        )
    inputs = [part for value in user_inputs if value for part in _words(value)]
    estimate = zxcvbn(password[:_ESTIMATED_CHARS], user_inputs=inputs)
    score = int(estimate["score"])
    if score >= min_score:
        return
    feedback = estimate["feedback"]
    warning = str(feedback.get("warning") or "").strip()
    raise ValidationFailedError(
        "This password is too easy to guess" + (f": {warning}" if warning else "."),
        details={
            "field": "password",
            "score": score,
            "min_score": min_score,
            "suggestions": list(feedback.get("suggestions") or []),
        },
        suggested_action=_ADVICE,
    )


def _words(value: str) -> list[str]:
    """The value and its parts ('ada.lovelace@x.org' -> ada, lovelace, x, org), lower-case."""
    value = value.lower()
    parts = [value]
    for separator in "@._-+ ":
        value = value.replace(separator, " ")
    parts.extend(part for part in value.split() if len(part) >= 3)
    return parts
