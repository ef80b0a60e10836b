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


async def test_more_and_larger_approvals_than_the_witness_allows(tmp_path: Path) -> None:
    [found] = await _found(tmp_path, "I only approved two small invoices, each under £5k.")
    assert found.explanation == (
        "Kwame Osei puts a limit on what they approved; the records name them as having "
        "approved 3 payment(s), 1 at or above GBP 5,000: GBP 48,200 on 2025-05-28 (HI-2207)."
    )
    assert found.severity == "HIGH"
    assert [r.row for r in found.evidence_against] == [1]


async def test_a_count_alone(tmp_path: Path) -> None:
    [found] = await _found(tmp_path, "I only approved two of them.", first="2200.00")
    assert "approved 3 payment(s), 3, more than the 2 they allow" in found.explanation


async def test_never_over_an_amount(tmp_path: Path) -> None:
    [found] = await _found(tmp_path, "I have never approved anything over £10,000.")
    assert "1 at or above GBP 10,000: GBP 48,200 on 2025-05-28" in found.explanation


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
