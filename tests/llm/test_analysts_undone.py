"""A medication chart's scheduled dose with nothing recorded of its giving, where the chart's
other rows record theirs; a chart whose rows never record the act has no such gap."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.local.domains.undone import NOT_RECORDED_DONE
from tests.llm.test_analysts_helpers import run, text_doc

_CHART = (
    "Patient,Date,Scheduled,Drug,Dose,Administered at,Given by\n"
    "Harold Benning,14/03/2026,06:00,Oxycodone MR,10 mg,06:05,N. Achebe\n"
    "Harold Benning,14/03/2026,14:00,Oxycodone MR,10 mg,14:10,R. Castellano\n"
    "Harold Benning,14/03/2026,22:00,Oxycodone MR,10 mg,,\n"
    "Harold Benning,15/03/2026,06:00,Oxycodone MR,10 mg,06:02,P. Lund\n"
)


async def test_a_scheduled_dose_with_nothing_recorded_of_its_giving(tmp_path: Path) -> None:
    chart = await text_doc(tmp_path, "mar_benning.csv", _CHART, "text/csv")
    evidence, _ = run(EvidenceOutput, [chart])
    [undone] = [f for f in evidence.findings if f.finding_type == NOT_RECORDED_DONE]
    assert undone.title == "1 scheduled entry in mar_benning.csv not recorded as done"
    assert undone.summary.startswith(
        "No Administered at, Given by recorded, where 3 other row(s) record theirs. "
        "First: Date: 14/03/2026; Scheduled: 22:00"
    )
    assert [s.row for s in undone.sources] == [3]


async def test_a_schedule_that_records_no_giving_at_all_has_no_gap(tmp_path: Path) -> None:
    plan = "\n".join(",".join(line.split(",")[:5]) for line in _CHART.splitlines()) + "\n"
    chart = await text_doc(tmp_path, "dose_plan.csv", plan, "text/csv")
    evidence, _ = run(EvidenceOutput, [chart])
    assert not [f for f in evidence.findings if f.finding_type == NOT_RECORDED_DONE]
