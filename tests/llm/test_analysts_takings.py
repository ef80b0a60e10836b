"""A restaurant's cash: the tills' daily records of cash taken against the bank's counter
credits in the days after, and the manager's word that every night's cash was banked in full.
Days banked short are the anomaly; a day's sales are no payment to the manager who closed it."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_TILLS = (
    "Trading date,Till,Gross sales,Card takings,Cash takings,Closed by\n"
    "2026-03-02,Till 1,3120.50,1980.20,1140.30,Oskar Lindgren\n"
    "2026-03-03,Till 1,2875.00,1702.00,1173.00,Oskar Lindgren\n"
    "2026-03-04,Till 1,3410.80,2010.80,1400.00,Oskar Lindgren\n"
    "2026-03-05,Till 1,2990.00,1855.00,1135.00,Mei Tanaka\n"
)
_DEPOSITS = (
    "Date,Type,Details,Amount\n"
    "2026-03-03,Cash deposit,Counter credit Trattoria Lume,1140.30\n"
    "2026-03-04,Cash deposit,Counter credit Trattoria Lume,673.00\n"
    "2026-03-05,Cash deposit,Counter credit Trattoria Lume,900.00\n"
    "2026-03-06,Cash deposit,Counter credit Trattoria Lume,1135.00\n"
)
_INTERVIEW = (
    "Record of interview - Oskar Lindgren\n"
    "Date: 20 March 2026\n"
    "Q: What happens to the cash at the end of each night?\n"
    "A: I count it and close the till. Every night's cash has been banked in full.\n"
)


async def _docs(tmp_path: Path, deposits: str = _DEPOSITS) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "z_reports.csv", _TILLS, "text/csv"),
        await text_doc(tmp_path, "interview_lindgren.txt", _INTERVIEW),
    ]
    if deposits:
        docs.append(await text_doc(tmp_path, "deposits.csv", deposits, "text/csv"))
    return docs


async def test_cash_banked_in_full_or_no_bank_record(tmp_path: Path) -> None:
    """Every day's cash in a deposit (one banked three days after it was taken); and with no
    deposit in evidence at all, nothing can be short: the bank record is what is missing."""
    banked = _DEPOSITS.replace("673.00", "1173.00").replace(
        "2026-03-05,Cash deposit,Counter credit Trattoria Lume,900.00",
        "2026-03-07,Cash deposit,Counter credit Trattoria Lume,1400.00",
    )
    for deposits in (banked, ""):
        docs = await _docs(tmp_path, deposits)
        financial, _ = run(FinancialOutput, docs)
        assert [a for a in financial.anomalies if a.kind == "cash_not_banked"] == []
        assert synthesis_of(docs).contradictions == []


async def test_a_weekends_cash_banked_in_one_deposit(tmp_path: Path) -> None:
    """Friday's, Saturday's and Sunday's cash in Monday's one deposit is all banked."""
    tills = (
        "Trading date,Cash takings,Closed by\n"
        "2026-03-06,910.00,Mei Tanaka\n"
        "2026-03-07,1420.50,Oskar Lindgren\n"
        "2026-03-08,1188.00,Oskar Lindgren\n"
        "2026-03-09,640.00,Mei Tanaka\n"
    )
    deposits = (
        "Date,Type,Details,Amount\n"
        "2026-03-09,Cash deposit,Counter credit Trattoria Lume,3518.50\n"
        "2026-03-10,Cash deposit,Counter credit Trattoria Lume,640.00\n"
    )
    docs = [
        await text_doc(tmp_path, "z_reports.csv", tills, "text/csv"),
        await text_doc(tmp_path, "interview_lindgren.txt", _INTERVIEW),
        await text_doc(tmp_path, "deposits.csv", deposits, "text/csv"),
    ]
    financial, _ = run(FinancialOutput, docs)
    assert [a for a in financial.anomalies if a.kind == "cash_not_banked"] == []
    assert synthesis_of(docs).contradictions == []
