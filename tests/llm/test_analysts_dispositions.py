"""A bankrupt's statement of affairs, answered question by question, against the records: a
title register showing their house passed to their wife for GBP 1, and a bank export paying
their brother; answers the records bear out give no contradiction."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput, FinancialOutput, GraphOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_AFFAIRS = (
    "STATEMENT OF AFFAIRS OF GRAHAM PETTIFER-HOLT\n"
    "Date of bankruptcy order: 2 April 2026\n"
    "Section 9 - Transfers and gifts\n"
    "Have you sold, transferred or given away any property, money or assets in the two years "
    "before the bankruptcy order?  No.\n"
    "Section 10 - Payments to family\n"
    "Have you made any payments to relatives in the last two years?  No.\n"
    "Statement of truth: I believe that the facts stated in this statement of affairs are true.\n"
    "Signed: Graham Pettifer-Holt\n"
)
_TITLE = (
    "HM Land Registry - Official copy of register of title\n"
    "Title number: WK448120\n"
    "Property: 7 Orchard Rise, Kenilworth CV8 2QP\n"
    "B: Proprietorship Register\n"
    "1. (18 December 2025) PROPRIETOR: SANDRA PETTIFER-HOLT of 7 Orchard Rise, Kenilworth.\n"
    "2. (18 December 2025) The price stated to have been paid on 11 December 2025 was GBP 1.\n"
    "3. Previous proprietor: GRAHAM PETTIFER-HOLT (registered 3 May 2011).\n"
)
_BANK = (
    "Date,Description,Paid out,Paid in,Balance\n"
    "09/01/2026,FPO N PETTIFER-HOLT REF LOAN REPAY,40000.00,,8210.55\n"
    "15/01/2026,DD BRITISH GAS,112.40,,8098.15\n"
    "31/01/2026,SALARY ACME TOOLING,,2840.00,10938.15\n"
    "04/02/2026,FPO N PETTIFER-HOLT REF GIFT,5000.00,,5938.15\n"
)


async def _docs(tmp_path: Path, title: str = _TITLE, bank: str = _BANK) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_of_affairs.txt", _AFFAIRS),
        await text_doc(tmp_path, "title_wk448120.txt", title),
        await text_doc(tmp_path, "bank_export.csv", bank, "text/csv"),
    ]


async def test_denied_transfers_against_the_register_and_the_bank(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    financial, _ = run(FinancialOutput, docs)
    [change] = [f for f in financial.findings if f.finding_type == "ownership_change"]
    assert change.title == (
        "Ownership of 7 Orchard Rise, Kenilworth CV8 2QP passed from Graham Pettifer-Holt to "
        "Sandra Pettifer-Holt on 2025-12-18 for GBP 1"
    )
    # The register's heading ("B: Proprietorship Register") names no one.
    evidence, _ = run(EvidenceOutput, docs)
    assert "Proprietorship Register" not in evidence.people
    assert [(s.file_id, s.line) for s in change.sources] == [
        ("title_wk448120", 5),
        ("title_wk448120", 7),
    ]
    found = {c.claim_source.line: c for c in synthesis_of(docs).contradictions}
    assert sorted(found) == [4, 6]
    assert found[4].severity == "HIGH"
    assert found[4].explanation.endswith(
        "passed from Graham Pettifer-Holt to Sandra Pettifer-Holt on 2025-12-18 for GBP 1."
    )
    assert found[6].severity == "MEDIUM"  # the export does not say whose account it is
    assert found[6].explanation.endswith(
        ": 2026-01-09 GBP 40,000 to N Pettifer-Holt; 2026-02-04 GBP 5,000 to N Pettifer-Holt."
    )
    assert {r.row for r in found[6].evidence_against} == {1, 4}


async def test_answers_the_records_bear_out(tmp_path: Path) -> None:
    """Someone else's house changing hands, and payments to strangers and to the bankrupt
    himself, are not what he denied."""
    title = _TITLE.replace("GRAHAM PETTIFER-HOLT", "MARTIN ASHCROFT")
    bank = (
        _BANK.replace("N PETTIFER-HOLT", "K ODUYA").replace("REF GIFT", "REF RENT")
        + "05/02/2026,FPO G PETTIFER-HOLT REF SAVINGS,300.00,,5638.15\n"
    )
    assert synthesis_of(await _docs(tmp_path, title, bank)).contradictions == []


async def test_the_graph_draws_the_house_passing_to_his_wife(tmp_path: Path) -> None:
    graph, _ = run(GraphOutput, await _docs(tmp_path))
    names = {e.id: e.name for e in graph.entities}
    passed = [
        (names[r.source_id], names[r.target_id], r.evidence[0].file_id)
        for r in graph.relationships
        if r.type == "transferred_property_to"
    ]
    assert passed == [("Graham Pettifer-Holt", "Sandra Pettifer-Holt", "title_wk448120")]
