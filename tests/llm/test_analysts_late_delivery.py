"""A supplier's letter says "We delivered all 12 pallets ... on 3 March 2026, on time and in
full"; the agreement required delivery no later than 4 March with 2% of the order value credited
per day of delay (to 10%), and the buyer's goods-received note, a Word table, gives the pallets
as received on 6 March. The letter's word is its writer's claim, not a record of the delivery;
the note's "Date received" is the delivery's day. Received in time, nothing is late."""

from pathlib import Path

import docx

from holmes_backend.agents.schemas import SynthesisOutput
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


def _received_note(path: Path, received: str) -> None:
    document = docx.Document()
    document.add_heading("GOODS RECEIVED NOTE", 1)
    document.add_paragraph("Supplier: Halvorsen Milling Co.")
    table = document.add_table(rows=1, cols=3)
    for cell, head in zip(table.rows[0].cells, ["Date received", "Item", "Pallets"], strict=True):
        cell.text = head
    for item, pallets in (("Bread flour 16kg", "6"), ("Rye flour 25kg", "3")):
        row = table.add_row().cells
        for cell, value in zip(row, [received, item, pallets], strict=True):
            cell.text = value
    document.save(path)


async def _synthesis(tmp_path: Path, received: str) -> SynthesisOutput:
    mime = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
    _agreement(tmp_path / "supply_agreement.docx")
    _received_note(tmp_path / "grn_88213.docx", received)
    docs: list[EvidenceDoc] = [
        await load(tmp_path / "supply_agreement.docx", mime),
        await load(tmp_path / "grn_88213.docx", mime),
        await text_doc(tmp_path, "letter_halvorsen.txt", _LETTER),
    ]
    return synthesis_of(docs)


async def test_the_received_note_against_the_deadline_and_the_letter(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, "06/03/2026")
    by_claim = {c.claim[:6]: c for c in synthesis.contradictions}
    late = (
        "The agreement required the Supplier to complete the delivery by 2026-03-04; the records "
        "give it on 2026-03-06, 2 day(s) late. At 2% of the order value per day of delay (its "
        "clause on lateness), that is 4% of GBP 14,400: GBP 576."
    )
    assert by_claim["3.1 Th"].explanation == late
    letter = by_claim["We del"]
    assert letter.severity == "HIGH"
    assert letter.explanation == f"Halvorsen Milling Co. says it was on time; {late}"
    assert letter.claim_source.file_id == "letter_halvorsen"


async def test_received_in_time_nothing_is_late(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, "03/03/2026")
    assert synthesis.contradictions == []


async def test_the_cap_of_a_share_of_the_order_value(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, "12/03/2026")
    clause = next(c for c in synthesis.contradictions if c.claim.startswith("3.1"))
    assert clause.explanation.endswith("that is 10% of GBP 14,400: GBP 1,440.")
