"""An alibi against a phone's masts, written unlike the other cell-site cases: the subscriber
check sets its record out a field to a line ("Number:" / "Registered subscriber:"), the mast
table gives each site's code before its location ("Cell site: GLW-2210; Sector location:
Glasgow, Partick"), and the alibi names its town inside a phrase ("my cousin's flat in
Glasgow")."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput, TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_SUBSCRIBER = (
    "Subscriber check - Clydeline Mobile\n"
    "Number: 07700 900733\n"
    "Registered subscriber: Fenella Drummond, 3 Lochview Terrace, Paisley PA2 7QT\n"
)
_MASTS = (
    "MSISDN,Date,Time,Event,Cell site,Sector location\n"
    '07700 900733,14/03/2026,19:02,SMS in,GLW-2210,"Glasgow, Partick"\n'
    '07700 900733,14/03/2026,22:41,Voice out,PSY-0081,"Paisley, Ferguslie"\n'
    '07700 900733,15/03/2026,00:20,Data,GLW-2210,"Glasgow, Partick"\n'
)
_STATEMENT = (
    "WITNESS STATEMENT OF FENELLA DRUMMOND\n"
    "1. On 14 March 2026 I was at my cousin's flat in Glasgow from 7pm until 1am.\n"
)


async def test_a_mast_elsewhere_in_the_alibis_hours_and_none_in_its_town(
    tmp_path: Path,
) -> None:
    docs = [
        await text_doc(tmp_path, "subscriber_check.txt", _SUBSCRIBER),
        await text_doc(tmp_path, "masts_07700900733.csv", _MASTS, "text/csv"),
        await text_doc(tmp_path, "statement_drummond.txt", _STATEMENT),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    rows = [e for e in evidence.events if e.source.file_id == "masts_07700900733"]
    # The subscriber's field gives the number's holder; the location, not the code, the place.
    assert [(e.place, e.people) for e in rows] == [
        ("Glasgow, Partick", ["Fenella Drummond"]),
        ("Paisley, Ferguslie", ["Fenella Drummond"]),
        ("Glasgow, Partick", ["Fenella Drummond"]),
    ]
    [alibi] = synthesis_of(docs).contradictions
    assert alibi.claim.startswith("On 14 March 2026 I was at my cousin's flat in Glasgow")
    # Only the Paisley mast is elsewhere: the Glasgow ones are in the town the alibi names.
    assert [r.row for r in alibi.evidence_against] == [2]


async def test_a_subscriber_record_a_field_to_a_line_reaches_the_evidence_agent(
    tmp_path: Path,
) -> None:
    record = await text_doc(tmp_path, "subscriber_check.txt", _SUBSCRIBER)
    result, _ = run(TriageResult, [record])
    assert result.files[0].domain_scores.evidence >= 0.4
