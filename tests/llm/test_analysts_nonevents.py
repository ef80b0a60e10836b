"""What a record says did not happen, held against what the case says did: a contractor's letter
that no installation was carried out on a site in a month and that an invoice number was never
issued, against the payables paying that contractor for the installation and a manager's
statement that he inspected it. A claim or payment naming someone else, or of another month, is
left alone; a conditional ("if no delivery is made") denies nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from tests.llm.test_analysts_helpers import email_doc, run, text_doc

_LETTER = (
    "Brannock Fabrication Ltd\n"
    "Unit 4, Quarry Lane, Athlone\n"
    "14 November 2024\n"
    "Dear Sir or Madam,\n"
    "Further to your query, no installation was carried out by us at the Tern Street site in "
    "October 2024.\n"
    "Invoice BF-2231 was not issued by this company.\n"
    "If no delivery is made by Friday, please contact our office.\n"
)
_PAYABLES = (
    "Date,Payee,Description,Reference,Amount\n"
    "2024-10-18,Brannock Fabrication Ltd,Installation of mezzanine - Tern Street,BF-2231,48500.00\n"
    "2024-09-03,Brannock Fabrication Ltd,Installation of racking - Tern Street,BF-2107,12100.00\n"
    "2024-10-21,Quill Surveying,Site survey - Tern Street,QS-88,2400.00\n"
)
_STATEMENT = (
    "WITNESS STATEMENT OF COLM DWYER\n"
    "Date: 2 December 2024\n"
    "1. I inspected the completed installation at Tern Street with Brannock's foreman on "
    "25 October 2024.\n"
    "2. I met Saoirse Keane of Quill Surveying at Tern Street on 21 October 2024.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "brannock_letter.txt", _LETTER),
        await text_doc(tmp_path, "payables_ledger_2024.csv", _PAYABLES, "text/csv"),
        await text_doc(tmp_path, "statement_dwyer.txt", _STATEMENT),
        await email_doc(
            tmp_path,
            "quill.eml",
            {
                "From": "Saoirse Keane <s.keane@quillsurveying.example>",
                "To": "Colm Dwyer <c.dwyer@tern.example>",
                "Date": "Wed, 04 Dec 2024 09:00:00 +0000",
                "Subject": "Survey visit",
            },
            "There was no visit by our surveyors to Tern Street in September 2024.\n",
        ),
    ]


async def test_a_record_of_what_did_not_happen_is_a_finding(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    denied = [f for f in evidence.findings if f.finding_type == "recorded_nonevent"]
    titles = sorted(f.title for f in denied)
    assert titles == [
        "Recorded as not having taken place (installation) in brannock_letter.txt "
        "(from Brannock Fabrication Ltd) on 2024-11-14",
        "Recorded as not having taken place (invoice) in brannock_letter.txt "
        "(from Brannock Fabrication Ltd) on 2024-11-14",
        "Recorded as not having taken place (visit) in quill.eml "
        "(from Saoirse Keane, quillsurveying.example) on 2024-12-04",
    ]  # not the conditional "If no delivery is made"
