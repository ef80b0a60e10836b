"""A police interview transcript with surname speaker labels against a CCTV review log kept as
text: the suspect says he was at a pub between the hours the question asks about, and never
went near the street the log's camera watches; the log identifies him there at 22:44. The
log's camera label ("Camera TS-3:") is no person."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_TRANSCRIPT = (
    "TRANSCRIPT OF RECORDED INTERVIEW\n"
    "Interviewee: Gareth Llewellyn\n"
    "Date: 21 January 2026\n\n"
    "DS MARSH: Can you tell me where you were on Friday 9 January between 10 pm and midnight?\n"
    "LLEWELLYN: I was at the Red Lion in Pontcanna with my brother.\n"
    "DS MARSH: Did you go anywhere near Tudor Street that night?\n"
    "LLEWELLYN: No. I never went near Tudor Street.\n"
)
_LOG = (
    "CCTV review log - Tudor Street, Cardiff\n"
    "Reviewed by PC 2291 Owen Price\n"
    "09/01/2026 22:44 - Camera TS-3: male in grey hoodie leaves a car, identified from custody "
    "image as Gareth Llewellyn.\n"
)


async def _docs(tmp_path: Path, log: str = _LOG) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_transcript.txt", _TRANSCRIPT),
        await text_doc(tmp_path, "cctv_review_log.txt", log),
    ]


async def test_a_transcripts_alibi_against_a_text_cctv_log(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    [pub] = [c for c in evidence.sworn_claims if "Red Lion" in c.claim]
    # The hours the question asks about are the answer's.
    assert pub.claimed_time == "2026-01-09T22:00:00/2026-01-10T00:00:00"
    [seen] = [e for e in evidence.events if e.source.file_id == "cctv_review_log"]
    assert (seen.place, seen.people) == ("Tudor Street", ["Gareth Llewellyn"])
    found = {c.claim[:12]: c for c in synthesis_of(docs).contradictions}
    assert sorted(found) == ["I was at the", "No. I never "]
    assert found["No. I never "].explanation == (
        "Gareth Llewellyn denies being at Tudor Street, yet 1 event(s) place them there."
    )


async def test_someone_else_on_the_camera(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, _LOG.replace("Gareth Llewellyn", "Rhys Cadwalader"))
    assert synthesis_of(docs).contradictions == []
