"""Triage of one file: domain scores, complexity, class and a preview of its names and dates.

A domain's score is the share of its vocabulary in the words, mapped into [0, 0.7], plus the
structural cues that mark its files: money rows and payments told for financial; rules, registers,
contracts and sworn statements for legal; messages, logs, calls, letters, forms and timed, placed
records for evidence; plans for strategy. The class is the first of `classify`'s rules that holds.
"""

import math
import re
from collections import Counter
from dataclasses import dataclass

from holmes_backend.analysis.domains.addresses import is_address_register
from holmes_backend.analysis.domains.claims import is_sworn, is_testimony
from holmes_backend.analysis.domains.clauses import requires_approval
from holmes_backend.analysis.domains.legal import is_contract, is_opinion, is_rulebook
from holmes_backend.analysis.domains.timeline import head_subject, places_in
from holmes_backend.analysis.domains.xmlrecords import xml_records
from holmes_backend.analysis.facts.cells import Role, roles, row_fields
from holmes_backend.analysis.facts.dates import find_moments, parse_iso
from holmes_backend.analysis.facts.identifiers import identity_holders
from holmes_backend.analysis.facts.lexicon import (
    EVIDENCE_WORDS,
    FINANCIAL_WORDS,
    LEGAL_WORDS,
    STRATEGY_WORDS,
)
from holmes_backend.analysis.facts.money import find_money, parse_cell
from holmes_backend.analysis.facts.names import UPPER, find_names, name_key
from holmes_backend.analysis.facts.phones import holds_numbers, phones_in
from holmes_backend.analysis.facts.text import Unit, column_rows, is_stamped, units, words
from holmes_backend.contracts.agents import DomainName, DomainScores, TriageFile
from holmes_backend.llm.evidence import EvidenceDoc

_MAX_CHARS = 400_000
_MAX_UNITS = 4000
_PREVIEW_UNITS = 600  # names and dates of a preview are sampled from the start of the file
_DENSITY_GAIN = 25.0
_LEXICON_WEIGHT = 0.7
_MAX_SCORE = 0.98
_DOMAINS: tuple[DomainName, ...] = ("financial", "legal", "evidence", "strategy")
_LETTER = re.compile(
    r"^\s*(dear\s|sincerely|best regards|kind regards|yours (?:truly|faithfully|sincerely)|"
    rf"to whom it may concern|to the [{UPPER}])",
    re.I | re.M,
)
_STATUTE = re.compile(
    r"§|\bU\.\s?S\.\s?C\.|\bbe it enacted\b|\bsection\s+\d+\.?\s|\bregulation\b", re.I
)
# Rules binding someone: "shall not accept", "must be declared".
_NORMATIVE = re.compile(
    r"\b(?:shall(?:\s+not)?|must(?:\s+not)?|is\s+prohibited|are\s+prohibited|may\s+not)\s+"
    r"(?:be\s+)?[a-z]+",
    re.IGNORECASE,
)
# A register's record of who directs, owns and represents an entity ("Director: …").
_REGISTER_FIELD = re.compile(
    r"^\s*(?:directors?|shareholders?|stockholders?|beneficial\s+owners?|members?|"
    r"officers?|partners?|trustees?|(?:company\s+)?secretary|registered\s+(?:office|agent|address)|"
    r"incorporat(?:ed|ion)(?:\s+date)?|(?:company|entity|registration)\s+(?:number|no\.?|name)|"
    r"entity\s+type|date\s+of\s+(?:incorporation|registration)|role)\b[^:|\n]{0,30}[:|]"
    r"|^\s*(?:company|registration)\s+(?:number|no\.?)\s+[A-Z]{0,2}\d{6,}",
    re.IGNORECASE | re.MULTILINE,
)
_REGISTER_FIELDS = 3
_FORM_FIELD = re.compile(r"^\s*[\w][\w ()/'-]{1,30}:\s*(?P<value>\S.*)$")
_FORM_UNITS = 15
_FORM_PEOPLE = 2
_MEMO = re.compile(r"\b(next steps|recommend(?:ation)?s?|action items?|strategy|to-?do)\b", re.I)
_MEDIA = ("image/", "audio/", "video/")
_HEAD_UNITS = 4
_TABLE_ROWS = 3
_SOME_SIGNAL = 0.05
_LOG_ROWS = 2
_CHAT_LINES = 20
_SHORT_RECORD = 15  # units: a receipt, a ticket, a booking
_MONEY = ("amount", "debit", "credit")
_MAIL = "message/rfc822"
# A sentence telling of money moved ("the $15,000 transferred on 14 August was the deposit").
_MOVED = re.compile(
    r"\b(?:paid|pays?|paying|payments?|transferr(?:ed|ing)|transfers?|wired|remitted|refund(?:ed)?|"
    r"reimburs(?:ed|ement)|received|deposited|withdr[ae]w[n]?)\b",
    re.IGNORECASE,
)


