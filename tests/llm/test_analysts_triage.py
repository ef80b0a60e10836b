"""Triage: domain scores, classification and previews on real filings and on synthetic evidence."""

from pathlib import Path

import pytest

from holmes_backend.contracts.agents import TriageFile, TriageResult
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import REALDOCS, load, photo, run, text_doc

needs_realdocs = pytest.mark.skipif(not REALDOCS.is_dir(), reason="shared/realdocs is absent")


def _ranked(file: TriageFile) -> list[str]:
    scores = file.domain_scores.model_dump()
    return sorted(scores, key=lambda name: -scores[name])


def _check_ranges(file: TriageFile) -> None:
    assert all(0 <= v <= 1 for v in file.domain_scores.model_dump().values())
    assert 0 <= file.complexity_score <= 1
    assert file.primary_domain == _ranked(file)[0]
    assert file.primary_domain not in file.secondary_domains


@needs_realdocs
async def test_real_filings_lead_with_the_right_domain() -> None:
    docs = [
        await load(REALDOCS / "buckle_8-K_ex99-1_press_release.html", "text/html", "press"),
        await load(REALDOCS / "snowflake_form4.xml", "application/xml", "form4"),
        await load(REALDOCS / "fisher_v_ut_austin_opinion.txt", "text/plain", "opinion"),
    ]
    result, analysis = run(TriageResult, docs)
    by_id = {f.file_id: f for f in result.files}
    for file in result.files:
        _check_ranges(file)
    assert _ranked(by_id["press"])[0] == "financial"
    assert _ranked(by_id["form4"])[0] == "financial"
    assert _ranked(by_id["opinion"])[0] == "legal"
    assert by_id["opinion"].classification == "Legal/Precedent"
    assert by_id["opinion"].page_count == 41
    assert "2013-06-24" in by_id["opinion"].key_dates
    assert by_id["press"].classification.startswith("Financial/")
    assert any("Buckle" in name for name in by_id["press"].entities_preview)
    assert "2024-11-02" in by_id["press"].key_dates
    assert "2022-12-13" in by_id["form4"].key_dates
    assert "3 file(s)" in analysis.thoughts[0]


async def test_media_and_testimony_lean_evidence(tmp_path: Path) -> None:
    deposition = await text_doc(
        tmp_path,
        "deposition_ilse_varga.txt",
        "DEPOSITION OF ILSE VARGA\nTaken under oath on 9 May 2023.\n"
        "Q. Where were you on 2 March 2023?\nA. I was at the Kestrel Lane depot all day.\n",
    )
    transcript = await text_doc(
        tmp_path,
        "interview.vtt",
        "WEBVTT\n\nNOTE recording_start: 2023-03-02T10:00:00+02:00\n\n"
        "00:00:01.000 --> 00:00:04.000\n<v Bram Osei>I signed for the crates at noon.\n",
        mime="text/vtt",
    )
    image = photo("pic", "yard.jpg", "2023-03-02T12:10:00+02:00", 47.5, 19.04)
    recording = EvidenceDoc("rec", "call.m4a", "audio/mp4", {"duration": 93.5, "created": None})
    result, _ = run(TriageResult, [deposition, transcript, image, recording])
    by_id = {f.file_id: f for f in result.files}
    for file in result.files:
        _check_ranges(file)
        assert file.primary_domain == "evidence"
    assert by_id["deposition_ilse_varga"].classification == "Testimony"
    assert "legal" in by_id["deposition_ilse_varga"].secondary_domains
    assert by_id["interview"].classification == "Testimony"
    assert by_id["pic"].classification == "Media"
    assert by_id["pic"].key_dates == ["2023-03-02"]
    assert by_id["rec"].duration_seconds == 93.5


