"""A night said spent at home, written unlike the other cases: a restaurant owner's statement
that he drove home to his town, "spent the whole night at home" and "did not go back to the
restaurant until the police rang" the next morning, that "the business" was doing well and his
mortgage payments "are all up to date"; the door controller's log of his fob opening the
restaurant at 03:12, and a bank statement's rows of returned direct debits with no amount."""

from pathlib import Path

from holmes_backend.agents.schemas import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.conditions import CONDITION_REPORTED
from tests.llm.test_analysts_helpers import DOMAINS, findings, run, synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Statement of: Samuel Amadi\n"
    "Date: 9 October 2026\n"
    "On Tuesday 6 October 2026 I closed the restaurant at about 23:10 and drove home to "
    "Leyton.\n"
    "I spent the whole night at home with my brother and did not go back to the restaurant "
    "until the police rang me at 05:40 on Wednesday.\n"
    "Only my manager, Ines Varga, also holds a fob for the back door.\n"
    "The business has been doing well.\n"
    "Our mortgage payments are all up to date.\n"
)
_DOOR_LOG = (
    "Timestamp,Door,Action,Credential\n"
    "2026-10-06 23:12,Back door,LOCKED,Fob 0032 (S Amadi)\n"
    "2026-10-07 03:12,Back door,UNLOCKED,Fob 0032 (S Amadi)\n"
    "2026-10-07 03:31,Back door,LOCKED,Fob 0032 (S Amadi)\n"
)
_STATEMENT_ROWS = (
    "Date,Details,Debit,Credit,Balance\n"
    "02/09/2026,RETURNED DD - HALIFAX MORTGAGE,,,-812.40\n"
    "02/09/2026,UNPAID DD FEE,15.00,,-827.40\n"
    "14/09/2026,Card takings,,2210.00,1382.60\n"
    "01/10/2026,RETURNED DD - HALIFAX MORTGAGE,,,1382.60\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_amadi.txt", _STATEMENT),
        await text_doc(tmp_path, "door_controller_log.csv", _DOOR_LOG, "text/csv"),
        await text_doc(tmp_path, "current_account.csv", _STATEMENT_ROWS, "text/csv"),
    ]


async def test_a_night_at_home_runs_to_the_morning_of_the_return(tmp_path: Path) -> None:
    """The night spent away runs to the next morning, so the fob opening the door at 03:12 is
    within it; driving "home to Leyton" is where the home is, not a place elsewhere."""
    output = synthesis_of(await _docs(tmp_path))
    night = [c for c in output.contradictions if "did not go back" in c.claim]
    assert len(night) == 1
    assert "2026-10-07 03:12" in night[0].explanation
    assert {r.file_id for r in night[0].evidence_against} == {"door_controller_log"}
    assert not [c for c in output.contradictions if "Leyton" in c.explanation]


async def test_returned_debits_without_an_amount_are_arrears(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path))
    arrears = [c for c in output.contradictions if "up to date" in c.claim]
    assert len(arrears) == 1
    assert {r.row for r in arrears[0].evidence_against} == {1, 4}  # the mortgage's rows


async def test_the_business_is_not_the_person_named_before(tmp_path: Path) -> None:
    evidence, _ = run(dict(DOMAINS)["evidence"], await _docs(tmp_path))
    claims = [c.claim for c in evidence.sworn_claims]
    assert "The business has been doing well." in claims
    # Nobody's time and place: no CCTV or phone data to seek for it.
    gaps = synthesis_of(await _docs(tmp_path)).evidence_gaps
    assert not [g for g in gaps if "doing well" in g.element]
    assert [g for g in gaps if "closed the restaurant" in g.element]


async def test_a_statement_read_by_the_financial_agent_alone_reports_the_arrears(
    tmp_path: Path,
) -> None:
    """As the pipeline routes them: the statement to the financial agent only, the witness's
    statement to the evidence agent. The returned debits with no amount are the financial
    agent's findings, and synthesis holds them against the witness's word."""
    docs = await _docs(tmp_path)
    statement, account = docs[0], docs[2]
    financial, _ = run(dict(DOMAINS)["financial"], [account])
    rows = [f.sources[0].row for f in financial.findings if f.finding_type == CONDITION_REPORTED]
    assert rows == [1, 4]  # the fee's row is a payment, read as one
    evidence, _ = run(dict(DOMAINS)["evidence"], [statement])
    blocks = [findings("financial", financial), findings("evidence", evidence)]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    [arrears] = [c for c in synthesis.contradictions if "up to date" in c.claim]
    assert {r.row for r in arrears.evidence_against} == {1, 4}


_KIOSK_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Statement of: Priyanka Mehra\n"
    "Date: 3 February 2027\n"
    "On Friday 29 January 2027 I shut the kiosk at 21:30 and went to my cousin's flat in "
    "Harrow.\n"
    "I did not go back to the kiosk that night.\n"
    "I have never had any trouble paying the rent for the kiosk.\n"
)
_KIOSK_ALARM = (
    "Date,Time,Event,User\n29/01/2027,21:33,Set,P Mehra\n30/01/2027,01:52,Unset,P Mehra\n"
)
_KIOSK_RENT = (
    "Month,Rent due,Paid,Status\n"
    "November 2026,620.00,620.00,Paid\n"
    "December 2026,620.00,0.00,Arrears\n"
    "January 2027,620.00,0.00,Final demand issued\n"
)


async def test_that_night_runs_to_the_morning_and_locking_up_is_leaving(tmp_path: Path) -> None:
    """ "I did not go back to the kiosk that night": to the next morning, so the alarm unset at
    01:52 is a way back in; the alarm set three minutes after she says she shut the kiosk is
    her leaving, not her presence. "Never had any trouble paying the rent" denies the arrears
    the landlord's ledger records."""
    docs = [
        await text_doc(tmp_path, "statement_mehra.txt", _KIOSK_STATEMENT),
        await text_doc(tmp_path, "kiosk_alarm_log.csv", _KIOSK_ALARM, "text/csv"),
        await text_doc(tmp_path, "landlord_rent_ledger.csv", _KIOSK_RENT, "text/csv"),
    ]
    output = synthesis_of(docs)
    back = [c for c in output.contradictions if c.claim.startswith("I did not go back")]
    assert back
    assert all([r.row for r in c.evidence_against] == [2] for c in back)  # 01:52, not 21:33
    [rent] = [c for c in output.contradictions if "trouble paying" in c.claim]
    assert {r.row for r in rent.evidence_against} == {2, 3}
