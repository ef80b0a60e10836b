"""Triage of one file: domain scores, complexity, classification and a preview of its content.

Scores are lexicon densities (share of a domain's vocabulary in the words, XML tag names
included) turned into [0, 1], plus structural signals: money amounts, ledger rows and statement
tables for financial; case captions, contract recitals and clauses for legal; media, transcripts,
testimony, e-mail, timestamps and custody records for evidence; plans and recommendations for
strategy.

Classification (the first that applies):
- "Media": images, audio and video;
- "Testimony": transcripts, depositions, affidavits, declarations, interviews;
- "Correspondence": e-mail, and letters ("Dear …", "Sincerely");
- "Legal/Precedent": court opinions and judgments; "Legal/Statute": statutes and regulations;
  "Legal/Contract": agreements \u2014 when legal leads;
- "Financial/Transactions": ledgers, statements of account, trade filings (rows or records with a
  date and an amount); "Financial/Statement": financial statements and reports \u2014 when financial
  leads;
- "Evidence": other files where evidence leads (reports, logs, custody records, notes);
- "Reference": everything else (background, strategy memos).
"""

import math
import re
from collections import Counter
from dataclasses import dataclass

from holmes_backend.analysis.domains.addresses import is_address_register
from holmes_backend.analysis.domains.claims import is_sworn, is_testimony
from holmes_backend.analysis.domains.clauses import requires_approval
from holmes_backend.analysis.domains.legal import is_contract, is_opinion, is_rulebook
from holmes_backend.analysis.domains.parties import signatories
from holmes_backend.analysis.domains.timeline import head_subject, places_in
from holmes_backend.analysis.domains.xmlrecords import xml_records
from holmes_backend.analysis.facts.cells import roles, row_fields
from holmes_backend.analysis.facts.dates import find_moments, find_times, parse_iso
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
_CUSTODY = re.compile(
    r"chain of custody|evidence (?:bag|item|log)|seized|collected by|sha-?256", re.I
)
# Rules binding someone: a policy, a code of conduct, terms ("shall not accept", "must be
# declared").
_NORMATIVE = re.compile(
    r"\b(?:shall(?:\s+not)?|must(?:\s+not)?|is\s+prohibited|are\s+prohibited|may\s+not)\s+"
    r"(?:be\s+)?[a-z]+",
    re.IGNORECASE,
)
# A register's record of an entity: who directs, owns and represents it ("Director: …",
# "Registered office: …", "Company number: …").
_REGISTER_FIELD = re.compile(
    r"^\s*(?:directors?|shareholders?|stockholders?|beneficial\s+owners?|members?|"
    r"officers?|partners?|trustees?|(?:company\s+)?secretary|registered\s+(?:office|agent|address)|"
    r"incorporat(?:ed|ion)(?:\s+date)?|(?:company|entity|registration)\s+(?:number|no\.?|name)|"
    r"entity\s+type|date\s+of\s+(?:incorporation|registration)|role)\b[^:|\n]{0,30}[:|]"
    # "Company number 09811245", as a register's page prints it
    r"|^\s*(?:company|registration)\s+(?:number|no\.?)\s+[A-Z]{0,2}\d{6,}",
    re.IGNORECASE | re.MULTILINE,
)
_REGISTER_FIELDS = 3
_MINUTES = re.compile(
    r"\bminutes\s+of\s+(?:the\s+)?(?:\w+['\u2019]?\s+){0,3}?(?:meeting|board|committee|trustees|"
    r"directors|council)|\bresolutions?\s+of\s+the\s+(?:board|directors|members|shareholders)",
    re.IGNORECASE,
)
_MAIL_ADDRESS = re.compile(r"[\w.+-]+@[a-z0-9-]+(?:\.[a-z0-9-]+)+", re.IGNORECASE)
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
_LIMIT_UNITS = 200
# A sentence telling of money moved ("the $15,000 transferred on 14 August was the deposit").
_MOVED = re.compile(
    r"\b(?:paid|pays?|paying|payments?|transferr(?:ed|ing)|transfers?|wired|remitted|refund(?:ed)?|"
    r"reimburs(?:ed|ement)|received|deposited|withdr[ae]w[n]?)\b",
    re.IGNORECASE,
)
_SIGHTING = re.compile(
    r"\b(?:cctv|camera|footage|identified\s+(?:him|her|them|as)|recogni[sz]ed|eyewitness|"
    r"was\s+seen|were\s+seen)\b",
    re.IGNORECASE,
)


