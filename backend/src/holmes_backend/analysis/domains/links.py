"""Cross-modal links: events in different files close in time, and payments on an event's day.
Times without a UTC offset are read in the case's usual offset."""

from collections import Counter, defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta, timezone, tzinfo

from holmes_backend.analysis.domains.timeline import field_place
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.dates import has_time, parse_iso
from holmes_backend.analysis.facts.geo import SAME_PLACE_KM, distance_km
from holmes_backend.analysis.facts.identifiers import subject_marks
from holmes_backend.analysis.facts.money import format_money
from holmes_backend.analysis.facts.names import name_key, same_party
from holmes_backend.contracts.agents import CrossModalLink, SourceRef, TimedEvent, Transaction

_MAX_LINKS = 150
_PER_FILE_PAIR = 2
_FAR_KM = 50.0
_KINDS = {"Photo": "photo", "E-mail": "e-mail", "Said in": "transcript", "Recording": "recording"}


@dataclass
class Item:
    when: datetime
    file_id: str
    kind: str
    description: str
    source: SourceRef
    people: list[str] = field(default_factory=list)
    place: str | None = None
    position: tuple[float, float] | None = None
    timed: bool = True  # known to the time of day, not only to the day

    def at(self) -> str:
        """When, as written for a reader: the day alone when only the day is known."""
        return self.when.isoformat() if self.timed else self.when.date().isoformat()


def case_offset(timestamps: list[str]) -> tzinfo:
    """The UTC offset most of the case's zoned times carry; a tie goes to the one nearest UTC,
    then the eastern one (never to the first seen: results must not change run to run)."""
    offsets = Counter(
        offset
        for t in timestamps
        if (moment := parse_iso(t)) and (offset := moment.utcoffset()) is not None
    )
    if not offsets:
        return UTC
    offset, _ = max(offsets.items(), key=lambda item: (item[1], -abs(item[0]), item[0]))
    return timezone(offset)


def instant(value: str | None, zone: tzinfo) -> datetime | None:
    moment = parse_iso(value)
    if moment is None:
        return None
    return moment if moment.tzinfo else moment.replace(tzinfo=zone)


def kind_of(event: TimedEvent) -> str:
    found = (kind for prefix, kind in _KINDS.items() if event.description.startswith(prefix))
    return next(found, "log" if event.source.row is not None else "document")


def timed_items(
    events: list[TimedEvent], transactions: list[Transaction], zone: tzinfo, *, dated: bool = False
) -> list[Item]:
    """Events and payments on one time axis; with `dated`, also those known only to the day."""
    items: list[Item] = []
    for event in events:
        when = instant(event.timestamp, zone) if dated or has_time(event.timestamp) else None
        if when is None:
            continue
        position = (
            (event.latitude, event.longitude)
            if event.latitude is not None and event.longitude is not None
            else None
        )
        items.append(
            Item(
                when,
                event.source.file_id,
                kind_of(event),
                event.description,
                event.source,
                event.people,
                event.place,
                position,
                has_time(event.timestamp),
            )
        )
    for tx in transactions:
        if not tx.date or not (dated or has_time(tx.date)):
            continue
        if (when := instant(tx.date, zone)) is None:
            continue
        parties = [p for p in (tx.from_party, tx.to_party) if p]
        label = f"Payment of {format_money(tx.amount, tx.currency)} ({' → '.join(parties)})"
        place = field_place(row_fields(tx.description))  # a card's "Location: LONDON EC2"
        if place and tx.from_party and tx.to_party and tx.to_party.lower() not in place.lower():
            place = f"{tx.to_party}, {place}"  # the merchant, in its town
        if place:
            label += f" at {place}"
        items.append(
            Item(
                when,
                tx.source.file_id,
                "transaction",
                label,
                tx.source,
                parties,
                place,
                timed=has_time(tx.date),
            )
        )
    return sorted(items, key=lambda item: item.when)


def _shared(people: list[str], others: list[str]) -> list[str]:
    return [p for p in people if any(same_party(p, q) for q in others)]


def _describe_link(a: Item, b: Item, delta: float) -> tuple[str, str]:
    gap = f"{delta / 60:.0f} min" if delta >= 60 else f"{delta:.0f} s"
    shared = _shared(a.people, b.people)
    kind = f"temporal:{a.kind}↔{b.kind}"
    note = ""
    if a.position and b.position:
        km = distance_km(a.position, b.position)
        if km <= SAME_PLACE_KM:
            kind, note = "co_location", f" at the same place ({km * 1000:.0f} m apart)"
        elif km >= _FAR_KM and shared:
            kind = "location_conflict"
            note = f" yet {km:.0f} km apart \u2014 {', '.join(shared)} cannot easily be at both"
    elif shared:
        kind = "same_person_temporal"
    who = f" involving {', '.join(shared)}" if shared else ""
    implication = (
        f"{a.description[:120]} and {b.description[:120]} occurred {gap} apart{who}{note}; "
        "they may record one episode and should be read together."
    )
    return kind, implication


