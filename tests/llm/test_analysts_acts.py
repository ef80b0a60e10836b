"""An act the speaker denies, against records that name them with it, written unlike the other
cases: a systems administrator's interview, an audit log whose user column names him beside
"Mailbox deleted", a note relaying his own denial (no evidence), and a day written without its
month ("on 6 and 7 May 2026") that puts him on both days."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_INTERVIEW = (
    "Record of interview - Tomas Ruiz\n"
    "Date: 20 May 2026\n"
    "Q: What happened to the finance director's mailbox?\n"
    "A: I have never deleted any mailbox on that server.\n"
)
_AUDIT = (
    "Time,User,Action,Object\n"
    "2026-05-06 22:14,Tomas Ruiz,Mailbox deleted,fd-mailbox\n"
    "2026-05-06 22:16,Tomas Ruiz,Backup deleted,fd-mailbox-archive\n"
    "2026-05-07 08:02,Ines Oyelaran,Login,console\n"
)
_NOTE = (
    "HR note, 21 May 2026\nTomas Ruiz says the mailbox was deleted by a script he did not write.\n"
)
_SECURITY = (
    "Security report, 12 May 2026\n"
    "Tomas Ruiz badged into the server room on 6 and 7 May 2026 after hours.\n"
)


async def _docs(tmp_path: Path, audit: str = _AUDIT) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_ruiz.txt", _INTERVIEW),
        await text_doc(tmp_path, "audit_log.csv", audit, "text/csv"),
        await text_doc(tmp_path, "hr_note.txt", _NOTE),
        await text_doc(tmp_path, "security_report.txt", _SECURITY),
    ]


async def test_the_first_of_two_days_written_with_one_month(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    days = [e.timestamp for e in evidence.events if e.source.file_id == "security_report"]
    assert days == ["2026-05-06", "2026-05-07"]


async def test_a_log_naming_someone_else_is_no_evidence_against_him(tmp_path: Path) -> None:
    other = _AUDIT.replace("22:14,Tomas Ruiz", "22:14,Ines Oyelaran").replace(
        "22:16,Tomas Ruiz", "22:16,Ines Oyelaran"
    )
    output = synthesis_of(await _docs(tmp_path, other))
    assert not [c for c in output.contradictions if "denies it (" in c.explanation]
