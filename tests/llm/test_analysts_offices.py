"""A chair's declaration that no trustee was paid, against payments to a man the register of
trustees lists as the Treasurer; payments to people outside the register, or made in another
year than the one declared, are not what she denied."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_a_trustee_paid_against_the_chairs_declaration(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    assert sorted(f.title for f in evidence.findings if f.finding_type == "office_held") == [
        "Aisling Byrne listed as trustee in trustee_register.txt",
        "Kwame Mensah listed as trustee in trustee_register.txt",
        "Ruth Okafor listed as trustee in trustee_register.txt",
    ]
    [paid] = synthesis_of(docs).contradictions
    assert paid.severity == "HIGH"
    assert paid.explanation == (
        "Ruth Okafor says no trustee was paid, yet 2 payment(s) totalling GBP 5,600 went to "
        "Kwame Mensah, listed as trustee: 2025-05-14 GBP 3,200 to K Mensah; 2025-09-30 GBP 2,400 "
        "to K Mensah."
    )
    assert {(r.file_id, r.row or r.line) for r in paid.evidence_against} == {
        ("payments", 2),
        ("payments", 3),
        ("trustee_register", 4),
    }


async def test_payments_outside_the_register_or_the_year(tmp_path: Path) -> None:
    for payments in (
        _PAYMENTS.replace("K Mensah", "Dee Harlow"),
        _PAYMENTS.replace("2025-05-14", "2024-05-14").replace("2025-09-30", "2026-01-30"),
    ):
        assert synthesis_of(await _docs(tmp_path, payments)).contradictions == []
