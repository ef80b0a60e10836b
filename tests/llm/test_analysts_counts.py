"""How many things were done, told differently: a heating firm's completion letter ("all 12
radiators have been fitted") against the inspector's "5 radiators were fitted" and "the other 7
radiators have not been fitted". Counts of other things, close counts, and one file's own
counts say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_COMPLETION = (
    "WARMFLOW HEATING LTD\n"
    "Completion certificate - 3 Abbey Row\n"
    "We certify that all {claimed} radiators have been fitted and the system commissioned.\n"
)
_INSPECTION = (
    "Building control inspection - 3 Abbey Row\n"
    "Inspected by: Joanne Reyes\n"
    "On inspection 5 radiators were fitted; the other 7 radiators have not been fitted.\n"
    "2 valves were replaced.\n"
)


async def _docs(tmp: Path, claimed: str = "12") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "completion_certificate.txt", _COMPLETION.format(claimed=claimed)),
        await text_doc(tmp, "inspection.txt", _INSPECTION),
    ]


async def test_close_counts_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, claimed="6")).contradictions == []
