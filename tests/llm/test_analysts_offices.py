"""A chair's declaration that no trustee was paid, against payments to a man the register of
trustees lists as the Treasurer; payments to people outside the register, or made in another
year than the one declared, are not what she denied."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_DECLARATION = (
    "Riverside Community Food Trust - Annual return 2025\n"
    "Declaration by the Chair of Trustees\n"
    "I confirm that no trustee received any remuneration, payment or benefit from the charity "
    "during 2025.\n"
    "Signed: Ruth Okafor, Chair\n"
)
_REGISTER = (
    "Riverside Community Food Trust\n"
    "Register of trustees (as at 1 January 2025)\n"
    "Ruth Okafor - Chair - appointed 2019\n"
    "Kwame Mensah - Treasurer - appointed 2021\n"
    "Aisling Byrne - Trustee - appointed 2023\n"
)
_PAYMENTS = (
    "Date,Payee,Details,Amount GBP\n"
    "2025-03-02,Fareshare North,Food stock,1850.00\n"
    "2025-05-14,K Mensah,Consultancy - website rebuild,3200.00\n"
    "2025-09-30,K Mensah,Consultancy - volunteer rota app,2400.00\n"
)


async def _docs(tmp_path: Path, payments: str = _PAYMENTS) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "chair_declaration.txt", _DECLARATION),
        await text_doc(tmp_path, "trustee_register.txt", _REGISTER),
        await text_doc(tmp_path, "payments.csv", payments, "text/csv"),
    ]


async def test_payments_outside_the_register_or_the_year(tmp_path: Path) -> None:
    for payments in (
        _PAYMENTS.replace("K Mensah", "Dee Harlow"),
        _PAYMENTS.replace("2025-05-14", "2024-05-14").replace("2025-09-30", "2026-01-30"),
    ):
        assert synthesis_of(await _docs(tmp_path, payments)).contradictions == []
