"""Timed events from every kind of evidence (metadata, transcript cues, e-mails, table rows,
dated sentences), each with its place and people when known."""

import re
from collections import defaultdict
from collections.abc import Iterator, Mapping
from datetime import date, timedelta
from pathlib import PurePath

from holmes_backend.analysis.facts.cells import roles, row_fields
from holmes_backend.analysis.facts.cite import cite
from holmes_backend.analysis.facts.dates import Moment, find_days, find_moments, find_times
from holmes_backend.analysis.facts.geo import describe, find_coordinates, metadata_position
from holmes_backend.analysis.facts.identifiers import identified
from holmes_backend.analysis.facts.lexicon import fold, wordset
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.names import (
    LOWER,
    UPPER,
    find_names,
    mailbox,
    name_key,
    person_parts,
    same_party,
)
from holmes_backend.analysis.facts.phones import phone_key, phones_in
from holmes_backend.analysis.facts.text import COLUMN_GAP, Unit, column_rows, is_stamped, units
from holmes_backend.analysis.nlp import sentence_spans
from holmes_backend.contracts.agents import SourceRef, TimedEvent
from holmes_backend.llm.evidence import EvidenceDoc

_EVENT_VERBS = re.compile(
    r"\b(met|meet|meeting|arrived|arrive|left|leave|departed|called|visited|signed|sent|"
    r"received|paid|transferred|wired|saw|observed|seized|collected|photographed|recorded|"
    r"entered|exited|travel(?:l)?ed|flew|drove|withdrew|deposited|delivered|shipped|"
    r"attended|spoke|emailed|texted|checked in|checked out|incident|occurred|happened|"
    r"badged|swiped|accessed|logged (?:in|on|off|out)|deleted|copied|downloaded|uploaded|"
    r"reported|notified|lodged)\b",
    re.IGNORECASE,
)
_QUOTED_DATE = re.compile(r"^\s*(?:date|sent)\s*:", re.IGNORECASE)
# A capitalised word in any Latin script ("Lyon", "Évry", "Østerbro").
_CAPITALISED = rf"[{UPPER}][\w'\u2019&-]*"
_PLACE = re.compile(
    rf"\b(?:at|in|inside|outside|near|to|from)\s+(?:the\s+)?(?P<place>{_CAPITALISED}"
    rf"(?:\s+(?:of\s+|de\s+)?{_CAPITALISED}){{0,4}})"
)
# A numbered part of a site: "on Ward 7", "at Gate B12", "in Room 204".
_NUMBERED_PLACE = re.compile(
    r"\b(?:at|in|on|inside|outside|to|from)\s+(?:the\s+)?(?P<place>(?:Ward|Bay|Room|Gate|Building|"
    r"Floor|Level|Block|Wing|Unit|Platform|Terminal|Dock|Berth|Suite|Cell|Pier|Hangar|Theatre|"
    r"Zone|Door)\s+[A-Z]?\d{1,4}[A-Za-z]?)\b"
)
_ADDRESS = re.compile(
    rf"\b\d{{1,5}}\s+[{UPPER}][\w'\u2019-]*(?:\s+[{UPPER}][\w'\u2019-]*){{0,3}}\s+"
    r"(?:Street|St\.?|Avenue|Ave\.?|Road|Rd\.?|Boulevard|Blvd\.?|Lane|Ln\.?|Drive|Dr\.?|Way|"
    r"Court|Ct\.?|Place|Pl\.?|Square|Sq\.?)\b"
    # and the town after it written the postal way: "118 N Water St, Milwaukee, WI".
    rf"(?:,\s+[{UPPER}][{LOWER}]+(?:\s[{UPPER}][{LOWER}]+){{0,2}},\s+[A-Z]{{2}}\b(?![\w-]))?"
)
_NOT_PLACES = wordset(
    "january february march april may june july august september october november december "
    "monday tuesday wednesday thursday friday saturday sunday i the a an"
)
# "Labour on site" counts people at the place, it does not name it.
_PLACE_COLUMNS = re.compile(
    r"\b(location|place|address|(?<!on )(?<!off )site|venue|city|town|tower|cell site|door|gate|"
    r"entrance|exit|reader|access point|room|ward|building|premises|club|branch|store|depot|"
    r"plaza|toll(?:\s+point)?|checkpoint|crossing|junction|terminal)\b",
    re.I,
)
# A cell that holds no value ("None", "n/a", "-").
_EMPTY_CELL = re.compile(r"^(?:none|nil|n/?a|-+|\u2014|tbc|tbd|unknown)$", re.I)
PEOPLE_COLUMNS = re.compile(
    r"\b(name|person|employee|caller|callee|user|holder|subscriber|driver|visitor|badge holder|"
    r"patient|client|resident|student|pupil|tenant|participant|attendee|cardholder|carer|"
    r"clinician|staff|worker|recipient|sender|addressee)\b(?!\s*(?:id|no|number|code|#)\b)",
    re.I,
)
# A person named as a booking or a log refers to them: "under Hale", "reservation HALE".
_NAMED_AS = re.compile(
    r"\b(?:[Uu]nder|[Bb]ookings?(?:\s+(?:for|under))?|"
    r"[Rr]eservations?(?:\s+(?:for|under|in\s+the\s+name\s+of))?|[Bb]ooked\s+"
    r"(?:by|under|for)|[Ii]n\s+the\s+name\s+of|[Gg]uest(?:\s+name)?|[Nn]ame)\s*[:#-]?\s+"
    rf"(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?(?P<name>[{UPPER}][{LOWER}'\u2019-]+"
    rf"(?:\s+[{UPPER}][{LOWER}'\u2019-]+)?|[{UPPER}]{{2,}}(?:\s+[{UPPER}]{{2,}})?)\b"
)
_NOT_NAMED = wordset(
    "the a an this that oath penalty seal contract agreement review investigation way table "
    "section article paragraph clause schedule"
)
ORIGIN = re.compile(rf"\b(?:from|left|leaving|departed|via)\s+(?:the\s+)?{_CAPITALISED}")
_RECORDS = ("text/vtt", "application/x-subrip", "text/csv")
_LAT = re.compile(r"^(lat|latitude|gps lat\w*)$", re.I)
_LON = re.compile(r"^(lon|lng|long|longitude|gps lon\w*)$", re.I)
_DAY_CARRIES = 2  # units after a date that a bare time of day still belongs to
# A period's end or a birth date: no day a later time of day belongs to.
_NO_DAY_AFTER = re.compile(
    r"\b(?:(?:ended|ending|as of|as at|compared (?:to|with)|through|year to|period to|quarter to)"
    r"\s+(?:the\s+)?|(?:d\.?o\.?b\.?|date\s+of\s+birth|birth\s*date|born(?:\s+on)?)\W*)$",
    re.IGNORECASE,
)
# Labels of those present at, paying for or signing a record of one occasion.
_PRESENT = re.compile(
    r"\b(?:present|attendees?|attending|in attendance|guests?|signature|signed(?:\s+by)?|"
    r"paid\s+by|card\s?holder|customer|passenger|patient|visitor)\b\s*[:\-]",
    re.IGNORECASE,
)
_MAX_OCCASION_TIMES = 2
_MAX_TITLE = 80
# A line that only dates something: "Date: 09/03/2025   Time: 21:14", "14/03/2025, 10:00".
_DATE_LABEL_ONLY = re.compile(
    r"(?:\s|[\d/.:,-]|\b(?:date|dated|time|on|at|am|pm|a\.m\.|p\.m\.|hrs)\b)*", re.IGNORECASE
)
_MAX_RECORD = 40  # units: a receipt or minutes, not a report
_HEADING_UNITS = 4
_MAX_CUE_EVENTS = 400
_MAX_TEXT_EVENTS = 60
_MAX_ROW_EVENTS = 500
MEDIA_FAMILIES = ("image/", "audio/", "video/")
# A place written as a code ("LDS-0441", "R-2231", "B12"): a mast's or a reader's id.
_PLACE_CODE = re.compile(r"[A-Z0-9][A-Z0-9_/.-]*\d[A-Z0-9_/.-]*")


