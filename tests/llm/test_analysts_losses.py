"""A padded insurance claim: a watch claimed as stolen in a theft, its order confirmation dated
after the theft, the claimant's "I never purchased another watch after the theft"; the same
receipt dated before the theft is the proof of ownership it should be."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CLAIM = (
    "TRAVEL INSURANCE - CLAIM FOR STOLEN PROPERTY\n"
    "Insured: Henrike Vollmer\n"
    "Date of incident: 03.02.2026\n"
    "Stolen items:\n"
    "Garmin Fenix 7 Sapphire watch \u2014 EUR 699.00\n"
    "Bose QC45 headphones \u2014 EUR 329.00\n"
    "Total claimed: EUR 1,028.00\n"
)
_ORDER = (
    "ORDER CONFIRMATION\n"
    "Sportwelt Online GmbH\n"
    "Order date: 09.02.2026\n"
    "1 x Garmin Fenix 7 Sapphire Solar EUR 699.00\n"
    "Delivery: EUR 0.00\n"
)
_STATEMENT = (
    "Statement of Henrike Vollmer\n"
    "Date: 20 February 2026\n"
    "My watch was taken from my bag at the station on 3 February 2026.\n"
    "I never purchased another watch after the theft.\n"
)


async def test_a_receipt_from_before_the_theft_is_proof_of_ownership(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "claim_form.txt", _CLAIM),
        await text_doc(
            tmp_path, "order_confirmation.txt", _ORDER.replace("09.02.2026", "11.08.2025")
        ),
        await text_doc(tmp_path, "statement_vollmer.txt", _STATEMENT),
    ]
    assert synthesis_of(docs).contradictions == []


_CONTENTS_CLAIM = (
    "CONTENTS CLAIM FORM\n"
    "Policyholder: Declan Fitzgerald-Roe\n"
    "Date of loss: 12 June 2026\n"
    "Items claimed:\n"
    "1. Apple MacBook Pro 16-inch, serial C02FQ3ZJMD6T - claimed value EUR 3,450\n"
    "2. Sony A7 IV camera body, serial 5173309 - claimed value EUR 2,600\n"
    "3. Gold bracelet (inherited) - claimed value EUR 4,100\n"
    "Declaration: I declare that the information given on this form is true and complete, "
    "and that I have not recovered, sold or disposed of any of the items.\n"
    "Signed: Declan Fitzgerald-Roe\n"
)
_SHOP_RECEIPT = (
    "ELECTROWORLD GALWAY\n"
    "Receipt no. 55-10982\n"
    "Date: 03/09/2025 14:12\n"
    "Apple MacBook Pro 16-inch M3  serial C02FQ3ZJMD6T   EUR 2,299.00\n"
    "AppleCare                                           EUR   279.00\n"
    "TOTAL                                               EUR 2,578.00\n"
)
_LISTING = (
    "Saved listing - SecondLook marketplace\n"
    "Posted: 21 June 2026 09:14\n"
    "Title: Sony A7 IV body, boxed, low shutter count\n"
    "Description: Selling my A7 IV, barely used. Serial 5173309. Collection Galway city.\n"
    "Price: EUR 1,850\n"
)


async def test_a_claim_at_its_receipt_price_and_a_serial_seen_before_the_loss(
    tmp_path: Path,
) -> None:
    claim = _CONTENTS_CLAIM.replace("EUR 3,450", "EUR 2,299")
    listing = _LISTING.replace("21 June 2026", "21 May 2026")
    docs = [
        await text_doc(tmp_path, "contents_claim.txt", claim),
        await text_doc(tmp_path, "receipt_electroworld.txt", _SHOP_RECEIPT),
        await text_doc(tmp_path, "listing_sl7718204.txt", listing),
    ]
    assert synthesis_of(docs).contradictions == []


_PLEDGED_CLAIM = (
    "HOUSEHOLD CONTENTS CLAIM\n"
    "Policyholder: Ingrid Solberg\n"
    "Date of loss: 2 May 2026\n"
    "Items:\n"
    "Omega Speedmaster watch, serial 44120977 - NOK 61,000\n"
    "Diamond engagement ring (platinum) - NOK 38,000\n"
    "Nikon Z6 camera - NOK 14,500\n"
    "Was any item claimed sold, pawned or given away before the date of loss? No\n"
    "Declaration: I declare that the above is true and complete.\n"
    "Signed: Ingrid Solberg\n"
)
_SOLBERG = (
    "Statement of Ingrid Solberg\n"
    "Date: 9 May 2026\n"
    "I have never pawned or sold any of my jewellery.\n"
)
# A dealer's register: its own columns, no word "sold" or "pawned" in it; the file's name says
# what it is. The camera was pledged and redeemed: taken back, not parted with.
_REGISTER = (
    "Ticket no,Pledge date,Pledger,Article,Serial,Advance (NOK),Status\n"
    "T-3301,2026-03-11,Ingrid Solberg,Omega Speedmaster,44120977,24000,Forfeited\n"
    "T-3318,2026-03-20,Ingrid Solberg,Platinum diamond ring,,9000,Open\n"
    "T-3320,2026-03-21,Ingrid Solberg,Nikon Z6 camera body,,5000,Redeemed\n"
    "T-3325,2026-03-22,Tor Haugen,Nikon Z6 camera body,,5200,Open\n"
)


async def test_a_pledge_taken_back_before_the_loss_is_no_contradiction(tmp_path: Path) -> None:
    register = "\n".join(
        line.replace("Forfeited", "Redeemed").replace(",Open", ",Redeemed")
        for line in _REGISTER.splitlines()
    )
    docs = [
        await text_doc(tmp_path, "contents_claim.txt", _PLEDGED_CLAIM),
        await text_doc(tmp_path, "statement_solberg.txt", _SOLBERG),
        await text_doc(tmp_path, "pawnbroker_ledger.csv", register, "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []
