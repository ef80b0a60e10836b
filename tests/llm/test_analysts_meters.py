"""Counters that run backwards, written unlike the other cases: a fleet van's service log in
kilometres, a hire return form giving a reading, a seller's statement of the reading "in
April 2026" and of its being genuine; a log that only climbs contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_SERVICES = (
    "Service date,Vehicle,Workshop,Odometer km\n"
    "2023-02-10,WX-418-PL,Autohaus Brenner,61200\n"
    "2024-03-05,WX-418-PL,Autohaus Brenner,118400\n"
    "2025-04-22,WX-418-PL,Kfz Sommer,72900\n"
)
_RETURN = "Vehicle return form\nDate: 9 May 2026\nOdometer reading at return: 74,350\n"
_STATEMENT = (
    "Statement of Henrike Voss\n"
    "Date: 1 June 2026\n"
    "1. When I sold the van in April 2026 it had 73,800 km on it.\n"
    "2. To my knowledge the mileage was genuine.\n"
)


async def _docs(tmp_path: Path, services: str = _SERVICES) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "service_log.csv", services, "text/csv"),
        await text_doc(tmp_path, "return_form.txt", _RETURN),
        await text_doc(tmp_path, "statement_voss.txt", _STATEMENT),
    ]


async def test_a_counter_that_only_climbs_contradicts_nothing(tmp_path: Path) -> None:
    climbing = _SERVICES.replace("118400", "68400")
    output = synthesis_of(await _docs(tmp_path, climbing))
    assert not [c for c in output.contradictions if "recorded on" in c.explanation]
    assert not [c for c in output.contradictions if "vouches" in c.explanation]
