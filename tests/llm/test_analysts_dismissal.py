"""An employment case: an appraisal on record, a complaint, the manager's e-mail about it, his
later statement that he dismissed for poor performance and knew of no complaint; a pay table
that states salaries (no payments); a complaint comparing pay (no payment either)."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_APPRAISAL = (
    "MID-YEAR APPRAISAL\n"
    "Employee: Tomasz Wrona\n"
    "Appraiser: Delphine Okafor\n"
    "Date: 30 June 2025\n"
    "Rating: strong performer. No concerns about the quality of his work.\n"
)
_STATEMENT = (
    "Witness statement of Delphine Okafor\n"
    "Dated 12 January 2026\n"
    "1. I dismissed Mr Wrona because of performance concerns over the previous year.\n"
    "2. I did not know about any whistleblowing report by Mr Wrona when I decided.\n"
)
_SALARIES = (
    "Employee,Band,Base salary (EUR)\n"
    "Tomasz Wrona,B3,142000\n"
    "Ewa Sadowska,B3,150000\n"
    "Jan Pietrak,B2,118000\n"
)


async def _mails(tmp_path: Path) -> list:
    report = await email_doc(
        tmp_path,
        "report.eml",
        {
            "From": "Tomasz Wrona <t.wrona@example.pl>",
            "To": "Ethics Line <ethics@example.pl>",
            "Cc": "Delphine Okafor <d.okafor@example.pl>",
            "Date": "Tue, 2 Sep 2025 10:00:00 +0200",
            "Subject": "Concern about invoices",
        },
        "I am reporting invoices approved twice in the logistics budget.\n",
    )
    reply = await email_doc(
        tmp_path,
        "okafor_note.eml",
        {
            "From": "Delphine Okafor <d.okafor@example.pl>",
            "To": "Marek Zielinski <m.zielinski@example.pl>",
            "Date": "Thu, 4 Sep 2025 17:40:00 +0200",
            "Subject": "Tomasz",
        },
        "Since his whistleblowing report on Tuesday we should find a way to let him go.\n",
    )
    return [report, reply]


async def test_an_older_appraisal_or_anothers_is_weaker_or_none(tmp_path: Path) -> None:
    old = _APPRAISAL.replace("30 June 2025", "30 June 2023")
    docs = [
        await text_doc(tmp_path, "appraisal_wrona.txt", old),
        await text_doc(tmp_path, "statement_okafor.txt", _STATEMENT),
    ]
    assert not [c for c in synthesis_of(docs).contradictions if "performance" in c.claim]


async def test_salaries_and_pay_comparisons_are_no_payments(tmp_path: Path) -> None:
    table = await text_doc(tmp_path, "salaries.csv", _SALARIES, "text/csv")
    complaint = await text_doc(
        tmp_path,
        "complaint.txt",
        "On 2 September 2025 I learned that Ewa Sadowska is paid PLN 8,000 more than I am.\n",
    )
    financial, _ = run(FinancialOutput, [table, complaint])
    assert financial.transactions == []
    # Dated ("Paid on"), the same row is a payment.
    header, first = _SALARIES.splitlines()[:2]
    dated = f"Paid on,{header}\n2025-09-30,{first}\n"
    payroll, _ = run(FinancialOutput, [await text_doc(tmp_path, "payroll.csv", dated, "text/csv")])
    assert [(t.date, t.amount) for t in payroll.transactions] == [("2025-09-30", 142000.0)]
