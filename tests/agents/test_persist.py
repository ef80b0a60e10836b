"""Turning agent outputs into finding rows."""

import uuid

from holmes_backend.agents.persist import domain_findings
from holmes_backend.agents.schemas import Anomaly, FinancialOutput, Finding, SourceRef


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
                title="Structuring",
                summary=text,
                confidence=0.9,
                sources=[source],
            ),
            Finding(finding_type="note", title="Other", summary="Unrelated", confidence=0.5),
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
