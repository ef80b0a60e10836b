"""A witness's word that they left a thing locked, closed or set at a time, against the log of
the thing's own states (domains.logged_states)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Name: Tomasz Wolski\n"
    "On Friday 16 October 2026 I was the last to leave the depot.\n"
    "I locked the cash vault at about {at} and closed the loading bay door on my way out.\n"
    "Signed: T. Wolski, 19 October 2026\n"
)
_VAULT = (
    "Timestamp,Status,Badge\n2026-10-16 07:31:10,UNLOCKED,0417\n2026-10-16 20:46:02,LOCKED,0022\n"
)
_DOORS = (
    "Event time,Sensor,State\n"
    "2026-10-16 06:58,Loading bay door,OPEN\n"
    "2026-10-16 07:05,Fire exit,CLOSED\n"
    "2026-10-16 23:40,Loading bay door,CLOSED\n"
)


async def _case(tmp_path: Path, at: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement.txt", _STATEMENT.format(at=at)),
        await text_doc(tmp_path, "vault_lock_log.csv", _VAULT, "text/csv"),
        await text_doc(tmp_path, "door_sensors.csv", _DOORS, "text/csv"),
    ]


async def test_locked_and_closed_against_the_logs_of_that_evening(tmp_path: Path) -> None:
    found = synthesis_of(await _case(tmp_path, "18:00")).contradictions
    explanations = sorted(c.explanation for c in found)
    assert explanations == [
        "Tomasz Wolski says it was left closed (Loading bay door) at about 18:00 on 2026-10-16; "
        "its log shows it OPEN from 2026-10-16 06:58 until CLOSED at 2026-10-16 23:40.",
        "Tomasz Wolski says it was left locked at about 18:00 on 2026-10-16; its log shows it "
        "UNLOCKED from 2026-10-16 07:31 until LOCKED at 2026-10-16 20:46.",
    ]
    assert {c.severity for c in found} == {"HIGH"}
    # The fire exit, closed all day, is no thing the statement names.
    cited = {(ref.file_id, ref.row) for c in found for ref in c.evidence_against}
    assert cited == {
        ("vault_lock_log", 1),
        ("vault_lock_log", 2),
        ("door_sensors", 1),
        ("door_sensors", 3),
    }


async def test_a_row_of_the_claimed_state_near_its_time_bears_it_out(tmp_path: Path) -> None:
    found = synthesis_of(await _case(tmp_path, "20:40")).contradictions
    # The vault was locked at 20:46: only the loading bay door, open until 23:40, is left.
    assert [c.explanation.split(";")[0] for c in found] == [
        "Tomasz Wolski says it was left closed (Loading bay door) at about 20:40 on 2026-10-16"
    ]


async def test_a_claim_its_log_bears_out_asks_for_no_corroboration(tmp_path: Path) -> None:
    statement = (
        "WITNESS STATEMENT\nName: Tomasz Wolski\n"
        "On Friday 16 October 2026 I locked the cash vault at about 20:40 and went home.\n"
        "Signed: T. Wolski, 19 October 2026\n"
    )
    docs = [
        await text_doc(tmp_path, "statement.txt", statement),
        await text_doc(tmp_path, "vault_lock_log.csv", _VAULT, "text/csv"),
    ]
    out = synthesis_of(docs)
    assert out.contradictions == []
    assert not [g for g in out.evidence_gaps if "locked the cash vault" in g.element]
    # The same claim with no log to bear it out asks for corroboration.
    alone = synthesis_of(docs[:1]).evidence_gaps
    assert [g for g in alone if "locked the cash vault" in g.element]


async def test_a_log_of_one_thing_the_claim_does_not_name_is_no_word_on_it(
    tmp_path: Path,
) -> None:
    statement = (
        "WITNESS STATEMENT\nName: Tomasz Wolski\n"
        "On Friday 16 October 2026 I locked my car at about 18:00 and walked to the station.\n"
        "Signed: T. Wolski, 19 October 2026\n"
    )
    docs = [
        await text_doc(tmp_path, "statement.txt", statement),
        await text_doc(tmp_path, "vault_lock_log.csv", _VAULT, "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []
