"""A club's bar takings, written unlike the other cases: the count sheets' cash with who counted
it and an empty second counter on one night, the bank's cash deposits short of them, and the
club secretary's e-mail that "all bar takings are paid into the bank in full" and every count
was "signed by two committee members"."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_COUNTS = (
    "Night,Cash counted,Counted by,Second counter\n"
    "2026-02-06,412.00,Owen Pritchard,Mair Evans\n"
    "2026-02-13,655.50,Owen Pritchard,\n"
    "2026-02-20,390.00,Owen Pritchard,Mair Evans\n"
)
_BANK = (
    "Date,Narrative,Credit,Debit\n"
    "2026-02-09,CASH DEPOSIT BRANCH 4471,412.00,\n"
    "2026-02-16,CASH DEPOSIT BRANCH 4471,355.50,\n"
    "2026-02-23,CASH DEPOSIT BRANCH 4471,390.00,\n"
)


async def _docs(tmp_path: Path, said: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "bar_count_sheets.csv", _COUNTS, "text/csv"),
        await text_doc(tmp_path, "club_account.csv", _BANK, "text/csv"),
        await email_doc(
            tmp_path,
            "secretary_reply.eml",
            {
                "From": "Owen Pritchard <owen@llanfairrfc.example>",
                "To": "Committee <committee@llanfairrfc.example>",
                "Date": "Sat, 7 Mar 2026 09:30:00 +0000",
                "Subject": "Bar audit",
            },
            said,
        ),
    ]


async def test_a_word_about_the_bar_that_vouches_for_nothing(tmp_path: Path) -> None:
    said = "The bar takings were counted on Friday nights and taken to the bank on Mondays.\n"
    output = synthesis_of(await _docs(tmp_path, said))
    assert not [c for c in output.contradictions if "second counter" in c.explanation]
    assert not [c for c in output.contradictions if "banked short" in c.explanation]
