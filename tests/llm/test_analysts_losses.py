"""A padded insurance claim: a watch claimed as stolen in a theft, its order confirmation dated
after the theft, the claimant's "I never purchased another watch after the theft"; the same
receipt dated before the theft is the proof of ownership it should be."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_CLAIM = (
    "TRAVEL INSURANCE - CLAIM FOR STOLEN PROPERTY\n"
    "Insured: Henrike Vollmer\n"
    "Date of incident: 03.02.2026\n"
    "Stolen items:\n"
    "Garmin Fenix 7 Sapphire watch \u2014 EUR 699.00\n"
    "Bose QC45 headphones \u2014 EUR 329.00\n"
    "Total claimed: EUR 1,028.00\n"
)
_ORDER = (
    "ORDER CONFIRMATION\n"
    "Sportwelt Online GmbH\n"
    "Order date: 09.02.2026\n"
    "1 x Garmin Fenix 7 Sapphire Solar EUR 699.00\n"
    "Delivery: EUR 0.00\n"
)
_STATEMENT = (
    "Statement of Henrike Vollmer\n"
    "Date: 20 February 2026\n"
    "My watch was taken from my bag at the station on 3 February 2026.\n"
    "I never purchased another watch after the theft.\n"
)


async def test_an_item_claimed_as_stolen_and_bought_after_the_theft(tmp_path: Path) -> None:
    claim = await text_doc(tmp_path, "claim_form.txt", _CLAIM)
    financial, _ = run(FinancialOutput, [claim])
    assert [f.title for f in financial.findings if f.finding_type == "claimed_loss"] == [
        "Claimed by Henrike Vollmer as lost on 2026-02-03: Garmin Fenix 7 Sapphire watch (EUR 699)",
        "Claimed by Henrike Vollmer as lost on 2026-02-03: Bose QC45 headphones (EUR 329)",
    ]
    docs = [
        claim,
        await text_doc(tmp_path, "order_confirmation.txt", _ORDER),
        await text_doc(tmp_path, "statement_vollmer.txt", _STATEMENT),
    ]
    output = synthesis_of(docs)
    [item] = [c for c in output.contradictions if c.claim.startswith("Garmin")]
    assert item.severity == "HIGH"
    assert "lost on 2026-02-03" in item.explanation
    assert [r.file_id for r in item.evidence_against] == ["order_confirmation"]
    [denied] = [c for c in output.contradictions if "never purchased" in c.claim]
    assert denied.severity == "HIGH"  # the claim is hers
    assert "was bought on 2026-02-09" in denied.explanation
    # The headphones were not bought again: no contradiction of them.
    assert not [c for c in output.contradictions if c.claim.startswith("Bose")]


async def test_a_receipt_from_before_the_theft_is_proof_of_ownership(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "claim_form.txt", _CLAIM),
        await text_doc(
            tmp_path, "order_confirmation.txt", _ORDER.replace("09.02.2026", "11.08.2025")
        ),
        await text_doc(tmp_path, "statement_vollmer.txt", _STATEMENT),
    ]
    assert synthesis_of(docs).contradictions == []
