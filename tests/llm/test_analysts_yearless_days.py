"""Days written without their year in an e-mail or a dated letter ("we met on 28 April") are of
the last such day before it was written, and on the timeline when the sentence tells of an
event; a day the sentence looks ahead to ("payment by 31 May would be appreciated") is not."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import email_doc, run, text_doc


async def test_an_emails_days_without_a_year(tmp_path: Path) -> None:
    mail = await email_doc(
        tmp_path,
        "follow_up.eml",
        {
            "From": "Lena Brandt <l.brandt@kestrel.example>",
            "To": "Owen Hart <o.hart@client.example>",
            "Date": "Sun, 3 May 2026 10:00:00 +0000",
            "Subject": "Follow-up",
        },
        "Owen,\n\nThanks again for meeting us at the Grand Hotel on 28 April.\n"
        "Payment of the deposit by 31 May would be appreciated.\n",
    )
    evidence, _ = run(EvidenceOutput, [mail])
    told = [(e.timestamp, e.description) for e in evidence.events if "Grand Hotel" in e.description]
    assert told == [("2026-04-28", "Thanks again for meeting us at the Grand Hotel on 28 April.")]
    assert not any("31 May" in e.description for e in evidence.events)


async def test_a_letters_days_take_the_year_it_was_dated(tmp_path: Path) -> None:
    letter = (
        "Date: 14 January 2026\n\nDear Mr Hart,\n\n"
        "I visited the site on 2 December and met the foreman there.\n"
    )
    evidence, _ = run(EvidenceOutput, [await text_doc(tmp_path, "letter.txt", letter)])
    assert ("2025-12-02", "I visited the site on 2 December and met the foreman there.") in [
        (e.timestamp, e.description) for e in evidence.events
    ]
