"""An employee's self-certification of sickness against her card abroad in the period.

The form gives the period in a field for each end ("First day of sickness", "Last day of
sickness") and her account "for the whole period"; the company card's rows name their holder,
merchant and town."""

from datetime import datetime
from pathlib import Path

import openpyxl

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_FORM = (
    "EMPLOYEE SELF-CERTIFICATION OF SICKNESS\n"
    "Employee: Lena Hoffmann\n"
    "First day of sickness: 8 June 2026\n"
    "Last day of sickness: 12 June 2026\n"
    "Reason: severe migraine\n"
    "I was confined to bed at home in Bristol for the whole period and did not leave the house.\n"
    "Signed: Lena Hoffmann   Date: 15 June 2026\n"
)


async def _docs(tmp_path: Path, days: list[int]) -> list[EvidenceDoc]:
    book = openpyxl.Workbook()
    sheet = book.active
    sheet.append(["Card holder", "Transaction date", "Merchant", "City", "Amount GBP"])
    for day in days:
        sheet.append(["Lena Hoffmann", datetime(2026, 6, day), "RESTAURANT LA MER", "Nice", 131.2])
    path = tmp_path / "company_card.xlsx"
    book.save(path)
    xlsx = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
    return [await text_doc(tmp_path, "self_cert.txt", _FORM), await load(path, xlsx)]


async def test_a_self_certification_is_her_account_of_the_forms_period(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, [10]))[:1])
    [claim] = evidence.sworn_claims
    assert claim.speaker == "Lena Hoffmann"
    assert claim.claimed_time == "2026-06-08T00:00:00/2026-06-12T23:59:59"
    assert claim.claimed_place == "home in Bristol"


async def test_her_card_abroad_in_the_period_places_her_elsewhere(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, [10]))
    [away] = synthesis.contradictions
    assert "claims to have been at home in Bristol (2026-06-08 to 2026-06-12)" in away.explanation
    assert "RESTAURANT LA MER, Nice places them elsewhere at 2026-06-10" in away.explanation
    # A restaurant on a card needs its receipt, not a contract.
    assert not [g for g in synthesis.evidence_gaps if g.element.startswith("Basis for")]
    # Spending there the week after the period says nothing of it.
    assert not synthesis_of(await _docs(tmp_path, [16])).contradictions
