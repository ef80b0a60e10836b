"""Services billed for the dead: a home-visit provider's claims export bills visits to a patient
on days after the death a vital records extract gives, and his attestation says every service
billed was rendered to the patient named. Visits before the death, or another patient's
visits, are no contradiction; nor is a death recorded of someone the rows do not serve."""

from pathlib import Path

import docx

from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

_CLAIMS = (
    "Claim ID,Member ID,Patient,Date of Service,CPT,Description,Billed (USD),Rendering Provider\n"
    "CLM-120,M-40211,Margaret Oyelaran,2025-07-14,99348,Home visit,185.00,Dr. Alan Pruitt\n"
    "CLM-197,M-40211,Margaret Oyelaran,2025-07-28,99348,Home visit,185.00,Dr. Alan Pruitt\n"
    "CLM-305,M-40211,Margaret Oyelaran,2025-08-11,99348,Home visit,185.00,Dr. Alan Pruitt\n"
    "CLM-377,M-40211,Margaret Oyelaran,2025-08-25,99349,Home visit,240.00,Dr. Alan Pruitt\n"
    "CLM-402,M-51877,Thomas Reyes-Whitby,2025-08-12,99348,Home visit,185.00,Dr. Alan Pruitt\n"
    "CLM-419,M-51877,Thomas Reyes-Whitby,2025-08-26,99348,Home visit,185.00,Dr. Alan Pruitt\n"
)
_DEATH = (
    "Office of Vital Statistics - Certified Extract of Death Record\n\n"
    "Decedent: Margaret Ann Oyelaran\n"
    "Date of birth: 19 February 1938\n"
    "Date of death: 2 August 2025\n"
    "Informant: Daniel Oyelaran (son)\n"
)


async def _docs(tmp_path: Path, claims: str = _CLAIMS) -> list[EvidenceDoc]:
    document = docx.Document()
    document.add_heading("Provider Attestation", 1)
    document.add_paragraph(
        "I attest that every service billed under my NPI in the third quarter of 2025 was "
        "personally rendered by me to the patient named on the claim, on the date shown."
    )
    document.add_paragraph("Signed: Alan Pruitt, MD")
    attestation = tmp_path / "pruitt_attestation.docx"
    document.save(str(attestation))
    return [
        await text_doc(tmp_path, "claims_q3.csv", claims, "text/csv"),
        await text_doc(tmp_path, "death_record.txt", _DEATH),
        await load(attestation, mime_type_of(attestation.name)),
    ]


async def test_visits_before_the_death_only(tmp_path: Path) -> None:
    before = "\n".join(line for line in _CLAIMS.splitlines() if "2025-08-1" not in line)
    before = before.replace("2025-08-25", "2025-08-01")
    assert synthesis_of(await _docs(tmp_path, before + "\n")).contradictions == []
