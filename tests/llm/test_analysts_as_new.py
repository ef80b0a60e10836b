"""A landlord's "at the start of the tenancy … the carpets were new" against the check-in
inventory's bulleted "- Carpet: beige, worn, several marks near the window, approx. 8 years
old"; the same inventory recording the carpet as new, or a claim of no start, contradicts
nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

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


async def test_a_check_in_recording_it_new(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "beige, new, no marks")).contradictions == []
