"""Care visits billed that did not happen: a home-care agency's invoice lines against its own
visit log (visits marked cancelled, a day with no visit at all), a client's daughter's letter
that her mother received no visits after a date, and the owner's denial that the agency ever
charged for a visit that did not go ahead."""

from pathlib import Path

from holmes_backend.contracts.agents import TriageResult
from tests.llm.test_analysts_helpers import run, text_doc

_INVOICE = (
    "Visit date,Client,Service,Hours,Charge\n"
    "03/02/2025,Agnes Ross,Personal care,1.5,54.00\n"
    "10/02/2025,Agnes Ross,Personal care,1.5,54.00\n"
    "12/02/2025,Agnes Ross,Personal care,1.5,54.00\n"
    "17/02/2025,Agnes Ross,Personal care,1.5,54.00\n"
    "04/02/2025,Howard Bell,Medication support,1.0,36.00\n"
    "11/02/2025,Howard Bell,Medication support,1.0,36.00\n"
)
_VISITS = (
    "Date,Client,Carer,Outcome\n"
    "03/02/2025,Agnes Ross,Mirela Dobre,Completed\n"
    "10/02/2025,Agnes Ross,Mirela Dobre,Completed\n"
    "12/02/2025,Agnes Ross,Mirela Dobre,Cancelled - client in hospital\n"
    "04/02/2025,Howard Bell,Sean Okoro,Completed\n"
    "11/02/2025,Howard Bell,Sean Okoro,Completed\n"
    "18/02/2025,Howard Bell,Sean Okoro,Completed\n"
)
_LETTER = (
    "Imelda Ross\n"
    "22 Fenwick Road, Gateshead\n"
    "3 March 2025\n"
    "Dear Sir or Madam,\n"
    "My mother received no visits after 10 February 2025, as she was admitted to hospital "
    "that evening.\n"
)
_OWNER = (
    "STATEMENT OF GRAHAM TWEED\n"
    "Date: 20 March 2025\n"
    "1. I own Brightcare Homecare Ltd and approve every invoice.\n"
    "2. We have never charged for a visit that was cancelled.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "invoice_feb_2025_lines.csv", _INVOICE, "text/csv"),
        await text_doc(tmp_path, "visit_log_feb_2025.csv", _VISITS, "text/csv"),
        await text_doc(tmp_path, "letter_imelda_ross.txt", _LETTER),
        await text_doc(tmp_path, "statement_tweed.txt", _OWNER),
    ]

    # Howard Bell's visits are all in the log; his unbilled visit of the 18th is no matter.


async def test_a_visit_log_and_a_letter_are_evidence(tmp_path: Path) -> None:
    triage, _ = run(TriageResult, await _docs(tmp_path))
    primary = {f.file_id: (f.primary_domain, f.domain_scores.evidence) for f in triage.files}
    for file_id in ("visit_log_feb_2025", "letter_imelda_ross"):
        domain, evidence = primary[file_id]
        assert domain == "evidence", file_id
        assert evidence >= 0.4, file_id
