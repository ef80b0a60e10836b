"""Answers to questions: a claim answering a question carries it ("No. [asked: …]")."""

import re
from dataclasses import dataclass

from holmes_backend.contracts.agents import SwornClaim

_ASKED = " [asked: "
_BARE_NO = re.compile(
    r"^\s*(?:no|never|none|nothing|nobody|no\s?one|not\s+(?:once|me|at\s+all)|certainly\s+not)\b",
    re.IGNORECASE,
)


def asked(said: str, question: str) -> str:
    """A claim's words for an answer and the question it answers."""
    return f"{said}{_ASKED}{question}]"


@dataclass(frozen=True)
class Answer:
    """A claim read as what was said and the question, if any, it answers."""

    said: str
    question: str

    @property
    def no(self) -> bool:
        """A bare "No." (or "Never.", "Nobody." …) to a question."""
        return bool(self.question) and bool(_BARE_NO.match(self.said))


def answer_of(claim: SwornClaim | str) -> Answer:
    """A claim (or a claim's words) read as what was said and the question it answers."""
    text = claim if isinstance(claim, str) else claim.claim
    said, _, question = text.partition(_ASKED)
    return Answer(said=said, question=question.removesuffix("]").strip())


__all__ = ["Answer", "answer_of", "asked"]
