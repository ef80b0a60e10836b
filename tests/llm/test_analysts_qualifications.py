"""A degree the university has no record of: the candidate's CV and his interview answer say
he took an MSc at Imperial College London in 2014; the college's registry says it has no record
of him registering for or being awarded any degree. A degree it confirms contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_REGISTRY = (
    "Imperial College London - Registry\n"
    "Student records verification\n"
    "Date: 3 March 2025\n"
    "Re: Simon Ashworth-Lyle, date of birth 11 May 1990\n"
    "We have searched our records for the period 2010 to 2016. We have no record of Simon "
    "Ashworth-Lyle having registered for or been awarded any degree by Imperial College London.\n"
)
_INTERVIEW = (
    "Interview notes - Simon Ashworth-Lyle\n"
    "Date: 20 March 2025\n"
    "Q: Can you explain the Imperial College degree on your CV?\n"
    "A: I completed the MSc at Imperial in 2014. I have the certificate at home somewhere.\n"
)


async def _docs(tmp_path: Path, registry: str = _REGISTRY) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "registry_letter.txt", registry),
        await text_doc(tmp_path, "interview_notes.txt", _INTERVIEW),
    ]


async def test_a_degree_the_registry_confirms(tmp_path: Path) -> None:
    registry = _REGISTRY.replace(
        "We have no record of Simon Ashworth-Lyle having registered for or been awarded any "
        "degree by Imperial College London.",
        "Simon Ashworth-Lyle was awarded the degree of MSc Finance in November 2014.",
    )
    assert synthesis_of(await _docs(tmp_path, registry)).contradictions == []
