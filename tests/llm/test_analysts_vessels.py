"""A bill of lading dated before its ship reached the port: the on-board date the bill and the
shipper's e-mail give, against the port's record of the ship's movements. A loading while the
ship was alongside, another ship's movements, and a credit's latest date of shipment say
nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_BILL = (
    "BILL OF LADING\nB/L No.: KSL-0419-22\nShipper: Rio Verde Granos S.A.\n"
    "Vessel: MS Aldebaran Trader   Voyage: 07N\nPort of loading: Paranaguá\n"
    "Shipped on board date: {day}\nPlace and date of issue: Paranaguá, {day}\n"
)
_CREDIT = (
    "DOCUMENTARY CREDIT No. 55-1180\nBeneficiary: Rio Verde Granos S.A.\n"
    "Latest date of shipment: 10 April 2026\n"
)
_PORT = (
    "Port,Vessel,Event,Date,Time\n"
    "Paranaguá,MS Aldebaran Trader,Arrived roads,13/04/2026,05:20\n"
    "Paranaguá,MS Aldebaran Trader,Berthed,14/04/2026,11:00\n"
    "Paranaguá,MS Aldebaran Trader,Departed,16/04/2026,19:45\n"
    "Paranaguá,MS Polar Venture,Departed,09/04/2026,08:10\n"
)


async def _docs(tmp: Path, day: str = "10 April 2026", port: str = _PORT) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "bill_of_lading.txt", _BILL.format(day=day)),
        await text_doc(tmp, "credit_terms.txt", _CREDIT),
        await text_doc(tmp, "port_movements.csv", port, "text/csv"),
        await email_doc(
            tmp,
            "shipper_email.eml",
            {
                "From": "Joana Prates <joana@rioverde.com.br>",
                "To": "Imports <imports@buyer.example>",
                "Subject": "Documents for credit 55-1180",
                "Date": "Mon, 13 Apr 2026 09:00:00 -0300",
            },
            "The soya was loaded on board MS Aldebaran Trader on 10 April, as the credit "
            "requires.\n",
        ),
    ]


async def test_the_loadings_told_of_the_ship_and_not_the_credits_deadline(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    loadings = sorted(
        (f.sources[0].file_id, f.title)
        for f in evidence.findings
        if f.finding_type == "vessel_loading"
    )
    assert loadings == [
        ("bill_of_lading", "Loaded on MS Aldebaran Trader on 2026-04-10"),
        ("shipper_email", "Loaded on MS Aldebaran Trader on 2026-04-10"),
    ]
    # The credit's "Latest date of shipment" is a deadline, not a record of a shipment.
    acts = [f for f in evidence.findings if f.finding_type == "act_recorded"]
    assert [f.sources[0].file_id for f in acts] == ["bill_of_lading"]


async def test_loaded_before_the_ship_arrived(tmp_path: Path) -> None:
    found = [c for c in synthesis_of(await _docs(tmp_path)).contradictions if c.severity == "HIGH"]
    by_file = {c.claim_source.file_id: c for c in found}
    assert set(by_file) >= {"bill_of_lading", "shipper_email"}
    bill = by_file["bill_of_lading"]
    assert "arriving only on 2026-04-13" in bill.explanation
    assert {r.file_id for r in bill.evidence_against} == {"port_movements"}
    assert [r.row for r in bill.evidence_against] == [1, 2, 3]  # not the other ship's row


async def test_loaded_while_alongside_or_after_it_sailed(tmp_path: Path) -> None:
    alongside = await _docs(tmp_path, "15 April 2026")
    assert not [
        c
        for c in synthesis_of(alongside).contradictions
        if c.claim_source.file_id == "bill_of_lading"
    ]
    sailed = await _docs(tmp_path, "18 April 2026")
    [late] = [
        c for c in synthesis_of(sailed).contradictions if c.claim_source.file_id == "bill_of_lading"
    ]
    assert "departing on 2026-04-16" in late.explanation
