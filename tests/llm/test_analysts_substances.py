"""A denial of ever taking a drug against a test of the witness that found it
(domains.substances)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.evidence import analyse_evidence
from holmes_backend.llm.local.domains.substances import SUBSTANCE_DETECTED
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


async def test_a_denied_steroid_found_by_his_test(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    [detected] = [
        f for f in analyse_evidence(docs).output.findings if f.finding_type == SUBSTANCE_DETECTED
    ]
    assert detected.title.startswith("Anabolic steroids detected in lab_report.txt")
    assert "Dariusz Novak" in detected.entities
    [against] = synthesis_of(docs).contradictions
    assert against.claim.startswith("I have never used anabolic steroids")
    assert against.severity == "HIGH"
    assert against.explanation.startswith(
        "Dariusz Novak denies taking anabolic steroids, yet a test of theirs found it"
    )


async def test_no_contradiction_without_his_positive_test_or_a_whole_denial(
    tmp_path: Path,
) -> None:
    assert synthesis_of(await _case(tmp_path, result="Negative")).contradictions == []
    assert synthesis_of(await _case(tmp_path, athlete="Pavel Horak")).contradictions == []
    since = "I have not used anything since the national championships."
    assert synthesis_of(await _case(tmp_path, answer=since)).contradictions == []


async def test_meeting_notes_speak_for_their_employee_by_initials(tmp_path: Path) -> None:
    notes = (
        "INVESTIGATION MEETING NOTES\n"
        "Employee: Kyle Brennan\n"
        "Present: Kyle Brennan (KB), Helen Shaw (HS)\n"
        "HS: Have you taken any drugs?\n"
        "KB: No. I have never taken cocaine in my life.\n"
        "HS: Do you use anything else?\n"
        "KB: Look, I don't do drugs.\n"
    )
    report = (
        "Laboratory report\nDonor: Kyle Brennan\n"
        "Benzoylecgonine (cocaine metabolite) | POSITIVE - 612 ng/mL\n"
    )
    docs = [
        await text_doc(tmp_path, "meeting.txt", notes),
        await text_doc(tmp_path, "tox.txt", report),
    ]
    found = synthesis_of(docs).contradictions
    assert [c.explanation.split(",")[0] for c in found] == [
        "Kyle Brennan denies taking cocaine",
        "Kyle Brennan denies taking drugs",
    ]


_PARENT = (
    "STATEMENT OF TOMAS HALLORAN\n"
    "In the matter of the child Niamh Halloran\n"
    "Date: 4 August 2026\n"
    "1. I have not had a drink since 1 March 2026.\n"
)
_BREATH = (
    "Test date,Test time,Client,BrAC,Result\n"
    "2026-02-20,08:00,Tomas Halloran,0.052,Positive\n"
    "2026-04-11,21:00,Tomas Halloran,{april},{april_result}\n"
    "2026-06-02,08:00,Tomas Halloran,0.000,Negative\n"
)


async def test_a_drink_since_a_day_against_his_breath_tests(tmp_path: Path) -> None:
    """A denial of a period, since a day it gives, meets the positive tests after that day only."""

    async def found(april: str, result: str) -> list[str]:
        docs = [
            await text_doc(tmp_path, "statement_halloran.txt", _PARENT),
            await text_doc(
                tmp_path,
                "breath_tests.csv",
                _BREATH.format(april=april, april_result=result),
                "text/csv",
            ),
        ]
        return [
            c.explanation
            for c in synthesis_of(docs).contradictions
            if c.claim_source.file_id == "statement_halloran"
        ]

    [explanation] = await found("0.038", "Positive")
    assert "denies taking alcohol since 2026-03-01" in explanation
    assert "on 2026-04-11" in explanation
    assert "2026-02-20" not in explanation  # before the day he gives
    assert await found("0.000", "Negative") == []
