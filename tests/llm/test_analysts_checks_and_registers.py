"""A site manager's account after a fire against the site's own records: "the fire alarm panel in
Block C was working" that morning, against the weekly test log's row of that day ("Result: FAIL -
zone 3 not sounding"); "I completed my fire marshal training in March 2026", against the training
register whose last such row for her is of 2023. A failed test a year before the day, a passing
one that day, or a register row in the claimed month, contradicts nothing."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Rhiannon Vale\n"
    "Date: 2 May 2026\n\n"
    "1. I completed my fire marshal training in March 2026.\n"
    "2. On the morning of 21 April 2026 the fire alarm panel in Block C was working.\n"
    "Signed: Rhiannon Vale\n"
)
_TESTS = (
    "Date,Building,Item,Result,Tested by\n"
    "{day},Block C,Fire alarm panel,{result},R. Vale\n"
    "2026-04-14,Block A,Fire alarm panel,PASS,R. Vale\n"
)
_REGISTER = (
    "Staff member,Course,Date completed,Renewal due\n"
    "Rhiannon Vale,Fire marshal,{done},2026-02-10\n"
    "Rhiannon Vale,Working at height,2025-09-30,2028-09-30\n"
    "Gethin Moss,Fire marshal,2026-03-12,2029-03-12\n"
)


async def _synthesis(
    tmp_path: Path,
    *,
    day: str = "2026-04-21",
    result: str = "FAIL - zone 3 not sounding",
    done: str = "2023-02-10",
) -> SynthesisOutput:
    docs = [
        await text_doc(tmp_path, "statement_vale.txt", _STATEMENT),
        await text_doc(
            tmp_path, "alarm_tests.csv", _TESTS.format(day=day, result=result), "text/csv"
        ),
        await text_doc(tmp_path, "training_register.csv", _REGISTER.format(done=done), "text/csv"),
    ]
    return synthesis_of(docs)


def _about(synthesis: SynthesisOutput, words: str) -> list[str]:
    return [c.explanation for c in synthesis.contradictions if words in c.claim]


async def test_other_days_and_a_passing_test_contradict_nothing(tmp_path: Path) -> None:
    assert _about(await _synthesis(tmp_path, day="2025-04-21"), "was working") == []
    assert _about(await _synthesis(tmp_path, result="PASS"), "was working") == []


async def test_a_register_row_in_the_claimed_month_bears_it_out(tmp_path: Path) -> None:
    synthesis = await _synthesis(tmp_path, done="2026-03-18")
    assert _about(synthesis, "fire marshal training") == []
