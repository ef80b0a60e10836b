"""Key claims left uncorroborated are what their speaker says of where they were or went, on a
day at a place; not what they certify, want or lost on that day at that place."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF MAREIKE OSTENDORP\n"
    "Date: 9 April 2026\n"
    "{said}\n"
    "Signed: Mareike Ostendorp\n"
)


async def _gaps(tmp_path: Path, said: str) -> list[str]:
    docs = [await text_doc(tmp_path, "statement.txt", _STATEMENT.format(said=said))]
    return [g.element for g in synthesis_of(docs).evidence_gaps if "Corroboration" in g.element]


async def test_where_the_speaker_was_is_a_key_claim(tmp_path: Path) -> None:
    said = "On Friday 3 April 2026 I was at the Kranhaus depot in Bremerhaven from 7pm until 11pm."
    assert len(await _gaps(tmp_path, said)) == 1


async def test_what_the_speaker_lost_or_wants_there_is_not(tmp_path: Path) -> None:
    said = (
        "On Friday 3 April 2026 we lost the deposit on the flat in Bremerhaven. "
        "I want to add that on Friday 3 April 2026 the buyers met the agent in Bremerhaven."
    )
    assert await _gaps(tmp_path, said) == []
