"""An expense claim form typed as a text table, its claimant in its head ("Claimant: Harriet
Stone") and its lines naming no one: a line for a day the leave register has her on leave is
hers. A form that names no claimant, or lines outside the leave, say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CLAIM = (
    "EXPENSE CLAIM - MAY 2026\n"
    "{head}\n"
    "\n"
    "Date        Description                          Amount\n"
    "14/05/2026  Client dinner - Leeds                 \u00a3212.40\n"
    "20/05/2026  Hotel - Glasgow (client visit)        \u00a3149.00\n"
    "27/05/2026  Train - Glasgow to York               \u00a364.50\n"
)
_LEAVE = (
    "Employee,Leave start,Leave end,Type,Approved by\n"
    "Harriet Stone,18/05/2026,22/05/2026,Annual leave,P. Grant\n"
)


async def _docs(tmp: Path, head: str = "Claimant: Harriet Stone") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "expense_claim_may.txt", _CLAIM.format(head=head)),
        await text_doc(tmp, "leave_register.csv", _LEAVE, "text/csv"),
    ]


async def test_a_form_that_names_no_claimant_says_nothing(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, head="Department: Sales")
    assert synthesis_of(docs).contradictions == []
