"""A load's seal replaced on the way: the haulier's seal record gives one number where the
trailer was sealed and another on arrival; the driver's numbered statement, headed "WITNESS
STATEMENT" and signed with a form's fields, says the seal was intact when it was opened."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, text_doc


def _record(arrival: str) -> str:
    return (
        "NORTHLINE HAULAGE LTD - TRAILER SEAL RECORD\n"
        "Trailer: NL-4471   Vehicle: WX19 KTP\n"
        "Seal applied at origin: 0458812 (Felixstowe, 9 Oct 2026 14:52)\n"
        f"Seal number on arrival: {arrival} (Hams Hall, 9 Oct 2026 22:05)\n"
        "Checked by: Dana Okafor, Goods In Supervisor\n"
    )


_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Name: Tomasz Wielgosz\n"
    "Occupation: HGV driver\n"
    "1. I collected trailer NL-4471 from Felixstowe at about 15:00 on 9 October 2026.\n"
    "2. When the trailer was opened at Hams Hall the seal was intact but 300 cartons were "
    "missing.\n"
    "I believe the facts stated in this witness statement are true.\n"
)


async def _docs(tmp_path: Path, arrival: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "seal_record.txt", _record(arrival)),
        await text_doc(tmp_path, "statement_wielgosz.txt", _STATEMENT),
    ]


async def test_a_seal_number_changed_in_transit_is_an_integrity_concern(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, "0458817"))[:1])
    [changed] = [f for f in evidence.custody if f.finding_type == "custody_integrity"]
    assert changed.title == (
        "Seal number changed between origin and arrival: 0458812 at origin, 0458817 on arrival"
    )
    assert "load of trailer NL-4471, vehicle WX19 KTP was sealed" in changed.summary
    assert changed.severity == "HIGH"
    # The same number at both ends is the seal it left with.
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, "0458812"))[:1])
    assert not [f for f in evidence.custody if f.finding_type == "custody_integrity"]
