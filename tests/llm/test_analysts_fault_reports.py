"""When a company knew of a product fault: its chief executive says in an interview (a WebVTT
transcript) that he first heard of any overheating problem when the regulator wrote in
September; an e-mail to him in June reports units overheating and scorched casings. A June
e-mail about something else says nothing of it."""

from pathlib import Path

import pytest

from holmes_backend.analysis.facts import condition
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_INTERVIEW = (
    "WEBVTT\n\n"
    "00:00:01.000 --> 00:00:06.000\n"
    "<v Investigator>When did you first become aware of problems with the DX-9?\n\n"
    "00:00:06.500 --> 00:00:14.000\n"
    "<v Oskar Lind>I first heard about any overheating problem on 12 September 2025, when the "
    "regulator wrote to us.\n"
)


@pytest.mark.parametrize(
    "sentence",
    [
        "Two customers report the unit overheating and the cut-out failing.",
        "Quality logged 14 returns with scorched casings.",
        "The charger's cable had melted.",
    ],
)
def test_heat_damage_is_a_defect_reported(sentence: str) -> None:
    assert condition.reported(sentence) == "defect"


async def _docs(tmp_path: Path, body: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_lind.vtt", _INTERVIEW, "text/vtt"),
        await email_doc(
            tmp_path,
            "returns.eml",
            {
                "From": "Mia Berg <m.berg@norrvik.example>",
                "To": "Oskar Lind <o.lind@norrvik.example>",
                "Date": "Tue, 17 Jun 2025 09:12:00 +0100",
                "Subject": "DX-9 field returns",
            },
            body,
        ),
    ]


async def test_the_june_email_reporting_it_to_him(tmp_path: Path) -> None:
    body = (
        "Oskar,\n\nQuality has logged 14 returns of the DX-9 this month.\n"
        "Two customers report the unit overheating and the cut-out failing.\n"
    )
    [knew] = synthesis_of(await _docs(tmp_path, body)).contradictions
    assert knew.explanation == (
        "Oskar Lind denies knowing of the overheating, yet 1 record(s) about it involve them, "
        "the first on 2025-06-17."
    )


async def test_an_email_about_something_else(tmp_path: Path) -> None:
    body = "Oskar,\n\nQuality has logged 14 returns of the DX-9 this month, all for colour.\n"
    assert synthesis_of(await _docs(tmp_path, body)).contradictions == []
