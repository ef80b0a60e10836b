"""A cheque altered after it was written: the cheque register records cheque 001043 to the
stationer for 295.00, written by Joan Doyle; the bank cleared it to J DOYLE for 2,950.00. A
cheque cleared as written is counted once, not once per record of it."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput, SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import DOMAINS, findings, run, text_doc

_REGISTER = (
    "Cheque no,Date written,Payee,Amount,Purpose,Written by\n"
    "001041,2025-06-02,Office Supplies Direct Ltd,312.50,Stationery,Joan Doyle\n"
    "001042,2025-06-09,Harbour Cleaning Services,480.00,June cleaning,Joan Doyle\n"
    "001043,2025-06-16,Office Supplies Direct Ltd,295.00,Toner,Joan Doyle\n"
)
_CLEARED = (
    "Cleared,Cheque number,Paid to,Amount\n"
    "2025-06-05,001041,OFFICE SUPPLIES DIRECT LTD,312.50\n"
    "2025-06-12,001042,HARBOUR CLEANING SERVICES,480.00\n"
    "2025-06-19,001043,J DOYLE,2950.00\n"
)


async def _docs(tmp_path: Path, cleared: str = _CLEARED) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "cheque_register.csv", _REGISTER, "text/csv"),
        await text_doc(tmp_path, "cleared_cheques.csv", cleared, "text/csv"),
    ]


async def test_a_cheque_cleared_to_its_writer_for_ten_times_the_sum(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    financial, _ = run(FinancialOutput, docs)
    [altered] = [a for a in financial.anomalies if a.kind == "amount_mismatch"]
    assert altered.description == (
        "Different amounts and payees for reference 001043 across documents: USD 295 to Office "
        "Supplies Direct Ltd in cheque_register.csv; USD 2,950 to J DOYLE in cleared_cheques.csv; "
        'the payee J DOYLE is Joan Doyle ("Written by: Joan Doyle" in cheque_register.csv)'
    )
    assert altered.severity == "HIGH"


async def test_a_payee_changed_at_the_same_sum(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, _CLEARED.replace("2950.00", "295.00"))
    financial, _ = run(FinancialOutput, docs)
    assert [(a.kind, a.severity) for a in financial.anomalies if "001043" in a.description] == [
        ("payee_mismatch", "HIGH")
    ]
    # Each cheque once in the gaps, however many records of it.
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    bases = [g.element for g in synthesis.evidence_gaps if g.element.startswith("Basis")]
    # Cheque 001042, in the register and on the statement, is one payment of 480.
    assert [b for b in bases if "harbour" in b.lower()] == [
        "Basis for 1 payment(s) to Harbour Cleaning Services totalling USD 480"
    ]


async def test_a_payment_made_before_its_invoice_was_issued(tmp_path: Path) -> None:
    """Paid on 5 March against invoice TW-2025-002, which is dated 20 March: the invoice was
    written to cover a payment already made. Paid after the invoice, nothing."""
    invoice = (
        "TIDEWELL ADVISORY LTD\n"
        "Invoice number: TW-2025-002\n"
        "Invoice date: 20 March 2025\n"
        "To: Halvorsen Marine AS\n"
        "Advisory services, February 2025\n"
        "Total due: NOK 450,000.00\n"
    )
    payments = (
        "Value date,Beneficiary,Reference,Amount NOK\n"
        "2025-03-05,Tidewell Advisory Ltd,TW-2025-002,450000\n"
    )
    docs = [
        await text_doc(tmp_path, "invoice_tw_002.txt", invoice),
        await text_doc(tmp_path, "payments.csv", payments, "text/csv"),
    ]
    financial, _ = run(FinancialOutput, docs)
    assert [a.description for a in financial.anomalies if a.kind == "paid_before_invoiced"] == [
        "Invoice TW-2025-002 is dated 2025-03-20, yet NOK 450,000 citing it was paid on "
        "2025-03-05, 15 days before it was issued"
    ]
    later = [
        await text_doc(tmp_path, "invoice_tw_002.txt", invoice.replace("20 March", "1 March")),
        docs[1],
    ]
    financial, _ = run(FinancialOutput, later)
    assert [a for a in financial.anomalies if a.kind == "paid_before_invoiced"] == []
