"""An export diverted past its end-user certificate: the invoice and the certificate send
invoice KX-4471's spindles to a buyer in Kazakhstan, the bill of lading consigns them to a firm
in Russia. Documents that agree on where the goods go contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

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


async def test_documents_agreeing_on_the_destination(tmp_path: Path) -> None:
    lading = _LADING.replace(
        "OOO Volga Precision, ul. Tukaya 9, Kazan, Russia", "Altyn Trade LLP, Almaty, Kazakhstan"
    ).replace("Novorossiysk", "Aktau")
    assert synthesis_of(await _docs(tmp_path, lading)).contradictions == []
