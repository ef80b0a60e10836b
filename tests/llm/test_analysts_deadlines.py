"""Deadlines missed: a building contract's completion date against the completion certificate,
with the daily damages its lateness clause sets; a payment made before its due date is no
finding; the contractor's director says the works were finished on schedule."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput, TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_CONTRACT = (
    "BUILDING CONTRACT\n"
    'This contract is made on 10 October 2024 between Dunmore Civils Ltd ("Contractor") and '
    'Saltash Parish Council ("Employer").\n'
    "1. The Contractor shall complete the works no later than 31 March 2025.\n"
    "2. The Employer shall pay the final instalment of GBP 96,000 on or before 15 May 2025.\n"
    "3. If the works are completed late, the Contractor shall pay GBP 2,000 per day of delay.\n"
)
_CERTIFICATE = (
    "PRACTICAL COMPLETION CERTIFICATE\n"
    "Works: Saltash community hall extension\n"
    "Date of completion: 18 April 2025\n"
    "Certified by: Imogen Treharne, Contract Administrator\n"
)
_REMITTANCE = "REMITTANCE ADVICE\nSaltash Parish Council\nFinal instalment paid on 9 May 2025.\n"
_STATEMENT = (
    "WITNESS STATEMENT OF GARETH DUNMORE\n"
    "Date: 2 June 2025\n"
    "1. I am a director of Dunmore Civils Ltd.\n"
    "2. The works were completed on schedule.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "building_contract.txt", _CONTRACT),
        await text_doc(tmp_path, "completion_certificate.txt", _CERTIFICATE),
        await text_doc(tmp_path, "remittance.txt", _REMITTANCE),
        await text_doc(tmp_path, "statement_dunmore.txt", _STATEMENT),
    ]


async def test_a_completion_after_its_deadline_and_its_damages(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    recorded = sorted(f.title for f in evidence.findings if f.finding_type == "act_recorded")
    assert recorded == [
        "Completion recorded on 2025-04-18 in completion_certificate.txt",
        "Payment recorded on 2025-05-09 in remittance.txt",
    ]  # the contract's own clauses are no record of the act
    synthesis = synthesis_of(docs)
    [late] = [c for c in synthesis.contradictions if c.claim_source.file_id == "building_contract"]
    assert late.claim.startswith("The Contractor shall complete the works")
    assert "by 2025-03-31" in late.explanation
    assert "the records give it on 2025-04-18, 18 day(s) late" in late.explanation
    assert late.explanation.endswith("that is GBP 36,000.")
    assert [s.file_id for s in late.evidence_against] == ["completion_certificate"]
    # The final instalment was paid on 9 May, before its 15 May due date: no contradiction.
    assert (
        len([c for c in synthesis.contradictions if c.claim_source.file_id == "building_contract"])
        == 1
    )


async def test_on_schedule_against_the_certificate(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    [late] = [c for c in synthesis.contradictions if c.claim_source.file_id == "statement_dunmore"]
    assert late.claim == "The works were completed on schedule."
    assert late.severity == "HIGH"
    assert "18 day(s) late" in late.explanation


async def test_a_record_nothing_else_classifies_is_evidence(tmp_path: Path) -> None:
    note = await text_doc(
        tmp_path,
        "delivery_note.txt",
        "DELIVERY NOTE DN-118\nDate of delivery: 3 July 2025\nGoods: 12 pallets of roof tiles\n",
    )
    triage, _ = run(TriageResult, [note])
    assert triage.files[0].primary_domain == "evidence"  # not a ledger by a tie of zeros


async def test_a_visit_completed_or_a_witness_is_no_record_of_the_works(tmp_path: Path) -> None:
    visits = (
        "Date,Site,Inspector,Outcome\n"
        "2025-04-02,Saltash hall,Imogen Treharne,Completed\n"
        "2025-04-09,Saltash hall,Imogen Treharne,Completed\n"
    )
    docs = [
        await text_doc(tmp_path, "building_contract.txt", _CONTRACT),
        await text_doc(tmp_path, "inspection_log.csv", visits, "text/csv"),
        await text_doc(tmp_path, "statement_dunmore.txt", _STATEMENT),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    # "Outcome: Completed" is the visit's, on its own date; the witness's words are a claim.
    assert not [f for f in evidence.findings if f.finding_type == "act_recorded"]
    synthesis = synthesis_of(docs)
    assert not [c for c in synthesis.contradictions if "day(s) late" in c.explanation]
