"""Orders split under an approval threshold: a delegation rule ("requires two quotations and
the approval of the Finance Director"), invoices to one supplier each just under it within days,
a denial of splitting; a supplier paid once under the threshold, or paid just under it in
months far apart, is no split."""

from pathlib import Path

from holmes_backend.contracts.agents import LegalOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_RULE = (
    "SCHEME OF DELEGATION\n"
    "4.2 Expenditure of EUR 40,000 or more requires two quotations and the approval of the "
    "Finance Director.\n"
)
_INVOICES = (
    "Invoice,Issued,Vendor,Amount EUR,Signed off by\n"
    "INV-5521,12/06/2025,Marlowe Fit-Out SARL,38900.00,Yannick Ferrand\n"
    "INV-5524,16/06/2025,Marlowe Fit-Out SARL,37450.00,Yannick Ferrand\n"
    "INV-5530,19/06/2025,Brisant Locks,2100.00,Odile Mercier\n"
)


async def test_the_clause_reads_another_condition_before_the_approval(tmp_path: Path) -> None:
    rule = await text_doc(tmp_path, "delegation.txt", _RULE)
    legal, _ = run(LegalOutput, [rule])
    [clause] = [c for c in legal.clauses if c.kind == "approval_requirement"]
    assert clause.party == "Finance Director"
    assert clause.amount == 40000


async def test_parts_far_apart_or_alone_are_no_split(tmp_path: Path) -> None:
    apart = _INVOICES.replace("16/06/2025", "16/10/2025")
    docs = [
        await text_doc(tmp_path, "delegation.txt", _RULE),
        await text_doc(tmp_path, "invoices.csv", apart, "text/csv"),
    ]
    assert not [c for c in synthesis_of(docs).contradictions if "just under" in c.explanation]


async def test_a_payment_whose_row_records_the_approver_needs_no_approval_record(
    tmp_path: Path,
) -> None:
    register = (
        "Order,Date raised,Supplier,Value (EUR),Approver\n"
        "PO-88,2025-07-02,Gallard Roofing SAS,52800.00,Finance Director\n"
    )
    docs = [
        await text_doc(tmp_path, "delegation.txt", _RULE),
        await text_doc(tmp_path, "orders.csv", register, "text/csv"),
    ]
    approvals = [g for g in synthesis_of(docs).evidence_gaps if "Finance Director" in g.element]
    assert approvals == []
    by_clerk = register.replace(",Finance Director", ",Odile Mercier")
    docs[1] = await text_doc(tmp_path, "orders.csv", by_clerk, "text/csv")
    [gap] = [g for g in synthesis_of(docs).evidence_gaps if "Finance Director" in g.element]
    assert gap.current_strength == "MISSING"
    assert gap.element.startswith("Approval by Finance Director of 1 payment(s)")