@dataclass
class _Profile:
    text: str
    words: list[str]
    money: int
    rows: int
    transfers: int
    told: int  # sentences telling of money paid, moved or received
    figures: int
    # It ties numbers, logins or jobs to people (a subscriber return, staff), or shows one
    # person both doing and checking an act (controls.self_checks).
    identities: bool
    calls: int  # rows with a telephone number and a time of day (call and message records)
    dated: int  # rows with a date and no amount (appointments, visits, changes, sign-ins)
    letter: bool  # a letter: "Dear …", "Yours sincerely"
    tabular: bool  # mostly table rows: its header words repeat on every row
    timed: bool
    placed: bool  # a place named at the head of the file (a letterhead, a venue)
    personal: bool  # a form naming people in its fields ("Employee: …", "Reviewer: …")
    sighting: bool  # someone seen, identified or recorded by a camera


def _profile(doc: EvidenceDoc) -> _Profile:
    text = "\n".join(chunk.text for chunk in doc.chunks)[:_MAX_CHARS]
    doc_units = units(doc)[:_MAX_UNITS]
    # Cheap signals only: triage must stay quick; the financial analyst reads the money fully.
    transfers = sum(1 for u in doc_units if u.kind == "row" and _money_row(u.text))
    transfers += len(xml_records(doc))
    # A statement's table (pipe cells under dated columns), not a ledger's rows.
    figures = sum(1 for u in doc_units if u.kind == "cells" and find_money(u.text))
    rows = [u for u in doc_units if u.kind == "row"]
    calls = sum(
        1
        for u in rows[:400]
        if phones_in(u.text) and any(m.at is not None for m in find_moments(u.text))
    )
    dated = sum(1 for u in rows[:400] if _dated(u.text))
    return _Profile(
        text=text,
        words=words(text),
        money=sum(len(find_money(u.text)) for u in doc_units),
        rows=sum(1 for u in doc_units if u.kind in ("row", "cells")),
        transfers=transfers,
        told=sum(
            1 for u in doc_units if u.kind != "row" and _MOVED.search(u.text) and find_money(u.text)
        ),
        figures=figures,
        # Whose number, login or badge is whose; who holds which job (a staff list).
        identities=holds_numbers(doc)
        or bool(identity_holders([doc]))
        # A master file's e-mail addresses: what a look-alike sender is read against.
        or any(_MAIL_ADDRESS.search(u.text) for u in rows[:_LIMIT_UNITS]),
        calls=calls,
        dated=dated,
        letter=bool(_LETTER.search(text[:5000])),
        tabular=len(rows) >= _TABLE_ROWS and len(rows) >= len(doc_units) / 2,
        timed=_timed(doc_units),
        placed=any(n.kind == "place" for u in doc_units[:_HEAD_UNITS] for n in find_names(u.text))
        or (_short(doc_units) and any(places_in(u.text) for u in doc_units)),
        # A form about people, or a person's own table of days (a timesheet, a claim form
        # typed as a table under its "Claimant:").
        personal=_personal(doc_units[:_FORM_UNITS]) or bool(column_rows(doc) and head_subject(doc)),
        sighting=bool(_SIGHTING.search(text[:50_000])),
    )


# The instruments a party signs to bind itself, by their titles.
_INSTRUMENT = re.compile(
    r"\b(?:guarantee|deed|indemnity|lease|tenancy|last\s+will|testament|power\s+of\s+attorney|"
    r"mortgage|legal\s+charge|debenture|bond|settlement\s+agreement|(?<!press\s)release|waiver|"
    r"undertaking|covenant|"
    r"assignment|promissory\s+note|loan\s+agreement|facility\s+letter)\b",
    re.IGNORECASE,
)


def _instrument(doc: EvidenceDoc) -> bool:
    """An instrument its title names, signed by a party in its own lines (a witness's
    statement about one is testimony, not the instrument)."""
    doc_units = units(doc)
    head = " ".join([doc.filename.replace("_", " "), *(u.text for u in doc_units[:2])])
    return (
        bool(_INSTRUMENT.search(head))
        and not is_testimony(doc)
        and any(signatories(u) for u in doc_units if u.kind != "row")
    )


def _personal(head: list[Unit]) -> bool:
    """A form about people: two of its first fields name a person ("Employee: Priya Raman",
    "Reviewer: Gordon Pryce", "Director: Renata Vosk, …")."""
    named = 0
    for unit in head:
        field = _FORM_FIELD.match(unit.text) if unit.kind != "row" else None
        if field:  # "Electors: Gareth Pembridge; Helen Pembridge" names two
            named += sum(n.kind == "person" for n in find_names(field["value"][:80]))
    return named >= _FORM_PEOPLE


