"""Bids that may not be independent: bidders of one table that give the same address or the
same telephone number, and bidders whose registers list one officer for both. Each set is a
legal finding and one evidence gap; bidders with their own details say nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import LegalOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_BIDS = (
    "Tenderer,Registered address,Telephone,Price (EUR)\n"
    '"Kestrel Paving Ltd","Unit 9, Harbour Trade Park, Cobh","021 481 7730","640,000"\n'
    '"Ardmore Surfacing Ltd","Unit 9, Harbour Trade Park, Cobh","021 481 7745","655,500"\n'
    '"Lismore Civil Ltd","4 Quay Street, Youghal","021 481 7730","661,000"\n'
    '"Brandon Roads Ltd","22 Main Street, Fermoy","025 31 904","702,300"\n'
)
_REGISTER = (
    "COMPANIES REGISTER EXTRACT\n\n"
    "Ardmore Surfacing Ltd (612004)\nDirector: Niamh Keane, appointed 3 March 2018\n\n"
    "Brandon Roads Ltd (598211)\nSecretary: Niamh Keane, appointed 9 May 2019\n"
)


async def _docs(tmp: Path, bids: str = _BIDS) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "tenders_received.csv", bids, "text/csv"),
        await text_doc(tmp, "register.txt", _REGISTER),
    ]


async def test_shared_details_and_a_shared_officer(tmp_path: Path) -> None:
    legal, _ = run(LegalOutput, await _docs(tmp_path))
    titles = sorted(f.title for f in legal.findings if f.finding_type == "bidders_linked")
    assert titles == [
        "Ardmore Surfacing Ltd and Brandon Roads Ltd share an officer or owner: Niamh Keane",
        "Kestrel Paving Ltd and Ardmore Surfacing Ltd share the same address "
        "(Unit 9, Harbour Trade Park, Cobh)",
        "Kestrel Paving Ltd and Lismore Civil Ltd share the same telephone number (021 481 7730)",
    ]
    gaps = [g.element for g in synthesis_of(await _docs(tmp_path)).evidence_gaps]
    assert sum(g.startswith("Independence of the bids of") for g in gaps) == 3


async def test_bidders_with_their_own_details_say_nothing(tmp_path: Path) -> None:
    own = "\n".join(_BIDS.splitlines()[i] for i in (0, 1, 4)) + "\n"
    legal, _ = run(LegalOutput, [await text_doc(tmp_path, "tenders_received.csv", own, "text/csv")])
    assert not [f for f in legal.findings if f.finding_type == "bidders_linked"]
