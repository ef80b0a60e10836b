"""Running balances that do not follow their rows: a statement or register printing a balance
after every row ("Debit | Credit | Balance"), where one row's balance is not the one before it
plus that row's money. A line altered after the fact (an amount made smaller, a payee
changed with its amount) or a line taken out leaves that mark; so does a stock register whose
count jumps.

Read per table (a sheet, a CSV, a Word table) and per printed statement (its dated lines, the
last figure of each its balance): the rows' order is the one most of them fit
(oldest first, or newest first as many bank exports print them); a table is read only when at
least three pairs of rows and three in five fit it, so the table is understood before a break
is called one. Each break is an anomaly citing the row and the one before it (HIGH), and at
synthesis a contradiction: the document against itself (document_contradictions)."""

from collections.abc import Callable
from dataclasses import dataclass

from holmes_backend.agents.schemas import SourceRef

BALANCE_BREAK = "balance_break"
_CENT = 0.011
_MIN_FITS = 3
_FIT_SHARE = 0.6


@dataclass
class _Line:
    ref: SourceRef
    moves: list[float]  # what the row's money does to the balance (either way when unsigned)
    balance: float


def _shown(lines: list[_Line]) -> Callable[[float], str]:
    """How the table's figures are written: counts whole ("15"), money to the cent."""
    whole = all(x.is_integer() for line in lines for x in (line.balance, *line.moves))
    return (lambda x: f"{x:,.0f}") if whole else (lambda x: f"{x:,.2f}")