@dataclass
class _Profile:
    text: str
    words: list[str]
    units: list[Unit]
    rows: list[Unit]
    money: int  # amounts in the text
    transfers: int  # ledger rows and records with an amount
    figures: int  # table cells with an amount (a statement)
    letter: bool


def _profile(doc: EvidenceDoc) -> _Profile:
    text = "\n".join(chunk.text for chunk in doc.chunks)[:_MAX_CHARS]
    doc_units = units(doc)[:_MAX_UNITS]
    rows = [u for u in doc_units if u.kind == "row"]
    return _Profile(
        text=text,
        words=words(text),
        units=doc_units,
        rows=rows,
        money=sum(len(find_money(u.text)) for u in doc_units),
        transfers=sum(1 for u in rows if _money_row(u.text)) + len(xml_records(doc)),
        figures=sum(1 for u in doc_units if u.kind == "cells" and find_money(u.text)),
        letter=bool(_LETTER.search(text[:5000])),
    )


def _personal(head: list[Unit]) -> bool:
    """A form about people: its first fields name two people ("Employee: Priya Raman")."""
    fields = [f for u in head if u.kind != "row" and (f := _FORM_FIELD.match(u.text))]
    people = [n for f in fields for n in find_names(f["value"][:80]) if n.kind == "person"]
    return len(people) >= _FORM_PEOPLE


def _cells(text: str) -> tuple[dict[str, str], dict[str, Role]]:
    fields = row_fields(text)
    return fields, roles(list(fields))


def _dated(text: str) -> bool:
    """A row of a log: a date (or a time with its day) and no amount column."""
    fields, assigned = _cells(text)
    return any(
        assigned[k] in ("date", "time") and find_moments(v) for k, v in fields.items()
    ) and not any(assigned[k] in _MONEY for k in fields)


def _money_row(text: str) -> bool:
    fields, assigned = _cells(text)
    return any(assigned[k] in _MONEY and parse_cell(v) for k, v in fields.items())


def _density(tokens: list[str], lexicon: frozenset[str]) -> float:
    """The vocabulary's share of the words, mapped into [0, 0.7]; structure adds the rest."""
    if not tokens:
        return 0.0
    share = sum(1 for token in tokens if token in lexicon) / len(tokens)
    return _LEXICON_WEIGHT * (1 - math.exp(-_DENSITY_GAIN * share))


def _clamp(value: float) -> float:
    return round(max(0.0, min(_MAX_SCORE, value)), 3)


def _plus(score: float, cues: list[tuple[float, bool]]) -> float:
    """The score with the weight of every cue that holds added, in order."""
    return sum((weight for weight, holds in cues if holds), score)


def domain_scores(doc: EvidenceDoc, profile: _Profile) -> DomainScores:
    if doc.mime_type.startswith(_MEDIA):
        return DomainScores(financial=0.05, legal=0.1, evidence=0.9, strategy=0.1)
    text, tokens = profile.text, profile.words
    per_hundred = 100 * profile.money / max(1, len(tokens))
    told = any(
        u.kind != "row" and _MOVED.search(u.text) and find_money(u.text) for u in profile.units
    )
    financial = _plus(
        _density(tokens, FINANCIAL_WORDS) + min(0.3, 0.08 * per_hundred),
        [
            (0.3 if profile.transfers >= 3 else 0.15, profile.transfers > 0),
            (0.2, told),  # money a text says was paid: what the records are checked against
            (0.45, is_address_register(doc)),  # who is who: a vendor master, a staff list
        ],
    )
    rows = profile.rows
    # A table's header words and cells recur on every row: its vocabulary counts a third.
    tabular = 3 if len(rows) >= _TABLE_ROWS and len(rows) >= len(profile.units) / 2 else 1
    testimony = is_testimony(doc)
    legal = _plus(
        _density(tokens, LEGAL_WORDS) / tabular,
        [
            (0.25, is_opinion(doc) or is_contract(doc)),
            (0.45, is_rulebook(doc)),
            (0.25, len(_NORMATIVE.findall(text[:50_000])) >= 2),
            (0.45, bool(profile.money) and requires_approval(text[:50_000])),
            (0.45, len(_REGISTER_FIELD.findall(text[:20_000])) >= _REGISTER_FIELDS),
            (0.45 if testimony and is_sworn(doc) else 0.1, testimony),
        ],
    )
    strategy = _density(tokens, STRATEGY_WORDS) / tabular
    strategy += 0.15 if _MEMO.search(text[:20_000]) else 0
    return DomainScores(
        financial=_clamp(financial),
        legal=_clamp(legal),
        evidence=_clamp(_evidence_score(doc, profile, testimony)),
        strategy=_clamp(min(strategy, 0.9)),
    )


