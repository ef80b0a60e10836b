"""Unable since a day, and doing it after, written unlike the other cases: a personal injury
claimant's statement that since her fall on 2 March she "could not swim or run", against the
swimming club's session register and a parkrun results table naming her after it; rows of
another swimmer, or before the fall, contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF ILSE MARKOVIC\n"
    "1. On 2 March 2026 I slipped on the wet floor of the Gorse Lane store and fell.\n"
    "2. Since the fall I could not swim or run because of the injury to my knee.\n"
    "3. I believe that the facts stated in this witness statement are true.\n"
)


def _register(swimmer: str) -> str:
    return (
        "Session date,Lane,Swimmer,Lengths\n"
        "2026-02-24,3,Ilse Markovic,40\n"
        f"2026-03-17,3,{swimmer},36\n"
        f"2026-03-31,2,{swimmer},44\n"
    )


async def _docs(tmp_path: Path, swimmer: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_markovic.txt", _STATEMENT),
        await text_doc(tmp_path, "swim_club_sessions.csv", _register(swimmer), "text/csv"),
    ]


async def test_another_swimmers_sessions_contradict_nothing(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path, "Dana Kowal"))
    assert not [c for c in output.contradictions if "have not been able to" in c.explanation]
