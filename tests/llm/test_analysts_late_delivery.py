"""A supplier's letter says "We delivered all 12 pallets ... on 3 March 2026, on time and in
full"; the agreement required delivery no later than 4 March with 2% of the order value credited
per day of delay (to 10%), and the buyer's goods-received note, a Word table, gives the pallets
as received on 6 March. The letter's word is its writer's claim, not a record of the delivery;
the note's "Date received" is the delivery's day. Received in time, nothing is late. The note's
pallets (6 and 3) are 9 delivered against the letter's "all 12"; a driver's manifest of several
customers' drops counts no one customer's pallets."""

from pathlib import Path

import docx

from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

_LETTER = (
    "Halvorsen Milling Co.\n"
    "Mill House, Brigg Road, Scunthorpe\n\n"
    "20 March 2026\n\n"
    "Dear Ms Fenwick,\n\n"
    "We delivered all 12 pallets to your Stockport premises on 3 March 2026, on time and in "
    "full, in accordance with clause 3.1 of the agreement.\n\n"
    "Yours sincerely,\n\nAnders Halvorsen\nManaging Director\n"
)


def _agreement(path: Path) -> None:
    document = docx.Document()
    document.add_heading("SUPPLY AGREEMENT", 1)
    document.add_paragraph(
        "This agreement is made on 2 February 2026 between Halvorsen Milling Co. (\u201cthe "
        "Supplier\u201d) and Fenwick & Daughters Bakery Ltd (\u201cthe Buyer\u201d)."
    )
    document.add_paragraph(
        "3.1 The Supplier shall deliver the Goods, being 12 pallets in total, to the Buyer's "
        "premises no later than 4 March 2026."
    )
    document.add_paragraph(
        "3.2 For each day of delay the Supplier shall credit the Buyer 2% of the order value, up "
        "to a maximum of 10%."
    )
    document.add_paragraph("5.1 The Buyer shall pay the Supplier \u00a314,400 within 30 days.")
    document.save(path)


def _received_note(path: Path, received: str, pallets: tuple[str, str] = ("6", "3")) -> None:
    document = docx.Document()
    document.add_heading("GOODS RECEIVED NOTE", 1)
    document.add_paragraph("Supplier: Halvorsen Milling Co.")
    table = document.add_table(rows=1, cols=3)
    for cell, head in zip(table.rows[0].cells, ["Date received", "Item", "Pallets"], strict=True):
        cell.text = head
    for item, count in zip(("Bread flour 16kg", "Rye flour 25kg"), pallets, strict=True):
        row = table.add_row().cells
        for cell, value in zip(row, [received, item, count], strict=True):
            cell.text = value
    document.save(path)


_MANIFEST = (
    "Run,Date,Driver,Customer,Pallets,Signed for\n"
    "R-1187,05/03/2026,Pete Barlow,Greggsons Foods Leeds,8,K Hall\n"
    "R-1190,06/03/2026,Pete Barlow,Fenwick & Daughters Stockport,9,L Okafor\n"
)


async def _synthesis(
    tmp_path: Path, received: str, pallets: tuple[str, str] = ("6", "3")
) -> SynthesisOutput:
    mime = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    _agreement(tmp_path / "supply_agreement.docx")
    _received_note(tmp_path / "grn_88213.docx", received, pallets)
    docs: list[EvidenceDoc] = [
        await load(tmp_path / "supply_agreement.docx", mime),
        await load(tmp_path / "grn_88213.docx", mime),
        await text_doc(tmp_path, "letter_halvorsen.txt", _LETTER),
        await text_doc(tmp_path, "delivered_manifest.csv", _MANIFEST, "text/csv"),
    ]
    return synthesis_of(docs)


async def test_received_in_time_and_in_full_nothing_is_wrong(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, "03/03/2026", ("8", "4"))
    assert synthesis.contradictions == []
