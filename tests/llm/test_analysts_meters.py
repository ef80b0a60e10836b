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


async def test_a_counter_wound_back_and_the_readings_given_after(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path))
    by_file: dict[str, list[str]] = {}
    for c in output.contradictions:
        by_file.setdefault(c.claim_source.file_id, []).append(c.explanation)
    [wound] = by_file["service_log"]
    assert wound == (
        "The counter reads 72,900 on 2025-04-22, below the 118,400 recorded on 2024-03-05: it "
        "was wound back or replaced."
    )
    assert by_file["return_form"] == [
        "It gives 74,350 on 2026-05-09; 118,400 was already recorded on 2024-03-05."
    ]
    stated = sorted(by_file["statement_voss"])
    assert (
        stated[0] == "Henrike Voss vouches for the reading, yet the counter fell from 118,400 "
        "(2024-03-05) to 72,900 (2025-04-22)."
    )
    # The month the sentence gives, not the day the statement was made.
    assert stated[1] == "It gives 73,800 on 2026-04-01; 118,400 was already recorded on 2024-03-05."


async def test_a_counter_that_only_climbs_contradicts_nothing(tmp_path: Path) -> None:
    climbing = _SERVICES.replace("118400", "68400")
    output = synthesis_of(await _docs(tmp_path, climbing))
    assert not [c for c in output.contradictions if "recorded on" in c.explanation]
    assert not [c for c in output.contradictions if "vouches" in c.explanation]
