"""Left at a time the records deny: "I left work at about 4.30pm" against the speaker's own
barrier records of that day, in at 08:10 and out only at 19:05. A way out near the time told,
a way out earlier, or another's records say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Gareth Lowe\n"
    "1. I work as a lab technician at Fernley Park.\n"
    "2. On Thursday 5 February 2026 I left work at about 16:30 and drove to my mother's house.\n"
    "Signed: Gareth Lowe\n"
)
_BARRIER = (
    "Date,Time,Barrier,Vehicle,Employee,Direction\n"
    "05/02/2026,08:10,North barrier,KN22 OXA,{who},Entry\n"
    "05/02/2026,{out},North barrier,KN22 OXA,{who},Exit\n"
    "05/02/2026,16:25,North barrier,LR68 TTU,Priya Nair,Exit\n"
)


async def _docs(tmp: Path, out: str = "19:05", who: str = "Gareth Lowe") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_lowe.txt", _STATEMENT),
        await text_doc(tmp, "barrier_log.csv", _BARRIER.format(out=out, who=who), "text/csv"),
    ]


async def test_out_near_the_time_or_someone_else_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, out="16:41")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, who="Priya Nair")).contradictions == []
