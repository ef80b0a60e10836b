"""A burglary claim made in a witness statement, not on a claim form: the items it lists as
taken are claimed losses of the day the break-in was found, so the receipt (a television bought
for far less than the statement says) and a sale listing of the same television before the
break-in (its seller the policyholder, who says he sold and listed nothing) are held against
them. A listing of something else, or a receipt at the price he gives, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF TOMAS REYES\n"
    "Date: 20 June 2026\n\n"
    "1. I live at 9 Cole Street, Derby.\n"
    "2. We came home at about 22:00 on 14 June 2026 and found the kitchen window smashed.\n"
    "3. The following items were taken: an LG 55-inch OLED television, which I bought in "
    "March 2026 for £1,450; a Canon EOS camera; and my daughter's laptop.\n"
    "4. I have not sold or listed any of these items for sale.\n"
)
_RECEIPT = (
    "ELECTRO WORLD - DERBY\nReceipt no. 7781\nDate: 21/03/2026\n\n"
    'LG OLED55C4 55" OLED TV        \u00a3{price}\nTOTAL  \u00a3{price}\nCustomer: T Reyes\n'
)
_LISTING = (
    "Marketplace listing export\nSeller: Tomas Reyes\nListed: 2 June 2026 19:40\n"
    "Title: {title}\nPrice: \u00a3700\nStatus: Sold on 5 June 2026\n"
)


async def _docs(
    tmp_path: Path, price: str = "849.00", title: str = 'LG 55" OLED TV, boxed'
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_reyes.txt", _STATEMENT),
        await text_doc(tmp_path, "receipt.txt", _RECEIPT.format(price=price)),
        await text_doc(tmp_path, "listing.txt", _LISTING.format(title=title)),
    ]


async def test_another_listing_and_the_price_he_gives(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, price="1450.00", title="Garden bench, teak")
    assert synthesis_of(docs).contradictions == []
