"""Services billed for the dead: a home-visit provider's claims export bills visits to a patient
on days after the death a vital records extract gives, and his attestation says every service
billed was rendered to the patient named. Visits before the death, or another patient's
visits, are no contradiction; nor is a death recorded of someone the rows do not serve."""

from pathlib import Path

import docx

from holmes_backend.agents.schemas import EvidenceOutput, FinancialOutput, SynthesisOutput
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import findings, load, run, synthesis_of, text_doc

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


async def test_visits_billed_after_the_patients_death(tmp_path: Path) -> None:
    rows, attested = synthesis_of(await _docs(tmp_path)).contradictions
    assert rows.severity == attested.severity == "HIGH"
    assert (rows.claim_source.file_id, rows.claim_source.row) == ("claims_q3", 3)
    assert rows.explanation == (
        "2 record(s) (USD 425) dated 2025-08-11, 2025-08-25 name Margaret Ann Oyelaran after "
        "their death on 2025-08-02, which a record of the case gives."
    )
    assert [(r.file_id, r.line or r.row) for r in rows.evidence_against] == [
        ("death_record", 5),
        ("death_record", 3),
        ("claims_q3", 3),
        ("claims_q3", 4),
    ]
    assert attested.claim.startswith("I attest that every service billed")
    assert attested.explanation == (
        "Alan Pruitt says the services were rendered, yet Margaret Ann Oyelaran died on "
        "2025-08-02; 2 record(s) name them since."
    )


async def test_a_patients_visits_are_no_payments_to_them(tmp_path: Path) -> None:
    """Routed as the pipeline routes them (the claims export to the financial agent alone),
    the visits billed for a patient named nowhere else ask for no "basis for payments" gap."""
    claims, death, attestation = await _docs(tmp_path)
    blocks = [
        findings("financial", run(FinancialOutput, [claims])[0]),
        findings("evidence", run(EvidenceOutput, [death, attestation])[0]),
        findings("files", {d.file_id: d.filename for d in (claims, death, attestation)}, "stage"),
    ]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    assert len(synthesis.contradictions) == 2
    assert synthesis.evidence_gaps == []


async def test_visits_before_the_death_only(tmp_path: Path) -> None:
    before = "\n".join(line for line in _CLAIMS.splitlines() if "2025-08-1" not in line)
    before = before.replace("2025-08-25", "2025-08-01")
    assert synthesis_of(await _docs(tmp_path, before + "\n")).contradictions == []


async def test_deaths_told_in_a_sentence(tmp_path: Path) -> None:
    told = await text_doc(
        tmp_path,
        "notes.txt",
        "Margaret Oyelaran, 87, died peacefully at home on 2 August 2025.\n\n"
        "John Smith, whose father died on 3 May 2020, took over the firm.\n\n"
        "Mr Hale said the dog died on 4 June 2024.\n",
    )
    output, _ = run(EvidenceOutput, [told])
    assert [f.title for f in output.findings if f.finding_type == "death_recorded"] == [
        "Margaret Oyelaran died on 2025-08-02"
    ]
