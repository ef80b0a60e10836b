"""An alibi against number-plate camera reads: the suspect says he spent the night at his
sister's flat in Salford; the cameras read his car, by the registration a keeper record gives
him, on the road to Brighouse. The reads' "03/11/2025" is 3 November: the case writes that day
out in words, and no numeric date of it reads only one way."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_INTERVIEW = (
    "RECORD OF TAPED INTERVIEW\n"
    "Person interviewed: Dariusz Wojcik\n"
    "Date of interview: 12 November 2025\n"
    "Q. Where were you on the night of Monday 3rd November?\n"
    "A. At my sister's flat in Salford. I got there about nine and stayed all night.\n"
)
_READS = (
    "Read time,Camera ID,Site,Direction,VRM\n"
    "03/11/2025 22:41:07,GMP-A62-14,A62 Oldham Road Failsworth,Eastbound,YX68 KLD\n"
    "03/11/2025 23:18:52,WYP-M62-J25,M62 Junction 25 Brighouse,Eastbound,YX68 KLD\n"
)
_KEEPER = (
    "DVLA vehicle enquiry result\n"
    "Registration mark: YX68 KLD\n"
    "Make / model: Volkswagen Golf, grey\n"
    "Registered keeper: Dariusz Wojcik, 41 Cheetham Hill Road, Manchester M8 9JP\n"
)
_REPORT = "Crime report WY-2025-118204\nTime of offence: about 23:45 on 3 November 2025\n"


async def _docs(tmp_path: Path, keeper: str = _KEEPER) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview.txt", _INTERVIEW),
        await text_doc(tmp_path, "anpr_reads.csv", _READS, "text/csv"),
        await text_doc(tmp_path, "keeper.txt", keeper),
        await text_doc(tmp_path, "crime_report.txt", _REPORT),
    ]


async def test_camera_reads_of_the_keepers_car_against_his_alibi(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    reads = [e for e in evidence.events if e.source.file_id == "anpr_reads"]
    assert [(e.timestamp, e.people) for e in reads] == [
        ("2025-11-03T22:41:07", ["Dariusz Wojcik"]),
        ("2025-11-03T23:18:52", ["Dariusz Wojcik"]),
    ]
    [claim] = [c for c in evidence.sworn_claims if c.claimed_place]
    assert (claim.speaker, claim.claimed_place) == ("Dariusz Wojcik", "sister's flat in Salford")
    [alibi] = synthesis_of(docs).contradictions
    assert alibi.explanation.startswith(
        "Dariusz Wojcik claims to have been at sister's flat in Salford"
    )
    assert {r.file_id for r in alibi.evidence_against} == {"anpr_reads"}


async def test_a_car_kept_by_someone_else_is_not_his(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, _KEEPER.replace("Dariusz Wojcik", "Helena Brzezinska"))
    assert synthesis_of(docs).contradictions == []
