"""Acts dated by a witness against their own records, written unlike the other cases: an HR
manager's statement that she issued a written warning on a day before the employee's grievance
(the warning letter's "Date issued" is a fortnight later), that she sent the hearing's minutes
"within 7 days of the hearing" (its record has them sent nineteen days on), and that the
employee "never raised any concern about the night rota" (his e-mail to HR did)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF ROSALIND ACHTERBERG\n"
    "1. I am the HR manager of Castleforge Ltd.\n"
    "2. I issued the first written warning to Mr Okonjo on 3 March 2026, well before his "
    "grievance.\n"
    "3. I sent a copy of the signed minutes of the disciplinary hearing to his home address "
    "within 7 days of the hearing.\n"
    "4. Mr Okonjo never raised any concern about the night rota with HR.\n"
)
_WARNING = (
    "CASTLEFORGE LTD - FIRST WRITTEN WARNING\n"
    "Employee: Chidi Okonjo\n"
    "Date issued: 17/03/2026\n"
    "Reason: lateness on four occasions in February 2026.\n"
)
_HEARING = (
    "DISCIPLINARY HEARING RECORD\n"
    "Employee: Chidi Okonjo\n"
    "Date of hearing: 02/04/2026\n"
    "Minutes sent to employee on 21/04/2026\n"
)


async def _docs(tmp_path: Path, issued: str = "17/03/2026") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_achterberg.txt", _STATEMENT),
        await text_doc(tmp_path, "written_warning.txt", _WARNING.replace("17/03/2026", issued)),
        await text_doc(tmp_path, "hearing_record.txt", _HEARING),
        await email_doc(
            tmp_path,
            "okonjo_rota_email.eml",
            {
                "From": "Chidi Okonjo <c.okonjo@mailhub.example>",
                "To": "HR <hr@castleforge.example>",
                "Date": "Mon, 12 Jan 2026 07:15:00 +0000",
                "Subject": "Night rota - four nights in a row again",
            },
            "I have been put on four night shifts in a row again. Can the rota be looked at?\n",
        ),
    ]


async def test_the_act_recorded_on_the_day_given_contradicts_nothing(tmp_path: Path) -> None:
    output = synthesis_of(await _docs(tmp_path, issued="03/03/2026"))
    assert not [c for c in output.contradictions if "written warning" in c.explanation]
