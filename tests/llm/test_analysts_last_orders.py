"""Served after the time stated: "we stopped serving alcohol at 11pm" and "all the customers had
gone by 23:40" in an unnumbered statement, against the till's rows that night; soft drinks after
the stop, a void, and sales in time say nothing of the first."""

from pathlib import Path

from holmes_backend.analysis.domains.claims import sworn_claims
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import text_doc

_STATEMENT = (
    "Statement of Nadia Petrenko, bar manager, The Drovers Arms\n"
    "\n"
    "On Friday 16 January 2026 we stopped serving alcohol at 11pm as the licence requires.\n"
    "All the customers had gone by 23:40.\n"
    "Signed: Nadia Petrenko\n"
)
_TILL = (
    "Date,Time,Item,Qty,Value,Server\n"
    "16/01/2026,22:52,Red wine 175ml,2,13.00,Nadia\n"
    "16/01/2026,{late},{item},1,{value},Nadia\n"
    "16/01/2026,23:21,Lemonade,2,5.00,Nadia\n"
    "16/01/2026,23:34,VOID Guinness,1,-5.40,Nadia\n"
    "17/01/2026,00:12,Cider pint,1,5.20,Nadia\n"
)


async def _docs(
    tmp: Path, late: str = "23:18", item: str = "Gin and tonic", value: str = "8.50"
) -> list[EvidenceDoc]:
    till = _TILL.format(late=late, item=item, value=value)
    return [
        await text_doc(tmp, "statement_petrenko.txt", _STATEMENT),
        await text_doc(tmp, "till_roll.csv", till, "text/csv"),
    ]


async def test_an_unnumbered_statement_is_its_witness_s_account(tmp_path: Path) -> None:
    [statement, _] = await _docs(tmp_path)
    said = [c.claim for c in sworn_claims(statement)]
    assert "All the customers had gone by 23:40." in said
    assert not any(s.startswith("Statement of") for s in said)  # its title is no claim
