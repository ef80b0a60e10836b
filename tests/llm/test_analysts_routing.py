"""Files whose evidence is not their obvious subject reach the evidence agent: a tradesman's
quote that records a defect (and its price), a bank's note of who was seen at its ATM; a form's
"Date of inspection" field dates an act on the timeline."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.local.domains import triage
from tests.llm.test_analysts_helpers import run, text_doc


async def test_a_quote_recording_a_defect_and_a_note_of_a_sighting(tmp_path: Path) -> None:
    quote = await text_doc(
        tmp_path,
        "glazier_quote.txt",
        "Brightpane Glazing - Quotation 7731\nDate: 4 March 2026\n"
        "Rear patio door: cracked double-glazed unit, frame damp.\nPrice: GBP 1,140\n",
    )
    note = await text_doc(
        tmp_path,
        "branch_note.txt",
        "Northfield branch note, 20 March 2026\n"
        "Staff reviewed the camera footage and identified him as Colin Ashdown, the payee.\n"
        "The withdrawal of GBP 500 was made at 14:02.\n",
    )
    plain = await text_doc(
        tmp_path,
        "price_quote.txt",
        "Brightpane Glazing - Quotation 7732\nDate: 4 March 2026\n"
        "Supply and fit two new windows.\nPrice: GBP 2,400\n",
    )
    assert triage.triage_file(quote).domain_scores.evidence >= 0.4
    assert triage.triage_file(note).domain_scores.evidence >= 0.4
    assert triage.triage_file(plain).domain_scores.evidence < 0.4


async def test_a_form_field_dating_an_act_is_an_event(tmp_path: Path) -> None:
    certificate = await text_doc(
        tmp_path,
        "certificate.txt",
        "INSPECTION CERTIFICATE\nInspected by: Alva Brandt\n"
        "Date of inspection: 11 May 2026\nDate of issue: 12 May 2026\n",
    )
    evidence, _ = run(EvidenceOutput, [certificate])
    assert [(e.timestamp, e.description) for e in evidence.events] == [
        ("2026-05-11", "Date of inspection: 11 May 2026")
    ]


async def test_a_staff_list_with_home_addresses_reaches_the_financial_agent(
    tmp_path: Path,
) -> None:
    """Two rows of names and addresses: a register of who is who, read with the payments."""
    staff = await text_doc(
        tmp_path,
        "staff_extract.csv",
        "Employee no,Name,Job title,Home address,Postcode\n"
        "E-2231,Tom Pollard,Facilities Manager,17 Wharfedale Crescent,LS21 3HP\n"
        "E-2310,Alison Greaves,AP Supervisor,4 Church View,LS18 4NR\n",
        "text/csv",
    )
    assert triage.triage_file(staff).domain_scores.financial >= 0.4


async def test_a_chat_export_reaches_the_evidence_agent(tmp_path: Path) -> None:
    """A WhatsApp export: stamped lines with their writers, talking of prices; messages between
    people, read for who knew what and when."""
    chat = await text_doc(
        tmp_path,
        "whatsapp_export.txt",
        "12/03/2025, 21:14 - Omar Haddad: Did you see the evaluation sheet yet?\n"
        "12/03/2025, 21:16 - Priya Natarajan: Yes. Your price is 4% above Sandfield. Drop it "
        "to 1.91m and you win on points.\n"
        "12/03/2025, 21:17 - Omar Haddad: Done. Thank you, I won't forget it.\n",
    )
    assert triage.triage_file(chat).domain_scores.evidence >= 0.4


async def test_a_receipt_a_representation_and_a_mandate_reach_their_agents(
    tmp_path: Path,
) -> None:
    # A cab receipt: its date on one line, its times and places on others.
    receipt = await text_doc(
        tmp_path,
        "cab_receipt.txt",
        "Northline Cabs - receipt 9120\nDate: 02/08/2026\nPassenger: R. Osei\n"
        "Pickup: 23:10  9 Wren Lane\nDrop-off: 23:32  Quayside Casino, Dock Street\n"
        "Fare: GBP 18.20\n",
    )
    # A letter of representation: its signatory's word, held against the records.
    letter = await text_doc(
        tmp_path,
        "representation_letter.txt",
        "Letter of representation to Ashby & Co\nDate: 3 March 2027\n"
        "We confirm that all payments over GBP 2,000 in 2026 were approved by two trustees.\n"
        "Signed: Mirela Dobre, Treasurer\n",
    )
    # A bank mandate: the approval the payments are held to.
    mandate = await text_doc(
        tmp_path,
        "bank_mandate.txt",
        "Account mandate - Elmfield Rowing Club\n"
        "Payments of GBP 2,000 or more require the authorisation of two trustees.\n",
    )
    assert triage.triage_file(receipt).domain_scores.evidence >= 0.4
    assert triage.triage_file(letter).domain_scores.evidence >= 0.4
    assert triage.triage_file(mandate).domain_scores.legal >= 0.4


async def test_a_claim_form_and_a_self_checked_register_reach_their_agents(tmp_path: Path) -> None:
    form = await text_doc(
        tmp_path,
        "claim_form.txt",
        "ASHGROVE INSURANCE - CONTENTS CLAIM FORM\nClaim number: HC-55102\n"
        "Policyholder: Owen Pritchard\nAddress: 27 Kelso Road, Leeds LS6 1PA\n"
        "Date of loss: 3 May 2026\nItem: Apple MacBook Pro 16-inch, serial C02FK3XYQ6L4\n"
        "Value claimed: GBP 2,499.00\nDescription of loss: The laptop was stolen from the boot "
        "of my car outside my house at around 19:00 on 3 May 2026.\n"
        "I still had the laptop on the morning of 3 May and used it for work that day.\n"
        "I declare that the information given is true and complete.\n"
        "Signed: Owen Pritchard   Date: 5 May 2026\n",
    )
    register = await text_doc(
        tmp_path,
        "register.csv",
        "Date,Drug,Quantity,Administered by,Witnessed by\n"
        "14/03/2026,Oxycodone 10mg,2,Rosa Castellano,Rosa Castellano\n",
        "text/csv",
    )
    witnessed = await text_doc(
        tmp_path,
        "register_ok.csv",
        "Date,Drug,Quantity,Administered by,Witnessed by\n"
        "14/03/2026,Oxycodone 10mg,2,Rosa Castellano,Ngozi Achebe\n",
        "text/csv",
    )
    # Its items and values are what receipts and sales are read against, however much prose.
    assert triage.triage_file(form).domain_scores.financial >= 0.4
    # One person doing and checking an act: a record of who did what.
    assert triage.triage_file(register).domain_scores.evidence >= 0.4
    assert triage.triage_file(witnessed).domain_scores.evidence < 0.4
