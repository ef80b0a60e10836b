"""Documents the evidence says are missing or still to come become evidence gaps, whatever the
layout: a letter, an e-mail, a checklist table, reported speech. A document the case holds, or
a kind with nothing to say which document ("the invoice is to follow"), does not."""

from pathlib import Path

from holmes_backend.analysis.domains.absent_documents import _absent
from holmes_backend.contracts.agents import EvidenceOutput, SynthesisOutput
from tests.llm.test_analysts_helpers import email_doc, findings, run, text_doc


def test_sentences_that_name_an_absent_document() -> None:
    found = {
        text: _absent(text)
        for text in (
            "Variation order VO-7 - signed copy to follow.",
            "(b) Insurance certificate (form EL-22) will follow under separate cover.",
            "The bank has no record of a guarantee letter being issued.",
            "Exhibit TK-4 was not attached to the copy served on us.",
            "She told me the signed site handover form had never been sent.",
            "Item 4: Completion certificate CC-118 - still outstanding.",
        )
    }
    names = {text: absent.name if absent else None for text, absent in found.items()}
    assert names == {
        "Variation order VO-7 - signed copy to follow.": "order VO-7",
        "(b) Insurance certificate (form EL-22) will follow under separate cover.": ("form EL-22"),
        "The bank has no record of a guarantee letter being issued.": "guarantee letter",
        "Exhibit TK-4 was not attached to the copy served on us.": "Exhibit TK-4",
        "She told me the signed site handover form had never been sent.": (
            "signed site handover form"
        ),
        "Item 4: Completion certificate CC-118 - still outstanding.": ("certificate CC-118"),
    }


def test_sentences_that_do_not() -> None:
    for text in (
        "The invoice is to follow.",  # which invoice?
        "I have attached the signed contract.",
        "Payment was not received until 3 May.",
        "We will follow up next week.",
        "Details to follow.",
        "The minutes were approved as a true record.",
    ):
        assert _absent(text) is None, text


async def test_absent_documents_are_gaps_in_every_layout(tmp_path: Path) -> None:
    letter = await text_doc(
        tmp_path,
        "letter_fennick.txt",
        "Fennick & Rowe Solicitors\n12 June 2024\n\nDear Ms Adeyemi,\n"
        "We enclose our client's statement. Exhibit TK-4 was not attached to the copy served "
        "on us; please send it.\n",
    )
    mail = await email_doc(
        tmp_path,
        "progress_claim.eml",
        {
            "From": "Ilse Maartens <ilse@maartens.example>",
            "To": "Owen Pryce <owen@county.example>",
            "Date": "Mon, 10 Jun 2024 09:00:00 +0000",
            "Subject": "Claim 9",
        },
        "Owen,\n\nClaim 9 attached. Variation order VO-7 - signed copy to follow.\n\nIlse\n",
    )
    checklist = await text_doc(
        tmp_path,
        "handover_checklist.csv",
        "Item;Document;Status\n1;Practical completion notice;received\n"
        "2;Completion certificate CC-118;still outstanding\n",
        "text/csv",
    )
    interview = await text_doc(
        tmp_path,
        "interview_pryce.txt",
        "Interview with Owen Pryce, 14 June 2024.\n"
        "Q: Did you receive the handover form?\n"
        "OP: No. Ms Maartens told me the signed site handover form had never been sent.\n",
    )
    # The case holds this one: its reference is the file's name.
    held = await text_doc(tmp_path, "EL-22_insurance_certificate.txt", "Certificate EL-22\n")
    cover = await text_doc(
        tmp_path,
        "cover_note.txt",
        "Cover note, 11 June 2024.\n"
        "Insurance certificate (form EL-22) will follow under separate cover.\n",
    )
    docs = [letter, mail, checklist, interview, held, cover]
    evidence, _ = run(EvidenceOutput, docs)
    synthesis, _ = run(SynthesisOutput, [], blocks=[findings("evidence", evidence)])

    gaps = {g.element: g for g in synthesis.evidence_gaps}
    absent = {e.removeprefix("Referred to but not in the evidence: ") for e in gaps}
    assert {"Exhibit TK-4", "order VO-7", "signed site handover form"} <= absent
    assert any("CC-118" in name for name in absent), absent
    assert not any("EL-22" in name for name in absent), absent  # held
    gap = gaps["Referred to but not in the evidence: Exhibit TK-4"]
    assert gap.current_strength == "MISSING"
    assert gap.sources[0].file_id == letter.file_id
    assert "TK-4" in gap.sources[0].excerpt


async def test_a_missing_document_is_named_as_fully_as_the_case_names_it(tmp_path: Path) -> None:
    deed = await text_doc(
        tmp_path,
        "deed_extract.txt",
        "DEED OF SALE - EXTRACT\n"
        "4.2 The conveyancer shall deliver an escrow release letter to the seller within 5 days "
        "of the deposit.\n",
    )
    notes = await text_doc(
        tmp_path,
        "audit_notes.txt",
        "Audit notes, 2 May 2025.\n"
        "The escrow agent has no record of a release letter being issued for this sale.\n",
    )
    evidence, _ = run(EvidenceOutput, [deed, notes])
    synthesis, _ = run(SynthesisOutput, [], blocks=[findings("evidence", evidence)])
    absent = [
        g.element.removeprefix("Referred to but not in the evidence: ")
        for g in synthesis.evidence_gaps
        if g.element.startswith("Referred to")
    ]
    assert absent == ["escrow release letter"]
