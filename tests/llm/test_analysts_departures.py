"""A witness's word that they left a place and went elsewhere, against other witnesses and
records placing them there later that night (domains.departures)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_HIS = (
    "STATEMENT OF NATHAN OYELARAN\n"
    "Date: 3 February 2026\n"
    "On Friday 30 January 2026 I went to the leaving drinks for Sam Booth at the Anchor Tavern "
    "in Leith. I left the drinks at about 20:15 and went straight back to my hotel. I did not "
    "see Sam Booth again that night.\n"
    "Signed: Nathan Oyelaran\n"
)
_DOORMAN = (
    "STATEMENT OF KIRSTY MUNRO\n"
    "Date: 4 February 2026\n"
    "On Friday 30 January 2026 I was working the door at the Anchor Tavern in Leith. At about "
    "23:10 I refused Nathan Oyelaran re-entry after he argued with another customer outside.\n"
    "Signed: Kirsty Munro\n"
)


async def _docs(tmp_path: Path, *more: tuple[str, str, str]) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "statement_oyelaran.txt", _HIS),
        await text_doc(tmp_path, "statement_munro.txt", _DOORMAN),
    ]
    return docs + [await text_doc(tmp_path, n, t, m) for n, t, m in more]


async def test_left_the_drinks_yet_at_the_tavern_later(tmp_path: Path) -> None:
    found = synthesis_of(await _docs(tmp_path)).contradictions
    [left] = [c for c in found if c.claim.startswith("I left the drinks")]
    assert left.severity == "MEDIUM"
    assert left.explanation.startswith(
        "Nathan Oyelaran says they left the drinks at 20:15 on 2026-01-30, yet 1 account(s) or "
        "record(s) place them there later: 2026-01-30T23:10:00"
    )
    # "did not see Sam Booth" is a person not seen, not a thing he knew nothing of.
    assert not [c for c in found if "knowing of" in c.explanation]


async def test_a_second_file_makes_it_high_and_an_earlier_sighting_none(tmp_path: Path) -> None:
    till = (
        "time,terminal,card holder,amount\n"
        "2026-01-30 21:40,Anchor Tavern bar 2,Nathan Oyelaran,14.20\n"
    )
    found = synthesis_of(await _docs(tmp_path, ("till.csv", till, "text/csv"))).contradictions
    [left] = [c for c in found if c.claim.startswith("I left the drinks")]
    assert left.severity == "HIGH"
    early = _DOORMAN.replace("23:10", "20:20")
    docs = [
        await text_doc(tmp_path, "statement_oyelaran.txt", _HIS),
        await text_doc(tmp_path, "statement_munro.txt", early),
    ]
    # Seen five minutes after the time he gives: within what "about 20:15" allows.
    assert not [c for c in synthesis_of(docs).contradictions if "left the" in c.explanation]
