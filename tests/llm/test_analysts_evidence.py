"""Evidence analyst: timeline from EXIF, transcripts, e-mail and text; custody; sworn claims."""

from pathlib import Path

from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import load, photo, run, text_doc


async def test_photo_transcript_and_email_make_one_timeline(tmp_path: Path) -> None:
    picture = photo("p1", "quay.jpg", "2022-11-05T19:42:10+01:00", 51.9225, 4.47917)
    transcript = await text_doc(
        tmp_path,
        "radio.vtt",
        "WEBVTT\n\nNOTE recording_start: 2022-11-05T18:00:00+00:00\n\n"
        "00:00:05.000 --> 00:00:09.000\n<v Dispatcher Ngata>Unit four, respond to berth nine.\n\n"
        "00:01:00.000 --> 00:01:04.000\n<v Officer Liang Wu>On scene at berth nine.\n",
        mime="text/vtt",
    )
    mail = tmp_path / "tip.eml"
    mail.write_text(
        "From: Harriet Quell <hq@example.org>\nTo: Desk <desk@example.org>\n"
        "Subject: Lorry at the quay\nDate: Sat, 05 Nov 2022 19:55:00 +0100\n\n"
        "A grey lorry was loading at berth nine at 7:40 pm.\n",
        encoding="utf-8",
    )
    email = await load(mail, "message/rfc822", "mail")
    output, analysis = run(EvidenceOutput, [picture, transcript, email])
    stamps = {e.source.file_id: e for e in output.events}
    shot = stamps["p1"]
    assert shot.timestamp == "2022-11-05T19:42:10+01:00"
    assert (shot.latitude, shot.longitude) == (51.9225, 4.47917)
    assert shot.place
    assert "51.92250" in shot.place
    assert "N" in shot.place
    cues = [e for e in output.events if e.source.file_id == "radio"]
    assert [e.timestamp for e in cues] == ["2022-11-05T18:00:05+00:00", "2022-11-05T18:01:00+00:00"]
    assert cues[0].people[0] == "Dispatcher Ngata"
    assert cues[0].source.cue_start == 5.0
    sent = next(e for e in output.events if e.description.startswith("E-mail"))
    assert sent.timestamp == "2022-11-05T19:55:00+01:00"
    assert "Harriet Quell" in sent.people
    timestamps = [e.timestamp for e in output.events]
    assert len(timestamps) >= 4
    assert "Harriet Quell" in output.people
    assert any("timeline" in t for t in analysis.thoughts)


async def test_sworn_claims_take_time_and_place_from_the_question(tmp_path: Path) -> None:
    deposition = await text_doc(
        tmp_path,
        "depo_rask.txt",
        "DEPOSITION OF GUNNAR RASK\n"
        "Q. Mr. Rask, where were you on the night of 14 February 2020?\n"
        "A. I was at the Alder Street warehouse until midnight.\n"
        "Q. Did you ever meet Ysolde Merriman?\n"
        "A. I have never met Ysolde Merriman.\n"
        "Q. What is your occupation?\n"
        "A. Logistics.\n",
    )
    affidavit = await text_doc(
        tmp_path,
        "affidavit.txt",
        "AFFIDAVIT\nI, Ysolde Merriman, being duly sworn, state as follows:\n"
        "On 14 February 2020 at 10 pm I was at home in Linthorpe.\n"
        "I declare under penalty of perjury that the foregoing is true.\n",
    )
    output, _ = run(EvidenceOutput, [deposition, affidavit])
    claims = {c.claim: c for c in output.sworn_claims}
    warehouse = claims["I was at the Alder Street warehouse until midnight."]
    assert warehouse.speaker == "Gunnar Rask"
    assert warehouse.claimed_time == "2020-02-14T20:00:00/2020-02-14T23:59:59"
    assert warehouse.claimed_place
    assert "Alder Street" in warehouse.claimed_place
    assert warehouse.source.line == 3
    denial = claims["I have never met Ysolde Merriman."]
    assert denial.speaker == "Gunnar Rask"
    assert "A. Logistics." not in claims
    assert "Logistics." not in claims
    home = next(
        c for c in output.sworn_claims if c.source.file_id == "affidavit" and c.claimed_time
    )
    assert home.speaker == "Ysolde Merriman"
    assert home.claimed_time == "2020-02-14T22:00:00"
    assert home.claimed_place == "home in Linthorpe"
    # The closing formula says the statement is true; it is no fact to corroborate or contradict.
    assert not any("perjury" in c.claim for c in output.sworn_claims)


