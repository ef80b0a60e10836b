"""An attorney under a power of attorney and the principal's account, written unlike the other
cases: a statutory declaration, narratives that name the payee by surname ("PAYMENT TO QUINTERO
M GIFT"), a statement named after its holder whose son shares his surname, weekly wages beside
gifts, and a yearly cap on gifts."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, run, text_doc

_STATEMENT = (
    "Date,Narrative,Debit,Credit,Balance\n"
    "03/06/2024,PAYMENT TO QUINTERO M WAGES,450.00,,9100.00\n"
    "10/06/2024,PAYMENT TO QUINTERO M WAGES,450.00,,8650.00\n"
    "12/06/2024,PAYMENT TO QUINTERO M GIFT,3000.00,,5650.00\n"
    "17/06/2024,PAYMENT TO QUINTERO M WAGES,450.00,,5200.00\n"
    "20/06/2024,PAYMENT TO QUINTERO M GIFT,1800.00,,3400.00\n"
    "24/06/2024,SUPERANNUATION NZ GOVT,,1020.00,4420.00\n"
)
_POWER = (
    "ENDURING POWER OF ATTORNEY IN RELATION TO PROPERTY\n"
    "Donor: Harold James Ennis\nAttorney: Marisol Quintero\n"
    "1. The attorney may make gifts of my money, but all gifts together shall not exceed "
    "NZD 300 in any calendar year.\n"
    "2. The attorney may pay herself a weekly wage of NZD 450.\n"
)
_DECLARATION = (
    "STATUTORY DECLARATION\n"
    "I, Marisol Quintero, of 12 Rata Street, Nelson, caregiver, do solemnly and sincerely "
    "declare that:\n"
    "1. I have never received any money from Harold Ennis except my weekly wage of NZD 450.\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    headers = {
        "From": "Peter Ennis <peter.ennis@example.co.nz>",
        "To": "ASB Fraud <fraud@asb.example>",
        "Date": "Mon, 1 Jul 2024 09:00:00 +1200",
        "Subject": "My father's account",
    }
    return [
        await text_doc(tmp_path, "asb_statement_harold_ennis.csv", _STATEMENT, "text/csv"),
        await text_doc(tmp_path, "power_of_attorney.txt", _POWER),
        await text_doc(tmp_path, "declaration_quintero.txt", _DECLARATION),
        await email_doc(tmp_path, "son_to_bank.eml", headers, "Dad is 88. Please check.\n"),
    ]


async def test_a_denial_in_a_sentence_is_no_payment(tmp_path: Path) -> None:
    declaration = await text_doc(tmp_path, "declaration_quintero.txt", _DECLARATION)
    output, _ = run(FinancialOutput, [declaration])

    assert output.transactions == []
