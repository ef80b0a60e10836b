"""A thing used on a day its own log has it out of use, written unlike the other cases: a
print-shop manager's answers that the job was printed "On 3 November, on Press 4B" and that
there was nothing wrong with the press, and the operator's job sheet "Printed 5,000 leaflets on
Press 4B", against the maintenance log's rows of Press 4B off-line and awaiting parts; a log
that has the press back in service, or a claim that denies using it, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INTERVIEW = (
    "RECORD OF INTERVIEW\n"
    "Interviewee: Farah Oyelaran\n"
    "Date: 20 November 2026\n"
    "Q: When did you print the council's election leaflets?\n"
    "A: On 3 November, on Press 4B, in one run.\n"
    "Q: Was the press running properly that week?\n"
    "A: Yes, nothing was wrong with it.\n"
)
_JOB_SHEET = (
    "JOB SHEET 7731 - Harlow Print\n"
    "Customer: Westmere District Council\n"
    "3 November 2026\n"
    "Printed 5,000 leaflets on Press 4B. Trimmed and boxed by 16:00.\n"
)
_LOG = (
    "Date,Machine,State,Engineer\n"
    "02/11/2026,Press 4B,Off-line - feeder jam,D. Mensah\n"
    "03/11/2026,Press 4B,Off-line - awaiting parts,D. Mensah\n"
    "05/11/2026,Press 4B,Returned to service,D. Mensah\n"
    "03/11/2026,Press 2A,In service,D. Mensah\n"
)


async def _docs(tmp_path: Path, log: str = _LOG, interview: str = _INTERVIEW) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_oyelaran.txt", interview),
        await text_doc(tmp_path, "job_sheet_7731.txt", _JOB_SHEET),
        await text_doc(tmp_path, "press_maintenance_log.csv", log, "text/csv"),
    ]


async def test_a_press_in_service_or_a_use_denied_contradicts_nothing(tmp_path: Path) -> None:
    working = _LOG.replace(
        "03/11/2026,Press 4B,Off-line - awaiting parts", "03/11/2026,Press 4B,In service"
    )
    output = synthesis_of(await _docs(tmp_path, log=working))
    assert not [c for c in output.contradictions if "out of use" in c.explanation]
    denied = _INTERVIEW.replace(
        "A: On 3 November, on Press 4B, in one run.", "A: I did not use Press 4B on 3 November."
    )
    output = synthesis_of(await _docs(tmp_path, interview=denied))
    assert not [
        c
        for c in output.contradictions
        if "out of use" in c.explanation and c.claim_source.file_id == "interview_oyelaran"
    ]
