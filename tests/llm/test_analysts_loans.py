"""A gift that was a loan: the son-in-law's "the €40,000 was a present" against the promissory
note he signed and the transfer referenced as a loan; a payment's reference alone is MEDIUM; a
loan of another sum, or to someone else, says nothing of the gift."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Witness statement of Rafael Osorio\n"
    "Dated 4 February 2026\n"
    "1. In June 2025 my father-in-law, Anton Weiss, transferred €40,000 to me.\n"
    "2. The €40,000 was a present for our wedding.\n"
    "3. Nobody ever said I had to repay it.\n"
    "I believe that the facts stated in this witness statement are true.\n"
    "Signed: Rafael Osorio\n"
)
_NOTE = (
    "PROMISSORY NOTE\n"
    "Made on 2 June 2025 between Anton Weiss of Graz (the Lender) and Rafael Osorio of "
    "Valencia (the Borrower).\n"
    "For value received the Borrower promises to pay the Lender the principal sum of "
    "EUR 40,000 by 1 June 2027.\n"
    "Signed: Rafael Osorio\n"
)
_TRANSFERS = (
    "Date,Counterparty,Reference,Amount,Currency\n"
    "2025-06-03,Rafael Osorio,Darlehen / loan per note 2 June,-40000.00,EUR\n"
    "2025-06-20,Stadtwerke Graz,Strom,-88.10,EUR\n"
)


async def _docs(tmp: Path, note: str = _NOTE, transfers: str = _TRANSFERS) -> list[EvidenceDoc]:
    docs = [await text_doc(tmp, "statement_osorio.txt", _STATEMENT)]
    if note:
        docs.append(await text_doc(tmp, "promissory_note.txt", note))
    docs.append(await text_doc(tmp, "weiss_account_export.csv", transfers, "text/csv"))
    return docs


async def test_another_sum_or_another_borrower_is_no_contradiction(tmp_path: Path) -> None:
    other_sum = _NOTE.replace("EUR 40,000", "EUR 4,000")
    transfers = _TRANSFERS.replace("Rafael Osorio,Darlehen", "Lucia Osorio,Darlehen")
    docs = await _docs(tmp_path, note=other_sum, transfers=transfers)
    assert not [c for c in synthesis_of(docs).contradictions if c.claim_source.line in (4, 5)]
