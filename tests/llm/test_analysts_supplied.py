"""Supplied as stated, delivered as recorded: a builder's "36 m3 of C32/40 concrete was poured
at the Larch Street slab on 12 and 13 March" against the batching plant's delivery tickets to
the slab, 24 m3; tickets to another site, or enough delivered, say nothing. A weight column is
no money."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_VALUATION = (
    "Interim valuation no. 4 - Brookfield Build Ltd\n"
    "Date: 20 March 2026\n"
    "Works this period: 36 m3 of C32/40 concrete was poured at the Larch Street slab on 12 and "
    "13 March 2026.\n"
)
_TICKETS = (
    "Docket,Date,Product,Volume (m3),Delivered to\n"
    "BT-9901,2026-03-12,C32/40 concrete,8,Larch Street slab\n"
    "BT-9902,2026-03-12,C32/40 concrete,8,Larch Street slab\n"
    "BT-9915,2026-03-13,C32/40 concrete,8,{third}\n"
    "BT-9920,2026-03-13,C32/40 concrete,8,Mill Road depot\n"
)


async def test_enough_delivered_is_no_contradiction(tmp_path: Path) -> None:
    tickets = _TICKETS.replace("Mill Road depot", "Larch Street slab")
    docs = [
        await text_doc(tmp_path, "valuation_4.txt", _VALUATION.replace("36 m3", "33 m3")),
        await text_doc(
            tmp_path,
            "batching_tickets.csv",
            tickets.format(third="Larch Street slab"),
            "text/csv",
        ),
    ]
    assert synthesis_of(docs).contradictions == []
