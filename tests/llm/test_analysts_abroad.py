"""Abroad when she said she never left: a claimant's interview answers against her own card's
spending at merchants whose descriptors end in a foreign country's code; online shops, days
outside the period asked about and another person's card say nothing of where she was."""

from pathlib import Path

import pytest

from holmes_backend.agents.schemas import SynthesisOutput
from holmes_backend.llm.local.domains.abroad import merchant_country
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INTERVIEW = (
    "Record of interview\n"
    "Interviewee: Niamh Doherty\n"
    "Date: 14 April 2026\n"
    "Q: Have you left the United Kingdom at any time since October 2025?\n"
    "A: No.\n"
    "Q: Have you ever been to France?\n"
    "A: No, never.\n"
)
_CARD = (
    "Date,Details,Amount,Currency\n"
    "2025-09-20,CARREFOUR LYON FR,-35.10,EUR\n"
    "2025-11-02,SAINSBURYS DERRY,-22.40,GBP\n"
    "2025-11-04,AMAZON.FR MARKETPLACE LU,-19.99,EUR\n"
    "2025-12-27,BOULANGERIE PAUL LILLE FR,-8.20,EUR\n"
    "2025-12-28,DISTRIBUTEUR BNP LILLE FR,-60.00,EUR\n"
    "2026-01-03,TESCO DERRY,-41.00,GBP\n"
)


async def _output(tmp: Path, card_name: str = "card_statement_doherty.csv") -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "interview_doherty.txt", _INTERVIEW),
            await text_doc(tmp, card_name, _CARD, "text/csv"),
        ]
    )


async def test_spending_in_france_against_both_answers(tmp_path: Path) -> None:
    found = {c.claim.split(" [asked: ")[1]: c for c in (await _output(tmp_path)).contradictions}
    left = found["Have you left the United Kingdom at any time since October 2025?]"]
    assert left.severity == "HIGH"  # two days, a cash machine
    # Since October 2025: not the September visit; the online shop is no visit.
    assert "from 2025-12-27 to 2025-12-28" in left.explanation
    assert {r.row for r in left.evidence_against} == {4, 5}
    france = found["Have you ever been to France?]"]
    assert "in France" in france.explanation
    assert {r.row for r in france.evidence_against} == {1, 4, 5}


async def test_another_persons_card_says_nothing_of_her(tmp_path: Path) -> None:
    output = await _output(tmp_path, "card_statement_kowalczyk.csv")
    assert output.contradictions == []


@pytest.mark.parametrize(
    ("description", "country"),
    [
        ("Description: MERCADONA BENIDORM ES", "ES"),
        ("CAJERO ATM BENIDORM ES", "ES"),
        ("TESCO STORES 2231 WIGAN", None),
        ("FASTER PAYMENT TO J SMITH REF RENT US", None),  # a transfer, not a merchant
        ("Transfer in", None),
        ("Coffee in", None),
    ],
)
def test_merchant_country(description: str, country: str | None) -> None:
    assert merchant_country(description) == country
