"""Rules for suspicious money movements over transfers: structuring, round trips, amount
mismatches across documents and duplicate payments."""

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from datetime import date, timedelta
from itertools import pairwise

from holmes_backend.analysis.domains.ledger import (
    file_holders,
    is_payment,
    norm_reference,
    tx_date,
)
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.lexicon import FINANCIAL_WORDS, PAYMENT_CODES, STOPWORDS
from holmes_backend.analysis.facts.money import format_money
from holmes_backend.analysis.facts.names import name_key, same_party
from holmes_backend.contracts.agents import Anomaly, SourceRef, Transaction

REPORTING_THRESHOLD = 10_000.0
STRUCTURING_BAND = 0.15  # "just under": within 15 % below the threshold
STRUCTURING_WINDOW_DAYS = 14
STRUCTURING_MIN_COUNT = 3
ROUND_TRIP_DAYS = 90
SIMILAR_AMOUNT = 0.10
MISMATCH_TOLERANCE = 0.005
_DIGITS = re.compile(r"\d+")
RECURRING_DAY_SPREAD = 3
_HOLDER = "holder of "


@dataclass(frozen=True)
class _Tx:
    number: int
    tx: Transaction
    day: date | None
    sender: str
    receiver: str

    @property
    def payer(self) -> str:
        """The sender; unnamed, the document's own account holder."""
        return self.sender or f"{_HOLDER}{self.tx.source.file_id}"

    @property
    def payee(self) -> str:
        return self.receiver or f"{_HOLDER}{self.tx.source.file_id}"


def _index(transactions: list[Transaction]) -> list[_Tx]:
    return [
        _Tx(n, t, tx_date(t), _key(t.from_party), _key(t.to_party))
        for n, t in enumerate(transactions)
        if t.amount > 0
    ]


def _key(party: str | None) -> str:
    return name_key(party) if party else ""


def _refs(items: Iterable[_Tx]) -> list[SourceRef]:
    return unique_refs([item.tx.source for item in items])


def _label(item: _Tx) -> str:
    t = item.tx
    parties = f"{t.from_party or '?'} → {t.to_party or '?'}"
    return f"{format_money(t.amount, t.currency)} on {t.date or 'an unknown date'} ({parties})"


def find_anomalies(
    transactions: list[Transaction],
    threshold: float = REPORTING_THRESHOLD,
    filenames: dict[str, str] | None = None,
    stated: Sequence[float] = (),
) -> list[Anomaly]:
    """Anomalies over transfers; invoices' amounts due only count for mismatches."""
    items = _index(transactions)
    payments = [item for item in items if is_payment(item.tx)]
    found: list[Anomaly] = []
    reported: set[int] = set()
    for limit in (threshold, *sorted(set(stated) - {threshold})):
        found += _structured(payments, limit, reported, stated=limit != threshold)
    found += round_trips(payments)
    found += mismatches(items, filenames or {})
    found += duplicates(payments)
    return found


def _structured(
    items: list[_Tx], threshold: float, reported: set[int], *, stated: bool
) -> list[Anomaly]:
    """Runs of transfers just under `threshold`, none of `reported` (which it adds to)."""
    low = threshold * (1 - STRUCTURING_BAND)
    groups: dict[tuple[str, str], list[_Tx]] = defaultdict(list)
    for item in items:
        if not (low <= item.tx.amount < threshold) or item.day is None:
            continue
        if not stated:
            groups[("by", item.payer)].append(item)
        groups[("to", item.payee)].append(item)
    found: list[Anomaly] = []
    which = "threshold the case's documents state" if stated else "reporting threshold"
    # Runs by or to a named party first.
    for (role, _), group in sorted(
        groups.items(), key=lambda kv: (kv[0][1].startswith(_HOLDER), -len(kv[1]))
    ):
        cluster = densest(sorted(group, key=lambda i: (i.day or date.min, i.number)))
        numbers = {i.number for i in cluster}
        if len(numbers - reported) < STRUCTURING_MIN_COUNT:
            continue
        total = sum(i.tx.amount for i in cluster)
        if total <= threshold:
            continue
        reported |= numbers
        days = ((cluster[-1].day or date.min) - (cluster[0].day or date.min)).days + 1
        severe = len(cluster) >= 4 or total >= 2 * threshold
        found.append(
            Anomaly(
                kind="structuring",
                description=(
                    f"{len(cluster)} {_structured_as(cluster, role)} of "
                    f"{format_money(low, '')}\u2013"
                    f"{format_money(threshold, '')} (just under the "
                    f"{format_money(threshold, cluster[0].tx.currency)} {which}) "
                    f"within {days} day(s), totalling {format_money(total, cluster[0].tx.currency)}"
                    f": {'; '.join(_label(i) for i in cluster[:6])}"
                ),
                severity="HIGH" if severe else "MEDIUM",
                total_amount=round(total, 2),
                sources=_refs(cluster),
            )
        )
    return found