def field_place(fields: Mapping[str, str]) -> str | None:
    """Where a record's labelled fields say it happened, a place's name before its code."""
    given = [
        v for k, v in fields.items() if _PLACE_COLUMNS.search(k) and v and not _EMPTY_CELL.match(v)
    ]
    return next((v for v in given if not _PLACE_CODE.fullmatch(v.strip())), None) or next(
        iter(given), None
    )


def places_in(text: str) -> list[str]:
    found = _located(text) + [m["place"] for m in _NUMBERED_PLACE.finditer(text)]
    persons = {n.text for n in find_names(text) if n.kind != "place"}
    for match in _PLACE.finditer(text):
        place = match["place"].strip()
        known = any(place in p for p in found) or any(p in place or place in p for p in persons)
        if not known and place.split()[0].lower() not in _NOT_PLACES:
            found.append(place)
    return found


def people_in(text: str) -> list[str]:
    return [n.text for n in find_names(text) if n.kind == "person"]


def named_in(text: str) -> list[str]:
    """People a text names, including surname-only references ("under Hale", "reservation HALE")."""
    found = people_in(text)
    for match in _NAMED_AS.finditer(text):
        name = match["name"]
        name = name.title() if name.isupper() else name
        if name.split()[0].lower() in _NOT_NAMED or name.split()[0].lower() in _NOT_PLACES:
            continue
        if not any(name.lower() in f.lower() for f in found):
            found.append(name)
    return found


