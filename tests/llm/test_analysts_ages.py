"""A stated age against a date of birth: "I was 15 at the time" of a day the statement names,
against a staff register's row and a school letter's sentence giving the witness's birth date;
the right age, or another person's birth date, is no contradiction."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Tariq Haddad\n"
    "Dated 2 February 2026\n"
    "1. On 19 June 2023 I started working shifts at the Crown car wash.\n"
    "2. I was 15 at the time, and nobody asked my age.\n"
    "Signed: Tariq Haddad\n"
)
_REGISTER = (
    "Employee name,DOB,Start date,Role\n"
    "Tariq Haddad,1999-10-04,2023-06-19,Valeter\n"
    "Ewa Nowicka,2008-01-22,2023-07-01,Valeter\n"
)


async def _docs(tmp: Path, statement: str, record: tuple[str, str, str]) -> list[EvidenceDoc]:
    name, text, mime = record
    return [
        await text_doc(tmp, "statement_haddad.txt", statement),
        await text_doc(tmp, name, text, mime),
    ]


async def test_the_right_age_or_someone_elses_birth_date_is_none(tmp_path: Path) -> None:
    right = _STATEMENT.replace("I was 15", "I was 23")
    docs = await _docs(tmp_path, right, ("staff_register.csv", _REGISTER, "text/csv"))
    assert not [c for c in synthesis_of(docs).contradictions if "at the time" in c.claim]
    others = _REGISTER.replace("Tariq Haddad,1999-10-04", "Tariq Haddad,")
    docs = await _docs(tmp_path, _STATEMENT, ("staff_register.csv", others, "text/csv"))
    assert not [c for c in synthesis_of(docs).contradictions if "at the time" in c.claim]
