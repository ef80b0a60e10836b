"""Earned nothing since: "I have had no income since June 2025 and I am not working" against
payslips about the speaker paid after it, and payroll payments to them. Pay before the day, and
another person's payslips, say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_FORM = (
    "HOUSING BENEFIT REVIEW - STATEMENT OF CIRCUMSTANCES\n"
    "Claimant: Tomas Rinaldi\n"
    "I have had no income since June 2025 and I am not working.\n"
    "I declare that the information I have given is true and complete.\n"
    "Signed: Tomas Rinaldi   Date: 4 December 2025\n"
)
_PAYSLIP = (
    "ORCHARD FRESH FOODS LTD\n"
    "Employee: {who}     Payroll no. 7731\n"
    "Pay date: {paid}     Tax period: {period}\n"
    "Gross pay   \u00a31,240.00\n"
    "Net pay     \u00a31,061.15\n"
)


async def _docs(
    tmp: Path, who: str = "Tomas Rinaldi", paid: str = "31/10/2025"
) -> list[EvidenceDoc]:
    payslip = _PAYSLIP.format(who=who, paid=paid, period="7")
    return [
        await text_doc(tmp, "statement_of_circumstances.txt", _FORM),
        await text_doc(tmp, "payslip_october.txt", payslip),
    ]


async def test_pay_before_the_day_or_of_someone_else_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, paid="30/05/2025")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, who="Marco Rinaldi")).contradictions == []
