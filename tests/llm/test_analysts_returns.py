"""Did not go back: a manager's "I locked up at 22:10 and did not return to the restaurant that
night" against the door system's log of her fob opening the back door at 01:40 and 01:52 (her
fob by the fob list); another fob, or her fob the next morning, says nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF ANA RUIZ\n"
    "Dated 9 May 2026\n"
    "1. I am the manager of Casa Lumbre on Dock Street.\n"
    "2. On 3 May 2026 I locked up at 22:10 and did not return to the restaurant that night.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)
_FOBS = (
    "Door fob register - Casa Lumbre\nFob 12: Ana Ruiz (manager)\nFob 14: Joel Baptiste (chef)\n"
)
_LOG = "Timestamp,Door,Fob,Event\n2026-05-03 22:09,Front,Fob 12,Locked\n{rows}"
_NIGHT = "2026-05-04 01:40,Back,Fob 12,Access granted\n2026-05-04 01:52,Back,Fob 12,Door opened\n"


async def _docs(tmp: Path, rows: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_ruiz.txt", _STATEMENT),
        await text_doc(tmp, "fob_register.txt", _FOBS),
        await text_doc(tmp, "door_log_may.csv", _LOG.format(rows=rows), "text/csv"),
    ]


async def test_another_fob_or_the_next_morning_says_nothing(tmp_path: Path) -> None:
    for rows in (
        _NIGHT.replace("Fob 12", "Fob 14"),
        "2026-05-04 08:55,Back,Fob 12,Access granted\n",
    ):
        assert not [
            c
            for c in synthesis_of(await _docs(tmp_path, rows)).contradictions
            if c.claim_source.file_id == "statement_ruiz"
        ]
