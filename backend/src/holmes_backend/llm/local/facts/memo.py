"""Per-document memo: facts read once per document per analysis, whoever asks first.

Documents are plain (unhashable) dataclasses, so entries are keyed by identity and hold a weak
reference that proves the object is still the one the entry was made for.
"""

import weakref
from collections.abc import Callable
from typing import Any, TypeVar

T = TypeVar("T")

_ENTRIES: dict[tuple[int, str], tuple["weakref.ReferenceType[Any]", Any]] = {}
_MAX_ENTRIES = 4096


def memo(owner: object, key: str, factory: Callable[[], T]) -> T:
    slot = (id(owner), key)
    entry = _ENTRIES.get(slot)
    if entry is not None and entry[0]() is owner:
        value: T = entry[1]
        return value
    value = factory()
    if len(_ENTRIES) >= _MAX_ENTRIES:
        _prune()
    _ENTRIES[slot] = (weakref.ref(owner), value)
    return value


def _prune() -> None:
    for slot in [slot for slot, (ref, _) in _ENTRIES.items() if ref() is None]:
        del _ENTRIES[slot]
    if len(_ENTRIES) >= _MAX_ENTRIES:
        _ENTRIES.clear()
