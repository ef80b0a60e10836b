"""A non-molestation order against the messages on the protected person's phone: the order
forbids Gavin Tulloch to contact Rhona Baird from 3 February; her phone's extraction has
messages and a call from a number he says is his after that day, and he says he has not
contacted her since. A message before the order, or a number no one owns, contradicts
nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_ORDER = """IN THE FAMILY COURT SITTING AT PAISLEY
NON-MOLESTATION ORDER

Applicant: Rhona Baird
Respondent: Gavin Tulloch

Made on 3 February 2025 by District Judge Armitage.

1. The Respondent, Gavin Tulloch, must not contact the Applicant, Rhona Baird,
whether directly or indirectly, by any means.

2. This order lasts until 3 February 2026.
"""
_PHONE = (
    "Timestamp,Direction,Type,Contact,Number,Body\n"
    "2025-01-28 21:14,Incoming,SMS,Gavin,07700 900412,you cant keep me from the kids\n"
    "2025-02-09 23:02,Incoming,SMS,Gavin,07700 900412,Saw your car at your mums\n"
    "2025-02-21 19:40,Incoming,Call,Gavin T,07700 900412,\n"
    "2025-03-02 08:05,Outgoing,SMS,Mum,07700 900877,Can you take the kids today\n"
)
_STATEMENT = """Statement of Gavin Tulloch
Taken on 4 March 2025 at Paisley police office.

I have not contacted Rhona in any way since the order was made on 3 February.
The number 07700 900412 is my phone number and nobody else uses it.

Signed: G Tulloch
"""


async def _docs(
    tmp_path: Path, phone: str = _PHONE, statement: str = _STATEMENT
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "non_molestation_order.txt", _ORDER),
        await text_doc(tmp_path, "baird_phone_extraction.csv", phone, "text/csv"),
        await text_doc(tmp_path, "statement_tulloch.txt", statement),
    ]


async def test_contact_before_the_order_or_from_a_number_no_one_owns(tmp_path: Path) -> None:
    before = "\n".join(_PHONE.splitlines()[:2]) + "\n"
    assert synthesis_of(await _docs(tmp_path, before)).contradictions == []
    unowned = _STATEMENT.replace("The number 07700 900412 is my phone number", "He said")
    assert synthesis_of(await _docs(tmp_path, statement=unowned)).contradictions == []
