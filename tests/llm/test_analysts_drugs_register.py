"""A ward's controlled drugs register against the nurse who kept it: its running count jumps
(an ampoule unaccounted for), three of his entries have no witness though he says every one was
witnessed, and the rota has him on a night he says he was on leave."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc


async def test_a_years_long_claim_is_corroborated_by_records_of_the_period(tmp_path: Path) -> None:
    """ "I have worked on Ward 3 since 2021" runs from 2021 to the statement's day, and what
    would bear it out is employment records, not CCTV of a moment."""
    statement = await text_doc(
        tmp_path,
        "statement.txt",
        "WITNESS STATEMENT OF OWEN PRYCE\n1. I have worked on Ward 3 since 2021.\n"
        "Signed: Owen Pryce   Date: 20 November 2026\n",
    )
    evidence, _ = run(EvidenceOutput, [statement])
    [claim] = evidence.sworn_claims
    assert claim.claimed_time == "2021-01-01T00:00:00/2026-11-20T23:59:59"
    [gap] = synthesis_of([statement]).evidence_gaps
    assert "employment, payroll, tenancy or registration records" in gap.recommendation
    assert "CCTV" not in gap.recommendation
