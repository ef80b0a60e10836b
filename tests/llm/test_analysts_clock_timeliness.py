"""Within minutes: "I assessed her within 10 minutes of her arrival" and "she was given pain
relief within an hour of arrival" against the timed records of a patient's stay; another
patient's records and acts done in time say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Paramedic Owen Reilly\n"
    "1. On 2 March 2026 I was on duty at the minor injuries unit.\n"
    "2. Ms Chloe Tandy walked in at about 14:00.\n"
    "3. I assessed her myself within 10 minutes of her arrival.\n"
    "4. She was given pain relief within an hour of arrival.\n"
    "Signed: O. Reilly\n"
)
_RECORD = (
    "Patient,Time,Event,Clinician\n"
    "{patient},02/03/2026 14:02,Arrival at reception,\n"
    "{patient},02/03/2026 {assessed},Assessed by paramedic,O Reilly\n"
    "{patient},02/03/2026 {relief},Pain relief given - paracetamol 1 g,O Reilly\n"
)


async def _docs(
    tmp: Path, patient: str = "Chloe Tandy", assessed: str = "14:48", relief: str = "16:30"
) -> list[EvidenceDoc]:
    record = _RECORD.format(patient=patient, assessed=assessed, relief=relief)
    return [
        await text_doc(tmp, "statement_reilly.txt", _STATEMENT),
        await text_doc(tmp, "unit_record.csv", record, "text/csv"),
    ]


async def test_in_time_or_another_patient_says_nothing(tmp_path: Path) -> None:
    assert (
        synthesis_of(await _docs(tmp_path, assessed="14:09", relief="14:55")).contradictions == []
    )
    assert synthesis_of(await _docs(tmp_path, patient="Rosa Lindqvist")).contradictions == []