def _located(text: str) -> list[str]:
    """Places a text names outright: known place names and street addresses."""
    found = [n.text for n in find_names(text) if n.kind == "place"]
    found += [m.group() for m in _ADDRESS.finditer(text)]
    return found


def file_places(docs: list[EvidenceDoc]) -> dict[str, list[str]]:
    """Where each file was made: places a sentence naming the file names, else those its own
    text (a log, a transcript) names first; not places named as an origin."""
    found: dict[str, list[str]] = defaultdict(list)
    for doc, unit, hits in _naming(docs, docs, 2000):
        for file_id in hits - {doc.file_id}:
            found[file_id] += _located(ORIGIN.sub(" ", unit.text))
    for doc in docs:
        record = doc.mime_type.startswith(_RECORDS)
        if found.get(doc.file_id) or not record or _sworn(doc):
            continue
        for unit in units(doc)[:200]:
            own = places_in(ORIGIN.sub(" ", unit.text))
            if own:
                if unit.kind != "row" or not _rows_elsewhere(doc, own):
                    found[doc.file_id] = own[:2]
                break
    return {k: _outermost(v)[:3] for k, v in found.items() if v}


def _rows_elsewhere(doc: EvidenceDoc, first: list[str]) -> bool:
    """Whether a log's rows name other places than its first row's (a toll log is at none)."""
    rows = (places_in(ORIGIN.sub(" ", u.text)) for u in units(doc)[:200] if u.kind == "row")
    return any(named and not set(named) & set(first) for named in rows)


def _outermost(places: list[str]) -> list[str]:
    unique = list(dict.fromkeys(places))
    return [p for p in unique if not any(p != q and p in q for q in unique)]


def _sworn(doc: EvidenceDoc) -> bool:
    from holmes_backend.analysis.domains.claims import is_sworn  # noqa: PLC0415 - circular

    return is_sworn(doc)


def attribution(docs: list[EvidenceDoc], also: list[str] | None = None) -> dict[str, list[str]]:
    """People each media file belongs to, by its file name or a sentence naming it."""
    known: dict[str, str] = {}
    for name in [p for doc in docs for p in doc_people(doc)] + (also or []):
        parts = person_parts(name) if name else None
        if parts and len(parts[2]) >= 3 and len(name) > len(known.get(parts[2], "")):
            known[parts[2]] = name
    owners: dict[str, list[str]] = defaultdict(list)
    media = [d for d in docs if d.mime_type.startswith(MEDIA_FAMILIES)]
    for doc in media:
        tokens = set(re.split(r"[^a-z0-9]+", fold(doc.filename.lower())))
        owners[doc.file_id] += [name for last, name in known.items() if last in tokens]
    for _, unit, hits in _naming(docs, media):
        for file_id in hits:
            owners[file_id] += people_in(unit.text)
    return {k: sorted(set(v)) for k, v in owners.items() if v}


def _naming(
    docs: list[EvidenceDoc], named: list[EvidenceDoc], limit: int | None = None
) -> Iterator[tuple[EvidenceDoc, Unit, set[str]]]:
    """Each unit of `docs` naming files of `named` (by name or a stem of 5+), with their ids."""
    names = {d.filename.lower(): d.file_id for d in named if d.filename}
    stems = {PurePath(n).stem: fid for n, fid in names.items() if len(PurePath(n).stem) >= 5}
    for doc in docs if names else []:
        for unit in units(doc)[:limit]:
            lowered = unit.text.lower()
            hits = {fid for n, fid in names.items() if n in lowered}
            if hits := hits | {fid for stem, fid in stems.items() if stem in lowered}:
                yield doc, unit, hits


