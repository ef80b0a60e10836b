"""Files whose evidence is not their obvious subject reach the evidence agent: a tradesman's
quote that records a defect (and its price), a bank's note of who was seen at its ATM."""

from pathlib import Path

from holmes_backend.analysis.domains import triage
from tests.llm.test_analysts_helpers import text_doc


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


async def test_a_representation_and_a_mandate_reach_their_agents(
    tmp_path: Path,
) -> None:
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
    assert triage.triage_file(letter).domain_scores.evidence >= 0.4
    assert triage.triage_file(mandate).domain_scores.legal >= 0.4
