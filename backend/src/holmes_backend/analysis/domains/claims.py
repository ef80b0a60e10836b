"""Sworn claims: first-person assertions in testimony, with speaker, time and place."""

import re
from datetime import date, datetime, time, timedelta, tzinfo

from spacy.tokens import Token

from holmes_backend.analysis.domains.timeline import ORIGIN, places_in, sender_name
from holmes_backend.analysis.facts.answers import asked
from holmes_backend.analysis.facts.dates import (
    Moment,
    day_period,
    find_moments,
    find_period,
    find_times,
    parse_iso,
)
from holmes_backend.analysis.facts.lexicon import NOT_NAMES, wordset
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.names import UPPER, clean, find_names, kind_of, same_party
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.analysis.nlp import parse
from holmes_backend.contracts.agents import SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc

_TESTIMONY = re.compile(
    r"\b(deposition|deponent|affidavit|affiant|declarant|declaration (?:of|to|by)|"
    r"statutory declaration|witness statement|statement of|transcript of|interview (?:of|with)|"
    r"interviewee|person interviewed|record of (?:\w+ )?interview|interview (?:record|notes?)|"
    r"letter of representation|representation letter|management representations?|"
    r"under oath|penalty of perjury|duly sworn|solemnly (?:declare|swear|affirm)|the witness:|"
    r"I\s+(?:hereby\s+)?(?:attest|certify|declare)\s+that|"
    r"(?:investigation|disciplinary|fact[- ]finding)\s+(?:meeting|hearing|interview))\b",
    re.IGNORECASE,
)
_SWORN = re.compile(
    r"\b(deposition|affidavit|declaration|declare|under oath|perjury|sworn|affirm)\b", re.I
)
_UNIVERSAL = re.compile(
    r"\b(?:every(?:thing)?|always|each\s+(?:one|time|day)|all\s+(?:of\s+)?(?:the|my|our|his|her|their)?\s*"
    r"(?:[a-z]{2,3}\s+)?[a-z]{4,})\b",
    re.IGNORECASE,
)
_PERJURY = re.compile(
    r"penalty of perjury|so help me|solemnly (?:and sincerely )?(?:swear|affirm|declare)|"
    r"duly sworn",
    re.I,
)
_QUESTION = re.compile(r"^\s*(?:Q\s*[.:)]|QUESTION\s*:|BY\s+(?:MR|MS|MRS|DR)\.?\s+\w+:)", re.I)
_ANSWER = re.compile(r"^\s*(?:A\s*[.:)]|ANSWER\s*:|THE WITNESS\s*:)\s*", re.I)
_NAME = rf"[{UPPER}][\w.'\u2019-]*(?:\s+[{UPPER}][\w.'\u2019-]*){{0,3}}"
_PREFIX = re.compile(rf"^(?P<name>{_NAME})\s*:\s+(?P<rest>.+)$")
_APPOSITIVE = r"[^,;:.]{3,80},\s+"
_WITNESS = re.compile(
    r"\b(?:deposition|affidavit|declaration|statement|testimony|interview|examination)"
    r"(?:\s+(?:record|records|notes?|transcript|summary|of\s+(?:means|assets|truth)|of\s+(?:the\s+)?"
    r"(?:claimant|witness|insured|applicant|complainant|employee|policyholder)))?"
    r"(?:\s+(?:of|with)\s*:?\s+|\s*[-\u2013\u2014:]\s*)"
    rf"(?P<name>{_NAME})"
    rf"|\bI,\s+(?:the\s+undersigned,\s+)?(?P<name2>{_NAME}),\s+(?:{_APPOSITIVE})?(?:being|do|hereby|declare|"
    r"state|swear|affirm|having|of|make)"
    rf"|\b(?:witness|deponent|affiant|declarant|interviewee|person\s+interviewed|attendee|"
    r"employee\s+interviewed|employee|respondent|"
    rf"name\s+of\s+(?:witness|interviewee|person\s+interviewed))\s*:\s*(?P<name3>{_NAME})",
    re.IGNORECASE,
)
_ATTESTATION = re.compile(
    r"\b(?:declare|certify|confirm|swear|affirm|state|believe)\b.{0,60}\b(?:information|statement|"
    r"foregoing|above|contents?|answers?|facts)\b.{0,40}\b(?:true|correct|accurate|complete)\b"
    r"|\bto the best of my (?:knowledge|belief)\b",
    re.IGNORECASE,
)
_BACK_REFERENCE = re.compile(
    r"\b(?:that|the\s+same)\s+(?:night|evening|day|morning|afternoon|date)\b|"
    r"\b(?:during|in|over|for)\s+(?:that|this|the\s+same)\s+(?:time|period|spell)\b",
    re.I,
)
_AND_THAT = re.compile(r"[,;]\s*(?:and\s+)?that\s+|\s+and\s+that\s+", re.IGNORECASE)
_BACKGROUND = re.compile(
    r"^\s*(?:\d+[.)]\s*)?I\s+(?:am|have been)\s+(?:the|a|an|employed|working)\b"
    r"(?!.*\b(?:on|at|when)\s+(?:the\s+)?(?:night|evening|morning|day)\b)",
    re.IGNORECASE,
)
_HEAD = 5  # units of a statement's heading, where "I, Jane Roe, state as follows" is
_STATEMENT_TITLE = re.compile(
    r"^\s*(?:witness\s+|sworn\s+|signed\s+)?statement(?:\s+of\s+(?:truth|witness)|"
    r"\s+(?:to|for)\s+the\s+[a-z]+(?:\s+[a-z]+)?)?\s*$",
    re.IGNORECASE,
)
_MIN_WORDS = 4
_LABEL = re.compile(rf"^{_NAME}:\s+")  # the questioner's, before their question
_NUMBERED = re.compile(r"^\s*\(?\d{1,3}[.)]\s+\S")
_BARE_ANSWER = re.compile(r"^\s*(?:no|never|none|nobody|nothing|not at all)\b", re.I)
_QUOTED = re.compile(
    r"^\s*(?:>|On\s.{4,80}\bwrote:|-{2,}\s*(?:Original|Forwarded)\s+Message|From:\s)", re.I
)
_HONORIFIC = re.compile(r"(?:mr|mrs|ms|miss|dr|prof)\b\.?\s", re.IGNORECASE)
_THERE = re.compile(r"\b(?:got|arrived|went|stayed|remained|was|were)\s+there\b", re.IGNORECASE)
_ANYONE_AT = re.compile(r"\b(?:any|some|no|every)(?:one|body)\s+(?:at|in)\s+(?:the\s+)?$", re.I)
_LOCATIVE = re.compile(r"\b(?:at|in|inside|near|outside|around|on)\s+(?:the\s+)?$", re.IGNORECASE)
_CONTEXT_UNITS = 3
_PARAGRAPH_NUMBER = re.compile(r"^\s*\(?\d{1,3}(?:\.\d{1,2})*[.)]$")
_TOLD_UNITS = 10
_FOOT_UNITS = 3  # the lines a statement is signed and dated in
_OPINION = re.compile(
    r"\b(opinion of the court|certiorari|petitioner|respondent|appellant)\b", re.I
)