def doc_people(doc: EvidenceDoc) -> list[str]:
    return memo(doc, "people", lambda: _read_people(doc))


def _read_people(doc: EvidenceDoc) -> list[str]:
    found = [p for unit in units(doc) for p in people_in(unit.text)]
    found += [c.speaker for c in doc.chunks if c.speaker]
    for key in ("from", "to", "cc"):
        value = doc.metadata.get(key)
        values = value if isinstance(value, list) else [value]
        found += [sender_name(v) for v in values if isinstance(v, str) and sender_name(v)]
    return found


def display_name(address: str) -> str:
    """The name an address is written with ("Dana Whitfield <dw@x.example>": Dana Whitfield)."""
    name = address.split("<", maxsplit=1)[0].strip().strip('"')
    return name if name and "@" not in name else ""


def sender_name(address: str) -> str:
    """The person an address is written with, "" for a shared mailbox's."""
    name = display_name(address)
    return "" if not name or mailbox(name) else name


def events(
    doc: EvidenceDoc,
    owners: list[str],
    where: list[str] | None = None,
    numbers: Mapping[str, str] | None = None,
) -> list[TimedEvent]:
    """The file's timed events; `where` (the file's own place) fills those without one and
    `numbers` (facts.phones.phone_holders) names whose a telephone number is."""
    located = _cue_events(doc, owners) + _row_events(doc, numbers or {}, owners)
    written = _text_events(doc, numbers or {})
    place = ", ".join(where or [])
    # Cues, rows (unless others give places) and a log's stamped lines were where the file was.
    if place and len({e.place for e in located if e.place}) < 2:
        located = [e if e.place else e.model_copy(update={"place": place}) for e in located]
    written = [
        e.model_copy(update={"place": place})
        if place and not e.place and is_stamped(e.source.excerpt or e.description)
        else e
        for e in written
    ]
    return _metadata_events(doc, owners) + located + written


def _metadata_events(doc: EvidenceDoc, owners: list[str]) -> list[TimedEvent]:
    meta = doc.metadata
    ref = SourceRef(file_id=doc.file_id, excerpt=doc.filename)
    found: list[TimedEvent] = []
    if isinstance(meta.get("capture_time"), str):
        position = metadata_position(meta)
        camera = " ".join(str(meta[k]) for k in ("camera_make", "camera_model") if meta.get(k))
        taken = f"Photo {doc.filename} taken" + (f" with {camera}" if camera else "")
        found.append(_event(meta["capture_time"], taken, ref, owners, None, position))
    if doc.mime_type.startswith(("audio/", "video/")) and isinstance(meta.get("created"), str):
        duration = meta.get("duration")
        length = f" ({float(duration):.0f} s)" if isinstance(duration, int | float) else ""
        created = f"Recording {doc.filename} created{length}"
        found.append(_event(meta["created"], created, ref, owners))
    if isinstance(meta.get("date"), str) and (meta.get("from") or meta.get("subject")):
        to = ", ".join(str(v) for v in meta.get("to") or []) or "?"
        said = f"E-mail from {meta.get('from')} to {to}: {meta.get('subject') or ''}"
        cited = ref.model_copy(update={"excerpt": _mail_excerpt(doc)})
        found.append(_event(meta["date"], said, cited, _correspondents(doc)))
    return found


def _event(
    timestamp: str,
    description: str,
    source: SourceRef,
    people: list[str],
    place: str | None = None,
    position: tuple[float, float] | None = None,
) -> TimedEvent:
    """An event; one at coordinates and no named place is at the place they describe."""
    lat, lon = position or (None, None)
    place = place or (describe(*position) if position else None)
    return TimedEvent(
        timestamp=timestamp,
        description=description,
        place=place,
        latitude=lat,
        longitude=lon,
        people=people,
        source=source,
    )


