"""Dealings with a company before it existed: the registry has Brightvale Facilities Ltd
incorporated on 9 May 2023, accounts payable paid it in November 2022 and February 2023, and
the facilities manager says it has cleaned the offices since 2021. Payments after its
incorporation, or a company with no registry record, contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_REGISTRY = (
    "Companies House - Company overview\n\n"
    "Company name: BRIGHTVALE FACILITIES LTD\n"
    "Company number: 14872210\n"
    "Company status: Active\n"
    "Incorporated on: 9 May 2023\n"
)
_PAYMENTS = (
    "Payment date,Supplier,Invoice,Amount GBP,Approved by\n"
    "14/11/2022,Brightvale Facilities Ltd,BV-0102,4200.00,K. Marsh\n"
    "20/02/2023,Brightvale Facilities Ltd,BV-0117,4350.00,K. Marsh\n"
    "18/08/2023,Brightvale Facilities Ltd,BV-0140,4410.00,K. Marsh\n"
)
_INTERVIEW = (
    "Record of interview with Karen Marsh, 3 June 2024.\n\n"
    "Q: How long has Brightvale Facilities Ltd cleaned the offices?\n"
    "A: Brightvale Facilities Ltd have done our cleaning since 2021, they were recommended.\n"
)


async def _docs(
    tmp_path: Path, payments: str = _PAYMENTS, interview: str = _INTERVIEW
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "registry_brightvale.txt", _REGISTRY),
        await text_doc(tmp_path, "ap_payments.csv", payments, "text/csv"),
        await text_doc(tmp_path, "interview_marsh.txt", interview),
    ]


async def test_dealings_after_incorporation(tmp_path: Path) -> None:
    later = _PAYMENTS.replace("/2022", "/2023").replace("20/02/2023", "20/07/2023")
    interview = _INTERVIEW.replace("since 2021", "since June 2023")
    assert synthesis_of(await _docs(tmp_path, later, interview)).contradictions == []
