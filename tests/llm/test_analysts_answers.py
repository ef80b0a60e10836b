"""One reading of an answer and the question it answers, shared by every reader of a bare "No"."""

import pytest

from holmes_backend.analysis.facts.answers import answer_of, asked
from holmes_backend.contracts.agents import SourceRef, SwornClaim


def _claim(text: str) -> SwornClaim:
    return SwornClaim(
        speaker="Dana Reyes", claim=text, source=SourceRef(file_id="f1", page=1, excerpt=text)
    )


@pytest.mark.parametrize(
    "said",
    [
        "No.",
        "Never.",
        "No, never.",
        "None at all.",
        "Nothing.",
        "Nobody.",
        "Not once.",
        "Certainly not.",
        "Not at all.",
        "No one else.",
    ],
)
def test_bare_denials_to_a_question_read_as_no(said: str) -> None:
    answer = answer_of(_claim(asked(said, "Did you sign the guarantee?")))
    assert answer.no
    assert answer.said == said
    assert answer.question == "Did you sign the guarantee?"


@pytest.mark.parametrize("said", ["Nonetheless I paid it.", "Notably, I was at home.", "Yes."])
def test_other_answers_are_not_no(said: str) -> None:
    assert not answer_of(asked(said, "Did you pay it?")).no


def test_no_without_a_question_answers_nothing() -> None:
    answer = answer_of(_claim("No, I was at home all evening."))
    assert answer.question == ""
    assert not answer.no


def test_a_question_cut_short_keeps_what_was_asked() -> None:
    text = asked("Yes", "Are you the only adult living at the property?")[:40]
    answer = answer_of(text)
    assert answer.said == "Yes"
    assert not answer.no
    assert answer.question == "Are you the only adult livin"
