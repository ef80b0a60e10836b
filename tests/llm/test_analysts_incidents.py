"""The moment of an incident: a cyclist knocked down at a crossing; the van driver says he was
not on his phone and was doing 20 mph; his own number's records and the van's tracker say
otherwise. Messages he received, or sent long before, are no use of the phone then."""

from pathlib import Path

from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_INCIDENT = (
    "INCIDENT LOG - Westgate Road Policing Unit\n"
    "Ref: WR/2291\n"
    "Date: 14 February 2026\n"
    "Time: 08:15\n"
    "Collision at the Albion Street crossing: a cyclist struck by a delivery van.\n"
)
_CALLS = (
    "Number holder,Date,Time,Event,Direction\n"
    "Kwame Asante,2026-02-14,07:20:10,Voice call,Outgoing\n"
    "Kwame Asante,2026-02-14,08:13:02,WhatsApp message,Incoming\n"
    "Kwame Asante,2026-02-14,08:14:31,WhatsApp message,Outgoing\n"
)
_TRACKER = (
    "Time,Speed (mph),Heading\n"
    "2026-02-14 08:14:10,27,N\n"
    "2026-02-14 08:14:50,31,N\n"
    "2026-02-14 08:15:05,29,N\n"
)
_STATEMENT = (
    "Witness statement of Kwame Asante\n"
    "Date: 15 February 2026\n"
    "On 14 February 2026 I was driving the van along Albion Street.\n"
    "I was going no more than 20 mph.\n"
    "I did not touch my phone while I was driving.\n"
)


async def _docs(tmp_path: Path, calls: str = _CALLS) -> list:
    return [
        await text_doc(tmp_path, "incident_log.txt", _INCIDENT),
        await text_doc(tmp_path, "call_records_asante.csv", calls, "text/csv"),
        await text_doc(tmp_path, "van_tracker.csv", _TRACKER, "text/csv"),
        await text_doc(tmp_path, "statement_asante.txt", _STATEMENT),
    ]


async def test_phone_use_and_speed_at_the_moment_of_the_collision(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path))
    by_claim = {c.claim: c for c in output.contradictions}
    phone = by_claim["I did not touch my phone while I was driving."]
    assert phone.severity == "HIGH"
    # The outgoing message 29 s before the collision; not the incoming one, nor the 07:20 call.
    assert "1 outgoing message(s) or call(s) at 08:14:31" in phone.explanation
    assert "incident recorded at 08:15:00" in phone.explanation
    assert {r.file_id for r in phone.evidence_against} == {"call_records_asante", "incident_log"}
    speed = by_claim["I was going no more than 20 mph."]
    assert "31 mph" in speed.explanation
    assert speed.severity == "MEDIUM"  # the tracker does not name its driver


async def test_no_outgoing_use_near_the_moment_no_contradiction(tmp_path: Path) -> None:
    calls = _CALLS.replace(
        "08:14:31,WhatsApp message,Outgoing", "08:40:31,WhatsApp message,Outgoing"
    )
    output = synthesis_of(await _docs(tmp_path, calls))
    assert not [c for c in output.contradictions if "phone" in c.claim]


_NARRATIVE = (
    "WITNESS STATEMENT\n"
    "Statement of: Marguerite Okonkwo-Baptiste\n"
    "On Saturday 14 February 2026 at about 17:40 I was driving my grey Skoda Octavia, "
    "registration KX19 RTV, north along Coldharbour Lane.\n"
    "I was travelling at no more than 30 mph, which is the limit there.\n"
    "I did not use my mobile phone at any time while driving; it was in my handbag.\n"
    "Signed: M. Okonkwo-Baptiste\n"
)
_TELEMATICS = (
    "Device,Vehicle reg,Timestamp (UTC),Speed (mph),Event\n"
    "TB-2231,KX19 RTV,2026-02-14 17:41:40,34,\n"
    "TB-2231,KX19 RTV,2026-02-14 17:42:05,47,Harsh braking\n"
    "TB-2231,KX19 RTV,2026-02-14 17:42:08,12,Impact detected\n"
)
_HANDSET = (
    "Subscriber,Start,End,Type,Direction\n"
    "Marguerite Okonkwo-Baptiste,2026-02-14 17:41:21,2026-02-14 17:42:06,Voice,Outgoing\n"
)
_REPORT = (
    "ROAD TRAFFIC COLLISION REPORT\n"
    "Date of collision: 14 February 2026\n"
    "Time: 17:42\n"
    "Vehicle 1: Skoda Octavia KX19 RTV\n"
)


async def test_an_account_timed_once_and_a_vehicle_known_by_its_registration(
    tmp_path: Path,
) -> None:
    """The statement gives its time once; the phone denial after it is of that drive. The
    tracker names no driver, but the registration the witness gives as her car's."""
    docs = [
        await text_doc(tmp_path, "statement_okonkwo_baptiste.txt", _NARRATIVE),
        await text_doc(tmp_path, "telematics.csv", _TELEMATICS, "text/csv"),
        await text_doc(tmp_path, "handset.csv", _HANDSET, "text/csv"),
        await text_doc(tmp_path, "rtc_report.txt", _REPORT),
    ]
    found = {c.claim_source.line: c for c in synthesis_of(docs).contradictions}
    assert sorted(found) == [4, 5]
    assert found[4].severity == "HIGH"
    assert found[4].explanation.endswith("their record shows 47 mph at 17:42:05.")
    assert found[5].severity == "HIGH"
    assert "show 1 outgoing message(s) or call(s) at 17:41:21" in found[5].explanation
