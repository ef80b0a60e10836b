"""What a witness says they approved, bounded by a count or an amount ("I only approved two
small invoices, each under £5k", "I have never signed off anything over £10,000"), against the
ledger rows whose "Approved by" names them. Rows within the bound, or another person's, are no
contradiction."""

from pathlib import Path

import pytest

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INTERVIEW = (
    "TRANSCRIPT OF INTERVIEW\n"
    "Interviewee: Kwame Osei (Finance Manager)\n"
    "Date: 9 September 2025\n"
    "\n"
    "DS BRODY: Did you approve the Harlow invoices?\n"
    "KWAME OSEI: {answer}\n"
)
_LEDGER = (
    "Posted,Supplier,Invoice,Amount GBP,Approved by\n"
    "28/05/2025,Harlow Imports Ltd,HI-2207,{first},K. Osei\n"
    "11/06/2025,Harlow Imports Ltd,HI-2213,4750.00,K. Osei\n"
    "18/06/2025,Harlow Imports Ltd,HI-2219,3900.00,{third}\n"
)


async def _found(tmp: Path, answer: str, first: str = "48200.00", third: str = "K. Osei"):
    docs = [
        await text_doc(tmp, "interview_osei.txt", _INTERVIEW.format(answer=answer)),
        await text_doc(tmp, "ap_ledger.csv", _LEDGER.format(first=first, third=third), "text/csv"),
    ]
    return [c for c in synthesis_of(docs).contradictions if c.claim == answer]


@pytest.mark.parametrize(
    ("answer", "first", "third"),
    [
        ("I only approved two small invoices, each under £5k.", "2200.00", "P. Grant"),
        ("I have never approved anything over £50,000.", "48200.00", "K. Osei"),
    ],
)
async def test_approvals_within_the_bound(
    tmp_path: Path, answer: str, first: str, third: str
) -> None:
    assert await _found(tmp_path, answer, first=first, third=third) == []