def is_testimony(doc: EvidenceDoc) -> bool:
    """Read once per document: triage and several analysts ask."""
    return memo(doc, "testimony", lambda: _is_testimony(doc))


def _is_testimony(doc: EvidenceDoc) -> bool:
    if doc.mime_type in ("text/vtt", "application/x-subrip") or any(c.speaker for c in doc.chunks):
        return True
    head = f"{doc.filename.replace('_', ' ')} " + " ".join(u.text for u in units(doc)[:60])
    if len(_OPINION.findall(head)) >= 2:
        return False  # a court opinion discusses testimony; it is not one
    questions = sum(
        bool(_QUESTION.match(u.text) or (_PREFIX.match(u.text) and u.text.rstrip().endswith("?")))
        for u in units(doc)[:80]
    )  # "Q: …", or a question its asker's label leads ("TO: Did you message her …?")
    return bool(_TESTIMONY.search(head)) or questions >= 2 or _letter_signatory(doc) is not None


_SALUTATION = re.compile(r"^\s*dear\s+\S", re.IGNORECASE)
_CLOSE = re.compile(
    r"^\s*(?:yours\s+(?:sincerely|faithfully|truly|respectfully)|(?:with\s+)?(?:kind|best|warm)\s+"
    r"regards|regards|sincerely|respectfully|best\s+wishes|cordially)\s*,?\s*$",
    re.IGNORECASE,
)
_CONFIRMS = re.compile(
    r"\b(?:I|we)\s+(?:can\s+|hereby\s+|would\s+like\s+to\s+|am\s+able\s+to\s+)?"
    r"confirm\s+that\b",
    re.IGNORECASE,
)
_SIGNATORY_LINES = 3


