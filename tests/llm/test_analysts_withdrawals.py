"""Cash withdrawn from a client's account during a helper's visits, against the helper's denial
of ever using the card (domains.withdrawals)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_VISITS = (
    "Date,Volunteer,Arrived,Left,Notes\n"
    "2026-05-04,Gareth Pryce,09:00,10:30,Collected prescription\n"
    "2026-05-06,Gareth Pryce,09:05,10:20,Collected prescription\n"
    "2026-05-08,Lena Fisher,14:00,15:00,Chat and tea\n"
    "2026-05-11,Gareth Pryce,09:10,10:40,Collected prescription\n"
)
_STATEMENT = (
    "Transaction date,Details,Money out,Money in\n"
    "2026-05-01 08:00,STATE PENSION,,221.20\n"
    "2026-05-04 09:48,CASH WITHDRAWAL HSBC BRIDGE ST,150.00,\n"
    "2026-05-06 09:31,CASH WITHDRAWAL HSBC BRIDGE ST,150.00,\n"
    "2026-05-11 10:02,CASH WITHDRAWAL HSBC BRIDGE ST,{third},\n"
)
_INTERVIEW = (
    "RECORD OF INTERVIEW\n"
    "Interviewee: Gareth Pryce\n"
    "Q: Did you ever know Mr Abbott's PIN?\n"
    "A: No. I never used Mr Abbott's bank card, not once.\n"
)


async def _case(tmp_path: Path, statement: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "visits.csv", _VISITS, "text/csv"),
        await text_doc(tmp_path, "abbott_statement.csv", statement, "text/csv"),
        await text_doc(tmp_path, "interview.txt", _INTERVIEW),
    ]


async def test_every_withdrawal_inside_his_visits(tmp_path: Path) -> None:
    [against] = synthesis_of(
        await _case(tmp_path, _STATEMENT.format(third="200.00"))
    ).contradictions
    assert against.severity == "HIGH"
    assert against.explanation.startswith(
        "Gareth Pryce denies using the card or taking cash, yet 3 cash withdrawal(s) were made "
        "while they were visiting (2026-05-04 09:48 150.00; 2026-05-06 09:31 150.00; "
        "2026-05-11 10:02 200.00), and none at any other time."
    )
    cited = {(ref.file_id, ref.row) for ref in against.evidence_against}
    assert ("visits", 3) not in cited  # Lena Fisher's visit


async def test_a_withdrawal_outside_makes_it_medium_and_one_alone_nothing(tmp_path: Path) -> None:
    outside = _STATEMENT.format(third="200.00") + "2026-05-09 19:40,CASH WITHDRAWAL ATM,100.00,\n"
    [against] = synthesis_of(await _case(tmp_path, outside)).contradictions
    assert against.severity == "MEDIUM"
    assert against.explanation.endswith("and 1 outside their visits.")
    one = "\n".join(_STATEMENT.splitlines()[:3]) + "\n"
    assert synthesis_of(await _case(tmp_path, one)).contradictions == []
