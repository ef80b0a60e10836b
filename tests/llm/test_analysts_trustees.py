"""A treasurer and the charity's account, written unlike the other cases: a company register's
page headed by the firm's bare name with its officer surname first ("PELLINGHAM, Rosalind
Clare" over "Role: Director"), bank narratives led by their booking type and ended by a
reference ("FASTER PAYMENT R PELLINGHAM REF MILEAGE"), a rule needing two signatures "one of
whom must be the Chair", and an interview whose speakers are labelled by their initials."""

from pathlib import Path

from holmes_backend.analysis.facts.names import find_names
from holmes_backend.contracts.agents import EvidenceOutput, FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc

_REGISTER = (
    "Company overview\n"
    "PELLINGHAM HAULAGE LTD\n"
    "Company number 09811245\n"
    "Registered office address: 22 Quarry Lane, Tolbury, TB2 9QS\n"
    "Officers\n"
    "PELLINGHAM, Rosalind Clare\n"
    "Role: Director\n"
    "Appointed on 2 March 2019\n"
)
_STATEMENT = (
    "Date,Details,Money out,Money in,Balance\n"
    "05/05/2025,FASTER PAYMENT R PELLINGHAM REF MILEAGE,910.00,,20310.00\n"
    "14/05/2025,BACS PELLINGHAM HAULAGE LTD REF DELIVERIES,4750.00,,15560.00\n"
    "28/05/2025,BACS PELLINGHAM HAULAGE LTD REF DELIVERIES,4820.00,,10740.00\n"
    "30/05/2025,GRANT INCOME COUNTY FUND,,6000.00,16740.00\n"
)
_MINUTES = (
    "Minutes of the Committee, 3 June 2025\n"
    "Present: Tobias Wren (Chair), Rosalind Pellingham (Treasurer)\n"
    "Any payment of £5,000 or more requires the signatures of two committee members, one of "
    "whom must be the Chair.\n"
    "The Treasurer confirmed that no payment has been made to any committee member.\n"
)
_INTERVIEW = (
    "Interview record - Rosalind Pellingham\n"
    "Date: 9 July 2025\n"
    "TW: Do you or your family own any business that works for the Society?\n"
    "RP: No. I have no business interests connected with the Society.\n"
    "TW: Were you paid anything other than mileage?\n"
    "RP: I have never been paid by the Society for anything but mileage.\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "register_page.txt", _REGISTER),
        await text_doc(tmp_path, "society_account.csv", _STATEMENT, "text/csv"),
        await text_doc(tmp_path, "committee_minutes.txt", _MINUTES),
        await text_doc(tmp_path, "interview_pellingham.txt", _INTERVIEW),
    ]


def test_a_name_written_surname_first_is_the_person() -> None:
    assert [(n.text, n.kind) for n in find_names("PELLINGHAM, Rosalind Clare")] == [
        ("Rosalind Clare Pellingham", "person")
    ]
    assert find_names("TOLBURY, United Kingdom") == []  # a place and a country: no given name


async def test_booked_narratives_name_the_payee_before_the_reference(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    payees = [t.to_party for t in financial.transactions if t.to_party]
    assert payees == ["R Pellingham", "Pellingham Haulage Ltd", "Pellingham Haulage Ltd"]


async def test_initials_label_the_interviewee(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    speakers = {c.speaker for c in evidence.sworn_claims}
    assert speakers == {"Rosalind Pellingham"}
