"""An executive's dealings, as a Form 4 (SEC ownership XML) reports them, against his interview:
"I did not sell any shares in December 2022" against two sales on 13 December, "I exercised
no options in 2022" against an exercise that day (reported twice, as the option given up and
the stock acquired: one exercise). Another person's filing, or sales in another month,
contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_ROW = (
    "<{table}Transaction><securityTitle><value>{title}</value></securityTitle>"
    "<transactionDate><value>{day}</value></transactionDate>"
    "<transactionCoding><transactionFormType>4</transactionFormType>"
    "<transactionCode>{code}</transactionCode></transactionCoding>"
    "<transactionAmounts><transactionShares><value>{shares}</value></transactionShares>"
    "<transactionPricePerShare><value>{price}</value></transactionPricePerShare>"
    "<transactionAcquiredDisposedCode><value>{ad}</value></transactionAcquiredDisposedCode>"
    "</transactionAmounts></{table}Transaction>\n"
)


def _form4(owner: str, day: str) -> str:
    rows = [
        ("nonDerivative", "Class A Common Stock", "M", "50000", "8.88", "A"),
        ("nonDerivative", "Class A Common Stock", "S", "30000", "150.84", "D"),
        ("nonDerivative", "Class A Common Stock", "S", "20000", "151.81", "D"),
        ("derivative", "Stock Option (Right to Buy)", "M", "50000", "8.88", "D"),
    ]
    tables = {"nonDerivative": "", "derivative": ""}
    for table, title, code, shares, price, ad in rows:
        tables[table] += _ROW.format(
            table=table, title=title, day=day, code=code, shares=shares, price=price, ad=ad
        )
    return (
        "<ownershipDocument>\n<documentType>4</documentType>\n"
        f"<periodOfReport>{day}</periodOfReport>\n"
        "<issuer><issuerCik>0001640147</issuerCik><issuerName>Glacier Data Inc.</issuerName>"
        "</issuer>\n"
        "<reportingOwner><reportingOwnerId><rptOwnerCik>0001402349</rptOwnerCik>"
        f"<rptOwnerName>{owner}</rptOwnerName></reportingOwnerId></reportingOwner>\n"
        f"<nonDerivativeTable>\n{tables['nonDerivative']}</nonDerivativeTable>\n"
        f"<derivativeTable>\n{tables['derivative']}</derivativeTable>\n"
        "</ownershipDocument>\n"
    )


_INTERVIEW = (
    "COMPLIANCE INTERVIEW - PETER VANCE\n"
    "Date: 9 January 2023\n\n"
    "Q: Did you sell any Glacier shares in December 2022?\n"
    "A: No. I did not sell any shares in December 2022.\n"
    "Q: Did you exercise any options during that month?\n"
    "A: I exercised no options in 2022.\n"
)


async def _docs(tmp_path: Path, owner: str, day: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "interview_vance.txt", _INTERVIEW),
        await text_doc(tmp_path, "form4.xml", _form4(owner, day), "application/xml"),
    ]


async def test_another_owner_or_another_year(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "Lund Ingrid", "2022-12-13")).contradictions == []
    assert synthesis_of(await _docs(tmp_path, "Vance Peter", "2023-02-14")).contradictions == []
