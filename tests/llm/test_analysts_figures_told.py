"""A filing's figures told otherwise in another document: meeting notes have the chief financial
officer give the prior year's quarter (net sales of $303.5 million, net income of $51.8
million) as the current one, against the real 8-K press release's tables; the right figures,
or a line the table does not carry ("online sales"), contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

REALDOCS = Path(__file__).resolve().parents[3] / "shared" / "realdocs"

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


async def test_the_right_figures(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "293.6", "44.2")).contradictions == []
