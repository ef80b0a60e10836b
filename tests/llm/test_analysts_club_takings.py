"""A club's bar takings, written unlike the other cases: the count sheets' cash with who counted
it and an empty second counter on one night, the bank's cash deposits short of them, and the
club secretary's e-mail that "all bar takings are paid into the bank in full" and every count
was "signed by two committee members"."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.triage import triage_file
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


async def test_takings_said_banked_in_full_and_counts_said_signed_by_two(tmp_path: Path) -> None:
    said = (
        "All bar takings are paid into the bank in full. Every count was signed by two "
        "committee members.\n"
    )
    output = synthesis_of(await _docs(tmp_path, said))
    banked = [c for c in output.contradictions if "banked short" in c.explanation]
    assert len(banked) == 1
    assert "2026-02-13: 655.50 taken, 355.50 banked" in banked[0].explanation
    assert banked[0].severity == "HIGH"  # nights he counted
    unsigned = [c for c in output.contradictions if "second counter" in c.explanation]
    assert len(unsigned) == 1
    assert [r.row for r in unsigned[0].evidence_against] == [2]


async def test_a_word_about_the_bar_that_vouches_for_nothing(tmp_path: Path) -> None:
    said = "The bar takings were counted on Friday nights and taken to the bank on Mondays.\n"
    output = synthesis_of(await _docs(tmp_path, said))
    assert not [c for c in output.contradictions if "second counter" in c.explanation]
    assert not [c for c in output.contradictions if "banked short" in c.explanation]


async def test_a_count_sheet_with_a_night_counted_once_reaches_the_evidence_agent(
    tmp_path: Path,
) -> None:
    """Who counted and who did not second it is the evidence agent's to read, so the sheet is
    routed to it as well as to the financial agent; a sheet every night of which was seconded
    is the financial agent's alone."""
    sheet = (await _docs(tmp_path, "Thanks.\n"))[0]
    scores = triage_file(sheet).domain_scores
    assert scores.evidence >= 0.4
    assert scores.financial >= 0.4
    seconded = await text_doc(
        tmp_path,
        "seconded.csv",
        _COUNTS.replace(
            "2026-02-13,655.50,Owen Pritchard,", "2026-02-13,655.50,Owen Pritchard,Mair Evans"
        ),
        "text/csv",
    )
    assert triage_file(seconded).domain_scores.evidence < 0.4
