"""A record of interview whose header says who each label is ("Present: … (KAL), … (BT)"),
whose turns run over several sentences and lines (a hanging indent), and whose longest line
(the list of those present) is longer than the width the rest was wrapped at."""

from pathlib import Path

from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, text_doc

_INTERVIEW = (
    "HOLLOWAY & PREECE - RECORD OF INTERVIEW\n"
    "Date:     Thursday 6 March 2025, 2.15pm\n"
    "Present:  Imogen Fairweather-Kaur (IFK, investigator), Dominik Sobczak (DS, HR observer), "
    "Tomasz Wierzbicki (TW)\n"
    "\n"
    "IFK: The payment of 4,800 zloty on 12 February went to an account in the name\n"
    "     T Wierzbicki. Is that your account?\n"
    "TW:  Yes. It was a float for the site canteen and I handed every zloty\n"
    "     over to the cook. I never kept any of it for myself.\n"
    "IFK: Thank you.\n"
    "Place: Site office 2\n"
    "I was not asked to sign anything that day.\n"
)


async def test_labels_are_the_people_the_header_names_and_a_turn_runs_on(
    tmp_path: Path,
) -> None:
    doc = await text_doc(tmp_path, "interview_wierzbicki.txt", _INTERVIEW)
    texts = [u.text for u in units(doc)]
    # The indented line finishes its sentence, though the list of those present is longer.
    assert (
        "IFK: The payment of 4,800 zloty on 12 February went to an account in the name "
        "T Wierzbicki."
    ) in texts
    evidence, _ = run(EvidenceOutput, [doc])
    said = {c.claim: c.speaker for c in evidence.sworn_claims}
    assert said["I never kept any of it for myself."] == "Tomasz Wierzbicki"
    # A form's field ends the turn: what follows it is not the last speaker's.
    assert said.get("I was not asked to sign anything that day.") != "Tomasz Wierzbicki"
