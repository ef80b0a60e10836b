"""An investigation meeting's notes, its questions and answers led by the speakers' initials
("TO:", "MH:"), against a WhatsApp export of the messages they are about."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_NOTES = (
    "INVESTIGATION MEETING - NOTES\n"
    "Attendee: Marcus Hale (Regional Manager). Investigator: Tom Okafor (HR).\n"
    "Date: 16 February 2026.\n"
    "TO: Did you message Chloe after she asked you to stop on 6 February?\n"
    "MH: No.\n"
    "TO: Have you ever messaged her late at night?\n"
    "MH: Never after 10pm. Only about work.\n"
)


def _chat(*lines: str) -> str:
    return "\n".join(lines) + "\n"


_FIRST = "[03/02/2026, 21:14:05] Marcus Hale: You looked great today"


async def _docs(tmp_path: Path, chat: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "investigation_meeting_hale.txt", _NOTES),
        await text_doc(tmp_path, "WhatsApp Chat with Marcus Hale.txt", chat),
    ]


async def test_initialled_answers_are_the_attendees_claims(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, _chat(_FIRST)))[:1])
    assert [(c.speaker, c.claim.split(" [asked")[0]) for c in evidence.sworn_claims] == [
        ("Marcus Hale", "No."),
        ("Marcus Hale", "Never after 10pm."),
    ]
