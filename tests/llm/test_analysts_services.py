"""Care visits billed that did not happen: a home-care agency's invoice lines against its own
visit log (visits marked cancelled, a day with no visit at all), a client's daughter's letter
that her mother received no visits after a date, and the owner's denial that the agency ever
charged for a visit that did not go ahead."""

from pathlib import Path

from holmes_backend.agents.schemas import TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_billed_on_days_the_log_shows_cancelled_or_empty(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    found = [c for c in synthesis.contradictions if " service(s) billed " in c.explanation]
    found = [c for c in found if c.claim_source.file_id == "invoice_feb_2025_lines"]
    by_severity = {c.severity: c for c in found}
    assert len(found) == 2
    cancelled = by_severity["HIGH"]
    assert cancelled.explanation.startswith(
        "Agnes Ross: 1 service(s) billed (USD 54) on 2025-02-12, days visit_log_feb_2025.csv "
        "records as \u201cCancelled - client in hospital\u201d"
    )
    # The invoice line, against the log's line for that day.
    assert cancelled.claim_source.row == 3
    assert [(s.file_id, s.row) for s in cancelled.evidence_against] == [("visit_log_feb_2025", 3)]
    missing = by_severity["MEDIUM"]
    assert missing.claim_source.row == 4
    assert "with no entry that day in visit_log_feb_2025.csv" in missing.explanation
    # Howard Bell's visits are all in the log; his unbilled visit of the 18th is no matter.


async def test_the_letter_and_the_owner_denial_meet_the_billing(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    from_letter = sorted(
        c.claim_source.row
        for c in synthesis.contradictions
        if c.explanation.startswith("A record from Imelda Ross")
    )
    assert from_letter == [3, 4]  # after the 10th: the 12th and the 17th, not the 3rd or 10th
    [owner] = [c for c in synthesis.contradictions if c.claim_source.file_id == "statement_tweed"]
    assert owner.claim.startswith("We have never charged for a visit that was cancelled")
    assert owner.severity == "MEDIUM"  # he speaks for the agency; no record names him
    assert "Agnes Ross: 1 service(s) billed" in owner.explanation


async def test_a_denial_of_a_duplicate_claim_by_the_claims_holder(tmp_path: Path) -> None:
    expenses = (
        "Date,Description,Amount,Receipt\n"
        "2025-01-09,Hotel Krone Salzburg,310.00,RC-77\n"
        "2025-01-23,Hotel Krone Salzburg,310.00,RC-77\n"
        "2025-01-24,Taxi to airport,42.00,RC-81\n"
    )
    statement = (
        "STATEMENT OF TOMAS NOVAK\n"
        "Date: 5 February 2025\n"
        "1. I have never claimed the same receipt twice.\n"
    )
    docs = [
        await text_doc(tmp_path, "expenses_novak_jan2025.csv", expenses, "text/csv"),
        await text_doc(tmp_path, "statement_novak.txt", statement),
    ]
    [denied] = [c for c in synthesis_of(docs).contradictions if "denies it" in c.explanation]
    assert denied.severity == "HIGH"  # his own claim form (its holder, by its file's name)
    assert "Possible duplicate payment (the same reference)" in denied.explanation
    assert {s.row for s in denied.evidence_against} == {1, 2}


async def test_a_visit_log_and_a_letter_are_evidence(tmp_path: Path) -> None:
    triage, _ = run(TriageResult, await _docs(tmp_path))
    primary = {f.file_id: (f.primary_domain, f.domain_scores.evidence) for f in triage.files}
    for file_id in ("visit_log_feb_2025", "letter_imelda_ross"):
        domain, evidence = primary[file_id]
        assert domain == "evidence", file_id
        assert evidence >= 0.4, file_id