def _correspondents(doc: EvidenceDoc) -> list[str]:
    """An e-mail's sender and recipients, by name."""
    meta = doc.metadata
    copied = [*(meta.get("to") or []), *(meta.get("cc") or [])]
    written = [str(meta.get("from") or ""), *(str(v) for v in copied if isinstance(v, str))]
    return [name for value in written if (name := sender_name(value))]


# "see you", "we met", "thanks for dinner": the correspondents' own doings.
_BETWEEN_US = re.compile(r"\b(?:I|we|you|us|our|your)\b", re.IGNORECASE)
_GIST_WORDS = 5


def _mail_excerpt(doc: EvidenceDoc) -> str:
    """An e-mail cited by its subject and its first two sentences (what it is about)."""
    subject = str(doc.metadata.get("subject") or doc.filename)
    gist = " ".join(
        [u.text for u in units(doc) if u.kind == "prose" and len(u.text.split()) >= _GIST_WORDS][:2]
    )
    return f"{subject} — {gist}"[:300] if gist else subject


def _cue_events(doc: EvidenceDoc, owners: list[str]) -> list[TimedEvent]:
    found: list[TimedEvent] = []
    for chunk in doc.chunks:
        start = chunk.location.start_time
        if start is None or chunk.location.cue_start is None:
            continue
        people = [chunk.speaker] if chunk.speaker else []
        people += [p for p in named_in(chunk.text) if p not in people]
        said = f"Said in {doc.filename}: {chunk.text[:200]}"
        ref = cite(doc.file_id, chunk.location, chunk.text)
        found.append(_event(start.isoformat(), said, ref, people))
        if len(found) >= _MAX_CUE_EVENTS:
            break
    return found


_LOGIN = re.compile(r"[\w.-]*[\d._@][\w.@-]*")


def _row_events(
    doc: EvidenceDoc, numbers: Mapping[str, str], owners: list[str]
) -> list[TimedEvent]:
    """A table's dated rows, each with `owners` (whose phone they came from) as parties; a row
    that names no one is of the person the table's head names."""
    found: list[TimedEvent] = []
    subject: list[str] | None = None
    for unit in units(doc):
        if unit.kind != "row":
            continue
        fields = row_fields(unit.text)
        assigned = roles(list(fields))
        if any(r in ("amount", "debit", "credit") for r in assigned.values()):
            continue  # a ledger: its rows are transactions
        event = _row_event(fields, assigned, unit, numbers)
        if event and not event.people and not owners:
            if subject is None:
                head = head_subject(doc)
                subject = [head[0]] if head and head[1].kind != "row" else []
            event = event.model_copy(update={"people": subject})
        if event:
            theirs = [o for o in owners if not any(same_party(o, p) for p in event.people)]
            found.append(event.model_copy(update={"people": [*event.people, *theirs]}))
            if len(found) >= _MAX_ROW_EVENTS:
                break
    return found


def _row_event(
    fields: dict[str, str], assigned: Mapping[str, str], unit: Unit, numbers: Mapping[str, str]
) -> TimedEvent | None:
    raw = " ".join(v for k, v in fields.items() if assigned[k] in ("date", "time"))
    moments = find_moments(raw)
    if not moments:
        # A date in a column not named as one: with a time of day or as the whole cell.
        timed = (
            m
            for v in fields.values()
            for m in find_moments(v)
            if m.at is not None or (m.start == 0 and m.end >= len(v.strip()))
        )
        moments = [moment] if (moment := next(timed, None)) else []
    if not moments:
        return None
    lat = next((v for k, v in fields.items() if _LAT.match(k.strip())), None)
    lon = next((v for k, v in fields.items() if _LON.match(k.strip())), None)
    place = field_place(fields)
    # A login in a people column ("User: a.lindqvist") is no name; its holder joins below.
    people = [
        v for k, v in fields.items() if PEOPLE_COLUMNS.search(k) and v and not _LOGIN.fullmatch(v)
    ]
    for k, v in fields.items():
        # Names in a place's column ("Site address: Kestrel Park Rugby") are no one's.
        if assigned[k] not in ("date", "time") and not _PLACE_COLUMNS.search(k):
            people += [p for p in named_in(v) if not any(same_party(p, q) for q in people)]
    cells = " ; ".join(f"{k}: {v}" for k, v in fields.items())
    people += [p for p in _holders_of(cells, numbers) if p not in people]
    try:
        position = (float(lat), float(lon)) if lat and lon else None
    except ValueError:
        position = None
    return _event(moments[0].iso(), unit.text[:240], unit.ref, people, place, position)


