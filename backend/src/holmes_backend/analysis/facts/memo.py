"""Per-document memo: facts read once per document per analysis, whoever asks first. Entries live
on the document itself, so they go with it, keyed by the reading conventions (facts.conventions)."""

from collections.abc import Callable
from typing import Any, TypeVar

from holmes_backend.analysis.facts.dates import numeric_dates_day_first
from holmes_backend.analysis.facts.money import dollar_currency, implicit_currency

T = TypeVar("T")

ATTRIBUTE = "_holmes_memo"


def memo(owner: object, key: str, factory: Callable[[], T]) -> T:
    slot = (key, numeric_dates_day_first.get(), implicit_currency.get(), dollar_currency.get())
    entries: dict[tuple[Any, ...], Any] = vars(owner).setdefault(ATTRIBUTE, {})
    if slot not in entries:
        entries[slot] = factory()
    value: T = entries[slot]
    return value
