"""A chat export names its other writer as the phone does, by a first name ("Maya"), and its
owner as "Mr Okafor" or "Mr. Okafor" alike: "I did not send any messages to Maya Lindgren"
against the chat of the two. A chat with someone of another name says nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Mr Samuel Okafor, swimming coach\n"
    "1. I did not send any messages to Maya Lindgren on my personal phone.\n"
    "Signed: S. Okafor\n"
)
_CHAT = (
    "14/04/2026, 20:14 - Mr Okafor: Well done today. Mr. Okafor is proud of you\n"
    "14/04/2026, 20:16 - {other}: thanks coach\n"
    "15/04/2026, 22:31 - Mr Okafor: Delete these when you've read them\n"
)


async def _docs(tmp: Path, other: str = "Maya") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_okafor.txt", _STATEMENT),
        await text_doc(tmp, "chat_export.txt", _CHAT.format(other=other)),
    ]


async def test_a_chat_with_another_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, other="Jonas")).contradictions == []
