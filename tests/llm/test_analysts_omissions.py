"""Said it was done, recorded as not done: a support worker's "I changed Mr Dowd's dressing at
14:00" against the wound chart's 14:00 row, "Not done - staff shortage"; a row recorded done,
another patient's row, or a row hours away, is no contradiction."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Kezia Brandt, support worker\n"
    "Dated 2 October 2025\n"
    "1. On 21 September 2025 I was working the day shift on Larch ward.\n"
    "2. I changed Mr Eamon Dowd's dressing myself at 14:00 that afternoon.\n"
    "Signed: Kezia Brandt\n"
)


def _chart(outcome: str, patient: str = "Eamon Dowd", time: str = "14:00") -> str:
    return (
        "Date,Time,Patient,Care,Outcome,Initials\n"
        f"2025-09-21,08:00,{patient},Dressing change,Done,PL\n"
        f"2025-09-21,{time},{patient},Dressing change,{outcome},\n"
    )


async def _output(tmp: Path, chart: str) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "statement_brandt.txt", _STATEMENT),
            await text_doc(tmp, "wound_chart_larch.csv", chart, "text/csv"),
        ]
    )


def _changed(output: SynthesisOutput) -> list:
    return [c for c in output.contradictions if "dressing myself" in c.claim]


async def test_done_another_patient_or_hours_away_is_none(tmp_path: Path) -> None:
    assert _changed(await _output(tmp_path, _chart("Done"))) == []
    assert _changed(await _output(tmp_path, _chart("Not done", patient="Mary Quinn"))) == []
    assert _changed(await _output(tmp_path, _chart("Not done", time="18:00"))) == []
