"""A landlord's "at the start of the tenancy … the carpets were new" against the check-in
inventory's bulleted "- Carpet: beige, worn, several marks near the window, approx. 8 years
old"; the same inventory recording the carpet as new, or a claim of no start, contradicts
nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "STATEMENT OF GRAHAM MARSH (LANDLORD)\n"
    "Date: 4 August 2026\n\n"
    "1. I let Flat 3 to Ms Priya Nair from 1 August 2024 to 31 July 2026.\n"
    "2. At the start of the tenancy the flat had been newly decorated and the carpets were new.\n"
)
_CHECK_IN = (
    "INVENTORY AND SCHEDULE OF CONDITION - CHECK-IN\n"
    "Property: Flat 3, 18 Ashgrove Road, Leeds\n"
    "Date: 1 August 2024\n\n"
    "Living room\n"
    "- Carpet: {carpet}\n"
    "- Walls: magnolia, scuffs behind sofa\n"
)


async def _docs(tmp_path: Path, carpet: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_marsh.txt", _STATEMENT),
        await text_doc(tmp_path, "checkin_inventory.txt", _CHECK_IN.format(carpet=carpet)),
    ]


async def test_new_at_the_start_against_the_check_in(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "beige, worn, several marks near the window, approx. 8 years old")
    evidence, _ = run(EvidenceOutput, docs)
    worn = [f.title for f in evidence.findings if f.finding_type == "condition_worn"]
    assert "Carpet recorded as worn in checkin_inventory.txt on 2024-08-01" in worn
    [new] = synthesis_of(docs).contradictions
    assert new.explanation == (
        "Graham Marsh says it was new at the start; the condition record of 2024-08-01 records "
        "it worn: - Carpet: beige, worn, several marks near the window, approx. 8 years old."
    )


async def test_a_check_in_recording_it_new(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "beige, new, no marks")).contradictions == []
