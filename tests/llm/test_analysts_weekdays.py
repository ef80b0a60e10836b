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
# June 2026: Tuesdays 2, 9, 16, 23, 30; Thursdays 4, 11, 18, 25. He signs in on all but the 16th
# and 18th; the sheet was kept those days (a nurse signs in); the 30th has no one at all.
_HIS_DAYS = ["02", "04", "09", "11", "23", "25"]


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


async def test_days_the_sheet_was_kept_without_him_and_days_he_was_paid(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path, _sheet(_HIS_DAYS), _PAYMENTS))
    [absent] = [c for c in output.contradictions if "worked every Tuesday" in c.claim]
    assert absent.severity == "HIGH"
    assert "kept on 2026-06-16, 2026-06-18" in absent.explanation
    assert "2026-06-30" not in absent.explanation  # nobody signed in: no sign it was kept
    assert {r.file_id for r in absent.evidence_against} == {"signin_sheet_june"}
    [paid] = [c for c in output.contradictions if "never paid" in c.claim]
    assert paid.severity == "HIGH"
    assert "pay them for 2026-06-09, 2026-06-11" in paid.explanation
    assert {r.file_id for r in paid.evidence_against} == {"practice_payments"}


async def test_a_sheet_with_him_on_every_day_kept_and_pay_on_other_days(tmp_path: Path) -> None:
    every = ["02", "04", "09", "11", "16", "18", "23", "25"]
    payments = _PAYMENTS.replace("2026-06-09", "2026-07-01").replace("2026-06-11", "2026-07-02")
    output = synthesis_of(await _docs(tmp_path, _sheet(every), payments))
    assert not [c for c in output.contradictions if "every Tuesday" in c.claim]
    assert not [c for c in output.contradictions if "never paid" in c.claim]


async def test_one_day_missed_is_medium_and_one_named_day_is_no_routine(tmp_path: Path) -> None:
    one_missed = _sheet([*_HIS_DAYS, "16"])
    output = synthesis_of(await _docs(tmp_path, one_missed, _PAYMENTS))
    [absent] = [c for c in output.contradictions if "every Tuesday" in c.claim]
    assert absent.severity == "MEDIUM"
    assert "on that day" in absent.explanation
    single = _STATEMENT.replace("every Tuesday and Thursday", "on the Tuesday")
    docs = await _docs(tmp_path, _sheet(_HIS_DAYS), _PAYMENTS)
    docs[0] = await text_doc(tmp_path, "statement_wierzbicki.txt", single)
    assert not [c for c in synthesis_of(docs).contradictions if "on the Tuesday" in c.claim]
