"""A guard's account of a night against the site's own logs, written unlike the other cases: a
numbered post ("I stayed at Gate 3 from 22:00 until 02:00"), the day given a paragraph before,
an access log whose "Reader" column says where each badge was, and a dispatch log that names
its recipient with an initial and no full stop ("Sgt P Okonkwo-Reyes")."""

from pathlib import Path

from holmes_backend.analysis.domains.timeline import places_in
from holmes_backend.analysis.facts.names import find_names
from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_STATEMENT = (
    "STATEMENT OF Pieter Okonkwo-Reyes\n"
    "1. On 14 January 2026 I was the duty sergeant at the Linthorpe depot.\n"
    "2. I stayed at Gate 3 from 22:00 until 02:00 and did not leave my post.\n"
    "3. I did not receive any radio call about the perimeter fence that night.\n"
)
_READERS = (
    "Time,Badge,Reader\n"
    "2026-01-14 21:55,K-4410,Gate 3 turnstile\n"
    "2026-01-14 23:12,K-4410,Canteen block east door\n"
    "2026-01-15 00:47,K-4410,Gate 3 turnstile\n"
)
_BADGES = "Badge,Holder\nK-4410,Pieter Okonkwo-Reyes\nK-5123,Hanne Solberg\n"
_DISPATCH = (
    "Time,Recipient,Message\n"
    "2026-01-14 23:30,Sgt P Okonkwo-Reyes,Radio call: perimeter fence alarm zone 2\n"
    "2026-01-15 00:05,Sgt P Okonkwo-Reyes,Radio call: perimeter fence alarm still active\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_okonkwo_reyes.txt", _STATEMENT),
        await text_doc(tmp_path, "reader_log.csv", _READERS, "text/csv"),
        await text_doc(tmp_path, "badges.csv", _BADGES, "text/csv"),
        await text_doc(tmp_path, "dispatch_log.csv", _DISPATCH, "text/csv"),
    ]


def test_an_initial_without_its_full_stop_and_a_numbered_post() -> None:
    assert [n.text for n in find_names("Recipient: Sgt P Okonkwo-Reyes")] == [
        "Sgt. P Okonkwo-Reyes"
    ]
    assert [n.text for n in find_names("Paid J Smith for cleaning")] == ["J Smith"]
    assert places_in("I waited on Platform 2 for an hour") == ["Platform 2"]


async def test_the_post_and_its_hours_are_the_claim(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    [post] = [c for c in evidence.sworn_claims if "Gate 3" in c.claim]
    assert post.claimed_place == "Gate 3"
    assert post.claimed_time == "2026-01-14T22:00:00/2026-01-15T02:00:00"
    readers = {e.place for e in evidence.events if e.source.file_id == "reader_log"}
    assert readers == {"Gate 3 turnstile", "Canteen block east door"}
