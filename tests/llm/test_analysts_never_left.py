"""Working from home in Stockport, he says; the camera log of his car (its registration as his
statement gives it, "MA21 KTV", run together by the cameras as "MA21KTV") has it on the M6 at
Walsall on both days. Another car's hits, or his car at home, contradict nothing. ("I never left
Greater Manchester" is no longer read as a place: that rule fired on no case.)"""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_STATEMENT = (
    "STATEMENT OF NEIL FARROW\n"
    "Date: 20 April 2026\n\n"
    "1. On 9 and 10 April 2026 I was working from home in Stockport all day on both days.\n"
    "2. I never left Greater Manchester that week.\n"
    "3. My car is a grey Skoda Octavia, registration MA21 KTV.\n"
)
_CAMERAS = (
    "Timestamp,Camera,Location,VRM,Direction\n"
    "2026-04-09 07:41:12,M6-J10-N,M6 Junction 10 Walsall,{plate},Southbound\n"
    "2026-04-10 08:02:47,M6-J10-N,M6 Junction 10 Walsall,{plate},Southbound\n"
)


async def _docs(tmp_path: Path, plate: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_farrow.txt", _STATEMENT),
        await text_doc(tmp_path, "anpr_hits.csv", _CAMERAS.format(plate=plate), "text/csv"),
    ]


async def test_his_cars_camera_hits_are_his(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "MA21KTV")
    evidence, _ = run(EvidenceOutput, docs)
    hits = [e for e in evidence.events if "VRM" in e.description]
    assert [e.people for e in hits] == [["Neil Farrow"], ["Neil Farrow"]]
    claims = {c.claim[:20] for c in synthesis_of(docs).contradictions}
    assert claims == {"On 9 and 10 April 20"}


async def test_another_cars_hits(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "YX19PLM")).contradictions == []


_VPN = (
    "User,Date,Connected,Disconnected,Source IP location\n"
    "nfarrow,2026-04-09,09:05,09:12,Birmingham GB\n"
    "jlaw,2026-04-09,08:30,17:00,Stockport GB\n"
)


async def test_a_user_name_is_the_one_person_it_spells(tmp_path: Path) -> None:
    """No record says whose "nfarrow" is; the case names one person it spells (Neil Farrow),
    so the VPN session from Birmingham is his. With a Nadia Farrow named too, it is no one's."""
    docs = [
        await text_doc(tmp_path, "statement_farrow.txt", _STATEMENT),
        await text_doc(tmp_path, "vpn_log.csv", _VPN, "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    sessions = {
        e.description.split(";")[0]: e.people for e in evidence.events if "User" in e.description
    }
    assert sessions == {"User: nfarrow": ["nfarrow", "Neil Farrow"], "User: jlaw": ["jlaw"]}
    assert [c.claim[:20] for c in synthesis_of(docs).contradictions] == ["On 9 and 10 April 20"]
    two = _STATEMENT + "4. My sister Nadia Farrow also works at Corven Plastics.\n"
    docs[0] = await text_doc(tmp_path, "statement_farrow.txt", two)
    evidence, _ = run(EvidenceOutput, docs)
    assert all(e.people == ["nfarrow"] for e in evidence.events if "nfarrow" in e.description)
