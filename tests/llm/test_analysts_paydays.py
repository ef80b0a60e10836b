"""The day a payer says they paid against the bank's record of the payment: a landlord says he
returned the rest of a deposit on 3 August; the bank's transfer confirmation (one field a line,
"From: G MARSH", "Amount: £250.00") is dated 19 August. The same transfer on the day he gives,
or a payment of another amount, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "STATEMENT OF OWEN TRASK (LANDLORD)\n"
    "Date: 4 September 2026\n\n"
    "1. I let the flat to Ms Lena Vogt until 31 July 2026.\n"
    "2. I returned the remaining £310 of the deposit on 3 August 2026.\n"
)
_CONFIRMATION = (
    "Bank transfer confirmation\n"
    "From: O TRASK\n"
    "To: L VOGT\n"
    "Date: {day}\n"
    "Amount: £{amount}\n"
    "Reference: DEPOSIT RETURN\n"
)


async def _docs(
    tmp_path: Path, day: str = "19/08/2026", amount: str = "310.00"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_trask.txt", _STATEMENT),
        await text_doc(tmp_path, "bank_transfer.txt", _CONFIRMATION.format(day=day, amount=amount)),
    ]


async def test_the_same_day_or_another_amount_is_no_contradiction(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, day="03/08/2026")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, amount="150.00")).contradictions == []
