"""Call detail records whose columns are not named as dates, a subscriber return that says whose
each number is, and an affidavit: the calls are events of the people behind the numbers, and
the affidavit's denials and alibi meet them."""

from pathlib import Path

from holmes_backend.analysis.facts.phones import phone_holders, phone_key
from holmes_backend.contracts.agents import EvidenceOutput, SynthesisOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_CALLS = (
    "Call Start,Calling Party,Called Party,Duration (s),Cell Site\n"
    '2023-07-18 21:02:11,(312) 555-0142,(312) 555-0199,64,"Tower 114 - 2200 S Michigan Ave, '
    'Chicago"\n'
    '2023-07-18 22:47:50,(312) 555-0142,(312) 555-0177,12,"Tower 221 - 800 N Halsted St, '
    'Chicago"\n'
)
_SUBSCRIBERS = (
    "SUBSCRIBER INFORMATION - RESPONSE TO SUBPOENA 23-GJ-0448\n"
    "Number (312) 555-0142: subscriber Marcus Delane, 1418 W Erie St, Chicago, IL 60642\n"
    "Number (312) 555-0199: subscriber Tessa Okonkwo, 77 Lake St, Oak Park, IL 60301\n"
    "Number (312) 555-0177: subscriber Rhodes Auto Salvage LLC, 3301 S Ashland Ave, Chicago\n"
)
_AFFIDAVIT = (
    "AFFIDAVIT OF MARCUS DELANE\n\nI, Marcus Delane, being duly sworn, state as follows:\n\n"
    "1. On the evening of July 18, 2023, I was at my sister's apartment in Oak Park.\n"
    "2. I do not know anyone at Rhodes Auto Salvage LLC and have never called them.\n"
    "3. I have not spoken to Tessa Okonkwo since May 2023.\n"
)


async def test_calls_are_the_subscribers_events_and_meet_the_affidavit(tmp_path: Path) -> None:
    calls = await text_doc(tmp_path, "cdr_0142.csv", _CALLS, "text/csv")
    subscribers = await text_doc(tmp_path, "subscriber_return.txt", _SUBSCRIBERS)
    affidavit = await text_doc(tmp_path, "affidavit_delane.txt", _AFFIDAVIT)
    docs = [calls, subscribers, affidavit]
    assert phone_holders(docs) == {
        "3125550142": "Marcus Delane",
        "3125550199": "Tessa Okonkwo",
        "3125550177": "Rhodes Auto Salvage LLC",
    }
    assert phone_key("+1 312.555.0142") == phone_key("(312) 555-0142")
    evidence, _ = run(EvidenceOutput, docs)
    rows = [e for e in evidence.events if e.source.file_id == "cdr_0142"]
    assert [(e.timestamp, e.people) for e in rows] == [
        ("2023-07-18T21:02:11", ["Marcus Delane", "Tessa Okonkwo"]),
        ("2023-07-18T22:47:50", ["Marcus Delane", "Rhodes Auto Salvage LLC"]),
    ]
    synthesis, _ = run(SynthesisOutput, docs)
    against = {
        c.claim_source.line: {r.row for r in c.evidence_against} for c in synthesis.contradictions
    }
    assert against[6] == {2}  # "never called them": the 22:47 call to Rhodes Auto Salvage
    assert against[7] == {1}  # "not spoken to Tessa Okonkwo": the 21:02 call
    assert against[5] >= {2}  # in Oak Park all evening: the 22:47 call through a Chicago tower


async def test_a_number_two_records_give_to_different_people_has_no_holder(tmp_path: Path) -> None:
    first = await text_doc(tmp_path, "a.txt", "Mobile 312-555-0101 belongs to Ada Quill.\n")
    second = await text_doc(tmp_path, "b.txt", "Mobile 312-555-0101 belongs to Bram Osei.\n")
    assert phone_holders([first, second]) == {}


async def test_bare_international_numbers_in_a_call_records_party_columns(
    tmp_path: Path,
) -> None:
    """ "A-party: 447700900311": a call record's bare number, tied to its subscriber by the
    subscriber checks' "07700 900311 - registered to Nathan Brooks"."""
    docs = [
        await text_doc(
            tmp_path,
            "cdr_extract.csv",
            "Call start,Duration (s),A-party,B-party,Call type\n"
            "2025-07-02 19:41:08,312,447700900311,447700900845,MOC\n"
            "2025-07-03 08:02:11,128,447700900845,447700900311,MTC\n",
            "text/csv",
        ),
        await text_doc(
            tmp_path,
            "subscriber_checks.txt",
            "Subscriber checks\n"
            "07700 900311 - registered to Nathan Brooks, 12 Elm Grove, Birmingham B13\n"
            "07700 900845 - registered to Kieran Doyle, Flat 4, 88 Lode Lane, Solihull B91\n",
        ),
        await text_doc(
            tmp_path,
            "brooks_interview.txt",
            "Record of interview - Nathan Brooks\nDate: 18 July 2025\n"
            "Q: Do you know Kieran Doyle?\n"
            "A: I have not contacted him at all this year.\n",
        ),
    ]
    [contact] = synthesis_of(docs).contradictions
    assert contact.explanation == (
        "Nathan Brooks denies contact with Kieran Doyle, yet 2 record(s) show both together or "
        "dealing with each other."
    )
    assert {r.file_id for r in contact.evidence_against} == {"cdr_extract"}
