"""Every Tuesday and Thursday of a month: a locum's claim of presence against the surgery's
sign-in sheet, and their "I was not paid for those sessions" against the practice's payments."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Witness statement of Dr Tomasz Wierzbicki\n"
    "1. I was a locum GP at Elm Row Surgery.\n"
    "2. Throughout June 2026 I worked every Tuesday and Thursday at the surgery.\n"
    "3. I was never paid for any of those Tuesdays and Thursdays.\n"
    "Statement of truth: I believe the facts in this statement are true.\n"
    "Signed: Tomasz Wierzbicki\n"
)


def _sheet(his_days: list[str]) -> str:
    rows = ["Date,Time,Name,Role,Signed in/out"]
    for day in his_days:
        rows += [f"2026-06-{day},08:40,Tomasz Wierzbicki,Locum GP,In"]
        rows += [f"2026-06-{day},17:55,Tomasz Wierzbicki,Locum GP,Out"]
    for day in ("16", "18"):
        rows += [f"2026-06-{day},08:15,Aisha Karim,Practice Nurse,In"]
    return "\n".join(rows) + "\n"


_PAYMENTS = (
    "Payee,Date,Description,Amount\n"
    "Tomasz Wierzbicki,2026-06-09,Locum session,GBP 640.00\n"
    "Tomasz Wierzbicki,2026-06-11,Locum session,GBP 640.00\n"
    "Aisha Karim,2026-06-16,Overtime,GBP 120.00\n"
)


async def _docs(tmp: Path, sheet: str, payments: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_wierzbicki.txt", _STATEMENT),
        await text_doc(tmp, "signin_sheet_june.csv", sheet, "text/csv"),
        await text_doc(tmp, "practice_payments.csv", payments, "text/csv"),
    ]


async def test_a_sheet_with_him_on_every_day_kept_and_pay_on_other_days(tmp_path: Path) -> None:
    every = ["02", "04", "09", "11", "16", "18", "23", "25"]
    payments = _PAYMENTS.replace("2026-06-09", "2026-07-01").replace("2026-06-11", "2026-07-02")
    output = synthesis_of(await _docs(tmp_path, _sheet(every), payments))
    assert not [c for c in output.contradictions if "every Tuesday" in c.claim]
    assert not [c for c in output.contradictions if "never paid" in c.claim]
