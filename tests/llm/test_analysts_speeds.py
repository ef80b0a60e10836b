"""A driver's stated speed against a vehicle recorder's download (domains.speeds): km/h in a
column's name, the vehicle by the registration in the file's name, the driver tied to it by the
report that names both."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.evidence import analyse_evidence
from holmes_backend.llm.local.domains.speeds import SPEEDS_RECORDED
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Name: Sunita Rao\n"
    "On 2 October 2026 at about 08:15 I was driving my van along the A614 towards Bawtry.\n"
    "I was travelling at no more than 50 km/h because of the fog.\n"
    "Signed: S. Rao, 5 October 2026\n"
)
_REPORT = (
    "INCIDENT REPORT 26/8812\n"
    "Vehicle: white Citroen Relay, registration WX72 KLM, driven by Sunita Rao.\n"
    "The vehicle's airbag control module was imaged on 3 October 2026.\n"
)


def _download(peak: int) -> str:
    speeds = [peak - 6, peak - 3, peak, peak - 1, peak - 20]
    rows = [
        f"{-4 + i},{s},{20 if i < 4 else 0},{'On' if i == 4 else 'Off'}"
        for i, s in enumerate(speeds)
    ]
    return "Time (s),Vehicle speed (km/h),Accelerator (%),Brake\n" + "\n".join(rows) + "\n"


async def _case(tmp_path: Path, peak: int, report: bool = True) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "statement.txt", _STATEMENT),
        await text_doc(tmp_path, "acm_image_WX72KLM.csv", _download(peak), "text/csv"),
    ]
    if report:
        docs.append(await text_doc(tmp_path, "incident_report.txt", _REPORT))
    return docs


async def test_stated_speed_against_the_recorder_of_her_van(tmp_path: Path) -> None:
    docs = await _case(tmp_path, 83)
    [recorded] = [
        f for f in analyse_evidence(docs).output.findings if f.finding_type == SPEEDS_RECORDED
    ]
    assert recorded.title == "Speeds recorded in acm_image_WX72KLM.csv: up to 83 km/h"
    assert recorded.entities == ["Sunita Rao"]
    [against] = synthesis_of(docs).contradictions
    assert against.claim == "I was travelling at no more than 50 km/h because of the fog."
    assert against.severity == "HIGH"
    assert against.explanation.startswith(
        "Sunita Rao says they were doing about 50 km/h; acm_image_WX72KLM.csv (of the vehicle "
        "a record ties to them) logged up to 83 km/h"
    )
    assert against.evidence_against[0].row == 3


async def test_the_only_record_untied_is_medium_and_a_close_speed_is_none(
    tmp_path: Path,
) -> None:
    [against] = synthesis_of(await _case(tmp_path, 83, report=False)).contradictions
    assert against.severity == "MEDIUM"
    # 58 km/h against "no more than 50": within what a driver's estimate allows, and the
    # recorder of her own van bears it out (no gap asks for more).
    close = synthesis_of(await _case(tmp_path, 58))
    assert close.contradictions == []
    assert not [g for g in close.evidence_gaps if "50 km/h" in g.element]
    untied = synthesis_of(await _case(tmp_path, 58, report=False)).evidence_gaps
    assert [g for g in untied if "50 km/h" in g.element]


async def test_a_dated_log_is_a_journey_not_a_recorder(tmp_path: Path) -> None:
    tracker = (
        "Timestamp,Vehicle,Speed (km/h)\n"
        "2026-10-02 08:10:00,WX72 KLM,48\n"
        "2026-10-02 19:40:00,WX72 KLM,112\n"
    )
    docs = [
        await text_doc(tmp_path, "statement.txt", _STATEMENT),
        await text_doc(tmp_path, "tracker.csv", tracker, "text/csv"),
    ]
    findings = analyse_evidence(docs).output.findings
    assert not [f for f in findings if f.finding_type == SPEEDS_RECORDED]
    assert synthesis_of(docs).contradictions == []
