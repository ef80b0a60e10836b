"""Within eight minutes: a control supervisor's "the ambulance was at the scene within 8 minutes
of the call" against the dispatch log's call and arrival for that address; another address's
arrival, or an arrival inside the stated time, says nothing against it."""

from pathlib import Path

from holmes_backend.agents.schemas import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Mohammed Iqbal, Control Supervisor\n"
    "Dated 30 July 2026\n"
    "1. On 12 July 2026 a 999 call reported a collapse at 42 Rowan Drive, Kettleby.\n"
    "2. Our crew was at the scene at Rowan Drive within 8 minutes of the call.\n"
    "Signed: Mohammed Iqbal\n"
)


def _log(arrived: str) -> str:
    return (
        "Incident,Timestamp,Address,Status\n"
        "CAD-5531,2026-07-12 14:02:11,42 Rowan Drive Kettleby,Call received\n"
        "CAD-5532,2026-07-12 14:05:00,9 Mill Lane Kettleby,Call received\n"
        "CAD-5532,2026-07-12 14:09:30,9 Mill Lane Kettleby,Arrived at scene\n"
        f"CAD-5531,2026-07-12 {arrived},42 Rowan Drive Kettleby,Arrived at scene\n"
    )


async def _output(tmp: Path, arrived: str) -> SynthesisOutput:
    docs: list[EvidenceDoc] = [
        await text_doc(tmp, "statement_iqbal.txt", _STATEMENT),
        await text_doc(tmp, "cad_log.csv", _log(arrived), "text/csv"),
    ]
    return synthesis_of(docs)


def _within(output: SynthesisOutput) -> list:
    return [c for c in output.contradictions if "within 8 minutes" in c.claim]


async def test_an_arrival_half_an_hour_after_the_call(tmp_path: Path) -> None:
    [found] = _within(await _output(tmp_path, "14:31:40"))
    assert found.severity == "HIGH"
    assert found.explanation.endswith(": 29 minutes.")
    assert [r.row for r in found.evidence_against] == [1, 4]  # not Mill Lane's arrival


async def test_a_little_late_is_medium_and_in_time_is_none(tmp_path: Path) -> None:
    [late] = _within(await _output(tmp_path, "14:11:40"))
    assert late.severity == "MEDIUM"
    assert _within(await _output(tmp_path, "14:09:50")) == []
