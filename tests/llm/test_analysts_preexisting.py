"""A tenant's word that the damage was there when she moved in, against the check-in
inventory she signed: its lines record each thing's state ("Living room carpet: new, clean, no
stains or marks"); her account is an e-mail answering the landlord's deductions."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.conditions import CONDITION_SOUND
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_CHECK_IN = (
    "CHECK-IN INVENTORY - FLAT 3, 18 ALMA TERRACE, SHEFFIELD\n"
    "Date: 1 September 2024\n"
    "Tenant: Sofia Marchetti\n"
    "Living room carpet: new, clean, no stains or marks\n"
    "Kitchen worktop: good condition, no burns\n"
    "Bedroom wardrobe door: hinge loose\n"
    "Signed by tenant: Sofia Marchetti\n"
)


async def _docs(tmp_path: Path, said: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "checkin_inventory.txt", _CHECK_IN),
        await email_doc(
            tmp_path,
            "tenant_response.eml",
            {
                "From": "Sofia Marchetti <sofia.marchetti@example.com>",
                "To": "Northway Lettings <deposits@northway.example>",
                "Date": "Mon, 07 Sep 2026 20:15:00 +0100",
                "Subject": "Re: Deposit deductions Flat 3",
            },
            f"Hello,\n\nI do not accept the deductions. {said}\n\nSofia Marchetti\n",
        ),
    ]


async def test_an_inventory_records_each_thing_it_found_sound(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, ""))[:1])
    sound = [f.title for f in evidence.findings if f.finding_type == CONDITION_SOUND]
    assert sound == [
        "Living room carpet recorded as sound in checkin_inventory.txt on 2024-09-01",
        "Kitchen worktop recorded as sound in checkin_inventory.txt on 2024-09-01",
    ]  # not the loose hinge, nor the form's own fields
    # Its "Date:" field is the day of the inspection, on the timeline.
    [day] = evidence.events
    assert day.timestamp == "2024-09-01"
    assert day.description.startswith("CHECK-IN INVENTORY - FLAT 3, 18 ALMA TERRACE, SHEFFIELD: ")


async def test_already_stained_when_she_moved_in_against_the_inventory_she_signed(
    tmp_path: Path,
) -> None:
    said = "The living room carpet was already stained when I moved in."
    [already] = synthesis_of(await _docs(tmp_path, said)).contradictions
    assert already.claim == said
    assert (
        "the condition record of 2024-09-01 they signed records it sound: Living room carpet"
        in (already.explanation)
    )
    assert already.severity == "HIGH"
    # Damage to a thing the inventory does not record as sound is not held against it.
    said = "The bedroom wardrobe door was already broken when I moved in."
    assert not synthesis_of(await _docs(tmp_path, said)).contradictions
