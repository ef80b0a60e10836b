"""A padded insurance claim: a watch claimed as stolen in a theft, its order confirmation dated
after the theft, the claimant's "I never purchased another watch after the theft"; the same
receipt dated before the theft is the proof of ownership it should be."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.llm.local.domains.losses import CLAIMED_LOSS
from tests.llm.test_analysts_helpers import email_doc, rendered, run, synthesis_of, text_doc

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


async def test_an_item_claimed_as_stolen_and_bought_after_the_theft(tmp_path: Path) -> None:
    claim = await text_doc(tmp_path, "claim_form.txt", _CLAIM)
    financial, _ = run(FinancialOutput, [claim])
    assert [f.title for f in financial.findings if f.finding_type == "claimed_loss"] == [
        "Claimed by Henrike Vollmer as lost on 2026-02-03: Garmin Fenix 7 Sapphire watch (EUR 699)",
        "Claimed by Henrike Vollmer as lost on 2026-02-03: Bose QC45 headphones (EUR 329)",
    ]
    docs = [
        claim,
        await text_doc(tmp_path, "order_confirmation.txt", _ORDER),
        await text_doc(tmp_path, "statement_vollmer.txt", _STATEMENT),
    ]
    output = synthesis_of(docs)
    [item] = [c for c in output.contradictions if c.claim.startswith("Garmin")]
    assert item.severity == "HIGH"
    assert "lost on 2026-02-03" in item.explanation
    assert [r.file_id for r in item.evidence_against] == ["order_confirmation"]
    [denied] = [c for c in output.contradictions if "never purchased" in c.claim]
    assert denied.severity == "HIGH"  # the claim is hers
    assert "was bought on 2026-02-09" in denied.explanation
    # The headphones were not bought again: no contradiction of them.
    assert not [c for c in output.contradictions if c.claim.startswith("Bose")]


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


async def test_an_item_on_sale_after_the_loss_and_a_value_above_its_receipt(
    tmp_path: Path,
) -> None:
    """A column-set receipt (each line an item and its price) from before the loss is the
    laptop's price; the camera's serial number on a sale listing after the loss says it was not
    lost; the bracelet, with no record, is neither."""
    docs = [
        await text_doc(tmp_path, "contents_claim.txt", _CONTENTS_CLAIM),
        # As the model receives it, its columns gone: each line still ends in its own price.
        await rendered(tmp_path, "receipt_electroworld.txt", _SHOP_RECEIPT),
        await text_doc(tmp_path, "listing_sl7718204.txt", _LISTING),
    ]
    output = synthesis_of(docs)
    found = {c.claim_source.line: c for c in output.contradictions}
    assert sorted(found) == [5, 6, 8]
    # The declaration's formula is no claim; what it adds after it is the policyholder's.
    assert found[8].claim == "I have not recovered, sold or disposed of any of the items."
    assert found[8].explanation.endswith(
        "records after the loss carry the serial number of: Sony A7 IV camera body, serial "
        "5173309 (on 2026-06-21)."
    )
    assert found[6].severity == "HIGH"
    assert found[6].explanation == (
        "The claim puts Sony A7 IV camera body, serial 5173309 among what was lost on "
        "2026-06-12; its serial number is recorded after that, on 2026-06-21: Posted: 21 June "
        "2026 09:14 - Serial 5173309."
    )
    assert [r.file_id for r in found[6].evidence_against] == ["listing_sl7718204"]
    assert found[5].severity == "MEDIUM"
    assert found[5].explanation == (
        "Apple MacBook Pro 16-inch, serial C02FQ3ZJMD6T, lost on 2026-06-12, is claimed at "
        "EUR 3,450, 50% more than the EUR 2,299 its receipt shows paid for it on 2025-09-03."
    )
    assert [(r.file_id, r.line) for r in found[5].evidence_against] == [
        ("receipt_electroworld.txt", 4)
    ]


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


# A form giving its one item and its value in fields of their own; the item was sold on a
# marketplace, by serial number, two weeks before the theft claimed; the sale's e-mail dates
# the sale in its body ("Sold on: …").
_FORM = (
    "ASHGROVE INSURANCE - CONTENTS CLAIM FORM\n"
    "Policyholder: Owen Pritchard\n"
    "Date of loss: 3 May 2026\n"
    "Item: Apple MacBook Pro 16-inch, serial C02FK3XYQ6L4\n"
    "Value claimed: GBP 2,499.00\n"
    "Signed: Owen Pritchard   Date: 5 May 2026\n"
)


def _sale(sold_on: str) -> str:
    return (
        "Hi Owen,\n\nGood news - your item has sold.\n\n"
        "Item: Apple MacBook Pro 16-inch (serial C02FK3XYQ6L4)\n"
        "Sale price: GBP 1,650.00\n"
        f"Sold on: {sold_on}\n"
    )


async def test_an_item_sold_by_its_serial_before_the_loss_was_not_lost(tmp_path: Path) -> None:
    form = await text_doc(tmp_path, "claim_form.txt", _FORM)
    headers = {
        "From": "Tradeloop <no-reply@tradeloop.co.uk>",
        "To": "owen.pritchard@example.com",
        "Date": "Tue, 21 Apr 2026 19:02:00 +0100",
        "Subject": "You sold an item",
    }
    sale = await email_doc(tmp_path, "sale.eml", headers, _sale("21 April 2026"))
    financial, _ = run(FinancialOutput, [form])
    [loss] = [f for f in financial.findings if f.finding_type == CLAIMED_LOSS]
    assert loss.title == (
        "Claimed by Owen Pritchard as lost on 2026-05-03: Apple MacBook Pro 16-inch (GBP 2,499)"
    )
    [sold] = synthesis_of([form, sale]).contradictions
    assert sold.explanation.startswith(
        "The claim puts Apple MacBook Pro 16-inch among what was lost on 2026-05-03; a sale of "
        "the item with that serial number is recorded on 2026-04-21, before it"
    )
    assert sold.severity == "HIGH"
    # A sale after the loss is a stolen item turning up (the older rule), not one sold before.
    later = await email_doc(tmp_path, "sale.eml", headers, _sale("20 May 2026"))
    [seen] = synthesis_of([form, later]).contradictions
    assert "recorded after that, sold on 2026-05-20" in seen.explanation


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


async def test_items_a_pawnbroker_holds_from_before_the_loss_were_not_lost(
    tmp_path: Path,
) -> None:
    docs = [
        await text_doc(tmp_path, "contents_claim.txt", _PLEDGED_CLAIM),
        await text_doc(tmp_path, "statement_solberg.txt", _SOLBERG),
        await text_doc(tmp_path, "pawnbroker_ledger.csv", _REGISTER, "text/csv"),
    ]
    output = synthesis_of(docs)
    [watch] = [c for c in output.contradictions if c.claim.startswith("Omega")]
    assert watch.severity == "HIGH"  # by its serial number
    assert "recorded on 2026-03-11, before it" in watch.explanation
    [ring] = [c for c in output.contradictions if c.claim.startswith("Diamond")]
    assert ring.severity == "MEDIUM"  # her own pledge of a ring of its kind, no serial
    assert "a record shows Ingrid Solberg parting with an item of its kind" in ring.explanation
    # The camera she redeemed, and the one another man pledged, say nothing of hers.
    assert not [c for c in output.contradictions if c.claim.startswith("Nikon")]
    for said in ("No [asked: Was any item claimed sold", "I have never pawned"):
        [denial] = [c for c in output.contradictions if c.claim.startswith(said)]
        assert denial.severity == "HIGH"
        assert "Omega Speedmaster watch" in denial.explanation
        assert "Nikon" not in denial.explanation
        assert {r.file_id for r in denial.evidence_against} == {"pawnbroker_ledger"}


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
