"""Who is really paid: different payees paid into one bank account."""

import re
from collections import defaultdict

from holmes_backend.analysis.domains.ledger import is_payment, total_of
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.names import name_key, same_party
from holmes_backend.contracts.agents import Anomaly, Transaction

SHARED_ACCOUNT = "shared_account"
_ACCOUNT = re.compile(r"\b(?:iban|acct|account)\b", re.IGNORECASE)
_NOT_ACCOUNT = re.compile(r"\b(?:gl|ledger|code|name|type|category|holder|class)\b", re.I)
_MIN_ACCOUNT = 6


def _account(tx: Transaction) -> str | None:
    """The bank account a payment row pays into ("Account number: 8812340077", "IBAN: …")."""
    for header, value in row_fields(tx.source.excerpt or "").items():
        if _ACCOUNT.search(header) and not _NOT_ACCOUNT.search(header):
            digits = re.sub(r"[^0-9A-Za-z]", "", value).upper()
            if len(digits) >= _MIN_ACCOUNT:
                return digits
    return None


def shared_accounts(transfers: list[Transaction]) -> list[Anomaly]:
    by_account: dict[str, dict[str, list[Transaction]]] = defaultdict(lambda: defaultdict(list))
    for tx in transfers:
        if is_payment(tx) and tx.to_party and (account := _account(tx)):
            by_account[account][name_key(tx.to_party)].append(tx)
    found: list[Anomaly] = []
    for account, payees in by_account.items():
        names = [group[0].to_party or "" for group in payees.values()]
        if len(names) < 2 or all(same_party(names[0], other) for other in names[1:]):
            continue
        groups = list(payees.values())
        described = "; ".join(
            f"{g[0].to_party} ({len(g)} payment(s), {total_of(g)})" for g in groups
        )
        every = [t for g in groups for t in g]
        found.append(
            Anomaly(
                kind=SHARED_ACCOUNT,
                description=(
                    f"{len(names)} different payees are paid into one account ending "
                    f"{account[-4:]}: {described}."
                ),
                severity="HIGH",
                total_amount=sum(t.amount for t in every),
                sources=unique_refs([t.source for t in every], 8),
            )
        )
    return found
