"""A chat exported as JSON is read as its messages: each message an event of its writer at its
time. What a message says ("the back door is open") is no door's record of its writer; a badge
reader's row is."""

import json
from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_CHAT = {
    "channel": "depot-ops",
    "messages": [
        {"ts": 1770491460, "user": {"name": "Piotr Zielinski"}, "text": "the back door is open"},
        {"ts": 1770492000, "user": {"name": "Agata Nowak"}, "text": "ok, closing up"},
    ],
}
_STATEMENT = (
    "WITNESS STATEMENT OF PIOTR ZIELINSKI\n"
    "1. On 7 February 2026 I was at home all evening and did not go to the depot.\n"
)
_BADGES = "Date,Time,Holder,Door\n07/02/2026,19:20,Piotr Zielinski,Depot rear door\n"


async def test_chat_messages_are_their_writers_events_not_door_records(tmp_path: Path) -> None:
    chat = await text_doc(tmp_path, "chat.json", json.dumps(_CHAT), "application/json")
    statement = await text_doc(tmp_path, "statement_zielinski.txt", _STATEMENT)
    evidence, _ = run(EvidenceOutput, [chat])
    assert [(e.timestamp, e.people) for e in evidence.events] == [
        ("2026-02-07T19:11:00+00:00", ["Piotr Zielinski"]),
        ("2026-02-07T19:20:00+00:00", ["Agata Nowak"]),
    ]
    assert synthesis_of([chat, statement]).contradictions == []
    badges = await text_doc(tmp_path, "depot_badges.csv", _BADGES, "text/csv")
    [entered] = synthesis_of([chat, statement, badges]).contradictions
    assert [(r.file_id, r.row) for r in entered.evidence_against] == [("depot_badges", 1)]
