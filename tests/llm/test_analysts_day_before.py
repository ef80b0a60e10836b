"""An e-mail telling of "yesterday" or "last night" dates what it tells of to the day before it
was sent, with its correspondents when it speaks of "you" and "we" ("Good to see you again
yesterday in Rotterdam"): an event of theirs on that day, at the place it names."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_HEADERS = {
    "From": "Erik Halvorsen <e.halvorsen@medivance.eu>",
    "To": "Pieter de Wit <pieter@brightwater-consulting.nl>",
    "Date": "Wed, 14 Feb 2024 09:12:00 +0100",
    "Subject": "Thanks",
}
_BODY = "Pieter,\n\nGood to see you again yesterday in Rotterdam, and thanks for dinner.\n\nErik\n"


async def test_yesterday_is_the_day_before_the_mail(tmp_path: Path) -> None:
    mail = await email_doc(tmp_path, "dinner.eml", _HEADERS, _BODY)
    evidence, _ = run(EvidenceOutput, [mail])
    [told] = [e for e in evidence.events if "yesterday" in e.description]
    assert (told.timestamp, told.place) == ("2024-02-13", "Rotterdam")
    assert told.people == ["Erik Halvorsen", "Pieter de Wit"]


async def test_the_day_before_against_an_alibi_for_it(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_halvorsen.txt",
        "WITNESS STATEMENT\nStatement of: Erik Halvorsen\n\n"
        "On 13 February 2024 I was at our office in Utrecht all day.\n",
    )
    mail = await email_doc(tmp_path, "dinner.eml", _HEADERS, _BODY)
    [found] = synthesis_of([statement, mail]).contradictions
    assert found.explanation.startswith("Erik Halvorsen claims to have been at")
    assert "Good to see you again yesterday in Rotterdam" in found.explanation
    assert [(r.file_id, r.line) for r in found.evidence_against] == [("dinner", 3)]


async def test_a_mail_about_its_own_day_adds_no_event(tmp_path: Path) -> None:
    body = "Pieter,\n\nGood to see you this morning in Rotterdam.\n\nErik\n"
    mail = await email_doc(tmp_path, "dinner.eml", _HEADERS, body)
    evidence, _ = run(EvidenceOutput, [mail])
    assert [e.timestamp for e in evidence.events] == ["2024-02-14T09:12:00+01:00"]