def _dated(text: str) -> bool:
    """A row of a log: dated, without an amount (an appointment, a visit, a change)."""
    fields = row_fields(text)
    assigned = roles(list(fields))
    # "Event time: 2026-05-18 19:42:10": a time column whose cells carry the day as well.
    return any(
        assigned[k] in ("date", "time") and find_moments(v) for k, v in fields.items()
    ) and not any(assigned[k] in ("amount", "debit", "credit") for k in fields)


def _money_row(text: str) -> bool:
    fields = row_fields(text)
    assigned = roles(list(fields))
    return any(
        assigned[k] in ("amount", "debit", "credit") and parse_cell(v) for k, v in fields.items()
    )


def _density(tokens: list[str], lexicon: frozenset[str]) -> float:
    """The vocabulary's share of the words, mapped into [0, 0.7]; structure adds the rest."""
    if not tokens:
        return 0.0
    share = sum(1 for token in tokens if token in lexicon) / len(tokens)
    return _LEXICON_WEIGHT * (1 - math.exp(-_DENSITY_GAIN * share))


def _clamp(value: float) -> float:
    return round(max(0.0, min(_MAX_SCORE, value)), 3)


_SHORT_RECORD = 15  # units: a receipt, a ticket, a booking


def _short(doc_units: list[Unit]) -> bool:
    return len(doc_units) <= _SHORT_RECORD


def _timed(doc_units: list[Unit]) -> bool:
    """A time of day on a date: in one line, or a short record's date and its times apart
    ("Date: 14/03/2026" over "Pickup: 19:52")."""
    if any(m.at is not None for u in doc_units[:400] for m in find_moments(u.text)):
        return True
    return (
        _short(doc_units)
        and any(find_moments(u.text) for u in doc_units)
        and any(find_times(u.text) for u in doc_units)
    )


def domain_scores(doc: EvidenceDoc, profile: _Profile) -> DomainScores:
    if doc.mime_type.startswith(_MEDIA):
        return DomainScores(financial=0.05, legal=0.1, evidence=0.9, strategy=0.1)
    tokens = profile.words
    per_hundred = 100 * profile.money / max(1, len(tokens))
    financial = _density(tokens, FINANCIAL_WORDS) + min(0.3, 0.08 * per_hundred)
    financial += 0.3 if profile.transfers >= 3 else 0.15 if profile.transfers else 0.0
    financial += 0.2 if profile.told else 0.0  # what the Financial analyst checks against records
    financial += 0.25 if profile.figures >= 4 else 0.0
    # A table of parties and their addresses (a vendor master, a staff list): who is who.
    financial += 0.45 if is_address_register(doc) else 0.0
    legal = _density(tokens, LEGAL_WORDS)
    if profile.tabular:
        legal /= 3  # a table's header words ("Called party") recur on every row
    legal += 0.25 if is_opinion(doc) or is_contract(doc) else 0.0
    # The rules a body binds itself by and the decisions it records.
    legal += 0.45 if is_rulebook(doc) or _MINUTES.search(profile.text[:2000]) else 0.0
    legal += 0.15 if _STATUTE.search(profile.text[:50_000]) else 0.0
    legal += 0.25 if len(_NORMATIVE.findall(profile.text[:50_000])) >= 2 else 0.0
    # An approval the case's payments are held to (a bank mandate, a delegation of authority).
    legal += 0.45 if profile.money and requires_approval(profile.text[:50_000]) else 0.0
    if len(_REGISTER_FIELD.findall(profile.text[:20_000])) >= _REGISTER_FIELDS:
        legal += 0.45  # who owns and directs an entity: the record its interests are read from
    if _instrument(doc):
        legal += 0.45  # a guarantee, a deed, a lease its parties signed: what binds them
    evidence = _evidence_score(doc, profile)
    if is_testimony(doc):
        legal += 0.45 if is_sworn(doc) else 0.1
    strategy = _density(tokens, STRATEGY_WORDS)
    if profile.tabular:
        strategy /= 3  # a table's cells ("Team: Risk") recur on every row, as its headers do
    strategy += 0.15 if _MEMO.search(profile.text[:20_000]) else 0
    return DomainScores(
        financial=_clamp(financial),
        legal=_clamp(legal),
        evidence=_clamp(evidence),
        strategy=_clamp(min(strategy, 0.9)),
    )


