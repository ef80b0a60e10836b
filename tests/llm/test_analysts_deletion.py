"""A finance officer's denials after an audit was announced, against the share's audit log (its
actions written run together, "FileDeleted"; its user mapped to her by the staff directory) and
a chat export whose dates ("06/10/2026") read either way until the log's ISO dates settle them."""

from datetime import date
from pathlib import Path

from holmes_backend.analysis.facts.dates import find_period
from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_INTERVIEW = (
    "Investigation interview\nInterviewee: Ines Moravec\nDate: 22 October 2026\n"
    "Q: Did you delete anything from the finance share after the audit was announced on "
    "7 October?\nA: No. I have never deleted any files from the share.\n"
    "Q: Have you discussed the audit with Tomas Adler?\nA: I haven't spoken to Tomas since "
    "September.\n"
)
_AUDIT = (
    "Timestamp,User,Action,Path\n"
    "2026-10-09 19:02:11,imoravec,{action},\\\\FIN\\Audit\\journals.xlsx\n"
)
_DIRECTORY = "Name,Username,Department\nInes Moravec,imoravec,Finance\nTomas Adler,tadler,Finance\n"
_CHAT = (
    "[09/10/2026 18:40] Tomas Adler: is it sorted\n"
    "[09/10/2026 19:05] Ines Moravec: done, nothing left\n"
)


async def _docs(tmp: Path, action: str = "FileDeleted") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "interview.txt", _INTERVIEW),
        await text_doc(tmp, "share_audit.csv", _AUDIT.format(action=action), "text/csv"),
        await text_doc(tmp, "directory.csv", _DIRECTORY, "text/csv"),
        await text_doc(tmp, "chat_export.txt", _CHAT),
    ]


def test_since_a_month_runs_from_the_month_after_it() -> None:
    told = date(2026, 10, 22)
    assert find_period("since September", told) == (date(2026, 10, 1), told)
    assert find_period("in September", told) == (date(2026, 9, 1), date(2026, 9, 30))


async def test_the_chats_dates_read_day_first_by_the_logs_iso_dates(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    chat = [e.timestamp[:10] for e in evidence.events if e.source.file_id == "chat_export"]
    assert chat == ["2026-10-09", "2026-10-09"]
    claims = {c.claim[:30]: c for c in evidence.sworn_claims}
    assert claims["I haven't spoken to Tomas sinc"].claimed_place is None  # Tomas is no place