def _letter_signatory(doc: EvidenceDoc) -> str | None:
    """A confirming letter's signatory: the letter is their account, as a statement is."""
    return memo(doc, "letter signatory", lambda: _signatory(units(doc)))


_COURTESY = re.compile(
    r"^\s*(?:thank\s+you|thanks|please|I\s+look\s+forward|do\s+not\s+hesitate|"
    r"if\s+you\s+(?:have|need|require)|I\s+(?:am|write)\s+(?:writing\s+)?(?:to|in)\s+"
    r"(?:reply|response|respond))|^\s*[A-Z][\w ]{0,20}:\s",
    re.IGNORECASE,
)


def _signatory(doc_units: list[Unit]) -> str | None:
    texts = [u.text for u in doc_units]
    if not any(_SALUTATION.match(t) for t in texts[:_TOLD_UNITS]):
        return None
    if not any(_CONFIRMS.search(t) or _denies(t) for t in texts):
        return None
    close = next((i for i, t in enumerate(texts) if _CLOSE.match(t)), len(texts))
    for text in texts[close + 1 : close + 1 + _SIGNATORY_LINES]:
        people = [n for n in find_names(text) if n.kind == "person"]
        if people and len(people[0].text) >= len(text.strip()) - 1:
            return people[0].text  # a line that is a name alone
    return None


def _denies(text: str) -> bool:
    """A sentence in which its writer denies something of themselves."""
    if not _FIRST_PERSON.search(text):
        return False
    subjects = ("nsubj", "nsubjpass")
    return any(
        c.dep_ in subjects and c.lower_ in ("i", "we") for h in negated(text) for c in h.children
    )


def negated(text: str) -> list[Token]:
    """Heads of each `neg` ("never met") and nouns "no" governs ("no contact")."""
    return [
        t.head for t in parse(text) if t.dep_ == "neg" or (t.lower_ == "no" and t.dep_ == "det")
    ]


_FIRST_PERSON = re.compile(r"\b(?:I|we)\b", re.IGNORECASE)
_NO_ONE = wordset("nobody nothing none")


def _negative(text: str) -> bool:
    """Whether the text denies anything: a negation in the parse, or "nobody", "nothing"."""
    return bool(negated(text)) or any(t.lower_ in _NO_ONE for t in parse(text))


def is_sworn(doc: EvidenceDoc) -> bool:
    head = f"{doc.filename.replace('_', ' ')} " + " ".join(u.text for u in units(doc)[:60])
    return is_testimony(doc) and bool(_SWORN.search(head))


def witness(doc: EvidenceDoc, head: int = 40) -> str | None:
    """Whose testimony the document is."""
    lines = [u.text for u in units(doc)[:head]]
    for text in [doc.filename.replace("_", " "), *lines]:
        match = _WITNESS.search(text)
        if match:
            raw = match["name"] or match["name2"] or match["name3"] or ""
            name = clean(raw.title() if raw.isupper() else raw)
            names = find_names(name) or ([] if re.search(r"\d", name) else find_names(name.title()))
            people = [n for n in names if n.kind == "person"]
            if people:
                return people[0].text
    return _signed_form(lines) or _letter_signatory(doc)


