"""A denial of ever taking a drug against a test of the witness that found it
(domains.substances)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_REPORT = (
    "ANTI-DOPING LABORATORY - TEST REPORT\n"
    "Athlete: {athlete}\n"
    "Sample collected: 14 May 2026 (out of competition)\n"
    "Substance | Result\n"
    "19-Norandrosterone (nandrolone metabolite) | {result}\n"
    "Cannabinoids | Negative\n"
    "Reviewed by: Dr Ingrid Falk\n"
)
_INTERVIEW = (
    "RECORD OF INTERVIEW\n"
    "Interviewee: Dariusz Novak\n"
    "Q: Have you ever used performance-enhancing substances?\n"
    "A: {answer}\n"
)


async def _case(
    tmp_path: Path,
    answer: str = "I have never used anabolic steroids, not once in my career.",
    athlete: str = "Dariusz Novak",
    result: str = "Adverse analytical finding",
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview.txt", _INTERVIEW.format(answer=answer)),
        await text_doc(tmp_path, "lab_report.txt", _REPORT.format(athlete=athlete, result=result)),
    ]


async def test_no_contradiction_without_his_positive_test_or_a_whole_denial(
    tmp_path: Path,
) -> None:
    assert synthesis_of(await _case(tmp_path, result="Negative")).contradictions == []
    assert synthesis_of(await _case(tmp_path, athlete="Pavel Horak")).contradictions == []
    since = "I have not used anything since the national championships."
    assert synthesis_of(await _case(tmp_path, answer=since)).contradictions == []
