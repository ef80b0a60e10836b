"""A payment diverted by a spoofed e-mail: a solicitors' firm writes from its own domain, then a
look-alike domain asks for the completion money to go to new bank details; the payer's change
log records the new details, the money goes there two days later, and the firm writes that it
has received no payment for that reference."""

from pathlib import Path

from holmes_backend.agents.schemas import (
    EvidenceOutput,
    StrategyOutput,
    SynthesisOutput,
    TriageResult,
)
from tests.llm.test_analysts_helpers import (
    DOMAINS,
    email_doc,
    findings,
    run,
    synthesis_of,
    text_doc,
)

_CHANGES = (
    "Updated at,Client,Detail,Previous value,New value,User\n"
    "2025-06-10,Harper & Quayle Solicitors,Account number,40112233,71829904,Ben Ashdown\n"
    "2025-05-02,Mosswood Estates,Postal address,1 Elm Row,7 Bridge End,Ben Ashdown\n"
)
_PAYMENTS = (
    "Date,Beneficiary,Reference,Amount,Account number\n"
    "2025-06-12,Harper & Quayle Solicitors,HQ-7781,312500.00,71829904\n"
    "2025-06-13,Mosswood Estates,ME-220,1500.00,55017720\n"
    "2025-08-01,Harper & Quayle Solicitors,HQ-7790,900.00,71829904\n"
)
_LETTER = (
    "Harper & Quayle Solicitors\n"
    "3 Chapel Walk, Sheffield\n"
    "20 June 2025\n"
    "Dear Mr Ashdown,\n"
    "We have not received any payment for reference HQ-7781.\n"
    "Our firm only writes from harperquayle.co.uk.\n"
)


async def _docs(tmp_path: Path) -> list:
    firm = "Completions <completions@harperquayle.co.uk>"
    return [
        await email_doc(
            tmp_path,
            "completion_statement.eml",
            {
                "From": firm,
                "To": "Ben Ashdown <ben@ashdown.example>",
                "Date": "Mon, 02 Jun 2025 10:00:00 +0100",
                "Subject": "Completion statement - 14 Linden Grove",
            },
            "Please find the completion statement attached.\n",
        ),
        await email_doc(
            tmp_path,
            "new_details.eml",
            {
                "From": "Completions <completions@harperquay1e.co.uk>",
                "To": "Ben Ashdown <ben@ashdown.example>",
                "Date": "Mon, 09 Jun 2025 17:30:00 +0100",
                "Subject": "Change of client account",
            },
            "Our client account has changed. Please send the completion money to account "
            "71829904.\n",
        ),
        await text_doc(tmp_path, "payee_changes.csv", _CHANGES, "text/csv"),
        await text_doc(tmp_path, "payments_june.csv", _PAYMENTS, "text/csv"),
        await text_doc(tmp_path, "letter_harper_quayle.txt", _LETTER),
    ]


async def test_the_look_alike_domain_is_flagged(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    [spoofed] = [f for f in evidence.findings if f.finding_type == "lookalike_domain"]
    assert spoofed.title == "Look-alike sender domain in new_details.eml: harperquay1e.co.uk"
    assert "1 character(s) away from harperquayle.co.uk" in spoofed.summary
    assert spoofed.severity == "HIGH"
    assert spoofed.sources[0].file_id == "new_details"


async def test_the_payment_into_the_changed_account_and_its_denial(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    [diverted] = [
        link for link in synthesis.cross_modal_links
        if link.correlation_type == "paid_to_changed_account"
    ]  # fmt: skip
    # The payment two days after the change; not August's (past the window).
    assert diverted.source_b.row == 1
    assert diverted.source_a.file_id == "payee_changes"
    assert diverted.time_delta_seconds == 2 * 86400
    [denied] = [c for c in synthesis.contradictions if c.claim_source.file_id == "payments_june"]
    assert denied.claim_source.row == 1
    assert "We have not received any payment for reference HQ-7781" in denied.explanation


async def test_the_change_log_is_evidence_and_the_plan_recalls_the_payment(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    triage, _ = run(TriageResult, docs)
    changes = next(f for f in triage.files if f.file_id == "payee_changes")
    assert changes.primary_domain == "evidence"  # a dated log without amounts: the timeline's
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    strategy, _ = run(
        StrategyOutput, [], blocks=[*blocks, names, findings("synthesis", synthesis, "stage")]
    )
    [step] = [s for s in strategy.next_steps if "as spoofed" in s.action]
    assert step.action.startswith("Treat the instructions in new_details.eml as spoofed")
    assert step.priority == "HIGH"
