"""Decisions a body records in its own words ("the partners approved the renewal …", "… remains
the approved supplier"), not those a memo says someone claimed were made."""

from pathlib import Path

from holmes_backend.agents.schemas import LegalOutput, SynthesisOutput
from holmes_backend.analysis.domains.legal import APPROVAL_RECORD
from tests.llm.test_analysts_helpers import DOMAINS, findings, run, text_doc

_MINUTES = (
    "BRANTWOOD MEDICAL CENTRE - PARTNERS' MEETING MINUTES\n"
    "Date: 12 January 2026\n"
    "Present: Dr Helen Amos, Dr Ravi Menon\n"
    "3. Cleaning contract: the partners approved the renewal of the cleaning contract with "
    "Kestrel Facilities Ltd at GBP 3,200 per month.\n"
    "4. Supplies: Medisupply UK Ltd remains the approved supplier of consumables.\n"
)
_BANK = (
    "Date,Payee,Reference,Amount\n"
    "2026-02-20,Kestrel Facilities Ltd,KF-2031,13840.00\n"
    "2026-03-25,Medisupply UK Ltd,MS-9981,11210.50\n"
)


async def test_a_bodys_own_approvals_are_on_record(tmp_path: Path) -> None:
    minutes = await text_doc(tmp_path, "partners_minutes.txt", _MINUTES)
    legal, _ = run(LegalOutput, [minutes])
    approved = sorted(
        e for f in legal.findings if f.finding_type == APPROVAL_RECORD for e in f.entities
    )
    assert approved == ["Kestrel Facilities Ltd", "Medisupply UK Ltd"]
    # Their payments have a basis on record: no gap asks for one.
    bank = await text_doc(tmp_path, "bank_payments.csv", _BANK, "text/csv")
    blocks = [findings(name, run(schema, [minutes, bank])[0]) for name, schema in DOMAINS]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    assert not [g for g in synthesis.evidence_gaps if g.element.startswith("Basis for")]


async def test_a_memo_of_what_someone_claimed_was_approved_is_no_record(tmp_path: Path) -> None:
    memo = await text_doc(
        tmp_path,
        "case_memo.txt",
        "Case memo\nVictor Hale's reply to the CFO claiming the board approved the Lakeshore "
        "Consulting Group engagement.\n",
    )
    legal, _ = run(LegalOutput, [memo])
    assert not [f for f in legal.findings if f.finding_type == APPROVAL_RECORD]
