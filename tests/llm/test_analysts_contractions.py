"""Answers as people give them, written unlike the other cases: "I've never heard of him"
(a contraction), and a place answer that runs to nine words ("At home in Crosby all evening,
on my own."), against a chat export in which the interviewee messages the man he denies
knowing and says where he is."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import DOMAINS, run, synthesis_of, text_doc

_INTERVIEW = (
    "RECORD OF INTERVIEW\n"
    "Interviewee: Callum Rees\n"
    "Date: 9 June 2026\n"
    "Q: Where were you on the evening of Friday 5 June?\n"
    "A: At home in Penarth all evening, on my own.\n"
    "Q: Do you know Owain Pryce?\n"
    "A: I've never heard of him.\n"
)
_CHAT = (
    "[05/06/2026, 21:12:40] Owain Pryce: you coming\n"
    "[05/06/2026, 21:30:05] Callum Rees: parked behind the garage on Windsor Road, hurry up\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_rees.txt", _INTERVIEW),
        await text_doc(tmp_path, "chat_export.txt", _CHAT),
    ]


async def test_contracted_denials_and_longer_place_answers_are_claims(tmp_path: Path) -> None:
    evidence, _ = run(dict(DOMAINS)["evidence"], await _docs(tmp_path))
    claims = {c.claim.split(" [asked")[0]: c for c in evidence.sworn_claims}
    assert claims["At home in Penarth all evening, on my own."].claimed_place == "home in Penarth"
    assert "I've never heard of him [Owain Pryce]." in claims
    output = synthesis_of(await _docs(tmp_path))
    against = {c.claim.split()[0]: c.explanation for c in output.contradictions}
    assert "denies contact with Owain Pryce" in against["I've"]
    assert "Windsor Road against the claimed home in Penarth" in against["At"]