async def test_wrapped_lines_are_one_sentence_and_a_bare_time_is_the_days_before_it(
    tmp_path: Path,
) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_ruane.txt",
        "WITNESS STATEMENT OF COLM RUANE\n\n"
        "I attended the Tender Evaluation Panel meeting on 14 March 2025. Before the meeting,\n"
        "at about 09:40, I saw Aoife Gallagher in the car park speaking with Declan Hurley of\n"
        "Brennock Civil Works Ltd in a dark blue saloon parked beside the side entrance of the\n"
        "depot. I did not hear what was said.\n\n"
        "Present at the meeting: Aoife Gallagher, Colm Ruane, Sinead Foley, Padraig Moloney\n"
        "Apologies: Tomas Brandt\n",
    )
    output, _ = run(EvidenceOutput, [statement])
    seen = next(e for e in output.events if "car park" in e.description)
    assert seen.timestamp == "2025-03-14T09:40:00"
    assert {"Aoife Gallagher", "Declan Hurley"} <= set(seen.people)
    assert any(
        c.claim.startswith("Before the meeting, at about 09:40, I saw Aoife Gallagher")
        and "depot." in c.claim
        for c in output.sworn_claims
    )
    # A field on the next line is not the wrapped end of the one before.
    texts = [u.text for u in units(statement)]
    assert "Apologies: Tomas Brandt" in texts


async def test_a_chat_exports_lines_are_whole_messages(tmp_path: Path) -> None:
    chat = await text_doc(
        tmp_path,
        "chat_export.txt",
        "19/03/2025, 19:02 - Declan Hurley: Table booked for 8.30 at the Merrion, under my name\n"
        "19/03/2025, 19:05 - Aoife Gallagher: Perfect. Driving up now, should make it\n"
        "19/03/2025, 20:41 - Aoife Gallagher: Parked on Merrion Square\n",
    )
    output, _ = run(EvidenceOutput, [chat])
    assert [(e.timestamp, e.description.split(" - ", 1)[1]) for e in output.events] == [
        (
            "2025-03-19T19:02:00",
            "Declan Hurley: Table booked for 8.30 at the Merrion, under my name",
        ),
        ("2025-03-19T19:05:00", "Aoife Gallagher: Perfect. Driving up now, should make it"),
        ("2025-03-19T20:41:00", "Aoife Gallagher: Parked on Merrion Square"),
    ]
    assert [e.people for e in output.events] == [
        ["Declan Hurley"],
        ["Aoife Gallagher"],
        ["Aoife Gallagher"],
    ]


async def test_organisations_named_leave_out_column_names_and_statement_lines(
    tmp_path: Path,
) -> None:
    doc = await text_doc(
        tmp_path,
        "filing.txt",
        "Title of Each Class | Name of Each Exchange on Which Registered\n"
        "Common Stock | New York Stock Exchange\n"
        "LONG-TERM INVESTMENTS | 27,261 | 24,993\n"
        "Other Liabilities | 1,204 | 998\n"
        "Bids were received from Kestrel Paving Ltd and the Harbour Port Authority.\n",
    )
    output, _ = run(EvidenceOutput, [doc])

    [named] = [f for f in output.findings if f.finding_type == "organizations_named"]
    assert sorted(named.entities) == [
        "Harbour Port Authority",
        "Kestrel Paving Ltd",
        "New York Stock Exchange",
    ]
