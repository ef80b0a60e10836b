"""Where a witness says they were, or were not, against their own records: a denial of being at
work on some days against their swipes at its gate, and a claim of being in another city against
the places of their card payments. Days are written as ranges and without a year ("on 14 or 15
August"), as witnesses write them."""

from datetime import date
from pathlib import Path

from holmes_backend.analysis.facts.dates import find_days, find_period, span_words
from holmes_backend.contracts.agents import EvidenceOutput, SynthesisOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_WOLSKI = (
    "WITNESS STATEMENT OF DARIUSZ WOLSKI\n"
    "Date: 2 September 2024\n"
    "1. I have worked for Harcourt Freight since 2017.\n"
    "2. I was not at the depot on 14 or 15 August as I was unwell.\n"
)
_CARVALHO = (
    "RECORD OF INTERVIEW - INES CARVALHO\n"
    "Date: 9 September 2024\n"
    "Q: Where were you on 20 and 21 August 2024?\n"
    "A: I was in Madrid for the packaging trade fair.\n"
    "Q: Did you go into the warehouse on 22 August 2024?\n"
    "A: No, never.\n"
    "Q: And on 23 August?\n"
    "A: I did not go into the warehouse on 23 August 2024 either.\n"
)
_SWIPES = (
    "Timestamp,Employee,Terminal\n"
    "2024-08-13 07:55,Dariusz Wolski,Gate 2 In\n"
    "2024-08-14 07:58,Dariusz Wolski,Gate 2 In\n"
    "2024-08-15 08:03,Dariusz Wolski,Gate 2 In\n"
    "2024-08-16 07:49,Dariusz Wolski,Gate 2 In\n"
    "2024-08-22 06:40,Ines Carvalho,Warehouse Door B\n"
)
_CARD = (
    "Date,Merchant,City,Amount EUR\n"
    "2024-08-20,CAFE MAJESTIC,Porto,14.20\n"
    "2024-08-21,GALP ENERGIA,Porto,61.35\n"
    "2024-08-24,EL CORTE INGLES,Madrid,89.00\n"
)


async def _synthesis(tmp_path: Path) -> SynthesisOutput:
    docs = [
        await text_doc(tmp_path, "statement_wolski.txt", _WOLSKI),
        await text_doc(tmp_path, "interview_carvalho.txt", _CARVALHO),
        await text_doc(tmp_path, "gate_swipes_aug_2024.csv", _SWIPES, "text/csv"),
        await text_doc(tmp_path, "amex_statement_carvalho_aug.csv", _CARD, "text/csv"),
    ]
    return synthesis_of(docs)


def test_days_written_as_a_range_or_without_a_year() -> None:
    told = date(2024, 9, 2)
    assert find_days("on 14 or 15 August", told) == (date(2024, 8, 14), date(2024, 8, 15))
    assert find_days("from 30 April to 2 May 2023", None) == (date(2023, 4, 30), date(2023, 5, 2))
    assert find_days("between March 4 and March 6, 2025", None) == (
        date(2025, 3, 4),
        date(2025, 3, 6),
    )
    # A day after the telling is of the year before; a full date is not this reader's.
    assert find_days("on 12 October", told) == (date(2023, 10, 12), date(2023, 10, 12))
    assert find_days("on 12 October 2024", told) is None
    assert find_days("on 14 or 15 August", None) is None  # no year to give it
    assert find_days("at 14:00 rooms 3", told) is None
    assert find_period("no visit in February", told) == (date(2024, 2, 1), date(2024, 2, 29))
    assert span_words("2024-08-14T00:00:00/2024-08-15T23:59:59") == "2024-08-14 to 2024-08-15"


async def test_claims_take_their_days_from_ranges_and_the_statement_date(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_wolski.txt", _WOLSKI),
        await text_doc(tmp_path, "interview_carvalho.txt", _CARVALHO),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    times = {c.claim.split(" on ")[0][:20]: c.claimed_time for c in evidence.sworn_claims}
    assert times["I was not at the dep"] == "2024-08-14T00:00:00/2024-08-15T23:59:59"
    # The days of the question it answers.
    assert times["I was in Madrid for "] == "2024-08-20T00:00:00/2024-08-21T23:59:59"


async def test_card_payments_elsewhere_contradict_a_claimed_city_once(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path)
    [madrid] = [c for c in synthesis.contradictions if "claims to have been at" in c.explanation]
    assert madrid.claim.startswith("I was in Madrid")
    assert madrid.severity == "MEDIUM"  # the card, not necessarily her hand
    # Both Porto payments of those days (the card's holder is hers by the file's name), not the
    # Madrid one of the 24th: one contradiction citing each.
    assert sorted(s.row for s in madrid.evidence_against) == [1, 2]
    assert "Porto" in madrid.explanation
    assert "and 1 more record(s)" in madrid.explanation
    assert "at 2024-08-20" in madrid.explanation  # a day, no time of day invented


async def test_a_place_paid_is_not_a_place_claimed(tmp_path: Path) -> None:
    statement = (
        "STATEMENT OF NOOR HADDAD\n"
        "Date: 3 June 2024\n"
        "1. I paid the Grand Hotel Excelsior by card on 14 May 2024.\n"
        "2. I stayed at the Grand Hotel Excelsior on 14 May 2024.\n"
    )
    evidence, _ = run(EvidenceOutput, [await text_doc(tmp_path, "haddad.txt", statement)])
    places = {c.claim[:8]: c.claimed_place for c in evidence.sworn_claims}
    assert places == {"I paid t": None, "I stayed": "Grand Hotel Excelsior"}
