"""No savings: an applicant's "No" to "Do you have savings over €5,000?" and a debtor's "I have
no savings at all" against their own accounts' balances in the two months before; a balance
under the sum, someone else's account, or a balance long before say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_FORM = (
    "Application for fee remission\n"
    "Applicant: Luca Ferrante\n"
    "Date: 10 March 2026\n"
    "Do you have savings over €5,000?\n"
    "No\n"
    "I declare that the information I have given is true.\n"
    "Signed: Luca Ferrante\n"
)
_STATEMENT = (
    "Account holder: {holder}\n"
    "Date,Description,Amount,Balance\n"
    "{day1},Interest,12.40,{balance}\n"
    "{day2},Transfer,-500.00,{balance2}\n"
)


async def _docs(
    tmp: Path,
    holder: str = "Luca Ferrante",
    balance: str = "22410.00",
    days: tuple[str, str] = ("2026-01-31", "2026-02-27"),
) -> list[EvidenceDoc]:
    after = f"{float(balance) - 500:.2f}"
    statement = _STATEMENT.format(
        holder=holder, day1=days[0], day2=days[1], balance=balance, balance2=after
    )
    return [
        await text_doc(tmp, "fee_remission_form.txt", _FORM),
        await text_doc(tmp, "deposit_statement.csv", statement, "text/csv"),
    ]


async def test_under_the_sum_someone_else_or_long_before(tmp_path: Path) -> None:
    for docs in (
        await _docs(tmp_path, balance="3900.00"),
        await _docs(tmp_path, holder="Sofia Ferrante"),
        await _docs(tmp_path, days=("2025-06-30", "2025-07-31")),
    ):
        assert not [
            c
            for c in synthesis_of(docs).contradictions
            if c.claim_source.file_id == "fee_remission_form"
        ]
