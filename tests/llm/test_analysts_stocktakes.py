"""A count that balanced and stock never written off: a bar manager's "all stock was accounted
for at the count" and "we never wrote off any stock in June" against the cellar count sheet's
lines counted short and the wastage log; counts that match, and write-offs in another month,
say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF SIOBHAN MARR\n"
    "Dated 14 July 2026\n"
    "1. I manage the Anchor & Rope on Quay Street and I ran the cellar count on 30 June 2026.\n"
    "2. All stock was accounted for at the count.\n"
    "3. We never wrote off any stock in June 2026.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)
_COUNT = (
    "Product,Expected units,Actual units,Counted by\n"
    "Gin 70cl,24,24,S Marr\n"
    "Rum 70cl,18,{rum},S Marr\n"
    "Lager keg,12,12,S Marr\n"
)
_WASTAGE = "Date,Product,Qty,Note\n{day},Lager keg,1,Written off - line fault\n"


async def _docs(tmp: Path, rum: str, day: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_marr.txt", _STATEMENT),
        await text_doc(tmp, "cellar_count_june.csv", _COUNT.format(rum=rum), "text/csv"),
        await text_doc(tmp, "wastage_log.csv", _WASTAGE.format(day=day), "text/csv"),
    ]


async def test_a_matching_count_and_another_months_write_off(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "18", "2026-07-03")
    assert not [
        c for c in synthesis_of(docs).contradictions if c.claim_source.file_id == "statement_marr"
    ]
