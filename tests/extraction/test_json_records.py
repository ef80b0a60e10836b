"""JSON exports of records read as tables (a chat's messages, a list of payments); other JSON,
and text that is not JSON at all, read as lines."""

import json
from pathlib import Path

import pytest

from holmes_backend.extraction import extract

JSON = "application/json"


async def _chunks(tmp_path: Path, content: str) -> list[tuple[int | None, int | None, str]]:
    path = tmp_path / "export.json"
    path.write_text(content, encoding="utf-8")
    result = await extract(path, JSON, "export.json")
    return [(c.location.line, c.location.row, c.text) for c in result.chunks]


async def test_a_chat_export_is_a_table_of_its_messages(tmp_path: Path) -> None:
    export = {
        "channel": "night-shift",
        "messages": [
            {
                "ts": "1770488100.000200",
                "user": {"name": "Ines Carvalho", "id": "U01"},
                "text": "leaving the depot now",
                "reactions": [{"name": "ok"}],
            },
            {"ts": "1770491460", "user": {"name": "Rui Pinto"}, "text": "gate left open"},
        ],
    }
    assert await _chunks(tmp_path, json.dumps(export, indent=2)) == [
        (1, None, "channel: night-shift"),
        (
            None,
            1,
            "ts: 2026-02-07T18:15:00+00:00; user.name: Ines Carvalho; user.id: U01; "
            "text: leaving the depot now",
        ),
        (None, 2, "ts: 2026-02-07T19:11:00+00:00; user.name: Rui Pinto; text: gate left open"),
    ]


async def test_a_list_of_records_with_milliseconds_and_lists_of_values(tmp_path: Path) -> None:
    payments = [
        {"created_at": 1767261600000, "payee": "Orla Quinn", "amount": 250.5, "tags": ["x", "y"]},
        {"created_at": 1767348000000, "payee": "Seamus Roe", "amount": 99, "refunded": False},
    ]
    assert await _chunks(tmp_path, json.dumps(payments)) == [
        (
            None,
            1,
            "created_at: 2026-01-01T10:00:00+00:00; payee: Orla Quinn; amount: 250.5; tags: x, y",
        ),
        (
            None,
            2,
            "created_at: 2026-01-02T10:00:00+00:00; payee: Seamus Roe; amount: 99; refunded: false",
        ),
    ]


@pytest.mark.parametrize(
    "content",
    [
        '{\n  "payee": "Acme Ltd",\n  "amount": 12\n}\n',  # one object: no records
        '{"a": 1}\n{"a": 2}\n',  # JSON Lines: not one JSON value
        "not json at all\nsecond line\n",
    ],
)
async def test_json_without_records_is_read_as_lines(tmp_path: Path, content: str) -> None:
    lines = [line.strip() for line in content.splitlines() if line.strip()]
    assert await _chunks(tmp_path, content) == [(n, None, t) for n, t in enumerate(lines, 1)]
