"""An audit log of a patient records system against a nurse's "I did not access Mr Callum
Reyes's record at any time": the log's rows of her user viewing and printing his record (an
access, as audit logs write it: viewed, opened, printed). A row of her viewing another patient's
record says nothing of his. The log writes people surname first, in capitals ("BRENNAN Olivia")."""

from pathlib import Path

from holmes_backend.analysis.facts.names import same_party
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Olivia Brennan, Staff Nurse, Ward 7B\n"
    "Dated 9 November 2026\n\n"
    "1. I have worked on Ward 7B since 2021.\n"
    "2. I did not access Mr Callum Reyes's record at any time.\n"
)
_LOG = (
    "Timestamp,User ID,User name,Workstation,Patient MRN,Patient name,Action\n"
    "2026-10-28 14:02:11,obrennan,BRENNAN Olivia,WS-7B-02,MRN4410291,HUGHES Margaret,View summary\n"
    "{rows}"
)


async def test_another_patients_record_says_nothing_of_his(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_brennan.txt", _STATEMENT),
        await text_doc(tmp_path, "ehr_audit.csv", _LOG.format(rows=""), "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []


def test_a_surname_in_capitals_first_is_that_person() -> None:
    # "Brennan" and "Olivia" are both given names somewhere: the capitals say which is which.
    assert same_party("Olivia Brennan", "BRENNAN Olivia")
    assert not same_party("Olivia Brennan", "BRENNAN Liam")
