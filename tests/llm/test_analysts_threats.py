"""Never threatened her: a tenant's denial against the texts he wrote to his landlady; texts to
someone else, her threats rather than his, or plain words, are no contradiction."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Ryan Coyle\n"
    "Dated 9 June 2026\n"
    "1. I rented a room from Brenda Malone until May 2026.\n"
    "2. I never threatened Brenda Malone, not once.\n"
    "Signed: Ryan Coyle\n"
)


def _chat(lines: list[str]) -> str:
    return "\n".join(lines) + "\n"


_HIS = [
    "[02/05/2026, 21:40:02] Brenda Malone: The rent is three weeks late",
    "[02/05/2026, 21:52:19] Ryan Coyle: Keep pushing me and I'll hurt you, I mean it",
    "[03/05/2026, 08:10:45] Ryan Coyle: You're finished in this town",
]
_PLAIN = [
    "[02/05/2026, 21:40:02] Brenda Malone: The rent is three weeks late. Pay it or else.",
    "[02/05/2026, 21:52:19] Ryan Coyle: I'll pay on Friday, sorry",
]


async def _output(tmp: Path, lines: list[str], name: str) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "statement_coyle.txt", _STATEMENT),
            await text_doc(tmp, name, _chat(lines)),
        ]
    )


def _threat(output: SynthesisOutput) -> list:
    return [c for c in output.contradictions if "never threatened" in c.claim]


async def test_plain_words_or_texts_to_someone_else_are_none(tmp_path: Path) -> None:
    assert _threat(await _output(tmp_path, _PLAIN, "whatsapp_brenda_malone.txt")) == []
    others = [line.replace("Brenda Malone", "Sean Doyle") for line in _HIS]
    assert _threat(await _output(tmp_path, others, "whatsapp_sean_doyle.txt")) == []
