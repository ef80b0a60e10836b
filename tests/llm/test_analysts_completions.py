"""Finished by the date, and working after it: an installer's "the installation was completed by
14 March 2026" against his firm's job sheet rows after it and a commissioning engineer's
certificate of a later completion; rows of another firm, or work before the date, are none."""

from pathlib import Path

from holmes_backend.agents.schemas import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Declan Roper, director of Roper Heat Pumps Ltd\n"
    "Dated 20 May 2026\n"
    "1. Roper Heat Pumps Ltd fitted the heat pump at Ashdown Farm.\n"
    "2. The installation was completed by 14 March 2026.\n"
    "Signed: Declan Roper\n"
)
_JOB_SHEET = (
    "Visit date,Engineer,Company,Work done\n"
    "2026-03-10,K. Mistry,Roper Heat Pumps Ltd,Outdoor unit set\n"
    "2026-03-27,K. Mistry,Roper Heat Pumps Ltd,Refilled and re-piped cylinder\n"
    "2026-04-02,S. Hale,Ashdown Electrical Services,Rewired consumer unit\n"
)
_CERTIFICATE = (
    "COMMISSIONING RECORD\n"
    "Site: Ashdown Farm\n"
    "I confirm that completion of commissioning was achieved on 9 April 2026.\n"
    "Signed: Mei Tan, commissioning engineer\n"
)


async def _output(tmp: Path, sheet: str, certificate: bool) -> SynthesisOutput:
    docs = [
        await text_doc(tmp, "statement_roper.txt", _STATEMENT),
        await text_doc(tmp, "job_sheet.csv", sheet, "text/csv"),
    ]
    if certificate:
        docs.append(await text_doc(tmp, "commissioning_record.txt", _CERTIFICATE))
    return synthesis_of(docs)


def _completed(output: SynthesisOutput) -> list:
    return [c for c in output.contradictions if "was completed by" in c.claim]


async def test_his_firms_visit_after_the_date_and_a_later_completion(tmp_path: Path) -> None:
    [found] = _completed(await _output(tmp_path, _JOB_SHEET, certificate=True))
    assert found.severity == "HIGH"
    assert "2 record(s) dated after it" in found.explanation
    assert {(r.file_id, r.row) for r in found.evidence_against} == {
        ("job_sheet", 2),
        ("commissioning_record", None),
    }


async def test_one_record_is_medium_and_another_firms_or_earlier_work_none(tmp_path: Path) -> None:
    [found] = _completed(await _output(tmp_path, _JOB_SHEET, certificate=False))
    assert found.severity == "MEDIUM"
    earlier = _JOB_SHEET.replace("2026-03-27", "2026-03-12")
    assert _completed(await _output(tmp_path, earlier, certificate=False)) == []
