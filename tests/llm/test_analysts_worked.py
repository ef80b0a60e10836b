"""Did no work: an employee signed off sick who says she did no work "while I was off" and never
worked for Brightwater Cleaning, against Brightwater's job sheets with her name on them those
weeks; her own employer's rota marking her sick, jobs of someone else, and jobs after she was
back say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INTERVIEW = (
    "Absence review meeting\n"
    "Employee interviewed: Aoife Brennan\n"
    "Date: 2 June 2026\n"
    "Q: You were signed off from 4 May to 24 May 2026. Is that right?\n"
    "A: Yes, with my wrist.\n"
    "Q: Did you do any paid work while you were off?\n"
    "A: No, I did no work at all while I was off.\n"
    "Q: Have you ever worked for Brightwater Cleaning Ltd?\n"
    "A: No.\n"
)
_JOBS = (
    "Job date,Cleaner,Client site,Start,Finish,Hours\n"
    "2026-05-07,{cleaner},Harbour Dental,18:00,21:00,3\n"
    "2026-05-14,{cleaner},Harbour Dental,18:00,21:00,3\n"
    "2026-05-28,{cleaner},Quay Offices,17:30,20:30,3\n"
)
_ROTA = "Date,Staff member,Shift\n2026-05-05,Aoife Brennan,Sick\n2026-05-06,Aoife Brennan,Sick\n"


async def _docs(tmp: Path, cleaner: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "absence_review_brennan.txt", _INTERVIEW),
        await text_doc(
            tmp, "brightwater_job_sheets.csv", _JOBS.format(cleaner=cleaner), "text/csv"
        ),
        await text_doc(tmp, "own_employer_rota_may.csv", _ROTA, "text/csv"),
    ]


async def test_someone_elses_jobs_say_nothing(tmp_path: Path) -> None:
    assert not [
        c
        for c in synthesis_of(await _docs(tmp_path, "Ciara Walsh")).contradictions
        if c.claim_source.file_id == "absence_review_brennan"
    ]
