"""Work claimed on days of recorded leave, written unlike the other cases: an absence register
("Absence: Sick leave", "First day", "Last day"), per diem claims paid to the same people, and
a claimant's word that each claim was for work done; a claim outside the absence is none."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_ABSENCES = (
    "Staff name,Absence,First day,Last day,Authorised by\n"
    "Kofi Mensah-Larbi,Sick leave,2025-11-17,2025-11-21,Greta Lindqvist\n"
    "Ilse Verhoeven,Vacation,2025-12-22,2025-12-31,Greta Lindqvist\n"
)
_PER_DIEMS = (
    "Date,Paid to,Assignment,Amount NOK\n"
    "2025-11-14,Kofi Mensah-Larbi,Hammerfest inspection,950\n"
    "2025-11-18,Kofi Mensah-Larbi,Hammerfest inspection,950\n"
    "2025-11-19,Kofi Mensah-Larbi,Hammerfest inspection,950\n"
    "2025-11-19,Ilse Verhoeven,Bergen audit,950\n"
)
_INTERVIEW = (
    "Record of interview - Kofi Mensah-Larbi\n"
    "Date: 9 January 2026\n"
    "A: Each per diem claim I submitted was for days I worked on the inspection.\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "absence_register.csv", _ABSENCES, "text/csv"),
        await text_doc(tmp_path, "per_diems.csv", _PER_DIEMS, "text/csv"),
        await text_doc(tmp_path, "interview_mensah_larbi.txt", _INTERVIEW),
    ]


async def test_claims_paid_for_days_of_recorded_leave(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path))
    on_leave = [
        c for c in output.contradictions if "the leave record has them absent (" in c.explanation
    ]
    assert [(c.claim_source.row, c.explanation) for c in on_leave] == [
        (
            row,
            f"Paid to Kofi Mensah-Larbi for 2025-11-{day}, a day the leave record has them absent "
            "(Absence: Sick leave, 2025-11-17 to 2025-11-21).",
        )
        for row, day in ((2, 18), (3, 19))
    ]
    assert {r.row for c in on_leave for r in c.evidence_against} == {1}
    [vouched] = [c for c in output.contradictions if "vouches for every claim" in c.explanation]
    assert vouched.explanation.startswith("Kofi Mensah-Larbi vouches for every claim, yet 2 of")