def _evidence_score(doc: EvidenceDoc, profile: _Profile, testimony: bool) -> float:
    """What a file tells of who did what, when and where: messages, logs, calls, testimony."""
    head, rows = profile.units, profile.rows[:400]
    calls = sum(
        1 for u in rows if phones_in(u.text) and any(m.at is not None for m in find_moments(u.text))
    )
    short = len(head) <= _SHORT_RECORD
    chat = sum(1 for u in units(doc)[:_CHAT_LINES] if u.speaker and is_stamped(u.text)) >= 2
    placed = any(n.kind == "place" for u in head[:_HEAD_UNITS] for n in find_names(u.text)) or (
        short and any(places_in(u.text) for u in head)
    )
    # A form about people, or a person's own table of days (a timesheet under its "Claimant:").
    personal = _personal(head[:_FORM_UNITS]) or bool(column_rows(doc) and head_subject(doc))
    return _plus(
        _density(profile.words, EVIDENCE_WORDS),
        [
            (0.45, testimony),
            (0.45, bool(doc.metadata.get("from")) or doc.mime_type == _MAIL or chat),
            (0.45, holds_numbers(doc) or bool(identity_holders([doc]))),  # whose number is whose
            (0.45, calls >= _TABLE_ROWS),
            (0.45, sum(1 for u in rows if _dated(u.text)) >= _LOG_ROWS and not profile.transfers),
            (0.45, profile.letter),
            (0.45, personal),
            # A time of day and a place (a receipt, a ticket) put people somewhere at a moment.
            (0.4 if placed else 0.1, any(m.at for u in head[:400] for m in find_moments(u.text))),
            (0.15, any(c.location.start_time is not None for c in doc.chunks[:50])),  # a recording
        ],
    )


def classify(  # noqa: PLR0911 - the classes are an ordered rule table
    doc: EvidenceDoc, primary: DomainName, profile: _Profile
) -> str:
    if doc.mime_type.startswith(_MEDIA):
        return "Media"
    if is_testimony(doc):
        return "Testimony"
    if doc.mime_type == _MAIL or doc.metadata.get("from") or profile.letter:
        return "Correspondence"
    if primary == "legal":
        if is_opinion(doc):
            return "Legal/Precedent"
        if _STATUTE.search(profile.text[:50_000]) and not is_contract(doc):
            return "Legal/Statute"
        return "Legal/Contract"
    if primary == "financial":
        statement = profile.transfers < profile.figures
        return "Financial/Statement" if statement else "Financial/Transactions"
    return "Evidence" if primary == "evidence" else "Reference"


def _preview(doc: EvidenceDoc) -> tuple[list[str], list[str], int]:
    head = units(doc)[:_PREVIEW_UNITS]
    names = [n.text for u in head for n in find_names(u.text) if n.kind != "place"]
    counts = Counter(name_key(name) for name in names)
    display: dict[str, str] = {}
    for name in sorted(names, key=len, reverse=True):  # each name's longest form, first seen
        display.setdefault(name_key(name), name)
    days = Counter(m.day.isoformat() for u in head for m in find_moments(u.text))
    for key in ("capture_time", "date", "created", "recording_start", "creation_date"):
        stamp = parse_iso(doc.metadata.get(key))
        if stamp is not None:
            days[stamp.date().isoformat()] += 3
    entities = [display[k] for k, _ in counts.most_common(8)]
    top_days = sorted(day for day, _ in days.most_common(8))
    return entities, top_days, sum(counts.values()) + sum(days.values())


def triage_file(doc: EvidenceDoc) -> TriageFile:
    profile = _profile(doc)
    scores = domain_scores(doc, profile)
    values = {name: getattr(scores, name) for name in _DOMAINS}
    primary = max(_DOMAINS, key=lambda name: values[name])
    if values[primary] < _SOME_SIGNAL:
        primary = "evidence"  # nothing says what it is: a record of the case, for the timeline
    entities, days, mentions = _preview(doc)
    length = min(1.0, math.log10(1 + len(profile.text)) / 6)
    structure = min(1.0, sum(1 for u in profile.units if u.kind in ("row", "cells")) / 300)
    dense = (profile.money + mentions + len(days)) / max(20.0, len(profile.words) / 10)
    duration = doc.metadata.get("duration")
    pages = doc.metadata.get("page_count")
    paged = float(pages) if isinstance(pages, int | float) else None
    return TriageFile(
        file_id=doc.file_id,
        filename=doc.filename,
        classification=classify(doc, primary, profile),
        domain_scores=scores,
        complexity_score=_clamp(
            0.45 * length
            + 0.2 * structure
            + 0.2 * min(1.0, dense)
            + 0.15 * min(1.0, (paged or 0.0) / 100)
        ),
        primary_domain=primary,
        secondary_domains=[d for d in _DOMAINS if d != primary and values[d] >= 0.4],
        entities_preview=entities,
        key_dates=days,
        page_count=None if paged is None else int(paged),
        duration_seconds=float(duration) if isinstance(duration, int | float) else None,
    )
