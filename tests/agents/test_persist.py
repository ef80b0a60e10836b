"""Turning agent outputs into finding rows."""

import uuid

from holmes_backend.agents.persist import domain_findings
from holmes_backend.contracts.agents import (
    Anomaly,
    FinancialOutput,
    Finding,
    SourceRef,
    Transaction,
)


def test_an_anomaly_also_stated_as_a_finding_is_stored_once() -> None:
    file_id = str(uuid.uuid4())
    source = SourceRef(file_id=file_id, row=3, excerpt="9,800.00")
    text = "Four transfers just under 10,000 within a week"
    output = FinancialOutput(
        anomalies=[
            Anomaly(kind="structuring", description=text, severity="HIGH", sources=[source])
        ],
        findings=[
            Finding(
                finding_type="anomaly:structuring",
                severity="MEDIUM",
                title="Structuring",
                summary=text,
                confidence=0.9,
                sources=[source],
            ),
            Finding(
                finding_type="note",
                title="Other",
                summary="Unrelated",
                confidence=0.5,
                severity="LOW",
                sources=[SourceRef(file_id="not-a-case-file", row=9, excerpt="other")],
            ),
        ],
    )
    rows = domain_findings(
        case_id=uuid.uuid4(),
        job_id=uuid.uuid4(),
        domain="financial",
        agent_id="financial_agent",
        output=output,
        known_files={file_id},
    )
    assert sorted(r["finding_type"] for r in rows) == ["anomaly:structuring", "note"]
    assert next(r for r in rows if r["finding_type"] == "note")["file_id"] is None
    assert str(next(r for r in rows if r["finding_type"] != "note")["file_id"]) == file_id


def test_items_sharing_a_passage_but_saying_different_things_are_all_stored() -> None:
    """Each attendee a minutes' line lists is a finding of its own, and so is each payment a
    ledger describes alike ("Payment to V. Hale", of different amounts)."""
    file_id = str(uuid.uuid4())
    line = SourceRef(file_id=file_id, line=3, excerpt="Present: Priya Raman, Samuel Okafor")
    attended = [
        Finding(
            finding_type="meeting_attended",
            severity="MEDIUM",
            title=f"{person} attended the board meeting on 2024-02-06",
            summary="Board meeting \u2014 Present: Priya Raman, Samuel Okafor",
            confidence=0.85,
            entities=[person],
            sources=[line],
        )
        for person in ("Priya Raman", "Samuel Okafor")
    ]
    paid = [
        Transaction(
            date="2024-03-0" + str(day),
            amount=amount,
            currency="USD",
            to_party="V. Hale",
            description="Payment to V. Hale",
            source=SourceRef(file_id=file_id, row=day, excerpt="paid"),
        )
        for day, amount in ((1, 9650.0), (2, 9750.0))
    ]
    rows = domain_findings(
        case_id=uuid.uuid4(),
        job_id=uuid.uuid4(),
        domain="financial",
        agent_id="financial_agent",
        output=FinancialOutput(findings=attended, transactions=paid),
        known_files={file_id},
    )
    assert sorted(r["title"] for r in rows) == [
        "Priya Raman attended the board meeting on 2024-02-06",
        "Samuel Okafor attended the board meeting on 2024-02-06",
        "USD 9,650.00 to V. Hale",
        "USD 9,750.00 to V. Hale",
    ]
