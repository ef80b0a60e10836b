"""An export diverted past its end-user certificate: the invoice and the certificate send
invoice KX-4471's spindles to a buyer in Kazakhstan, the bill of lading consigns them to a firm
in Russia. Documents that agree on where the goods go contradict nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_INVOICE = (
    "BRANDT WERKZEUGMASCHINEN GmbH\n"
    "Commercial Invoice No: KX-4471\n"
    "Date: 14 August 2025\n"
    "Buyer / Consignee: Altyn Trade LLP, 22 Dostyk Avenue, Almaty, Kazakhstan\n"
    "Goods: 40 x CNC milling spindles\n"
    "Total value: EUR 412,000.00\n"
)
_LADING = (
    "BILL OF LADING\n"
    "Shipper: Brandt Werkzeugmaschinen GmbH, Chemnitz\n"
    "Consignee: OOO Volga Precision, ul. Tukaya 9, Kazan, Russia\n"
    "Port of loading: Hamburg\n"
    "Port of discharge: Novorossiysk\n"
    "Description of goods: 40 x CNC milling spindles, invoice KX-4471\n"
)
_CERTIFICATE = (
    "END-USER CERTIFICATE\n"
    "End user: Altyn Trade LLP, Almaty, Kazakhstan\n"
    "Goods: 40 x CNC milling spindles (invoice KX-4471)\n"
    "We certify that the goods described above will be used by Altyn Trade LLP in Kazakhstan "
    "and will not be re-exported.\n"
    "Signed: Nurlan Abenov, Director\n"
)


async def _docs(tmp_path: Path, lading: str = _LADING) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "commercial_invoice.txt", _INVOICE),
        await text_doc(tmp_path, "bill_of_lading.txt", lading),
        await text_doc(tmp_path, "end_user_certificate.txt", _CERTIFICATE),
    ]


async def test_goods_consigned_elsewhere_than_certified(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    financial, _ = run(FinancialOutput, docs)
    assert sorted(f.title for f in financial.findings if f.finding_type == "consignment") == [
        "Consignment KX-4471 to Altyn Trade LLP [Kazakhstan]",
        "Consignment KX-4471 to Altyn Trade LLP [Kazakhstan] (certified)",
        # An address's "ul." ends no sentence: the country after it is read.
        "Consignment KX-4471 to OOO Volga Precision [Russia]",
    ]
    [diverted] = synthesis_of(docs).contradictions
    assert (diverted.claim_source.file_id, diverted.severity) == ("end_user_certificate", "HIGH")
    assert diverted.explanation == (
        "The goods of KX-4471 go to Altyn Trade LLP (Altyn Trade LLP, Almaty, Kazakhstan) in "
        "end_user_certificate.txt, commercial_invoice.txt, but to OOO Volga Precision (OOO Volga "
        "Precision, ul. Tukaya 9, Kazan, Russia / Novorossiysk) in bill_of_lading.txt."
    )
    assert {(r.file_id, r.line) for r in diverted.evidence_against} == {
        ("bill_of_lading", 3),
        ("bill_of_lading", 5),
    }


async def test_documents_agreeing_on_the_destination(tmp_path: Path) -> None:
    lading = _LADING.replace(
        "OOO Volga Precision, ul. Tukaya 9, Kazan, Russia", "Altyn Trade LLP, Almaty, Kazakhstan"
    ).replace("Novorossiysk", "Aktau")
    assert synthesis_of(await _docs(tmp_path, lading)).contradictions == []
