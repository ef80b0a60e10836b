"""No previous judgments: an applicant's "No" to "Have you had any county court judgments in
the last 6 years?" against the register's rows naming him in those years; an older judgment,
another defendant's, or a register of something else is no contradiction."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_APPLICATION = (
    "FINANCE APPLICATION\n"
    "Applicant: Owen Pritchard\n"
    "Date: 10 February 2026\n"
    "Have you had any county court judgments in the last 6 years? No\n"
    "Declaration: I declare that the above is true and complete.\n"
    "Signed: Owen Pritchard\n"
)
_REGISTER = (
    "Defendant,Judgment date,Court,Amount,Status\n"
    "Owen Pritchard,2024-07-19,Cardiff CC,1840.00,Unsatisfied\n"
    "Owen Pritchard,2022-01-05,Newport CC,620.00,Satisfied\n"
    "Owen Pritchard,2018-03-02,Newport CC,450.00,Satisfied\n"
    "Rhian Pritchard,2025-02-11,Cardiff CC,300.00,Unsatisfied\n"
)


async def _output(tmp: Path, register: str, name: str) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "finance_application.txt", _APPLICATION),
            await text_doc(tmp, name, register, "text/csv"),
        ]
    )


async def test_only_old_ones_or_another_kind_of_register_is_none(tmp_path: Path) -> None:
    old = "\n".join(line for line in _REGISTER.splitlines() if "202" not in line) + "\n"
    assert (await _output(tmp_path, old, "judgments_register.csv")).contradictions == []
    visits = _REGISTER.replace("Judgment date", "Visit date")
    assert (await _output(tmp_path, visits, "site_visits.csv")).contradictions == []
