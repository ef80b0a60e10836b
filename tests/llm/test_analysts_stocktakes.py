"""A count that balanced and stock never written off: a bar manager's "all stock was accounted
for at the count" and "we never wrote off any stock in June" against the cellar count sheet's
lines counted short and the wastage log; counts that match, and write-offs in another month,
say nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_a_short_count_and_a_write_off_against_her_word(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "11", "2026-06-19")
    evidence, _ = run(EvidenceOutput, docs)
    [variance] = [f for f in evidence.findings if f.finding_type == "stock_variance"]
    assert "1 line(s), 7 unit(s) short" in variance.title
    assert "counted by S Marr" in variance.title
    found = {
        c.claim_source.line: c
        for c in synthesis_of(docs).contradictions
        if c.claim_source.file_id == "statement_marr"
    }
    assert found[4].severity == "HIGH"  # lines she counted herself
    assert found[4].evidence_against[0].row == 2
    assert "says no stock was written off then" in found[5].explanation
    assert found[5].evidence_against[0].file_id == "wastage_log"


async def test_a_matching_count_and_another_months_write_off(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "18", "2026-07-03")
    assert not [
        c for c in synthesis_of(docs).contradictions if c.claim_source.file_id == "statement_marr"
    ]
