"""How many things were done, told differently: a heating firm's completion letter ("all 12
radiators have been fitted") against the inspector's "5 radiators were fitted" and "the other 7
radiators have not been fitted". Counts of other things, close counts, and one file's own
counts say nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_a_count_of_things_done_against_another_file_s(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    assert sorted(f.title for f in evidence.findings if f.finding_type == "count_stated") == [
        "Count stated: 12 radiators fitted (Warmflow Heating Ltd)",
        "Count stated: 2 valves replaced (inspection.txt)",
        "Count stated: 5 radiators fitted (inspection.txt)",
        "Count stated: 7 radiators not fitted (inspection.txt)",
    ]
    [found] = synthesis_of(docs).contradictions
    assert found.explanation == (
        "Warmflow Heating Ltd counts 12 radiators fitted; inspection.txt counts 5 fitted and 7 "
        "not fitted."
    )
    assert found.severity == "HIGH"


async def test_close_counts_say_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, claimed="6")).contradictions == []


async def test_a_count_in_thousands_is_the_whole_figure(tmp_path: Path) -> None:
    """ "the 1,200 bags were loaded", "We shipped 2,400 cartons": not the 200 or 400 after the
    comma."""
    said = await text_doc(
        tmp_path,
        "shipper_note.txt",
        "Export note\nFrom: Lan Nguyen\nI confirm the 1,200 bags were loaded on board on 2 March.\n"
        "We shipped 2,400 cartons to the buyer.\n",
    )
    evidence, _ = run(EvidenceOutput, [said])
    titles = {f.title.split(" (")[0] for f in evidence.findings if f.finding_type == "count_stated"}
    assert titles == {"Count stated: 1200 bags loaded", "Count stated: 2400 cartons shipped"}
