"""One consignment counted differently in two records, written unlike the other cases: a
wholesaler's dispatch list ("Units shipped") and a pharmacy's booking-in register whose date
column is headed "Booked" ("Units booked in"), tied by the consignment number, and a manager's
statement that there were no shortages; counts that agree contradict nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_DISPATCH = (
    "Dispatched,Consignment,Product,Units shipped\n"
    "2026-05-04,CN-90311,Oxycodone 10mg x28,120\n"
    "2026-05-11,CN-90377,Oxycodone 10mg x28,120\n"
    "2026-05-18,CN-90412,Oxycodone 10mg x28,96\n"
)
_REGISTER = (
    "Booked,Consignment ref,Units booked in,Booked by\n"
    "2026-05-05,CN-90311,84,Tariq Bello\n"
    "2026-05-12,CN-90377,120,Tariq Bello\n"
    "2026-05-19,CN-90412,96,Tariq Bello\n"
)
_STATEMENT = (
    "Statement of Tariq Bello\n"
    "Date: 3 June 2026\n"
    "1. I booked in every consignment in May myself and there were no shortages.\n"
)


async def _docs(tmp_path: Path, register: str = _REGISTER) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "dispatch_list.csv", _DISPATCH, "text/csv"),
        await text_doc(tmp_path, "booking_register.csv", register, "text/csv"),
        await text_doc(tmp_path, "statement_bello.txt", _STATEMENT),
    ]


async def test_a_row_dated_by_a_column_not_headed_as_a_date(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    booked = [e.timestamp for e in evidence.events if e.source.file_id == "booking_register"]
    assert booked == ["2026-05-05", "2026-05-12", "2026-05-19"]


async def test_counts_that_agree_contradict_nothing(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path, _REGISTER.replace(",84,", ",120,")))
    assert not [c for c in output.contradictions if "record(s) disagree" in c.explanation]
    assert not [c for c in output.contradictions if "in one record" in c.explanation]
