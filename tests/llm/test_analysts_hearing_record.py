"""A hearing's record against its chair's account: the notes give each person's part ("Chairperson:
Dr Imogen Royce", "Employee: Tariq Mahmood", "Representative: none") and its length ("Duration:
35 minutes"); the reminders log counts what was given to whom. The chair says the employee
attended with his rep, the hearing took over an hour, and he had been given four formal
reminders. The same account told as the records give it contradicts nothing, and the chair's
own part, borne out by the notes, leaves no gap."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_NOTES = (
    "APPEAL HEARING - RECORD\n\n"
    "Date: 6 August 2025\n"
    "Chairperson: Dr Imogen Royce\n"
    "Employee: Tariq Mahmood\n"
    "Representative: {rep}\n"
    "Minute taker: Olu Adeyemi\n"
    "Duration: 35 minutes\n\n"
    "The appeal against the final warning was heard and dismissed.\n"
)
_REMINDERS = (
    "Staff member,Date,Reminder,Given by\n"
    "Tariq Mahmood,2025-02-03,Formal reminder,I. Royce\n"
    "Tariq Mahmood,2025-04-14,Informal reminder,I. Royce\n"
    "Tariq Mahmood,2025-06-02,Formal reminder,I. Royce\n"
    "Bronwen Tate,2025-05-19,Formal reminder,I. Royce\n"
)
_STATEMENT = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Imogen Royce\n"
    "Date: 1 October 2025\n\n"
    "1. I chaired the appeal hearing on 6 August 2025.\n"
    "2. At the appeal hearing Mr Mahmood attended with his trade union rep, Lena Fischer.\n"
    "3. The appeal hearing took {length}.\n"
    "4. By the time of the appeal hearing Mr Mahmood had been given {count} formal reminders.\n"
    "Signed: Imogen Royce\n"
)


async def _synthesis(
    tmp_path: Path,
    *,
    rep: str = "none",
    length: str = "over an hour",
    count: str = "four",
) -> SynthesisOutput:
    docs: list[EvidenceDoc] = [
        await text_doc(tmp_path, "appeal_hearing_record.txt", _NOTES.format(rep=rep)),
        await text_doc(tmp_path, "reminders_log.csv", _REMINDERS, "text/csv"),
        await text_doc(
            tmp_path,
            "statement_royce.txt",
            _STATEMENT.format(length=length, count=count),
        ),
    ]
    return synthesis_of(docs)


def _against(synthesis: SynthesisOutput, words: str) -> list[str]:
    return [c.explanation for c in synthesis.contradictions if words in c.claim]


async def test_the_account_as_the_records_give_it_contradicts_nothing(tmp_path: Path) -> None:
    synthesis = await _synthesis(
        tmp_path, rep="Lena Fischer", length="about forty minutes", count="two"
    )
    assert _against(synthesis, "Lena Fischer") == []
    assert _against(synthesis, "took about forty minutes") == []
    assert _against(synthesis, "formal reminders") == []
