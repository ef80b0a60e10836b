"""A carer's denial of having had money from her client, against the client's bank statement.

The statement is a bare CSV of the client's account (no currency written), its transfers
written "TRANSFER TO K DOYLE"; the carer is interviewed with labelled questions, and answers
one with a bare "No, never."."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Date,Description,Money out,Money in,Balance\n"
    "02/06/2026,STATE PENSION,,884.20,19334.20\n"
    "05/06/2026,CASH WITHDRAWAL NATWEST ATM HIGH ST,300.00,,19034.20\n"
    "09/06/2026,TRANSFER TO K DOYLE,650.00,,18384.20\n"
    "16/06/2026,TRANSFER TO K DOYLE,1200.00,,17184.20\n"
    "30/06/2026,STATE PENSION,,884.20,18068.40\n"
)


def _interview(answer: str) -> str:
    return (
        "Record of interview - Brightcare Homecare Ltd\n"
        "Interviewee: Kelly Doyle (carer). Interviewer: Sandra Mills (Registered Manager). "
        "Date: 2 July 2026.\n"
        "SM: Have you ever received money from Mrs Whitcombe?\n"
        f"KD: {answer}\n"
        "SM: Do you use her bank card?\n"
        "KD: Only for her shopping at Tesco, and I always bring back the receipts.\n"
    )


async def _docs(tmp_path: Path, answer: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_Agnes_Whitcombe.csv", _STATEMENT, "text/csv"),
        await text_doc(tmp_path, "interview_Doyle.txt", _interview(answer)),
    ]


async def test_a_bare_no_to_whether_she_received_money_is_held_against_the_transfers(
    tmp_path: Path,
) -> None:
    contradictions = synthesis_of(await _docs(tmp_path, "No, never.")).contradictions
    [denial] = [c for c in contradictions if "denies receiving" in c.explanation]
    assert denial.claim.startswith("No, never.")
    assert "Whitcombe to Kelly Doyle" in denial.explanation
    assert "1,850" in denial.explanation
    assert [s.row for s in denial.evidence_against] == [3, 4]
    assert denial.severity == "HIGH"


async def test_a_bare_no_to_another_question_denies_no_payment(tmp_path: Path) -> None:
    answer = "No, never."
    docs = await _docs(tmp_path, answer)
    docs[1] = await text_doc(
        tmp_path,
        "interview_Doyle.txt",
        _interview(answer).replace("received money from", "argued with"),
    )
    assert not [c for c in synthesis_of(docs).contradictions if "denies" in c.explanation]
