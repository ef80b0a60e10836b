"""A chat export names its other writer as the phone does, by a first name ("Maya"), and its
owner as "Mr Okafor" or "Mr. Okafor" alike: "I did not send any messages to Maya Lindgren"
against the chat of the two. A chat with someone of another name says nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_a_chat_with_her_first_name_is_contact(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    first = next(e for e in evidence.events if e.timestamp.startswith("2026-04-14T20:14"))
    assert first.people == ["Mr Okafor"]  # one writer, however the line spells him
    [found] = synthesis_of(docs).contradictions
    assert found.explanation.startswith("Mr. Samuel Okafor denies contact with Maya Lindgren")
    assert {r.file_id for r in found.evidence_against} == {"chat_export"}


async def test_a_chat_with_another_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, other="Jonas")).contradictions == []