_FORM_NAME = re.compile(
    r"^\s*(?:(?:full\s+)?name|from|signed(?:\s+by(?:\s+the\s+[a-z]+)?)?|signature|"
    r"declarant'?s?\s+name)"
    r"\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)


def _signed_form(head: list[str]) -> str | None:
    """The one person a form's "Name:" or "Signed:" fields give."""
    named: list[str] = []
    for text in head:
        if match := _FORM_NAME.match(text):
            named += [n.text for n in find_names(match["v"]) if n.kind == "person"][:1]
    if named and all(same_party(n, named[0]) for n in named):
        return named[0]
    return None


def _span(day: date, start: time, end: time, tz: tzinfo | None, to: date | None = None) -> str:
    """An ISO interval from `start` on `day` to `end` (the next day's when earlier)."""
    begin, finish = datetime.combine(day, start, tz), datetime.combine(to or day, end, tz)
    finish += timedelta(days=1) if finish < begin else timedelta()
    return f"{begin.isoformat()}/{finish.isoformat()}"


def _interval(moment: Moment, text: str) -> str:
    period = day_period(text)
    if moment.at is not None and _onward(moment, text):
        return _span(moment.day, moment.at, time(23, 59, 59), moment.tz)
    if moment.at is not None and period is not None and period[1] < period[0]:
        return _span(moment.day, moment.at, period[1], moment.tz, moment.day + timedelta(days=1))
    if moment.at is not None or period is None:
        return moment.iso()
    return _span(moment.day, period[0], period[1], moment.tz)


_ONWARD = re.compile(r"\b(?:after|since|from)\s+(?:about\s+|around\s+)?(?=\d)", re.I)
_UNTIL_TIME = re.compile(r"^[^.;]{0,40}?\b(?:until|till|to|and)\s+(?:about\s+)?\d", re.I)


def _onward(moment: Moment, text: str) -> bool:
    """Whether a claim runs on from its time of day with no end told ("after 18:00")."""
    for match in _ONWARD.finditer(text):
        rest = text[match.end() :]
        times = find_times(rest[:12])
        if times and times[0][0] == moment.at and not _UNTIL_TIME.match(rest):
            return True
    return False


def _claimed_time(text: str, context: list[str], told: date | None = None) -> str | None:
    """When a claim says it happened."""
    year = _IN_YEAR.search(text)
    if year and not find_moments(text) and not find_period(text, told):
        until = told.isoformat() if year[1].lower() == "since" and told else f"{year[2]}-12-31"
        return f"{year[2]}-01-01T00:00:00/{until}T23:59:59"
    hours = _hours(text)
    for candidate in [text, *reversed(context)]:
        days = find_period(candidate, told)
        moments = find_moments(candidate)
        day = moments[0].day if moments else days[0] if days else None
        if day is None:
            continue
        hours = hours or _hours(candidate)
        tz = moments[0].tz if moments else None
        if hours:
            return _span(day, hours[0], hours[1], tz)
        if days and days[0] != days[1]:
            return f"{days[0].isoformat()}T00:00:00/{days[1].isoformat()}T23:59:59"
        own = _own_time(text) if candidate is not text or not moments else None
        moment = moments[0] if moments else Moment(day)
        moment = Moment(day, own[0], own[1] or tz) if own else moment
        return _interval(moment, text if own else f"{text} {candidate}")
    return None


def _own_time(text: str) -> tuple[time, tzinfo | None] | None:
    """The time a claim acted at ("left at 20:00"), not one it runs until."""
    match = _AT_TIME.search(text)
    if match is None or _RUNS_UNTIL.search(text[: match.start()]):
        return None  # "remained on the ward until the end of my shift at 07:30"
    times = find_times(text[match.end() : match.end() + 16])
    return times[0] if times else None


_AT_TIME = re.compile(
    r"\b(?:at|around|from|after|since)\s+(?:about\s+|around\s+|roughly\s+)?(?=\d)", re.IGNORECASE
)
_RUNS_UNTIL = re.compile(r"\b(?:until|till|through|up\s+to)\b", re.IGNORECASE)
_IN_YEAR = re.compile(r"\b(in|during|throughout|since)\s+((?:19|20)\d{2})\b(?![/.-]\d)")
_HOURS = re.compile(r"\b(?:between|from)\b[^.;]{1,24}?\b(?:and|to|until|till)\b", re.IGNORECASE)


def _hours(text: str) -> tuple[time, time] | None:
    """The hours a claim spans: "between 01:30 and 03:30", "from 9 pm until 1 am"."""
    span = _HOURS.search(text)
    if span is None:
        return None
    times = [at for at, _ in find_times(text[span.start() : span.end() + 16])]
    return (times[0], times[1]) if len(times) >= 2 else None


def told_on(doc: EvidenceDoc) -> date | None:
    """When a statement was made."""
    read = units(doc)
    heading = next((m[0].day for u in read[:_TOLD_UNITS] if (m := find_moments(u.text))), None)
    foot = next(
        (m[-1].day for u in reversed(read[-_FOOT_UNITS:]) if (m := find_moments(u.text))), None
    )
    if heading is None or (foot is not None and foot > heading):
        return foot
    return heading


_NOBODY = re.compile(r"^\W*(?:nobody|no\s+one|no-one)\b", re.IGNORECASE)


def _claimed_place(text: str) -> str | None:
    """Where the speaker says they were."""
    if _NOBODY.match(text):
        return None  # "Nobody was at the house": where no one was
    text = ORIGIN.sub(" ", text)
    if home := _home(text):
        named = places_in(text)
        return f"{home} in {named[0]}" if named else home
    people = {n.text for n in find_names(text) if n.kind == "person"}
    denied = denied_place(text) or "\0"
    places = [
        p
        for p in places_in(text)
        if p not in people
        and denied not in p  # "I was not in Tallaght": where they were not
        and not _HONORIFIC.match(p)
        and (at := text.find(p)) >= 0
        and _LOCATIVE.search(text[:at])
        and not _ANYONE_AT.search(text[:at])
    ]
    return places[0] if places else None


_DWELLINGS = {"home": "home", "house": "home", "apartment": "home", "flat": "home"}
_DWELLINGS |= {"office": "office", "room": "room"}
_AT_HOME = wordset("at in from inside outside")
_STAYED = wordset("at stayed was were remained")
_OWNERS = wordset("my our his her the")


def _home(text: str) -> str | None:
    """Where the parse puts the speaker: "at home", "in my office", "at my sister's house"."""
    for token in parse(text):
        word, head = token.lower_, token.head
        owner = [c for c in token.children if c.dep_ in ("poss", "det")]
        if word in ("home", "work") and token.i == head.i + 1 and head.lower_ in _STAYED:
            return "office" if word == "work" else "home"
        if word in _DWELLINGS and token.dep_ == "pobj" and head.lower_ in _AT_HOME and owner:
            if owner[0].lower_ in _OWNERS and token.i == head.i + 2:
                return _DWELLINGS[word]
            mine = any(c.lower_ in _OWNERS for c in owner[0].children)
            if token.i == head.i + 4 and owner[0].is_lower and mine:  # "at my sister's house"
                return text[owner[0].idx : token.idx] + word
    return None


_PLACE_VERBS = wordset("be go come visit enter attend set step turn show")
_INTO = wordset("to at in into inside near on")


def denied_place(text: str) -> str | None:
    """The place the parse reads the speaker as denying being at ("I was not in Tallaght")."""
    for verb in negated(text):
        if verb.lemma_.lower() not in _PLACE_VERBS:
            continue
        heads = [verb, *(c for c in verb.children if c.dep_ == "advmod")]  # "come back to"
        preps = [c for h in heads for c in h.children if c.dep_ == "prep" and c.lower_ in _INTO]
        places = [g for p in preps for g in p.children if g.dep_ == "pobj"]
        places += [c for c in verb.children if c.dep_ == "dobj" and c.lower_ != "foot"]
        for place in places:
            named = [t.text for t in place.subtree if t.i <= place.i and t.text[:1].isupper()]
            return " ".join(named) if named else place.text
    return None


def sworn_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    if doc.mime_type == "message/rfc822":
        return _written_claims(doc)
    if not is_testimony(doc):
        return []
    deponent = witness(doc)
    head = [u.text for u in units(doc)[:_HEAD]]
    statement = deponent is not None and (
        witness(doc, 1) == deponent
        or any((m := _WITNESS.search(text)) and m["name2"] for text in head)  # "I, Jane Roe, …"
        or bool(head and _STATEMENT_TITLE.match(head[0]))  # "WITNESS STATEMENT", then its fields
        or _letter_signatory(doc) == deponent  # a confirming letter is its signatory's statement
    )
    told = told_on(doc)
    unnumbered = statement and not any(_NUMBERED.match(c.text) for c in doc.chunks)
    found: list[SwornClaim] = []
    context: list[str] = []
    dated: str | None = None  # the last question or answer giving a date
    legend = speaker_legend(doc)
    turn: str | None = None  # who the last labelled line's speaker is, until the next label
    for unit in units(doc):
        text = unit.text
        if _PARAGRAPH_NUMBER.match(text):
            continue  # "4." before its paragraph's sentence: nothing said
        speaker, body, turn = _in_turn(unit, deponent, legend, turn)
        if not _is_question(text):
            back = bool(_BACK_REFERENCE.search(f"{text} {context[-1] if context else ''}"))
            back = back or bool(_own_time(body) and not any(find_moments(c) for c in context))
            if back and dated is not None and dated not in context:
                context = [dated, *context]
            alone = len(doc.chunks[unit.index].text.split()) <= len(body.split()) + 2
            fragment = alone and not _finite(body) and _claimed_place(body) is not None
            if context and _is_question(context[-1]) and (_BARE_ANSWER.match(body) or fragment):
                claim = _answer(_referent(body, speaker, context), speaker, context, unit, told)
            else:
                own = _told_as_own(doc, unit, body, statement, unnumbered)
                said = _referent(body, speaker, context)
                claim = _claim(said, speaker, context, unit, own, told)
            found += [claim] if claim else []
        context = [*context, text][-_CONTEXT_UNITS:]
        dated = text if _gives_day(text, told) else dated
    return found


_REFERENT = re.compile(
    r"\b(?:him|her|he|she|(?:that|this|the)\s+(?:company|firm|business|supplier|contractor|"
    r"vendor))\b",
    re.IGNORECASE,
)


def _referent(text: str, speaker: str | None, context: list[str]) -> str:
    """An answer's "him" or "that company", the one party its question names added in brackets."""
    at = _REFERENT.search(text)
    question = next((c for c in reversed(context) if _is_question(c)), "")
    if at is None or not question or any(n.kind != "place" for n in find_names(text)):
        return text
    named = {
        n.text
        for n in find_names(_LABEL.sub("", _QUESTION.sub("", question)))
        if n.kind in ("person", "organization") and not (speaker and same_party(n.text, speaker))
    }
    fullest = {max((m for m in named if same_party(m, n)), key=len) for n in named}
    if len(fullest) != 1:
        return text
    return f"{text[: at.end()]} [{fullest.pop()}]{text[at.end() :]}"


def _finite(text: str) -> bool:
    """Whether a text is a sentence: the parser finds a finite verb in it."""
    return any(t.tag_ in ("VBD", "VBZ", "VBP", "MD") for t in parse(text))


def _told_as_own(
    doc: EvidenceDoc, unit: Unit, body: str, statement: bool, unnumbered: bool
) -> bool:
    """Whether a sentence is its teller's claim in whatever person it is written."""
    text = unit.text
    told = len(body.split()) >= _MIN_WORDS and _finite(body)
    own = (
        statement
        and len(body.split()) >= _MIN_WORDS
        and bool(
            _NUMBERED.match(doc.chunks[unit.index].text)
            or (
                unnumbered
                and told
                and not _COURTESY.search(body)
                and not _WITNESS.search(body)  # its title: "Statement of …, …"
            )
        )
    )
    return own or bool(_ANSWER.match(text) and told)


_REPORTING_VERBS = (
    "say tell state claim explain insist maintain assert deny confirm admit allege testify reply "
    "answer advise inform accept acknowledge"
)
_REPORTING = frozenset(_REPORTING_VERBS.split())
_PRONOUNS = frozenset({"he", "she", "they"})
_REPORTED_UNITS = 2000


def reported_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    """What a report says someone said ("He told the panel that he was at his desk")."""
    if is_testimony(doc):
        return []
    told = told_on(doc)
    found: list[SwornClaim] = []
    last: str | None = None
    for unit in units(doc)[:_REPORTED_UNITS]:
        if unit.kind == "row" or unit.heading:
            continue
        for token in parse(unit.text):
            if token.lemma_ not in _REPORTING or token.pos_ != "VERB":
                continue
            clause = next((c for c in token.children if c.dep_ == "ccomp"), None)
            subject = next((c for c in token.children if c.dep_ == "nsubj"), None)
            if clause is None or subject is None:
                continue
            words = unit.text[
                subject.left_edge.idx : subject.right_edge.idx + len(subject.right_edge)
            ]
            people = [n.text for n in find_names(words) if n.kind == "person"]
            speaker = people[0] if people else (last if subject.lower_ in _PRONOUNS else None)
            if people:
                last = people[0]
            if speaker is None:
                continue
            start = clause.left_edge.idx
            end = clause.right_edge.idx + len(clause.right_edge)
            said = _THAT.sub("", unit.text[start:end]).strip()
            if claim := _claim(said, speaker, [], unit, own=True, told=told):
                found.append(claim)
    return found


_THAT = re.compile(r"^that\s+", re.IGNORECASE)


def _written_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    """What an e-mail's sender denies or vouches for, up to the quoted message."""
    sender = sender_name(str(doc.metadata.get("from") or ""))
    if not sender or kind_of(sender) != "person":
        return []
    written = parse_iso(str(doc.metadata.get("date") or ""))
    told = written.date() if written else None
    found: list[SwornClaim] = []
    context: list[str] = []
    for unit in units(doc):
        text = unit.text
        if _QUOTED.match(text):
            break  # the message replied to, or forwarded: someone else's words
        if not _is_question(text) and (_negative(text) or _UNIVERSAL.search(text)):
            claim = _claim(text, sender, context, unit, told=told)
            if claim is not None:
                found.append(claim)
        context = [*context, text][-_CONTEXT_UNITS:]
    return found


def _in_turn(
    unit: Unit, deponent: str | None, legend: dict[str, str], turn: str | None
) -> tuple[str | None, str, str | None]:
    """The unit's speaker and words, and whose turn goes on after it."""
    text = unit.text
    answer = _ANSWER.match(text)
    prefix = _PREFIX.match(text)
    if unit.speaker:
        speaker: str | None = _labelled(unit.speaker, deponent, legend)
        body = text.removeprefix(f"{unit.speaker}:").strip()
    elif answer:
        speaker, body = deponent, text[answer.end() :]
    elif prefix and not _field_label(prefix["name"].strip(), prefix["rest"]):
        speaker, body = _labelled(prefix["name"], deponent, legend), prefix["rest"]
    elif turn is not None and not unit.heading:
        return turn, text, turn  # an unlabelled line goes on the last speaker's turn
    else:
        return deponent, text, turn
    person = speaker is not None and (
        speaker == deponent or speaker in legend.values() or kind_of(speaker) == "person"
    )
    return speaker, body, speaker if person else None


_LEGEND = re.compile(
    rf"(?P<name>{_NAME})\s*\((?P<label>[{UPPER}]{{1,4}})\b[^)]{{0,40}}\)"
    rf"|\b(?P<label2>[{UPPER}]{{1,4}})\s*(?:=|[-\u2013\u2014])\s+(?P<name2>{_NAME})"
)
_LEGEND_UNITS = 30
_LABEL_ONLY = re.compile(rf"^(?P<label>[{UPPER}]{{1,4}})\s*:\s")


def speaker_legend(doc: EvidenceDoc) -> dict[str, str]:
    """Transcript labels ("BT:"), each with the person the header names for it."""
    doc_units = units(doc)
    used = {m["label"] for u in doc_units if (m := _LABEL_ONLY.match(u.text))}
    used |= {u.speaker for u in doc_units if u.speaker}
    legend: dict[str, str] = {}
    for unit in doc_units[:_LEGEND_UNITS]:
        for match in _LEGEND.finditer(unit.text):
            label = match["label"] or match["label2"]
            raw = clean(match["name"] or match["name2"])
            name = raw.title() if raw.isupper() else raw
            if label in used and label not in legend and kind_of(name) == "person":
                legend[label] = name
    return legend


def _field_label(label: str, rest: str) -> bool:
    """A form's field ("Declaration: I declare …", "Extension: No"), not a speaker's label."""
    if label.upper() in ("NOTE", "RE", "SUBJECT"):
        return True
    return " " not in label and (
        label.lower() in NOT_NAMES or (not label.isupper() and bool(_BARE_ANSWER.match(rest)))
    )


def _labelled(label: str, deponent: str | None, legend: dict[str, str]) -> str:
    """Who a transcript's speaker label is."""
    label = label.strip()
    if label in legend:
        return legend[label]
    if deponent is None or " " in label:
        return label
    initials = "".join(word[0] for word in deponent.split() if word[:1].isupper())
    short = (initials, initials[0] + initials[-1]) if initials else ()
    if same_party(label, deponent) or (label.isupper() and label in short):
        return deponent
    return label


def _gives_day(text: str, told: date | None) -> bool:
    """Whether a text gives a day, with its year or ("On 12 March") without."""
    return bool(find_moments(text)) or (told is not None and find_period(text, told) is not None)


def _is_question(text: str) -> bool:
    return bool(_QUESTION.match(text)) or text.rstrip().endswith("?")


def _answer(
    body: str, speaker: str | None, context: list[str], unit: Unit, told: date | None
) -> SwornClaim | None:
    """A bare "No, none at all." says what it says of the question it answers."""
    question = _QUESTION.sub("", context[-1]).strip()
    if unit.speaker is None and (prefix := _PREFIX.match(question)):
        question = prefix["rest"]
    question = _LABEL.sub("", question)
    return SwornClaim(
        speaker=speaker,
        claim=asked(body, question)[:500],
        claimed_time=_claimed_time(f"{body} {question}", context[:-1], told),
        claimed_place=_claimed_place(body),
        source=unit.ref,
    )


def _someone_else(text: str, speaker: str | None) -> bool:
    """Whether the sentence's subject is a named person other than the speaker."""
    for token in parse(text):
        if token.dep_ in ("nsubj", "nsubjpass") and token.head.dep_ == "ROOT":
            words = text[token.left_edge.idx : token.idx + len(token)]
            people = [n.text for n in find_names(words) if n.kind == "person"]
            return bool(people) and not (speaker and same_party(people[0], speaker))
    return False


def _claim(
    text: str,
    speaker: str | None,
    context: list[str],
    unit: Unit,
    own: bool = False,
    told: date | None = None,
) -> SwornClaim | None:
    if formula := _ATTESTATION.search(text):
        text = "; ".join(_AND_THAT.split(text[formula.end() :])[1:]).strip()
    if not (_FIRST_PERSON.search(text) or _PERJURY.search(text) or own) or not text:
        return None
    if _BACKGROUND.match(text) or text.rstrip().endswith(":"):
        return None  # who the witness is, or the words opening what follows
    claimed_time = _claimed_time(text, context, told)
    claimed_place = None if _someone_else(text, speaker) else _claimed_place(text)
    if claimed_place is None and context and _THERE.search(text):
        claimed_place = _claimed_place(_ANSWER.sub("", context[-1]))
    weighty = (
        claimed_time
        or claimed_place
        or _negative(text)
        or _UNIVERSAL.search(text)
        or _PERJURY.search(text)
        or own
    )
    if not weighty:
        return None
    return SwornClaim(
        speaker=speaker,
        claim=text[:500],
        claimed_time=claimed_time,
        claimed_place=claimed_place,
        source=unit.ref,
    )
