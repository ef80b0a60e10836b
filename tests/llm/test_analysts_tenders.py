"""An award to a bidder whose price was not the lowest is a legal finding citing the award and
both bids; an award to the lowest bidder, or a line that only recommends, is none."""

from pathlib import Path

import pytest

from holmes_backend.contracts.agents import LegalOutput
from tests.llm.test_analysts_helpers import run, text_doc

_EVALUATION = (
    "TENDER EVALUATION REPORT - RFT 2023/044 (ROAD RESURFACING)\n"
    "Bids received by the closing date:\n"
    "Ostrava Paving s.r.o. | CZK 9,870,000\n"
    "Morava Stavby a.s. | CZK 11,240,000\n"
    "Brno Silnice a.s. | CZK 10,115,000\n"
    "The committee recommended that Ostrava Paving s.r.o. be asked to clarify its programme.\n"
    "{award}\n"
)


@pytest.mark.parametrize(
    "award",
    [
        "The contract was awarded to Ostrava Paving s.r.o. on 3 October 2023.",
        "The panel will meet again on 10 October 2023.",
    ],
)
async def test_an_award_to_the_lowest_bid_or_no_award_is_no_finding(
    tmp_path: Path, award: str
) -> None:
    doc = await text_doc(tmp_path, "evaluation.txt", _EVALUATION.format(award=award))
    output, _ = run(LegalOutput, [doc])

    assert not [f for f in output.findings if f.finding_type == "award_above_lowest_bid"]