def _structured_as(cluster: list[_Tx], role: str) -> str:
    """What a run is of: transfers by or to its party."""
    written = list(
        dict.fromkeys(
            p for i in cluster if (p := i.tx.from_party if role == "by" else i.tx.to_party)
        )
    )
    if not written:
        return "transfers in one account"
    return f"transfers {role} {' / '.join(written[:3])}"


def densest(group: list[_Tx], days: int = STRUCTURING_WINDOW_DAYS) -> list[_Tx]:
    """The largest run of dated items whose days fit in a window of `days`."""
    best: list[_Tx] = []
    start = 0
    window = timedelta(days=days)
    for end, item in enumerate(group):
        while (item.day or date.min) - (group[start].day or date.min) > window:
            start += 1
        if end + 1 - start > len(best):
            best = group[start : end + 1]
    return best


def _within(first: _Tx, second: _Tx, days: int) -> bool:
    if first.day is None or second.day is None:
        return True
    return timedelta(0) <= second.day - first.day <= timedelta(days=days)


_NARRATIVE_WORD = re.compile(r"(?<![\w:])([^\W\d_]{3,})(?![\w:])")
_HOLDER_MIN_ROWS = 3


def _narrative(tx: Transaction) -> str:
    """The other side as a statement's narrative names it."""
    for found in _NARRATIVE_WORD.finditer(tx.description):
        word, low = found[1], found[1].casefold()
        if low not in PAYMENT_CODES and low not in FINANCIAL_WORDS and low not in STOPWORDS:
            return word
    return ""


def _traced(items: list[_Tx]) -> list[_Tx]:
    """The payments with both sides keyed for tracing money."""
    holders = file_holders([item.tx for item in items], _HOLDER_MIN_ROWS)
    traced: list[_Tx] = []
    for item in items:
        own = holders.get(item.tx.source.file_id, set())
        if own & {item.sender, item.receiver} and not {item.sender, item.receiver} <= own:
            other = _narrative(item.tx).casefold()
            key = f"narrative {other}" if other else f"unknown {item.number}"
            paid_out = item.sender in own
            sender, receiver = (item.sender, key) if paid_out else (key, item.receiver)
            traced.append(replace(item, sender=sender, receiver=receiver))
        else:
            traced.append(item)
    return traced


def _named(item: _Tx, paying: bool) -> str:
    """A traced leg's party for the reader."""
    party, key = (item.tx.from_party, item.sender) if paying else (item.tx.to_party, item.receiver)
    return _narrative(item.tx) if key.startswith("narrative ") else party or "?"


def round_trips(items: list[_Tx]) -> list[Anomaly]:
    by_pair: dict[tuple[str, str], list[_Tx]] = defaultdict(list)
    for item in _traced(items):
        if item.payer != item.payee:
            by_pair[(item.payer, item.payee)].append(item)
    found: list[Anomaly] = []
    seen: set[frozenset[int]] = set()
    for (a, b), outgoing in by_pair.items():
        for first in outgoing:
            back = _return_leg(first, by_pair.get((b, a), []), first.tx.amount)
            if back is not None:
                _add_trip(found, seen, [first, back])
    return found


def _return_leg(after: _Tx, candidates: list[_Tx], amount: float) -> _Tx | None:
    return next(
        (
            c
            for c in candidates
            if _within(after, c, ROUND_TRIP_DAYS)
            and abs(amount - c.tx.amount) <= SIMILAR_AMOUNT * max(amount, c.tx.amount)
        ),
        None,
    )


