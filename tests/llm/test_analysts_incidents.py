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


async def test_no_outgoing_use_near_the_moment_no_contradiction(tmp_path: Path) -> None:
    calls = _CALLS.replace(
        "08:14:31,WhatsApp message,Outgoing", "08:40:31,WhatsApp message,Outgoing"
    )
    output = synthesis_of(await _docs(tmp_path, calls))
    assert not [c for c in output.contradictions if "phone" in c.claim]
