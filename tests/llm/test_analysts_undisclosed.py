"""Holdings left out of a sworn disclosure: a husband's "no other bank accounts", "no other
income" and "no property other than the family home" against his own transfers to an account in
his name, a letting agent's statement to him as landlord, and the rent it pays him; what he
discloses, and what his wife holds, say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_AFFIDAVIT = (
    "AFFIDAVIT OF MEANS OF TOMASZ WRÓBEL\n"
    "Sworn on 3 March 2026\n"
    "1. I hold one account, a current account with Pekao ending 5531.\n"
    "2. I have no other bank accounts anywhere.\n"
    "3. My only income is my wage from Baltic Freight Sp. z o.o.\n"
    "4. I do not own any property apart from our family flat at 22 Ogrodowa Street, Gdynia.\n"
)
_STATEMENT = (
    "Date,Details,Debit,Credit\n"
    "2025-11-03,BALTIC FREIGHT WAGE,,6200.00\n"
    "2025-11-06,TRANSFER TO T WROBEL MBANK 7702,2500.00,\n"
    "2025-12-04,BALTIC FREIGHT WAGE,,6200.00\n"
    "2025-12-05,TRANSFER TO T WROBEL MBANK 7702,2500.00,\n"
    "2025-12-19,TRANSFER TO A WROBEL 1180,300.00,\n"
)
_AGENT = (
    "Nordhaven Property Management\n"
    "Statement to landlord\n"
    "Landlord: Tomasz Wróbel\n"
    "Property: 9 Portowa Street, Sopot\n"
    "Rent collected and paid to you:\n"
    "01/12/2025 rent December PLN 3,400.00 paid to mBank xxxx7702\n"
    "02/01/2026 rent January PLN 3,400.00 paid to mBank xxxx7702\n"
)


async def _docs(tmp: Path, affidavit: str = _AFFIDAVIT) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "affidavit_of_means.txt", affidavit),
        await text_doc(tmp, "pekao_5531_statement.csv", _STATEMENT, "text/csv"),
        await text_doc(tmp, "nordhaven_landlord_statement.txt", _AGENT),
    ]


async def test_what_the_affidavit_discloses_is_no_contradiction(tmp_path: Path) -> None:
    disclosed = _AFFIDAVIT.replace(
        "1. I hold one account, a current account with Pekao ending 5531.\n",
        "1. I hold a current account with Pekao ending 5531 and a savings account with mBank "
        "ending 7702, into which the rent of my flat at 9 Portowa Street, Sopot is paid.\n",
    )
    docs = await _docs(tmp_path, disclosed)
    assert not [
        c
        for c in synthesis_of(docs).contradictions
        if c.claim_source.file_id == "affidavit_of_means"
    ]


async def test_someone_elses_holdings_are_not_his(tmp_path: Path) -> None:
    agent = _AGENT.replace("Landlord: Tomasz Wróbel", "Landlord: Anna Wróbel")
    statement = _STATEMENT.replace("T WROBEL MBANK 7702", "K NOWAK MBANK 7702")
    docs = [
        await text_doc(tmp_path, "affidavit_of_means.txt", _AFFIDAVIT),
        await text_doc(tmp_path, "pekao_5531_statement.csv", statement, "text/csv"),
        await text_doc(tmp_path, "nordhaven_landlord_statement.txt", agent),
    ]
    assert not [
        c
        for c in synthesis_of(docs).contradictions
        if c.claim_source.file_id == "affidavit_of_means"
    ]
