"""Interview notes in reported speech: "KD said that she received the e-mail" is KD's own
account; the pronoun right after what the sentence's subject reports is that subject, not
someone the notes named before (the interviewer, a manager)."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, text_doc

_NOTES = (
    "INTERVIEW NOTES - HELEN VOSS (Payroll Officer)\n"
    "Date: 4 May 2026\n"
    "Interviewer: P. Quarry, Internal Audit\n\n"
    "HV said that she checked the new bank details with the employee on 2 April.\n"
    "HV said that the change was approved by Marcus Orme, the Payroll Manager.\n"
    "HV told us she did not approve the change herself.\n"
)


async def test_the_reporting_subject_is_the_pronoun(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, [await text_doc(tmp_path, "notes_voss.txt", _NOTES)])
    claims = [c.claim for c in evidence.sworn_claims]
    assert {c.speaker for c in evidence.sworn_claims} == {"Helen Voss"}
    assert "HV said that she checked the new bank details with the employee on 2 April." in claims
    assert "HV told us she did not approve the change herself." in claims
    # Not "she [P. Quarry]", nor "she [Marcus Orme]".
    assert not any("she [" in c for c in claims)
