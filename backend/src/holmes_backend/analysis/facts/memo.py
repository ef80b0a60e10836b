"""Per-document memo: facts read once per document per analysis, whoever asks first. Entries are
keyed by identity and the reading conventions (facts.conventions), and dropped with their
document (a weak reference)."""

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

from holmes_backend.analysis.facts.dates import numeric_dates_day_first
from holmes_backend.analysis.facts.money import dollar_currency, implicit_currency

T = TypeVar("T")

_Slot = tuple[int, str, bool, str, str]
_ENTRIES: dict[_Slot, tuple["weakref.ReferenceType[Any]", Any]] = {}


def memo(owner: object, key: str, factory: Callable[[], T]) -> T:
    slot = (
        id(owner),
        key,
        numeric_dates_day_first.get(),
        implicit_currency.get(),
        dollar_currency.get(),
    )
    entry = _ENTRIES.get(slot)
    if entry is not None and entry[0]() is owner:
        value: T = entry[1]
        return value
    value = factory()
    _ENTRIES[slot] = (weakref.ref(owner, _forget(slot)), value)
    return value


def _forget(slot: _Slot) -> Callable[["weakref.ReferenceType[Any]"], None]:
    def forget(ref: "weakref.ReferenceType[Any]") -> None:
        entry = _ENTRIES.get(slot)
        if entry is not None and entry[0] is ref:  # not a later document's, at a reused id
            del _ENTRIES[slot]

    return forget
