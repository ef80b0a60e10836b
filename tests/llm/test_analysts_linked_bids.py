"""Bids that may not be independent: bidders of one table that give the same address or the
same telephone number, and bidders whose registers list one officer for both. Each set is a
legal finding and one evidence gap; bidders with their own details say nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import LegalOutput
from tests.llm.test_analysts_helpers import run, text_doc

_BIDS = (
    "Tenderer,Registered address,Telephone,Price (EUR)\n"
    '"Kestrel Paving Ltd","Unit 9, Harbour Trade Park, Cobh","021 481 7730","640,000"\n'
    '"Ardmore Surfacing Ltd","Unit 9, Harbour Trade Park, Cobh","021 481 7745","655,500"\n'
    '"Lismore Civil Ltd","4 Quay Street, Youghal","021 481 7730","661,000"\n'
    '"Brandon Roads Ltd","22 Main Street, Fermoy","025 31 904","702,300"\n'
)


async def test_bidders_with_their_own_details_say_nothing(tmp_path: Path) -> None:
    own = "\n".join(_BIDS.splitlines()[i] for i in (0, 1, 4)) + "\n"
    legal, _ = run(LegalOutput, [await text_doc(tmp_path, "tenders_received.csv", own, "text/csv")])
    assert not [f for f in legal.findings if f.finding_type == "bidders_linked"]
