"""A tenant's account of the tenancy's end against the agent's records: "I paid the rent on time
every month" against the rent ledger's statuses ("Late", "Unpaid"), and "I returned all four
fobs" against the check-out report's own tally ("Fobs returned: 3"). A ledger paid on time, a
tally that agrees, or a tenant who says she did not always pay on time, contradicts nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import SynthesisOutput
from holmes_backend.analysis.facts import condition
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Amira Haddad\n"
    "Date: 5 September 2025\n\n"
    "1. I left Flat 9, Quayside Court on 31 July 2025.\n"
    "2. I paid the rent on time every month.\n"
    "3. I returned all four fobs to the agent.\n"
    "Signed: Amira Haddad\n"
)
_LEDGER = (
    "Month,Tenant,Due (GBP),Received (GBP),Status\n"
    "2025-05,Amira Haddad,1100.00,1100.00,{may}\n"
    "2025-06,Amira Haddad,1100.00,1100.00,Paid\n"
    "2025-07,Amira Haddad,1100.00,0.00,{july}\n"
)
_CHECKOUT = (
    "CHECK-OUT REPORT\n"
    "Property: Flat 9, Quayside Court\n"
    "Date: 31 July 2025\n\n"
    "Fobs returned: {fobs}\n"
    "Kitchen: clean.\n"
)


async def _synthesis(
    tmp_path: Path, may: str = "Late", july: str = "Unpaid", fobs: str = "3"
) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp_path, "statement_haddad.txt", _STATEMENT),
            await text_doc(
                tmp_path, "rent_ledger.csv", _LEDGER.format(may=may, july=july), "text/csv"
            ),
            await text_doc(tmp_path, "checkout_report.txt", _CHECKOUT.format(fobs=fobs)),
        ]
    )


def _about(synthesis: SynthesisOutput, words: str) -> list[str]:
    return [c.explanation for c in synthesis.contradictions if words in c.claim]


async def test_records_that_agree_contradict_nothing(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, may="Paid", july="Paid", fobs="4")
    assert _about(synthesis, "rent on time") == []
    assert _about(synthesis, "four fobs") == []


def test_not_paying_on_time_is_no_denial() -> None:
    assert condition.denied("I paid the rent on time every month.") == "arrears"
    assert condition.denied("I did not always pay the rent on time.") is None
    assert condition.reported("Month: 2025-07; Status: Unpaid") == "arrears"
