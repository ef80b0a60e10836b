"""A witness's word that they left a thing locked, closed or set at a time, against the log of
the thing's own states (domains.logged_states)."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_VAULT = (
    "Timestamp,Status,Badge\n2026-10-16 07:31:10,UNLOCKED,0417\n2026-10-16 20:46:02,LOCKED,0022\n"
)


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
