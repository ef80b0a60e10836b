"""A deposition excerpt on numbered lines (1-25 down the margin): the numbers are no part of the
testimony, a question wrapped over two lines is one question, and an answer about "that night"
is of the night a question some lines before dated. His denial of going to the warehouse, and
his word that he was home all evening, meet the warehouse gate log's entries."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_DEPOSITION = """                                                              Page 41
 1   UNITED STATES DISTRICT COURT
 2   DEPOSITION OF MARCUS OKAFOR, taken June 18, 2025
 3
 4        Q.   Mr. Okafor, where were you on the evening of
 5   January 9, 2025?
 6        A.   I was at home in Evanston the whole evening.
 7        Q.   Did you go to the warehouse on Kedzie Avenue
 8   that night?
 9        A.   No. I never went near the warehouse that night.
10        Q.   Did you use your company card that evening?
11        A.   No, I did not.
"""
_GATE = (
    "Timestamp,Site,Badge,Name,Event\n"
    "2025-01-09 21:37:12,Kedzie Ave Warehouse,40112,Marcus Okafor,ENTRY\n"
    "2025-01-09 22:05:40,Kedzie Ave Warehouse,40112,Marcus Okafor,EXIT\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "deposition_okafor.txt", _DEPOSITION),
        await text_doc(tmp_path, "gate_log.csv", _GATE, "text/csv"),
    ]


async def test_a_line_numbered_deposition(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    assert [(c.claim, c.claimed_time) for c in evidence.sworn_claims] == [
        (
            "I was at home in Evanston the whole evening.",
            "2025-01-09T18:00:00/2025-01-09T23:59:59",
        ),
        (
            "No. I never went near the warehouse that night. [asked: Did you go to the "
            "warehouse on Kedzie Avenue that night?]",
            "2025-01-09T20:00:00/2025-01-09T23:59:59",
        ),
        (
            "No, I did not. [asked: Did you use your company card that evening?]",
            "2025-01-09T18:00:00/2025-01-09T23:59:59",
        ),
    ]
    warehouse, home = synthesis_of(docs).contradictions
    assert warehouse.severity == "HIGH"
    assert [r.row for r in warehouse.evidence_against] == [1, 2]
    assert home.claim == "I was at home in Evanston the whole evening."
