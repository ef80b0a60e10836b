"""A phone's cell sites against a claim of being at home, and a chat export against a denial of
knowing someone: numbers written the national way ("07911 123456"), a cell-site table whose
"Cell ID" is no ownership word and whose site addresses are places, not people; a town the case
locates by an address in it; a chat of two writers is a conversation between them."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_SUBSCRIBERS = (
    "Subscriber check by Northway Mobile, 10 February 2025.\n"
    "07911 123456 is registered to Nadia Petrova.\n"
    "07911 654321 is registered to Tomasz Nowak.\n"
)
_CELLS = (
    "Date,Time,MSISDN,Event,Cell ID,Site address,Latitude,Longitude\n"
    "02/02/2025,20:05,07911123456,SMS out,LS-2201,Armley Road Leeds,53.7990,-1.5820\n"
    "02/02/2025,23:12,07911123456,Voice in,BD-0718,Thornton Road Bradford,53.7930,-1.7790\n"
    "03/02/2025,00:41,07911123456,Data,BD-0718,Thornton Road Bradford,53.7930,-1.7790\n"
)
_CHAT = (
    "02/02/2025, 21:30 - Nadia Petrova: Leaving now\n"
    "02/02/2025, 21:32 - Tomasz Nowak: See you at the depot on Thornton Road\n"
)
_STATEMENT = (
    "STATEMENT OF NADIA PETROVA\n"
    "Date: 20 February 2025\n"
    "1. I was at home in Leeds all evening on 2 February 2025.\n"
    "2. I have never met Tomasz Nowak.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "northway_subscribers.txt", _SUBSCRIBERS),
        await text_doc(tmp_path, "cell_sites_07911123456.csv", _CELLS, "text/csv"),
        await text_doc(tmp_path, "whatsapp_nadia_tomasz.txt", _CHAT),
        await text_doc(tmp_path, "statement_petrova.txt", _STATEMENT),
    ]


async def test_cell_site_rows_are_the_phone_holders_at_places(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    cells = [e for e in evidence.events if e.source.file_id == "cell_sites_07911123456"]
    assert [e.people for e in cells] == [["Nadia Petrova"]] * 3
    assert [e.place for e in cells][:2] == ["Armley Road Leeds", "Thornton Road Bradford"]
    chat = [e for e in evidence.events if e.source.file_id == "whatsapp_nadia_tomasz"]
    assert [e.people[:1] for e in chat] == [["Nadia Petrova"], ["Tomasz Nowak"]]
    assert all("Nadia Petrova" not in e.people for e in chat[1:])  # his words, not her place


async def test_a_town_located_by_an_address_and_a_conversation_of_two(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    by_line = {c.claim_source.line: c for c in synthesis.contradictions}
    home = by_line[3]
    assert home.severity == "HIGH"  # Bradford's site is 13 km from where the case puts Leeds
    assert "km from Leeds as located in the case" in home.explanation
    assert {s.row for s in home.evidence_against} == {2}  # the evening's; not after midnight
    met = by_line[4]
    assert met.severity == "MEDIUM"  # messages, not a meeting
    assert [s.file_id for s in met.evidence_against] == ["whatsapp_nadia_tomasz"]