def _marks(item: Item, files: Mapping[str, dict[str, set[str]]]) -> dict[str, set[str]]:
    """The plates and cards an item concerns: its own words', else its file's."""
    return {**files.get(item.file_id, {}), **subject_marks(item.description)}


def _other_subjects(a: Item, b: Item, files: Mapping[str, dict[str, set[str]]]) -> bool:
    """Whether two records name different things of one kind (another car's plate, card)."""
    ma, mb = _marks(a, files), _marks(b, files)
    return any(ma[kind].isdisjoint(mb[kind]) for kind in ma.keys() & mb.keys())


def temporal_links(
    items: list[Item], window_minutes: float, files: Mapping[str, dict[str, set[str]]] | None = None
) -> list[CrossModalLink]:
    """Records of different files close in time; `files`: the plate or card each file is
    about, so that records of different cars or cards stay apart."""
    window = timedelta(minutes=window_minutes)
    files = files or {}
    latest: dict[str, Item] = {}
    best: dict[tuple[str, str], list[tuple[float, Item, Item]]] = defaultdict(list)
    for item in items:
        for file_id, previous in list(latest.items()):
            if file_id == item.file_id:
                continue
            if item.when - previous.when > window:
                del latest[file_id]
                continue
            if _other_subjects(item, previous, files):
                continue
            delta = abs((item.when - previous.when).total_seconds())
            pair = tuple(sorted((file_id, item.file_id)))
            best[pair].append((delta, previous, item))  # type: ignore[index]
        latest[item.file_id] = item
    links: list[CrossModalLink] = []
    for candidates in best.values():
        # The nearest first; at a tie, a payment's.
        ranked = sorted(
            candidates, key=lambda c: (c[0], "transaction" not in (c[1].kind, c[2].kind))
        )
        for delta, a, b in ranked[:_PER_FILE_PAIR]:
            kind, implication = _describe_link(a, b, delta)
            links.append(
                CrossModalLink(
                    source_a=a.source,
                    source_b=b.source,
                    correlation_type=kind,
                    time_delta_seconds=round(delta, 1),
                    implication=implication,
                )
            )
    links.sort(key=lambda k: (k.correlation_type != "location_conflict", k.time_delta_seconds))
    return links[:_MAX_LINKS]


def same_day_links(items: list[Item], holders: dict[str, str]) -> list[CrossModalLink]:
    """A payment of an account's statement known only to its day, and an event of another file
    that day placing its other side (not the holder)."""
    by_day: dict[object, list[Item]] = defaultdict(list)
    sides: dict[str, list[set[str]]] = defaultdict(list)
    for item in items:
        if item.kind == "transaction":
            sides[item.file_id].append({name_key(p) for p in item.people})
        elif item.kind != "document" and item.people:
            by_day[item.when.date()].append(item)
    # A statement's holder: named by its file, or on one side of all its payments.
    common = {f: set.intersection(*rows) for f, rows in sides.items() if len(rows) >= 2}
    links: list[CrossModalLink] = []
    pairs: Counter[tuple[str, str]] = Counter()
    for payment in items:
        if payment.kind != "transaction" or payment.timed:
            continue
        holder = holders.get(payment.file_id)
        own = common.get(payment.file_id, set())
        if holder is None and not own:
            continue
        others = [
            p
            for p in payment.people
            if name_key(p) not in own and not (holder and same_party(p, holder))
        ]
        for event in by_day.get(payment.when.date(), []):
            shared = _shared(others, event.people)
            pair = (payment.file_id, event.file_id)
            if event.file_id == payment.file_id or not shared or pairs[pair] >= _PER_FILE_PAIR * 3:
                continue
            pairs[pair] += 1
            links.append(
                CrossModalLink(
                    source_a=payment.source,
                    source_b=event.source,
                    correlation_type="same_day_payment",
                    time_delta_seconds=None,
                    implication=(
                        f"{payment.description[:120]} on {payment.at()}, the day of "
                        f"{event.description[:120]}: the payment to or from {', '.join(shared)} "
                        "falls on a day the records place them; ask what it was for."
                    ),
                )
            )
    return links[:_MAX_LINKS]
