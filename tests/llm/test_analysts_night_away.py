"""A night said spent at home, written unlike the other cases: a restaurant owner's statement
that he drove home to his town, "spent the whole night at home" and "did not go back to the
restaurant until the police rang" the next morning, that "the business" was doing well and his
mortgage payments "are all up to date"; the door controller's log of his fob opening the
restaurant at 03:12, and a bank statement's rows of returned direct debits with no amount."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import DOMAINS, run, synthesis_of, text_doc

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


async def test_the_business_is_not_the_person_named_before(tmp_path: Path) -> None:
    evidence, _ = run(dict(DOMAINS)["evidence"], await _docs(tmp_path))
    claims = [c.claim for c in evidence.sworn_claims]
    assert "The business has been doing well." in claims
    # Nobody's time and place: no CCTV or phone data to seek for it.
    gaps = synthesis_of(await _docs(tmp_path)).evidence_gaps
    assert not [g for g in gaps if "doing well" in g.element]
    assert [g for g in gaps if "closed the restaurant" in g.element]
