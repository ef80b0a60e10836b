"""A letter of representation read as its signatory's word: "all invoices over EUR 5,000 were
authorised by two directors" against the payments whose rows name one signer only (a row naming
two meets the requirement), and "no payments were made to related parties" against a payment to
a company the register lists the signatory as director of (whose row she approved herself).
The letter's "over EUR 5,000" is a bound, not a payment."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_LETTER = (
    "Nordvik Ferries AS - letter of representation to the auditors\n"
    "Date: 20 January 2027\n"
    "We confirm that all invoices over EUR 5,000 paid in 2026 were authorised by two directors.\n"
    "We confirm that no payments were made to related parties in 2026.\n"
    "Signed: Ottoline Brandvold, Chief Executive\n"
)
_POLICY = (
    "NORDVIK FERRIES AS - PAYMENT POLICY\n"
    "Invoices of EUR 5,000 or more require the authorisation of two directors.\n"
)
_PAYMENTS = (
    "Date,Payee,Amount EUR,Approved by,Countersigned by\n"
    "2026-02-11,Sandnes Marine Diesel,8200.00,O Brandvold,J Lie\n"
    "2026-06-30,Brandvold Holdings AS,7400.00,O Brandvold,{second}\n"
    "2026-09-03,Kystverk Paint,950.00,O Brandvold,\n"
)
_REGISTER = (
    "BRANDVOLD HOLDINGS AS\n"
    "Organisation number 918 442 107\n"
    "Registered office: Strandgata 4, 6002 Alesund\n"
    "Director: Ottoline Brandvold (appointed 2 March 2020)\n"
)


async def _docs(tmp_path: Path, second: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "representation_letter_2026.txt", _LETTER),
        await text_doc(tmp_path, "payment_policy.txt", _POLICY),
        await text_doc(tmp_path, "payments_2026.csv", _PAYMENTS.format(second=second), "text/csv"),
        await text_doc(tmp_path, "register_brandvold_holdings.txt", _REGISTER),
    ]


async def test_a_bound_is_no_payment(tmp_path: Path) -> None:
    letter = await text_doc(tmp_path, "representation_letter_2026.txt", _LETTER)
    financial, _ = run(FinancialOutput, [letter])
    assert financial.transactions == []
