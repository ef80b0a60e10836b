"""A departing engineer and the company's data: an endpoint log by login and host, the asset
register that says whose they are, an e-mail to his own webmail address, and his exit interview
denying all of it; plus a first contact with the new employer dated after a meeting on record."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput, TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_ENDPOINT = (
    "Timestamp,Login,Host,Activity,File name\n"
    "2026-09-01 22:10:03,ksato01,WS-2291,Upload to Dropbox,firmware_src.tar.gz\n"
    "2026-09-01 22:14:40,ksato01,WS-2291,Copy to removable media,test_vectors.bin\n"
    "2026-09-02 09:00:12,dmurphy,WS-1180,Open,budget.xlsx\n"
)
_ASSETS = "Employee,Login,Workstation\nKenji Sato,ksato01,WS-2291\nDeirdre Murphy,dmurphy,WS-1180\n"
_INTERVIEW = (
    "Exit interview - Kenji Sato\n"
    "Date: 30 September 2026\n"
    "Q: Did you take any source code or files with you?\n"
    "A: No. I never downloaded or copied any company files.\n"
    "Q: Did you forward work material to a private mailbox?\n"
    "A: I have never sent anything to my personal email.\n"
    "Q: When did you first talk to Halden Robotics?\n"
    "A: I first talked to them in September, after I resigned.\n"
)
_CALENDAR = (
    "Calendar - Halden Robotics\n2026-08-19 16:00 Interview with Kenji Sato at Halden Robotics\n"
)


async def test_logins_and_hosts_stand_for_their_holder(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "endpoint_log.csv", _ENDPOINT, "text/csv"),
        await text_doc(tmp_path, "asset_register.csv", _ASSETS, "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    people = [e.people for e in evidence.events if e.source.file_id == "endpoint_log"]
    # The login is no name of its own; the register says whose it is.
    assert people == [["Kenji Sato"], ["Kenji Sato"], ["Deirdre Murphy"]]


async def test_no_records_of_his_no_contradiction(tmp_path: Path) -> None:
    assets = _ASSETS.replace("Kenji Sato,ksato01", "Tomas Berg,ksato01")
    docs = [
        await text_doc(tmp_path, "endpoint_log.csv", _ENDPOINT, "text/csv"),
        await text_doc(tmp_path, "asset_register.csv", assets, "text/csv"),
        await text_doc(tmp_path, "exit_interview.txt", _INTERVIEW),
        await text_doc(
            tmp_path, "halden_calendar.txt", _CALENDAR.replace("2026-08-19", "2026-09-20")
        ),
    ]
    assert synthesis_of(docs).contradictions == []


async def test_a_log_headed_by_its_event_time_is_evidence(tmp_path: Path) -> None:
    log = _ENDPOINT.replace("Timestamp,", "Event time,")
    triage, _ = run(TriageResult, [await text_doc(tmp_path, "endpoint_log.csv", log, "text/csv")])
    assert triage.files[0].primary_domain == "evidence"
    assert triage.files[0].domain_scores.evidence >= 0.4