def _add_trip(found: list[Anomaly], seen: set[frozenset[int]], legs: list[_Tx]) -> None:
    key = frozenset(leg.number for leg in legs)
    if key in seen:
        return
    seen.add(key)
    sent = legs[0].tx.amount
    route = " → ".join([_named(legs[0], True)] + [_named(leg, False) for leg in legs])
    returned = legs[-1].tx.amount / sent
    found.append(
        Anomaly(
            kind="round_trip",
            description=(
                f"Funds went {route} and came back ({returned:.0%} of the amount returned): "
                + "; ".join(_label(leg) for leg in legs)
            ),
            severity="HIGH" if returned >= 0.95 else "MEDIUM",
            total_amount=round(sent, 2),
            sources=_refs(legs),
        )
    )


def mismatches(items: list[_Tx], filenames: dict[str, str]) -> list[Anomaly]:
    """One reference recorded in several documents with different amounts or payees."""
    by_reference: dict[str, list[_Tx]] = defaultdict(list)
    for item in items:
        if item.tx.reference:
            by_reference[norm_reference(item.tx.reference)].append(item)
    found: list[Anomaly] = []
    for reference, group in by_reference.items():
        found += _mismatch(group, f"reference {group[0].tx.reference or reference}", filenames)
    return found


def _mismatch(group: list[_Tx], what: str, filenames: dict[str, str]) -> list[Anomaly]:
    first: dict[str, _Tx] = {}
    for item in group:
        first.setdefault(item.tx.source.file_id, item)
    if len(first) < 2:
        return []
    # The odd one out first.
    counts = Counter(round(item.tx.amount, 2) for item in first.values())
    by_file = dict(
        sorted(
            first.items(),
            key=lambda kv: (
                counts[round(kv[1].tx.amount, 2)],
                filenames.get(kv[0], kv[0]),
            ),
        )
    )
    amounts = [item.tx.amount for item in by_file.values()]
    low, high = min(amounts), max(amounts)
    amounts_differ = high - low > max(0.01, MISMATCH_TOLERANCE * high)
    payees = [i.tx.to_party for i in by_file.values() if i.tx.to_party]
    payees_differ = any(not same_party(payees[0], p) for p in payees[1:])
    if not (amounts_differ or payees_differ):
        return []

    listing = "; ".join(
        f"{format_money(i.tx.amount, i.tx.currency)}"
        + (f" to {i.tx.to_party}" if payees_differ and i.tx.to_party else "")
        + f" in {filenames.get(file_id) or 'file ' + file_id}"
        for file_id, i in by_file.items()
    )
    what_differs = " and payees" if amounts_differ and payees_differ else ""
    return [
        Anomaly(
            kind="amount_mismatch" if amounts_differ else "payee_mismatch",
            description=(
                f"Different {'amounts' if amounts_differ else 'payees'}{what_differs} for "
                f"{what} across documents: {listing}"
            ),
            severity="HIGH" if (high - low) >= 0.1 * high or payees_differ else "MEDIUM",
            total_amount=round(high - low, 2) if amounts_differ else round(high, 2),
            sources=_refs(by_file.values()),
        )
    ]


def duplicates(items: list[_Tx]) -> list[Anomaly]:
    """One reference paid twice, for one amount to one payee (a subscription aside)."""
    groups: dict[tuple[str, str, float, str], list[_Tx]] = defaultdict(list)
    for item in items:
        # Unnamed, the payee is what the row says, numbers aside.
        payee = item.receiver or _DIGITS.sub("#", item.tx.description.lower())
        if item.tx.reference:
            reference = norm_reference(item.tx.reference)
            groups[(item.tx.source.file_id, payee, item.tx.amount, reference)].append(item)
    return [
        Anomaly(
            kind="duplicate_payment",
            description="Possible duplicate payment (the same reference): "
            + "; ".join(_label(i) for i in group[:5]),
            severity="HIGH",
            total_amount=round(sum(i.tx.amount for i in group), 2),
            sources=_refs(group),
        )
        for group in groups.values()
        if len(group) >= 2 and not _recurring(group)
    ]


def _recurring(group: list[_Tx]) -> bool:
    """Charges at about the same day of different months, or three or more at one regular
    interval of a week or more."""
    days = sorted(item.day for item in group if item.day)
    if len(days) != len(group):
        return False
    monthly = len({(d.year, d.month) for d in days}) == len(days) and (
        max(d.day for d in days) - min(d.day for d in days) <= RECURRING_DAY_SPREAD
    )
    gaps = [(b - a).days for a, b in pairwise(days)]
    regular = len(days) >= 3 and min(gaps) >= 7 and max(gaps) - min(gaps) <= 1
    return monthly or regular