def _entry(text: str, moment: Moment) -> bool:
    """A record's dated entry: a line opening with its day and saying what it was."""
    rest = text[moment.end :]
    worded = [w for w in rest.split() if any(c.isalpha() for c in w)]
    # A row of dates ("November 2, 2024 | October 28, 2023") heads columns; it is no entry.
    return (
        not text[: moment.start].strip() and len(worded) >= _ENTRY_WORDS and not find_moments(rest)
    )


_ENTRY_WORDS = 3

_SUBJECT_FIELD = re.compile(
    r"^\s*(?:driver|patient|employee|(?:full\s+)?name|account\s+holder|holder|subject|proposer|"
    r"policy\s*holder|insured|customer|member|tenant|client|claimant|applicant|licence\s+holder|"
    r"data\s+subject|student|pupil|resident)\s*:\s*(?P<value>.+)$",
    re.IGNORECASE,
)
_SUBJECT_HEAD = 12


def head_subject(doc: EvidenceDoc) -> tuple[str, Unit] | None:
    """The person a record is about, as its head's subject field ("Driver:") names them."""
    for unit in units(doc)[:_SUBJECT_HEAD]:
        field = _SUBJECT_FIELD.match(unit.text)
        value = COLUMN_GAP.split(field["value"])[0] if field else ""
        named = find_names(value.title() if value.isupper() else value)
        person = next((n.text for n in named if n.kind == "person"), None)
        if person:
            return person, unit
    return None


def _text_events(doc: EvidenceDoc, numbers: Mapping[str, str]) -> list[TimedEvent]:
    found: list[TimedEvent] = []
    day: tuple[int, Moment] | None = None  # the last date written, and in which unit
    mail = doc.mime_type == "message/rfc822"
    # A text table's rows are of the person the form is about when they name no one.
    rows = column_rows(doc)
    subject = head_subject(doc) if rows else None
    written = _written_on(doc)
    for number, unit in enumerate(units(doc)):
        if unit.kind not in ("prose", "ocr", "cells") or (mail and _QUOTED_DATE.match(unit.text)):
            continue  # a quoted message's "Date:" line dates the message, not an event in it
        moments = find_moments(unit.text) or _without_year(unit.text, written)
        if moments:
            days = [m for m in moments if not _NO_DAY_AFTER.search(unit.text[: m.start])]
            day = (number, days[-1]) if days else day
        elif day is not None and number - day[0] <= _DAY_CARRIES:
            # "On 14 March 2025 I attended… At about 09:40, I saw…": that day's time.
            moments = [
                Moment(day[1].day, at, tz or day[1].tz)
                for at, tz in find_times(unit.text)[:1]
                if at is not None
            ]
            day = (number, day[1]) if moments else day
        # "the withdrawals of 4 and 5 September": the first day is written without its month.
        span = find_days(unit.text, None) if moments else None
        if span and span[0] < span[1] and all(m.day != span[0] for m in moments):
            moments = [Moment(span[0], None, moments[0].tz), *moments]
        for moment in moments:
            if (
                moment.at is None
                and not _EVENT_VERBS.search(unit.text)
                and not _entry(unit.text, moment)
            ):
                continue
            places = places_in(unit.text)
            coordinates = find_coordinates(unit.text)
            said = rows.get(number, unit.text)
            named = named_in(unit.text)
            if number in rows and not named and subject:
                named = [subject[0]]
            if mail and not named and _BETWEEN_US.search(unit.text):
                named = _correspondents(doc)  # "Good to see you yesterday in Rotterdam"
            speaker = [unit.speaker] if unit.speaker else []
            people = _distinct_people(speaker + named + _holders_of(unit.text, numbers))
            position = (coordinates[0][0], coordinates[0][1]) if coordinates else None
            place = places[0] if places else None
            found.append(_event(moment.iso(), said[:240], unit.ref, people, place, position))
            if len(found) >= _MAX_TEXT_EVENTS:
                return found
    return _one_occasion(doc, found)