async def test_ledgers_contracts_and_letters_are_told_apart(tmp_path: Path) -> None:
    ledger = await text_doc(
        tmp_path,
        "payments.csv",
        "Posted,Paid To,Amount (EUR),Memo\n2022-01-04,Quillon Freight SARL,4200.00,haulage\n"
        "2022-01-09,Quillon Freight SARL,3900.00,haulage\n"
        "2022-01-15,Dunmore Kilns Ltd,870.50,kiln\n",
        mime="text/csv",
    )
    contract = await text_doc(
        tmp_path,
        "supply.txt",
        'SUPPLY AGREEMENT\nThis Supply Agreement is made between Dunmore Kilns Ltd ("Supplier") '
        'and Quillon Freight SARL ("Buyer").\nThe Supplier shall deliver the goods within 30 days.'
        "\nThe Buyer shall not assign this Agreement without the prior written consent of the "
        "Supplier.\nThis Agreement shall be governed by the laws of Ireland.\n",
    )
    letter = await text_doc(
        tmp_path,
        "letter.txt",
        "Dear Ms. Okoro,\nThank you for meeting us on the site last week.\n"
        "Sincerely,\nTobias Renn\n",
    )
    result, _ = run(TriageResult, [ledger, contract, letter])
    by_id = {f.file_id: f for f in result.files}
    assert by_id["payments"].primary_domain == "financial"
    assert by_id["payments"].classification == "Financial/Transactions"
    assert by_id["supply"].primary_domain == "legal"
    assert by_id["supply"].classification == "Legal/Contract"
    assert by_id["letter"].classification == "Correspondence"
    assert "Quillon Freight SARL" in by_id["payments"].entities_preview


async def test_messages_records_of_an_occasion_and_rules_reach_their_domains(
    tmp_path: Path,
) -> None:
    message = await text_doc(
        tmp_path,
        "note.eml",
        "From: Ivo Marsh <ivo@example.com>\nTo: Petra Lund <petra@example.com>\n"
        "Subject: Invoice\nDate: Tue, 4 Feb 2025 09:12:00 +0000\n\n"
        "Petra, the invoice for the fee is attached. Payment within 30 days please.\nIvo\n",
        mime="message/rfc822",
    )
    receipt = await text_doc(
        tmp_path,
        "receipt.txt",
        "THE LANTERN HOTEL\nQuay Street, Galway\nDate: 09/03/2025 Time: 21:14\n"
        "2 x Dinner EUR 84.00\nTOTAL EUR 84.00\nPaid by card\n",
    )
    policy = await text_doc(
        tmp_path,
        "gifts_policy.txt",
        "GIFTS AND HOSPITALITY POLICY\n1. Staff shall not accept any payment or gift from a "
        "supplier.\n2. Any payment received from a supplier must be declared within five days.\n",
    )
    subscribers = await text_doc(
        tmp_path,
        "subpoena_return.txt",
        "RESPONSE TO SUBPOENA\nNumber (312) 555-0142: subscriber Marcus Delane, Chicago, IL\n",
    )
    result, _ = run(TriageResult, [message, receipt, policy, subscribers])
    by_id = {f.file_id: f for f in result.files}
    # A message between people is on the case's timeline, whatever it is about.
    assert by_id["note"].domain_scores.evidence >= 0.4
    # A bill with a time of day and its venue puts its payer there: evidence as well as money.
    assert by_id["receipt"].primary_domain == "financial"
    assert by_id["receipt"].domain_scores.evidence >= 0.4
    # Rules that bind someone ("shall not accept", "must be declared") are the legal domain's.
    assert by_id["gifts_policy"].domain_scores.legal >= 0.4
    # Whose number is whose is what the evidence domain reads call records by.
    assert by_id["subpoena_return"].domain_scores.evidence >= 0.4


async def test_a_payment_told_in_prose_reaches_the_financial_agent(tmp_path: Path) -> None:
    """Minutes or a letter telling of money paid are what the Financial analyst checks against
    the bank's records; a meeting's note without money is not sent there for it."""
    told = (
        "MINUTES OF THE COMMITTEE MEETING, 12 September 2023\n"
        "Present: A. Ferris (Chair), L. Odum (Secretary), P. Brandt (Treasurer)\n"
        "1. Apologies were received from two members.\n"
        "2. The Treasurer reported that the $8,200 transferred on 14 August was the booking fee "
        "for the hall, and that the caterer would be confirmed at the next meeting.\n"
        "3. The Secretary will circulate the volunteer roster before the fair.\n"
        "4. The next meeting will be held on 10 October at the community centre.\n"
    )
    minutes = await text_doc(tmp_path, "minutes.txt", told)
    plain = await text_doc(
        tmp_path, "minutes_plain.txt", told.replace("the $8,200 transferred on 14 August", "it")
    )
    result, _ = run(TriageResult, [minutes, plain])
    by_id = {f.file_id: f for f in result.files}
    assert by_id["minutes"].domain_scores.financial >= 0.4
    assert by_id["minutes_plain"].domain_scores.financial < 0.4
