"""A contested will: its witness is also given a gift by it; she says the testator was lucid
the day it was signed, against her own care notes of that morning, which call the testator by
her given name ("Agnes very confused"), and the doctor's letter whose observation is dated by
the sentence before it ("I examined Mrs Fenwick on 2 May 2025. She has vascular dementia")."""

from pathlib import Path

from holmes_backend.agents.schemas import LegalOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_WILL = (
    "LAST WILL AND TESTAMENT OF AGNES FENWICK\n\n"
    "I, Agnes Fenwick, of 3 Mill Lane, Hexham, revoke all earlier wills.\n"
    "1. I give my bungalow at 3 Mill Lane to my son Robert Fenwick.\n"
    "2. I give the sum of GBP 15,000 to my neighbour, {legatee}.\n"
    "Signed by the testator in our presence on 6 May 2025.\n"
    "Signed: Agnes Fenwick\n"
    "Witness 1: Carol Dunmore, 5 Mill Lane, Hexham\n"
    "Witness 2: Peter Laing, 9 Priory Road, Hexham\n"
)
_GP = (
    "Tyne Valley Surgery\n"
    "20 June 2025\n\n"
    "Re: Mrs Agnes Fenwick\n\n"
    "I examined Mrs Fenwick at home on 2 May 2025.\n"
    "She has vascular dementia and was disorientated in time and place.\n"
    "Dr Alan Mercer\n"
)
_NOTES = (
    "Date,Time,Carer,Notes\n"
    "2025-05-06,08:40,Carol Dunmore,Agnes very confused; thought it was 1990\n"
    "2025-05-07,08:35,Carol Dunmore,Settled morning\n"
)
_STATEMENT = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Carol Dunmore\n"
    "Date: 1 August 2025\n\n"
    "1. On 6 May 2025 Mrs Fenwick was perfectly lucid when she signed her will.\n"
    "Signed: Carol Dunmore\n"
)


async def _docs(
    tmp_path: Path, legatee: str = "Carol Dunmore", notes: bool = True
) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "will_fenwick.txt", _WILL.format(legatee=legatee)),
        await text_doc(tmp_path, "gp_letter.txt", _GP),
        await text_doc(tmp_path, "statement_dunmore.txt", _STATEMENT),
    ]
    if notes:
        docs.append(await text_doc(tmp_path, "care_notes.csv", _NOTES, "text/csv"))
    return docs


async def test_a_witness_given_a_gift_by_the_will(tmp_path: Path) -> None:
    legal, _ = run(LegalOutput, await _docs(tmp_path))
    [found] = [f for f in legal.findings if f.finding_type == "witness_beneficiary"]
    assert found.entities == ["Carol Dunmore"]
    assert found.severity == "HIGH"
    assert "Wills Act 1837, s.15" in found.summary
    assert {s.line for s in found.sources} == {5, 8}
    other, _ = run(LegalOutput, await _docs(tmp_path, legatee="Ruth Coulter"))
    assert not [f for f in other.findings if f.finding_type == "witness_beneficiary"]


async def test_her_own_care_note_of_that_morning_contradicts_her(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    [found] = [c for c in synthesis.contradictions if "perfectly lucid" in c.claim]
    assert found.severity == "HIGH"
    assert "Agnes very confused" in found.explanation
    assert "care_notes" in {s.file_id for s in found.evidence_against}


async def test_the_doctors_observation_is_of_the_day_the_letter_gives_before_it(
    tmp_path: Path,
) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, notes=False))
    [found] = [c for c in synthesis.contradictions if "perfectly lucid" in c.claim]
    assert found.severity == "MEDIUM"
    assert "in the week before: 2025-05-02: She has vascular dementia" in found.explanation
