"""A filing's figures told otherwise in another document: meeting notes have the chief financial
officer give the prior year's quarter (net sales of $303.5 million, net income of $51.8
million) as the current one, against the real 8-K press release's tables; the right figures,
or a line the table does not carry ("online sales"), contradict nothing."""

from pathlib import Path

import pytest

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

REALDOCS = Path(__file__).resolve().parents[3] / "shared" / "realdocs"
pytestmark = pytest.mark.skipif(not REALDOCS.is_dir(), reason="shared/realdocs is not beside main")

_NOTES = (
    "INVESTOR MEETING NOTES\n"
    "Date: 25 November 2024\n"
    "Attendees: Thomas B. Heacock (CFO, The Buckle, Inc.), analysts from Harbor Lane Capital\n"
    "\n"
    "Thomas Heacock said that net sales for the third quarter rose 3.2 percent to ${sales} "
    "million.\n"
    "He said that net income for the quarter was ${income} million.\n"
    "He said that online sales increased to $46.6 million for the quarter.\n"
)


async def _docs(tmp_path: Path, sales: str, income: str) -> list[EvidenceDoc]:
    release = REALDOCS / "buckle_8-K_ex99-1_press_release.html"
    return [
        await load(release, "text/html"),
        await text_doc(tmp_path, "notes.txt", _NOTES.format(sales=sales, income=income)),
    ]


async def test_last_years_quarter_given_as_this_years(tmp_path: Path) -> None:
    found = synthesis_of(await _docs(tmp_path, "303.5", "51.8")).contradictions
    by_claim = {c.claim[:30]: c for c in found}
    sales = by_claim["Thomas Heacock said that net s"]
    assert sales.explanation.startswith(
        "It gives USD 303,500,000; the filing reports USD 293,618,000 (SALES, Net of returns and "
        "allowances \u2014 Thirteen Weeks Ended 2024-11-02"
    )
    assert sales.explanation.endswith("the prior period's figure given as the current one.")
    income = by_claim["He said that net income for th"]
    assert "the filing reports USD 44,172,000 (NET INCOME" in income.explanation
    assert {c.severity for c in found} == {"HIGH"}
    assert not any("online" in c.claim for c in found)


async def test_the_right_figures(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "293.6", "44.2")).contradictions == []
