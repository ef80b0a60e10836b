"""Deadlines missed: a building contract's completion date against the completion certificate,
with the daily damages its lateness clause sets; a payment made before its due date is no
finding; the contractor's director says the works were finished on schedule."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput, TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_CONTRACT = (
    "BUILDING CONTRACT\n"
    'This contract is made on 10 October 2024 between Dunmore Civils Ltd ("Contractor") and '
    'Saltash Parish Council ("Employer").\n'
    "1. The Contractor shall complete the works no later than 31 March 2025.\n"
    "2. The Employer shall pay the final instalment of GBP 96,000 on or before 15 May 2025.\n"
    "3. If the works are completed late, the Contractor shall pay GBP 2,000 per day of delay.\n"
)
_STATEMENT = (
    "WITNESS STATEMENT OF GARETH DUNMORE\n"
    "Date: 2 June 2025\n"
    "1. I am a director of Dunmore Civils Ltd.\n"
    "2. The works were completed on schedule.\n"
)


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
