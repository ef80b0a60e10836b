"""JSON: an export of records (a chat's messages, a system's log, an API's transactions) is read
as a table, one chunk per record, like a CSV; any other JSON as text, one chunk per line.

The records are the top-level list of objects, or the longest list of objects one or two levels
down ({"channel": "ops", "messages": [...]}), the other top-level values kept as lines above
the table. A record's nested objects are flattened into its columns ("user.name"), lists of
plain values joined; a number of seconds since 1970 under a time-named key ("ts",
"timestamp", "created_at") is written as the UTC time it stands for."""

import json
import re
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from holmes_backend.extraction.limits import Budget
from holmes_backend.extraction.models import Chunk, Extraction, Location
from holmes_backend.extraction.rows import read_rows
from holmes_backend.extraction.textfile import decode, extract_text, read_bounded

_TIME_KEY = re.compile(
    r"(?:^|[._])(?:ts|time|timestamp|date|datetime|created|sent|updated)"
    r"(?:_?at|_?on|_?time)?$",
    re.IGNORECASE,
)
# Seconds since 1970 between 2000 and 2100: older or later figures are not times.
_EPOCH_RANGE = (946_684_800, 4_102_444_800)
_MIN_RECORDS = 2


def extract_json(path: Path, budget: Budget) -> Extraction:
    text, encoding = decode(read_bounded(path, budget))
    if budget.truncated is not None:  # cut short, it no longer parses: read as its lines
        return extract_text(path, budget)
    try:
        data = json.loads(text)
    except ValueError:
        return extract_text(path, budget)  # not JSON after all (or JSON Lines): read as its lines
    found = _records(data)
    if found is None:
        return extract_text(path, budget)
    key, records = found
    extraction = Extraction(kind="json", metadata={"encoding": encoding, "records": len(records)})
    if isinstance(data, dict):
        for line, (name, value) in enumerate(_scalars(data, key), start=1):
            if budget.take(scalar := f"{name}: {value}", "records"):
                extraction.chunks.append(Chunk(text=scalar, location=Location(line=line)))
    columns: list[str] = []
    # Records past what the budget can hold are never flattened (nor give columns).
    flat = [_flatten(record) for record in records[: budget.limits.max_chunks]]
    for record in flat:
        columns += [c for c in record if c not in columns]
    sheet = read_rows([columns, *([record.get(c, "") for c in columns] for record in flat)], budget)
    extraction.chunks += sheet.chunks
    if sheet.table:
        extraction.tables.append(sheet.table)
    return extraction


def _is_records(value: Any) -> bool:
    return (
        isinstance(value, list)
        and len(value) >= _MIN_RECORDS
        and all(isinstance(item, dict) for item in value)
    )


def _records(data: Any) -> tuple[str | None, list[dict[str, Any]]] | None:
    if _is_records(data):
        return None, data
    if not isinstance(data, dict):
        return None
    candidates: list[tuple[str, list[dict[str, Any]]]] = []
    for key, value in data.items():
        if _is_records(value):
            candidates.append((key, value))
        elif isinstance(value, dict):
            candidates += [(key, v) for v in value.values() if _is_records(v)]
    if not candidates:
        return None
    return max(candidates, key=lambda candidate: len(candidate[1]))


def _scalars(data: dict[str, Any], records_key: str | None) -> list[tuple[str, str]]:
    return [
        (name, _plain(name, value))
        for name, value in data.items()
        if name != records_key and not isinstance(value, dict | list) and value not in (None, "")
    ]


def _flatten(record: dict[str, Any], prefix: str = "") -> dict[str, str]:
    flat: dict[str, str] = {}
    for name, value in record.items():
        key = f"{prefix}{name}"
        if isinstance(value, dict):
            flat |= _flatten(value, f"{key}.")
        elif isinstance(value, list):
            plain = [v for v in value if not isinstance(v, dict | list)]
            if plain:
                flat[key] = ", ".join(_plain(key, v) for v in plain)
        elif value is not None:
            flat[key] = _plain(key, value)
    return flat


def _plain(key: str, value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if _TIME_KEY.search(key) and (moment := _epoch(value)) is not None:
        return moment
    return " ".join(str(value).split())


def _epoch(value: Any) -> str | None:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    if seconds > _EPOCH_RANGE[1] * 1000 or isinstance(value, bool):
        return None
    if seconds > _EPOCH_RANGE[1]:
        seconds /= 1000  # milliseconds, as JavaScript writes them
    if not _EPOCH_RANGE[0] <= seconds <= _EPOCH_RANGE[1]:
        return None
    return datetime.fromtimestamp(seconds, UTC).isoformat(timespec="seconds")