def _chat(doc: EvidenceDoc) -> bool:
    """A chat export: lines led by their date and time and their writer."""
    return sum(1 for u in units(doc)[:_CHAT_LINES] if u.speaker and is_stamped(u.text)) >= 2


def _evidence_score(doc: EvidenceDoc, profile: _Profile) -> float:
    """What a file tells of who did what, when and where: messages, logs, calls, testimony."""
    evidence = _density(profile.words, EVIDENCE_WORDS)
    if is_testimony(doc):
        evidence += 0.45  # a witness's word: the claims the records are held against
    if doc.metadata.get("from") or doc.mime_type == "message/rfc822" or _chat(doc):
        evidence += 0.45  # dated messages between people (mail, a chat export): who knew what
    if _CUSTODY.search(profile.text[:50_000]):
        evidence += 0.25
    if profile.identities:
        evidence += 0.45  # whose number is whose: what call records and messages are read by
    if profile.calls >= _TABLE_ROWS:
        evidence += 0.45  # who called or texted whom, and when
    if profile.dated >= _LOG_ROWS and not profile.transfers:
        evidence += 0.45  # a log: who was seen, what was changed, on which day
    if profile.letter:
        evidence += 0.45  # a dated letter between people: who said what, and when
    if profile.personal:
        evidence += 0.45  # a record of people (a review, a personnel file, a form they signed)
    evidence += 0.3 if profile.sighting else 0.0  # who was seen or identified where
    if profile.timed:
        # A record with a time of day and a place (a receipt, a ticket, minutes) puts people
        # somewhere at a moment: the timeline's, whatever else it records.
        evidence += 0.4 if profile.placed else 0.1
    if any(c.location.start_time is not None for c in doc.chunks[:50]):
        evidence += 0.15  # cues at absolute times: a recording that belongs on the timeline
    return evidence


def classify(  # noqa: PLR0911 - the classes are an ordered rule table
    doc: EvidenceDoc, scores: DomainScores, primary: DomainName, profile: _Profile
) -> str:
    if doc.mime_type.startswith(_MEDIA):
        return "Media"
    if is_testimony(doc):
        return "Testimony"
    if doc.mime_type == "message/rfc822" or doc.metadata.get("from") or profile.letter:
        return "Correspondence"
    if primary == "legal":
        if is_opinion(doc):
            return "Legal/Precedent"
        if _STATUTE.search(profile.text[:50_000]) and not is_contract(doc):
            return "Legal/Statute"
        return "Legal/Contract"
    if primary == "financial":
        return (
            "Financial/Transactions"
            if profile.transfers >= profile.figures
            else "Financial/Statement"
        )
    if primary == "evidence":
        return "Evidence"
    return "Reference"


def complexity(doc: EvidenceDoc, profile: _Profile, entities: int, dates: int) -> float:
    length = min(1.0, math.log10(1 + len(profile.text)) / 6)
    structure = min(1.0, profile.rows / 300)
    density = min(1.0, (profile.money + entities + dates) / max(20.0, len(profile.words) / 10))
    pages = doc.metadata.get("page_count")
    paged = min(1.0, float(pages) / 100) if isinstance(pages, int | float) else 0.0
    return _clamp(0.45 * length + 0.2 * structure + 0.2 * density + 0.15 * paged)


def _preview(doc: EvidenceDoc) -> tuple[list[str], list[str], int]:
    counts: Counter[str] = Counter()
    display: dict[str, str] = {}
    days: Counter[str] = Counter()
    for unit in units(doc)[:_PREVIEW_UNITS]:
        for name in find_names(unit.text):
            if name.kind == "place":
                continue
            key = name_key(name.text)
            counts[key] += 1
            if len(name.text) > len(display.get(key, "")):
                display[key] = name.text
        for moment in find_moments(unit.text):
            days[moment.day.isoformat()] += 1
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
    duration = doc.metadata.get("duration")
    pages = doc.metadata.get("page_count")
    return TriageFile(
        file_id=doc.file_id,
        filename=doc.filename,
        classification=classify(doc, scores, primary, profile),
        domain_scores=scores,
        complexity_score=complexity(doc, profile, mentions, len(days)),
        primary_domain=primary,
        secondary_domains=[d for d in _DOMAINS if d != primary and values[d] >= 0.4],
        entities_preview=entities,
        key_dates=days,
        page_count=int(pages) if isinstance(pages, int | float) else None,
        duration_seconds=float(duration) if isinstance(duration, int | float) else None,
    )
