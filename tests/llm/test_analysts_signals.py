"""The lights were green: a van driver's "I had a green light" against the junction's signal
log for his approach (the road and direction his own statement gives) at the moment the CCTV
note times the impact; the other approach's aspects and another road's say nothing of his."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Wojciech Nowak\n"
    "Dated 3 November 2025\n"
    "1. At about 17:05 on 28 October 2025 I was heading east on Queen's Road in my van.\n"
    "2. I had a green light when I went through the junction with Mill Street.\n"
    "Signed: Wojciech Nowak\n"
)
_LOG = (
    "Controller,Stage,Approach,Signal state,Changed at\n"
    "JN-0412,1,Queen's Road eastbound,Green,2025-10-28 17:04:10\n"
    "JN-0412,1,Queen's Road westbound,Green,2025-10-28 17:04:10\n"
    "JN-0412,1,Queen's Road eastbound,Amber,2025-10-28 17:04:58\n"
    "JN-0412,1,Queen's Road eastbound,Red,2025-10-28 17:05:01\n"
    "JN-0412,2,Mill Street southbound,Green,2025-10-28 17:05:04\n"
    "JN-0412,1,Queen's Road eastbound,Green,2025-10-28 17:06:02\n"
)
_CCTV = (
    "CCTV REVIEW NOTE\n"
    "Camera 7, junction of Queen's Road and Mill Street.\n"
    "Impact between the white van and the pedestrian at 28/10/2025 17:05:33.\n"
)


async def _docs(tmp: Path, statement: str = _STATEMENT, cctv: bool = True) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp, "statement_nowak.txt", statement),
        await text_doc(tmp, "signal_log_jn0412.csv", _LOG, "text/csv"),
    ]
    if cctv:
        docs.append(await text_doc(tmp, "cctv_review.txt", _CCTV))
    return docs


def _signal(docs_output: object) -> list:
    return [c for c in docs_output.contradictions if "green light" in c.claim]  # type: ignore[attr-defined]


async def test_another_road_or_direction_is_not_his_approach(tmp_path: Path) -> None:
    west = _STATEMENT.replace("heading east", "heading west")
    assert _signal(synthesis_of(await _docs(tmp_path, west))) == []
    other_road = _STATEMENT.replace("on Queen's Road", "on Station Road")
    assert _signal(synthesis_of(await _docs(tmp_path, other_road))) == []
