"""A letter in which its writer confirms what happened is their account: "I can confirm that …
Noise at the boundary never exceeded the permitted limit of 55 dB(A) during May. There were no
compressor breakdowns in May." against the monitoring rows and the plant log of that month. A
letter that confirms nothing, a limit kept, or a breakdown outside the month say nothing."""

from pathlib import Path

from holmes_backend.analysis.domains.claims import sworn_claims
from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_LETTER = (
    "Harlow Crushing & Screening Ltd\n"
    "Unit 4, Steadman Road\n"
    "Date: 9 June 2026\n"
    "\n"
    "Dear Mr Okoro,\n"
    "\n"
    "Re: Noise complaint reference NC/2231\n"
    "\n"
    "Thank you for your email of 2 June.\n"
    "I can confirm that the site operated within its planning conditions last month.\n"
    "Noise at the boundary never exceeded the permitted limit of 55 dB(A) during May.\n"
    "There were no compressor breakdowns in May.\n"
    "\n"
    "Yours faithfully,\n"
    "Ines Carvalho\n"
    "Operations Director\n"
)
_READINGS = (
    "Date,Monitor,Boundary noise LAeq dB(A),Operator\n"
    "05/05/2026,North fence,51,IC\n"
    "12/05/2026,North fence,{second},IC\n"
    "19/05/2026,North fence,{third},IC\n"
    "02/06/2026,North fence,63,IC\n"
)
_PLANT_LOG = (
    "PLANT LOG - compressor C3\n"
    "{day}/05/2026 - Compressor C3 broke down at 10:15, running on the standby unit.\n"
    "28/06/2026 - C3 serviced.\n"
)


async def _docs(
    tmp: Path, letter: str = _LETTER, second: int = 58, third: int = 61, day: str = "14"
) -> list[EvidenceDoc]:
    readings = _READINGS.format(second=second, third=third)
    plant = _PLANT_LOG.format(day=day)
    return [
        await text_doc(tmp, "letter_to_council.txt", letter),
        await text_doc(tmp, "boundary_monitoring.csv", readings, "text/csv"),
        await text_doc(tmp, "plant_log.txt", plant),
    ]


async def test_a_confirming_letter_is_its_signatory_s_account(tmp_path: Path) -> None:
    [letter, *_] = await _docs(tmp_path)
    claims = sworn_claims(letter)
    assert {c.speaker for c in claims} == {"Ines Carvalho"}
    said = [c.claim for c in claims]
    assert "There were no compressor breakdowns in May." in said
    assert not any(s.startswith(("Thank you", "Re:")) for s in said)  # courtesies, references


async def test_a_limit_kept_and_a_breakdown_in_another_month_say_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, second=54, third=49)
    later = _PLANT_LOG.replace("{day}/05/2026", "03/06/2026")
    docs[2] = await text_doc(tmp_path, "plant_log.txt", later)
    assert synthesis_of(docs).contradictions == []


async def test_a_letter_that_confirms_nothing_is_no_account(tmp_path: Path) -> None:
    letter = _LETTER.replace("I can confirm that the site", "The site")
    docs = await _docs(tmp_path, letter)
    assert sworn_claims(docs[0]) == []
    evidence, _ = run(EvidenceOutput, docs)
    assert evidence.sworn_claims == []
