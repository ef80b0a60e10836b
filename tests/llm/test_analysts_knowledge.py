"""A workplace case unlike the others: a grievance e-mailed to HR with the supervisor copied,
his own reply about it, and his witness statement that he knew of no grievance before a date.
The denial meets the messages he sent or received before that date, not those after; who he is
(background) is no claim to corroborate; his denial of an instruction is no denied defect."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput, SynthesisOutput
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF OSKAR LINDQVIST\n"
    "I, Oskar Lindqvist, state as follows:\n"
    "1. I am the dispatch supervisor at the Malmö depot and have been since 2019.\n"
    "2. I was not aware of any grievance from Ms Nwosu before 15 October 2024.\n"
    "3. I never told Ms Nwosu to stop reporting faults on the loading dock.\n"
    "4. The reallocation of weekend shifts had been planned since June 2024.\n"
)
_MINUTES = (
    "DEPOT MANAGEMENT MEETING - 12 September 2024\n"
    "Present: Oskar Lindqvist, Helle Brandt\n"
    "1. Volumes reviewed.\n"
    "2. No reallocation of weekend shifts is planned this year.\n"
)
_MEMO = (
    "FILE NOTE - Nwosu grievance\n"
    "Prepared after reading the statement of Oskar Lindqvist.\n"
    "1. The grievance was logged by HR on 7 October 2024.\n"
    "2. The hearing was held on 28 October 2024.\n"
)


async def _docs(tmp_path: Path) -> list:
    oskar = "Oskar Lindqvist <o.lindqvist@depot.example>"
    mails = [
        ("grievance.eml", "Amara Nwosu <a.nwosu@depot.example>", "HR <hr@depot.example>", oskar,
         "Mon, 07 Oct 2024 08:02:00 +0200", "Formal grievance - shift allocation"),
        ("reply.eml", oskar, "Helle Brandt <h.brandt@depot.example>", None,
         "Tue, 08 Oct 2024 16:30:00 +0200", "RE: Formal grievance - shift allocation"),
        ("later.eml", "HR <hr@depot.example>", oskar, None,
         "Mon, 21 Oct 2024 10:00:00 +0200", "Grievance hearing arrangements"),
    ]  # fmt: skip
    docs = [
        await text_doc(tmp_path, "statement_lindqvist.txt", _STATEMENT),
        await text_doc(tmp_path, "minutes_2024-09-12.txt", _MINUTES),
        await text_doc(tmp_path, "file_note.txt", _MEMO),
    ]
    for name, sender, to, cc, date, subject in mails:
        headers = {"From": sender, "To": to, "Date": date, "Subject": subject}
        docs.append(await email_doc(tmp_path, name, headers | ({"Cc": cc} if cc else {})))
    return docs


async def test_who_the_witness_is_is_no_claim(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))

    lines = {c.source.line for c in evidence.sworn_claims if c.source.file_id.startswith("st")}
    assert 3 not in lines  # "I am the dispatch supervisor … since 2019"
    assert {4, 5, 6} <= lines
    # A file note about the statement is nobody's testimony, numbered or not.
    assert not [c for c in evidence.sworn_claims if c.source.file_id == "file_note"]


async def test_a_record_relaying_the_witness_is_no_corroboration(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_okafor.txt",
        "WITNESS STATEMENT OF JUDE OKAFOR\n"
        "On the evening of 12 October 2024 I was at the Malmö depot.\n",
    )
    police = await text_doc(
        tmp_path,
        "police_log.txt",
        "2024-10-12 22:55 Jude Okafor stated he was at the depot all evening.\n",
    )
    synthesis, _ = run(SynthesisOutput, [statement, police])

    [gap] = [g for g in synthesis.evidence_gaps if g.element.startswith("Corroboration")]
    assert gap.sources[0].file_id == "statement_okafor"


_QA_STATEMENT = (
    "STATEMENT OF GODFREY ACHTERBERG\n"
    "Quality Manager, Nordvik Appliances BV\n"
    "Dated: 12 November 2025\n"
    "1. Until the recall on 1 September 2025 we had received no complaints about the "
    "AquaSteam kettle leaking.\n"
    "2. The first I heard of any scalding was the hospital's letter in September 2025.\n"
    "Signed: Godfrey Achterberg\n"
)
# Its own layout: no word "complaint" in a row, the file's name says what the rows are.
_COMPLAINTS = (
    "Case,Opened,Model,Issue,Handler\n"
    "NV-771,2025-03-02,AquaSteam,Base leaking onto worktop,G. Achterberg\n"
    "NV-802,2025-04-19,AquaSteam,Leaking at the seam; minor scalding to hand,G. Achterberg\n"
    "NV-815,2025-05-06,BreezeFan 20,Rattling blade guard,L. Moreau\n"
    "NV-930,2025-10-02,AquaSteam,Leaking after descaling,G. Achterberg\n"
)


async def test_a_log_of_something_else_meets_no_denial_of_complaints(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_achterberg.txt", _QA_STATEMENT),
        await text_doc(tmp_path, "service_visits.csv", _COMPLAINTS, "text/csv"),
    ]
    found = {c.claim_source.line: c for c in synthesis_of(docs).contradictions}
    assert 4 not in found  # nothing says those rows were complaints


_DIRECTOR = (
    "WITNESS STATEMENT OF RAHEEM OYELARAN\n"
    "Dated 30 June 2026\n"
    "1. On 10 May 2026 I decided to end the contract of Marit Solheim.\n"
    "2. I had no knowledge of her grievance about the cold store when I made that decision.\n"
    "3. I was not aware of any complaint by Ms Solheim until 15 May 2026.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)