_HEAD_DATE_UNITS = 10
# A day the sentence looks ahead to (a deadline, a plan), not one it tells of.
_AHEAD = re.compile(
    r"\b(?:will|would|shall|should|must|please|due|deadline|expected|scheduled|planned|"
    r"next|upcoming|going\s+to)\b|\bby\s+(?:the\s+)?(?:\d{1,2}(?:st|nd|rd|th)?\s+(?:of\s+)?)?"
    r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b",
    re.IGNORECASE,
)


def _written_on(doc: EvidenceDoc) -> date | None:
    """The day a document was written: an e-mail's Date header, else its head's first date."""
    sent = doc.metadata.get("date")
    if doc.mime_type == "message/rfc822":
        return date.fromisoformat(sent[:10]) if isinstance(sent, str) and len(sent) >= 10 else None
    head = (m for u in units(doc)[:_HEAD_DATE_UNITS] for m in find_moments(u.text))
    return next((m.day for m in head), None)


def _without_year(text: str, written: date | None) -> list[Moment]:
    """A day written without its year ("we met on 28 April"): the last before `written`."""
    if written is None:
        return []
    # Clause by clause: one may tell of a day, the next look ahead.
    for clause in [part for a, b in sentence_spans(text) for part in text[a:b].split(";")]:
        if _AHEAD.search(clause):
            continue  # "… would be appreciated by March 31": a day ahead, of no year told
        if days := find_days(clause, written):
            return [Moment(days[0])]
        if _DAY_BEFORE.search(clause):
            return [Moment(written - timedelta(days=1))]
    return []


_DAY_BEFORE = re.compile(r"\b(?:yesterday|last\s+night)\b", re.IGNORECASE)


def _distinct_people(names: list[str]) -> list[str]:
    """Each person once, however written ("Mr Price" as the chat writes him, "Mr. Price")."""
    kept: dict[str, str] = {}
    for name in names:
        kept.setdefault(name_key(name), name)
    return list(kept.values())


def _one_occasion(doc: EvidenceDoc, found: list[TimedEvent]) -> list[TimedEvent]:
    """A short record of one occasion (a receipt, minutes) gives its event the place it is
    headed with and the people it names as present when the event's line names neither."""
    all_units = units(doc)
    if _occasion(found, all_units):
        return _at_occasion(found, all_units)
    # A record of several occasions, one to a page: each page is read on its own.
    pages = {e.source.page for e in found if e.source.page is not None}
    if len(pages) < 2:
        return found
    read: list[TimedEvent] = []
    for page in sorted(pages):
        own = [e for e in found if e.source.page == page]
        on_page = [u for u in all_units if u.ref.page == page]
        read += _at_occasion(own, on_page) if _occasion(own, on_page) else own
    return read + [e for e in found if e.source.page is None]


def _occasion(found: list[TimedEvent], all_units: list[Unit]) -> bool:
    """Whether the events are of one short record: one day, one or two times, no dialogue."""
    timed = {e.timestamp for e in found if "T" in e.timestamp}
    speakers = {u.speaker for u in all_units if u.speaker}
    one_day = len({t[:10] for t in timed}) == 1 and len(speakers) <= 1
    return one_day and len(timed) <= _MAX_OCCASION_TIMES and len(all_units) <= _MAX_RECORD


def _at_occasion(found: list[TimedEvent], all_units: list[Unit]) -> list[TimedEvent]:
    venue = next(
        (places[0] for u in all_units[:_HEADING_UNITS] if (places := places_in(u.text))), None
    )
    present = list(
        dict.fromkeys(p for u in all_units if _PRESENT.search(u.text) for p in people_in(u.text))
    )
    title = " ".join(all_units[0].text.split())[:_MAX_TITLE]
    return [
        e.model_copy(
            update={
                "place": e.place or venue,
                "people": e.people or present,
                # "Date: 09/03/2025 Time: 21:14" says what only with the record's title.
                "description": f"{title}: {e.description}"
                if _DATE_LABEL_ONLY.fullmatch(e.description) and title not in e.description
                else e.description,
            }
        )
        if "T" in e.timestamp
        else e
        for e in found
    ]


def _holders_of(text: str, numbers: Mapping[str, str]) -> list[str]:
    """Who the telephone numbers and identifiers in a text stand for (facts.phones)."""
    if not numbers:
        return []
    keys = (phone_key(n) for n in phones_in(text))
    phones = [numbers[k] for k in keys if k is not None and k in numbers]
    return list(dict.fromkeys([*phones, *identified(text, numbers)]))
