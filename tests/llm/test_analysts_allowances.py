"""A workbook of expense claims with the travel policy on a sheet of its own: hotel nights
claimed at 412 and 298 against a limit of 180 per night, a day's meals at 186.50 against 60 per
day, against the claimant's "I never claimed more than the policy allowed". Claims within the
limits, and another employee's, say nothing against her."""

from pathlib import Path

import openpyxl

from holmes_backend.agents.schemas import SynthesisOutput
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_INTERVIEW = (
    "Interview note: Lena Vogt, Regional Sales Manager, 14 October 2026.\n\n"
    "KW: Did your expense claims stay within the travel policy?\n"
    "LV: Yes. I never claimed more than the policy allowed.\n"
)


async def _synthesis(tmp_path: Path, hotel: float, meals: tuple[float, float]) -> SynthesisOutput:
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Claims Q3"
    sheet.append(["Claim ref", "Employee", "Date", "Category", "Merchant", "Amount (EUR)"])
    sheet.append(["EX-3301", "Lena Vogt", "04/07/2026", "Hotel", "Hotel Adlon Berlin", hotel])
    sheet.append(["EX-3302", "Lena Vogt", "05/07/2026", "Meals", "Borchardt", meals[0]])
    sheet.append(["EX-3303", "Lena Vogt", "05/07/2026", "Meals", "Einstein Kaffee", meals[1]])
    sheet.append(["EX-3320", "Max Roth", "03/09/2026", "Hotel", "Ibis Hamburg", 389.0])
    policy = book.create_sheet("Policy")
    policy.append(["Category", "Limit (EUR)", "Basis"])
    policy.append(["Hotel", 180, "per night"])
    policy.append(["Meals", 60, "per day"])
    book.save(tmp_path / "expenses_q3.xlsx")
    docs = [
        await load(tmp_path / "expenses_q3.xlsx", _XLSX),
        await text_doc(tmp_path, "interview_vogt.txt", _INTERVIEW),
    ]
    return synthesis_of(docs)


async def test_claims_over_the_policy_and_her_word(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, 412.0, (41.5, 32.0))
    by_claim = {c.claim[:14]: c for c in synthesis.contradictions}
    hotel = by_claim["Category: Hote"]
    assert hotel.explanation == (
        "2 claim(s) of Hotel exceed the policy's limit of EUR 180 per night: EUR 412 on "
        "2026-07-04 (Lena Vogt); EUR 389 on 2026-09-03 (Max Roth)."
    )
    # The day's two meals together (73.50), over 60 a day, though each is under it.
    meals = by_claim["Category: Meal"]
    assert meals.explanation == (
        "1 claim(s) of Meals exceed the policy's limit of EUR 60 per day: EUR 73.50 on "
        "2026-07-05 (Lena Vogt)."
    )
    word = by_claim["I never claime"]
    assert word.severity == "HIGH"
    assert word.explanation.startswith(
        "Lena Vogt says their claims kept within the policy, yet 2 of theirs exceed its limits: "
        "Hotel EUR 412 on 2026-07-04 (limit EUR 180)"
    )
    assert "Max Roth" not in word.explanation


async def test_her_claims_within_the_limits(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, 172.0, (41.5, 12.0))
    assert [c.claim[:14] for c in synthesis.contradictions] == ["Category: Hote"]  # Max Roth's
