"""A sum named as a price asked, offered or estimated is no payment; a sum paid beside it is."""

from pathlib import Path

import pytest

from holmes_backend.contracts.agents import FinancialOutput
from tests.llm.test_analysts_helpers import run, text_doc


@pytest.mark.parametrize(
    ("sentence", "paid"),
    [
        ("The flat was listed on 2 June 2025 at an asking price of GBP 165,000 and sold.", []),
        ("On 3 May 2025 Carys Vaughan received an offer of EUR 90,000 for the boat.", []),
        ("The painting, valued at USD 12,000, was delivered on 9 July 2025.", []),
        (
            "On 4 April 2025 Tomas Ruud paid GBP 8,500 to Larch Lane Motors for a car with a "
            "guide price of GBP 9,000.",
            [8500.0],
        ),
    ],
)
async def test_a_price_named_is_no_payment(
    tmp_path: Path, sentence: str, paid: list[float]
) -> None:
    note = await text_doc(tmp_path, "note.txt", f"File note\n{sentence}\n")
    financial, _ = run(FinancialOutput, [note])
    assert [t.amount for t in financial.transactions] == paid
