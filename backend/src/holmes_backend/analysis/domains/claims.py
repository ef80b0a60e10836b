"""Sworn claims: first-person assertions in depositions, affidavits, declarations and transcripts.

A claim is an answer or statement in the first person ("I was at home that evening", "I never met
him", "I have not paid…") in a testimony document. Its speaker is the cue's speaker, the witness
named in the document ("DEPOSITION OF …", "I, Jane Roe, being duly sworn…") for answers, or a
"Name:" prefix. Its time and place come from the claim itself or, failing that, from the question
just before it ("Q. Where were you on the evening of March 3, 2024?").
"""

import re
from datetime import date, datetime, time, timedelta, tzinfo

from holmes_backend.analysis.domains.timeline import ORIGIN, places_in, sender_name
from holmes_backend.analysis.facts.answers import asked
from holmes_backend.analysis.facts.dates import (
    WEEKDAYS,
    Moment,
    day_period,
    ended_period,
    find_moments,
    find_period,
    find_times,
    parse_iso,
    parse_span,
)
from holmes_backend.analysis.facts.lexicon import NOT_NAMES
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.money import find_money
from holmes_backend.analysis.facts.names import UPPER, clean, find_names, kind_of, same_party
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.analysis.nlp import parse, sentence_spans
from holmes_backend.contracts.agents import SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc

_TESTIMONY = re.compile(
    r"\b(deposition|deponent|affidavit|affiant|declaration (?:of|to|by)|declarant|sworn statement|"
    r"(?:declare|state)s?\s+as\s+follows|"
    # A form its maker signs as true: "I declare the information above is true".
    r"I\s+(?:hereby\s+)?(?:declare|certify|confirm)\s+(?:that\s+)?(?:(?:the|all|this)\s+"
    r"(?:information|details|answers|particulars|statements?)|(?:the\s+)?(?:above|foregoing))\b"
    r"[^.]{0,40}\b(?:true|correct)|"
    # An attestation its maker signs: "I attest that every service billed … was rendered".
    r"I\s+(?:hereby\s+)?(?:attest|certify)\s+that\b|"
    # "I declare that these expenses were incurred wholly for business".
    r"I\s+(?:hereby\s+)?declare\s+that\s+(?:these|this|my|the\s+above)\s+(?:expenses?|claims?|"
    r"costs?|amounts?|hours|mileage|journeys?|items?)\b|"
    # A letter of representation its signatory makes ("We confirm that every payment …").
    r"(?:letter\s+of\s+representation|representation\s+letter|management\s+representations?)|"
    r"under oath|penalty of perjury|witness statement|statement of|interview (?:of|with)|"
    # An account given to those who inquire: "Statement to the Board", "… to the inquiry".
    r"statement\s+(?:to|for)\s+the\s+(?:[a-z]+\s+)?(?:board|committee|inquiry|investigation|investigators?|"
    r"panel|tribunal|court|police|regulator|auditors?|trustees|council)\b|"
    r"response to (?:the |an? )?(?:internal )?(?:audit|investigation|inquiry|enquiry)\b|"
    r"the witness:|duly sworn|so help me|transcript of|recorded statement|"
    r"record of (?:\w+ )?interview|person interviewed|"
    r"interview\s+(?:record|notes?|transcript|summary)|interviewee|statutory declaration|"
    r"(?:investigation|investigatory|disciplinary|fact[- ]finding|grievance|misconduct)\s+"
    r"(?:meeting|hearing|interview)|"
    r"solemnly (?:and sincerely )?(?:declare|swear|affirm)|"
    # What a person declares on a form of their interests or conduct.
    r"(?:register|declaration|return|disclosure) of (?:\w+ )?interests?|interests? "
    r"(?:return|declaration|disclosure|form)|conflicts? of interest (?:form|declaration|return)|"
    r"annual (?:declaration|attestation|certification)|"
    # An employee's signed account of an absence: "Self-certification of sickness".
    r"self[- ]certif\w*|return[- ]to[- ]work (?:form|declaration|interview))\b",
    re.IGNORECASE,
)
_SWORN = re.compile(
    r"\b(deposition|affidavit|declaration|declare|under oath|perjury|sworn|affirm)\b", re.I
)
_FIRST_PERSON = re.compile(
    # "I have never", "I've never", "I'd already", "we're"
    r"\b(?:I|we)(?:['\u2019](?:ve|d|m|ll|re))?\s+"
    r"(?:(?:have|had|has|do|did|was|were|am|would|could|will)(?:\s+not|n['\u2019]t)?\s+)?"
    r"(?:never\s+|not\s+|also\s+|then\s+|only\s+|just\s+|certainly\s+|definitely\s+|first\s+)?"
    r"(?P<verb>was|were|am|have|had|did|never|went|left|arrived|stayed|remained|met|paid|saw|"
    r"spoke|talked|received|sent|signed|know|knew|recall|remember|been|got|drove|walked|flew|"
    r"returned|visited|called|transferred|wired|gave|took|attended|declare|swear|affirm|state|"
    r"confirm|certify|attest|assure|administered|treated|examined|handed|collected|delivered|parked|"
    r"opened|closed|counted|phoned|emailed|e-mailed|texted|messaged|wrote|printed|deleted|"
    r"inspected|completed|finished|started|clocked|"
    r"don['\u2019]t|didn['\u2019]t|wasn['\u2019]t|haven['\u2019]t|hadn['\u2019]t|spent|worked|slept|watched|stayed|"
    r"learned|learnt|heard|found|discovered|noticed|realised|realized|bought|sold|traded|told|"
    r"became|become|"
    r"declared|recorded|registered|disclosed|reported|entered|logged|billed|charged|invoiced|"
    r"approved|authori[sz]ed|checked|locked|claimed|made|submitted|filed|travel+ed|used|"
    r"carried|performed|conducted|undertook|monitored|patrolled|observed|supervised|hosted|"
    r"entertained|accompanied|dined|organi[sz]ed|presented|collected|drove|stopped|waited|"
    r"refuel+ed|loaded|unloaded|sealed|rested|own|owned|possess|hold|held)\b"
    r"|\bneither\s+(?:I|we)\s+nor\b",  # "Neither I nor my spouse hold any interest in …"
    re.IGNORECASE,
)
_NEGATION = re.compile(
    r"\b(never|not|no|didn['\u2019]t|don['\u2019]t|wasn['\u2019]t|haven['\u2019]t|hadn['\u2019]t|nobody|nothing)\b",
    re.I,
)
# A claim of completeness is testable like a denial: "I declared every gift", "all the hours
# were worked", "I always locked the safe".
_UNIVERSAL = re.compile(
    r"\b(?:every(?:thing)?|always|each\s+(?:one|time|day)|all\s+(?:of\s+)?(?:the|my|our|his|her|their)?\s*"
    r"(?:[a-z]{2,3}\s+)?[a-z]{4,})\b"
    # "No cheque has been written that is not in the register": none left out
    r"|\bno\s+[a-z]{4,}\s+(?=(?:has|have|had|was|were|is|are)\b)"
    # "I stopped only once, at Watford Gap": none but the one it names
    r"|\bonly\s+(?:once|twice|one|the\s+once)\b",
    re.IGNORECASE,
)
# A bound is testable as a denial is: "I only approved two invoices", "each under £5k".
_BOUNDED = re.compile(
    r"\b(?:only|just|no\s+more\s+than|at\s+most)\s+(?:[a-z]+\s+){0,2}?"
    r"(?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,3})\s+[a-z]{3,}"
    r"|\b(?:each|all|every\s+one)\s+(?:of\s+them\s+)?(?:under|below|less\s+than)\b",
    re.IGNORECASE,
)
_PERJURY = re.compile(
    r"penalty of perjury|so help me|solemnly (?:and sincerely )?(?:swear|affirm|declare)|"
    r"duly sworn",
    re.I,
)
_QUESTION = re.compile(r"^\s*(?:Q\s*[.:)]|QUESTION\s*:|BY\s+(?:MR|MS|MRS|DR)\.?\s+\w+:)", re.I)
_ANSWER = re.compile(r"^\s*(?:A\s*[.:)]|ANSWER\s*:|THE WITNESS\s*:)\s*", re.I)
# A name of up to four capitalised words, in any Latin script ("Ólöf Sigurðardóttir", "ŻAK").
_NAME = rf"[{UPPER}][\w.'\u2019-]*(?:\s+[{UPPER}][\w.'\u2019-]*){{0,3}}"
_PREFIX = re.compile(rf"^(?P<name>{_NAME})\s*:\s+(?P<rest>.+)$")
# Who the declarant is, between their name and their verb: "I, Sven Aaltonen, Sales Director
# of Nordcarton Oy, declare".
_APPOSITIVE = r"[^,;:.]{3,80},\s+"
_WITNESS = re.compile(
    r"\b(?:deposition|affidavit|declaration|statement|testimony|interview|examination)"
    r"(?:\s+(?:record|records|notes?|transcript|summary|of\s+(?:means|assets|truth)|of\s+(?:the\s+)?"
    r"(?:claimant|witness|insured|applicant|complainant|employee|policyholder)))?"
    # "Statement of Samuel Amadi", "Statement of: Samuel Amadi", "Statement - Samuel Amadi"
    r"(?:\s+(?:of|with)\s*:?\s+|\s*[-\u2013\u2014:]\s*)"
    rf"(?P<name>{_NAME})"
    # "I, Riaan Oosthuizen, do hereby …", "I, the undersigned, RIAAN OOSTHUIZEN, do …"
    rf"|\bI,\s+(?:the\s+undersigned,\s+)?(?P<name2>{_NAME}),\s+(?:{_APPOSITIVE})?(?:being|do|hereby|declare|"
    r"state|swear|affirm|having|of|make)"
    rf"|\b(?:witness|deponent|affiant|declarant|interviewee|person\s+interviewed|attendee|"
    r"employee\s+interviewed|employee|respondent|"
    rf"name\s+of\s+(?:witness|interviewee|person\s+interviewed))\s*:\s*(?P<name3>{_NAME})",
    re.IGNORECASE,
)
# Who a testimony may be headed by instead of a name ("Statement of the insured").
_ROLE = re.compile(
    r"\b(insured|policyholder|claimant|complainant|applicant|accused|suspect|defendant|plaintiff|"
    r"respondent|petitioner|employee|tenant|patient|victim|witness|deponent|affiant|declarant|"
    r"interviewee)\b",
    re.IGNORECASE,
)
# The closing formula of a statement: that it is true, not a fact of the case.
_ATTESTATION = re.compile(
    r"\b(?:declare|certify|confirm|swear|affirm|state|believe)\b.{0,60}\b(?:information|statement|"
    r"foregoing|above|contents?|answers?|facts)\b.{0,40}\b(?:true|correct|accurate|complete)\b"
    r"|\bto the best of my (?:knowledge|belief)\b",
    re.IGNORECASE,
)
_FINITE = re.compile(
    r"\b(?:is|are|was|were|has|have|had|do|does|did|will|would|can|could|[a-z]{3,}ed|"
    # the past of the common irregular verbs: "heavy snow made the roads impassable"
    r"made|ran|fell|went|came|took|gave|left|saw|got|kept|held|told|said|found|brought|bought|"
    r"sent|spent|paid|lost|began|broke|drove|rode|flew|knew|wrote|stood|sat|sold|stole|froze|"
    r"blew|caught|fought|thought|slept|met|led|rose|shook|struck|rang|spoke|swore|tore|woke|wore)\b",
    re.I,
)
_BACK_REFERENCE = re.compile(
    r"\b(?:that|the\s+same)\s+(?:night|evening|day|morning|afternoon|date)\b|"
    # "during that time", "while you were off": the period told before
    r"\b(?:during|in|over|for)\s+(?:that|this|the\s+same)\s+(?:time|period|spell)\b|"
    r"\bwhile\s+(?:you\s+were|I\s+was|he\s+was|she\s+was)\s+(?:off|away|absent|signed\s+off)\b|"
    # "at any time during my shift": the shift told before
    r"\b(?:during|throughout|for|on|in)\s+(?:the\s+whole\s+of\s+)?(?:my|the|that|this|her|his)\s+"
    r"(?:shift|duty|watch)\b",
    re.I,
)
# Whom something was said, given or sent to ("reported it to the Mossos", "gave the keys to the
# Police"): a recipient, not where the speaker was.
_TO_SOMEONE = re.compile(
    r"\b(?:report(?:ed)?|gave|give|given|spoke|spoken|speak(?:ing)?|said|say|sent|send|hand(?:ed)?|"
    r"explain(?:ed)?|complain(?:ed)?|wrote|write|written|paid|pay|lent|lend|sold|sell|told|"
    r"mention(?:ed)?|show(?:ed|n)?|talk(?:ed)?|admit(?:ted)?|apologi[sz]ed|deliver(?:ed)?|"
    r"post(?:ed)?|emailed|e-mailed|passed|forward(?:ed)?|introduc(?:ed|e))\b[^.;]{0,40}"
    r"\bto\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_BY_ME = re.compile(r"\bby\s+(?:me|myself)\b", re.IGNORECASE)
# The further clauses a declaration's formula runs on into: "…, and that I have not …".
_AND_THAT = re.compile(r"[,;]\s*(?:and\s+)?that\s+|\s+and\s+that\s+", re.IGNORECASE)
# Who the witness is ("I am the night shift supervisor and have held that role since 2021"):
# background, not an account of the events to corroborate.
# Where someone else lives, or does not: "He [Lee Brannigan] lives in Leeds with his mother",
# "She has not lived at Fern Grove since 2023", "He doesn't live here".
RESIDENCE = re.compile(
    r"\b(?:he|she|they)\b(?:\s+\[[^\]]+\])?\s+(?:lives|is\s+living|stays|has\s+(?:not|never)\s+"
    r"lived|hasn['\u2019]t\s+lived|does\s*(?:not|n['\u2019]t)\s+live|has\s+(?:his|her|their)\s+"
    r"own\s+(?:place|flat|house|home))\b",
    re.IGNORECASE,
)
# "Mrs Doreen Pike lives in Room 14": where a named other lives (RESIDENCE's "she", by name).
_NAMED_RESIDENT = re.compile(
    rf"^\W*(?P<who>(?:(?:Mr|Mrs|Ms|Miss|Dr)\.?\s+)?[{UPPER}][\w'\u2019-]+"
    rf"(?:\s+[{UPPER}][\w'\u2019-]+){{0,2}})\s+(?:lives|is\s+living|stays|resides|has\s+lived)\b"
)
_BACKGROUND = re.compile(
    r"^\s*(?:\d+[.)]\s*)?I\s+(?:am|have been)\s+(?:the|a|an|employed|working)\b"
    r"(?!.*\b(?:on|at|when)\s+(?:the\s+)?(?:night|evening|morning|day)\b)",
    re.IGNORECASE,
)
_HEAD = 5  # units of a statement's heading, where "I, Jane Roe, state as follows" is
_SWEARS = re.compile(
    rf"\bI,\s+{_NAME},\s+(?:{_APPOSITIVE})?(?:of|being|do|hereby|"
    r"declare|state|swear|affirm|make|having)\b"
)
_STATEMENT_TITLE = re.compile(
    r"^\s*(?:witness\s+|sworn\s+|signed\s+)?statement(?:\s+of\s+(?:truth|witness)|"
    r"\s+(?:to|for)\s+the\s+[a-z]+(?:\s+[a-z]+)?)?\s*$",
    re.IGNORECASE,
)
_MIN_WORDS = 4
_LABEL = re.compile(rf"^{_NAME}:\s+")  # the questioner's, before their question
_NUMBERED = re.compile(r"^\s*\(?\d{1,3}[.)]\s+\S")
# A short answer that asserts on its own ("No, none at all.", "Never.").
# A question for a figure: "How much …?", "What were the shop's takings in a typical week?"
_FIGURE_ASKED = re.compile(
    r"\bhow\s+much\b|\bwhat\b[^?]{0,80}\b(?:takings|turnover|sales|revenue|income|earnings|"
    r"figures?|amount|total|value|worth|price|cost|rent|wages?|salary|pay|take|make|earn|bring\s+"
    r"in|turn\s+over)\b",
    re.IGNORECASE,
)
_BARE_ANSWER = re.compile(r"^\s*(?:no|never|none|nobody|nothing|not at all)\b", re.I)
# A form's field answered no: "Previous claims in the last five years: None".
_NONE_FIELD = re.compile(
    # … the line's end, or the next sentence it runs into ("…: None I confirm that …")
    r"^\s*(?P<label>\w[^:?]{2,80}?)\s*:\s*(?P<value>none|no|nil|never)\b\s*\.?(?=\s*$|(?-i:\s+[A-Z]))",
    re.IGNORECASE,
)
# Where a reply's own words end: the quoted or forwarded message below them.
_QUOTED = re.compile(
    r"^\s*(?:>|On\s.{4,80}\bwrote:|-{2,}\s*(?:Original|Forwarded)\s+Message|From:\s)", re.I
)
# A form's field giving its maker's account of what happened.
_ACCOUNT_FIELD = re.compile(
    r"^\s*(?:cause(?:\s+of\s+(?:loss|damage|incident))?|circumstances|what\s+happened|"
    r"(?:description|details)\s+of\s+(?:the\s+)?(?:loss|incident|events?|accident|damage))"
    r"\s*:\s*\S",
    re.IGNORECASE,
)
_HONORIFIC = re.compile(r"(?:mr|mrs|ms|miss|dr|prof)\b\.?\s", re.IGNORECASE)
_THERE = re.compile(r"\b(?:got|arrived|went|stayed|remained|was|were)\s+there\b", re.IGNORECASE)
_HOME = re.compile(
    r"\b(?:at|in|from|inside|outside)\s+(?:my|our|his|her|the)\s+(?P<whose>[a-z]+['\u2019]s\s+)?"
    r"(?P<place>home|house|apartment|flat|"
    r"office|room)\b|\b(?:at|stayed|was|were|remained)\s+(?P<bare>home|work)\b"
    # "I never left the house": at home all along.
    r"|(?:\bnever|\bnot|n['\u2019]t)\s+(?:leave|left|go\s+out\s+of|went\s+out\s+of)\s+"
    r"(?:the|my|our)\s+(?P<left>home|house|apartment|flat|driveway|drive|garage)\b"
    # "didn't go out again until the morning": in all along.
    r"|(?:\bnever|\bnot|n['\u2019]t)\s+(?:go|went)\s+out\b(?:\s+again)?(?!\s+(?:with|for)\b)",
    re.IGNORECASE,
)
_LOCATIVE = re.compile(
    r"\b(?:at|in|inside|into|near|outside|to|around|by|on|through|towards?|reached|visited|left)"
    r"\s+(?:the\s+)?$",
    re.IGNORECASE,
)
# "anyone at Kestrel", "the staff at Harlow's": who works for a firm, not where the witness was.
_MEMBERS_AT = re.compile(
    r"\b(?:any|some|no|every)(?:one|body)\s+(?:at|in|from)\s+(?:the\s+)?$|"
    r"\b(?:staff|people|employees?|workers?|colleagues?|directors?|owners?|management)\s+"
    r"(?:at|in|of)\s+(?:the\s+)?$|"
    # "payments to Tidewell", "invoices from Acme": whom money went to, not where anyone was.
    r"\b(?:payments?|paid|transfers?|invoices?|money|fees?|sums?|amounts?)\s+(?:\w+\s+)?to\s+"
    r"(?:the\s+)?$",
    re.IGNORECASE,
)
_JOURNEY = re.compile(
    r"\b(?:drove|driving|drive|travel+ed|travel+ing|flew|flying|walked|rode|riding|cycled|"
    r"sailed|went|came|headed|journeyed|commuted|took\s+the\s+\w+)\b[^.;]{0,60}?\bfrom\b"
    r"[^.;]{1,60}?\bto\b",
    re.IGNORECASE,
)
# On the way to a place: where the road led, not where the speaker was at a time the sentence
# does not give ("drove straight to Leeds"; but "I drove to the Royal Oak and gave the keys to
# Tom" was there).
_EN_ROUTE = re.compile(
    r"\b(?:(?:drove|driving|travel+ed|travel+ing|flew|rode|cycled|went|headed)\s+"
    r"(?:straight|directly)\s+(?:back\s+)?to|(?:drove|driving|travel+ed|headed|set\s+off)\s+"
    r"towards|headed\s+(?:for|to)|set\s+off\s+(?:for|to))\b",
    re.IGNORECASE,
)
# Setting off for a place: "drove home to Leyton", "walked back to the hotel".
_TRAVEL_TO = re.compile(
    r"\b(?:drove|driven|travel+ed|walked|rode|cycled|went|headed|got\s+a\s+\w+|caught\s+a\s+\w+)"
    r"\s+(?:straight\s+|directly\s+)?(?:back\s+)?(?:home\s+)?to\b",
    re.IGNORECASE,
)
_HOME_WORDS = {"house": "home", "apartment": "home", "flat": "home", "work": "office"}
_HOME_WORDS |= {"driveway": "home", "drive": "home", "garage": "home"}
_CONTEXT_UNITS = 3
_PARAGRAPH_NUMBER = re.compile(r"^\s*\(?\d{1,3}(?:\.\d{1,2})*[.)]$")
_HISTORY_UNITS = 8
_TOLD_UNITS = 10
_FOOT_UNITS = 3  # the lines a statement is signed and dated in
_PRONOUN = re.compile(r"\b(?:him|her|he|she)\b", re.IGNORECASE)
# "KD said that she …", "Mr Dunn told us he …": a pronoun right after what the sentence's own
# subject reports is that subject, whoever the sentences before named.
_SUBJECT_REPORTS = re.compile(
    rf"^\W*(?:{_NAME}|he|she)\s+(?:(?:had\s+|has\s+)?(?:said|stated|explained|confirmed|"
    r"maintained|insisted|claimed|added|accepted|admitted|denied|agreed|replied|recalled|"
    r"told\s+(?:me|us|him|her|them|the\s+\w+))|says|states|explains|confirms|maintains|insists|"
    r"claims|accepts|admits|denies|agrees|recalls)\s+(?:that\s+)?$",
)
# A sentence speaking of someone it does not name ("I checked his observations"): whom it means
# is named before it.
_REFERS = re.compile(r"\b(?:him|her|he|she|his|hers)\b", re.IGNORECASE)
_THEM = re.compile(r"\b(?:them|they)\b", re.IGNORECASE)
_FIRM_REFERENT = re.compile(
    r"\b(?:that|this|the|their|its)\s+(?:company|firm|business|supplier|contractor|vendor|"
    r"entity|outfit|organi[sz]ation)\b",
    re.IGNORECASE,
)
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


# A letter: its salutation, its close and the one who signs under it.
_SALUTATION = re.compile(r"^\s*dear\s+\S", re.IGNORECASE)
_CLOSE = re.compile(
    r"^\s*(?:yours\s+(?:sincerely|faithfully|truly|respectfully)|(?:with\s+)?(?:kind|best|warm)\s+"
    r"regards|regards|sincerely|respectfully|best\s+wishes|cordially)\s*,?\s*$",
    re.IGNORECASE,
)
# What a letter's writer vouches for: "I can confirm that …", "We hereby confirm that …".
_CONFIRMS = re.compile(
    r"\b(?:I|we)\s+(?:can\s+|hereby\s+|would\s+like\s+to\s+|am\s+able\s+to\s+)?"
    r"confirm\s+that\b",
    re.IGNORECASE,
)
_SIGNATORY_LINES = 3


def _letter_signatory(doc: EvidenceDoc) -> str | None:
    """A letter in which its writer confirms what happened (to a regulator, an insurer, an
    investigator) is their account, as a statement is: the person who signs under its close
    ("Yours sincerely," then "Graham Pettifer")."""
    return memo(doc, "letter signatory", lambda: _signatory(units(doc)))


def _letter_body(doc: EvidenceDoc) -> range:
    """The chunks of a confirming letter between its salutation and its close (empty for
    anything else)."""
    if _letter_signatory(doc) is None:
        return range(0)
    doc_units = units(doc)
    start = next(u.index for u in doc_units if _SALUTATION.match(u.text))
    end = next(u.index for u in doc_units if _CLOSE.match(u.text))
    return range(start + 1, end)


# A letter's courtesies and its own references: nothing told of what happened.
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
    # The writer vouches for what happened ("I can confirm that …") or denies it ("I have
    # never received any payment …"): the letter is their account.
    if not any(_CONFIRMS.search(t) or _denies(t) for t in texts):
        return None
    close = next((i for i, t in enumerate(texts) if _CLOSE.match(t)), None)
    if close is None:
        return None
    for text in texts[close + 1 : close + 1 + _SIGNATORY_LINES]:
        people = [n for n in find_names(text) if n.kind == "person"]
        if people and len(people[0].text) >= len(text.strip()) - 1:
            return people[0].text  # a line that is a name alone
    return None


def _denies(text: str) -> bool:
    """A sentence in which its writer denies something of themselves: "I" or "we" as the
    subject of a verb the parser reads as negated ("I have never received", "we did not")."""
    if not _FIRST_PERSON.search(text):
        return False
    doc = parse(text)
    return any(
        t.dep_ == "neg"
        and any(
            c.dep_ in ("nsubj", "nsubjpass") and c.lower_ in ("i", "we") for c in t.head.children
        )
        for t in doc
    )


_FIRST_PERSON = re.compile(r"\b(?:I|we)\b", re.IGNORECASE)


def is_sworn(doc: EvidenceDoc) -> bool:
    head = f"{doc.filename.replace('_', ' ')} " + " ".join(u.text for u in units(doc)[:60])
    return is_testimony(doc) and bool(_SWORN.search(head))


def witness(doc: EvidenceDoc, head: int = 40) -> str | None:
    """Whose testimony the document is: the name after "deposition of", "I, …, being", or
    "Witness:"; a role instead of a name ("Statement of the insured") is the name the document
    gives that role in a field ("Insured: Ana Ruiz")."""
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
            if holder := _role_holder(match.group(), lines):
                return holder
    return _signed_form(lines) or _letter_signatory(doc)


# A form's own fields for whose it is ("Name: Daniel Vosk", "Signed: Daniel Vosk").
_FORM_NAME = re.compile(
    r"^\s*(?:(?:full\s+)?name|from|signed(?:\s+by(?:\s+the\s+[a-z]+)?)?|signature|"
    r"declarant'?s?\s+name)"
    r"\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)


def _signed_form(head: list[str]) -> str | None:
    """A declaration or statement form that names no one in its heading is the person its
    "Name:" or "Signed:" field gives, when those fields name one person."""
    named: list[str] = []
    for text in head:
        if match := _FORM_NAME.match(text):
            named += [n.text for n in find_names(match["v"]) if n.kind == "person"][:1]
    if named and all(same_party(n, named[0]) for n in named):
        return named[0]
    return None


def _role_holder(phrase: str, head: list[str]) -> str | None:
    role = _ROLE.search(phrase)
    if role is None:
        return None
    field = re.compile(
        rf"^\s*(?:the\s+)?{re.escape(role.group())}(?:'s)?(?:\s+name)?\s*:\s*(?P<v>.+)$", re.I
    )
    for text in head:
        names = find_names(match["v"]) if (match := field.match(text)) else []
        if names and names[0].kind == "person":
            return names[0].text
    return None


# A time of day the claim runs on from: "did not drive it after 18:00 that day".
_ONWARD_TIME = re.compile(r"\b(?:after|since|from)\s+(?:about\s+|around\s+)?(?=\d)", re.I)
_UNTIL_AFTER = re.compile(r"^[^.;]{0,40}?\b(?:until|till|to|and)\s+(?:about\s+)?\d", re.I)


def _interval(moment: Moment, text: str) -> str:
    period = day_period(text)
    if moment.at is not None and (onward := _onward(moment, text)):
        return onward
    if moment.at is not None and period is not None and period[1] < period[0]:
        # "I closed at about 23:10 … I spent the whole night at home": from then to the morning.
        start = datetime.combine(moment.day, moment.at, tzinfo=moment.tz)
        end = datetime.combine(moment.day + timedelta(days=1), period[1], tzinfo=moment.tz)
        return f"{start.isoformat()}/{end.isoformat()}"
    if moment.at is not None or period is None:
        return moment.iso()
    start = datetime.combine(moment.day, period[0], tzinfo=moment.tz)
    end = datetime.combine(moment.day, period[1], tzinfo=moment.tz)
    if period[1] < period[0]:
        end += timedelta(days=1)
    return f"{start.isoformat()}/{end.isoformat()}"


def _claimed_time(text: str, context: list[str], told: date | None = None) -> str | None:
    """When a claim says it happened: a date (and time, or part of the day) of its own or of
    the question before it; several days ("on 4 and 5 March") or a month ("in May 2025") are
    one period; a day or month without a year is of the last year before the statement was
    made (`told`)."""
    gone = _NO_RETURN.search(text)
    return (_away(text, gone, context, told) if gone else None) or _told_time(text, context, told)


def _away(text: str, gone: re.Match[str], context: list[str], told: date | None) -> str | None:
    """ "I left the ward at 20:00 and did not return until my next shift on 16 March": from
    leaving to the day of the return (to the end of the day left on when none is told)."""
    left = parse_span(_claimed_time(text[: gone.start()], context, told))
    if left is None:
        return None
    back = find_period(text[gone.end() :], told)
    end = datetime.combine(back[0], time(0)) if back else None
    if end is None or end <= left[0].replace(tzinfo=None):
        # To the end of the day left on, or of the night spent elsewhere ("I spent the whole
        # night at home and did not return until the fire brigade telephoned me"; "I did not
        # go back to the shop that night": to the morning).
        night = (period := day_period(text)) is not None and period[0] >= time(20)
        last = left[0].date() + timedelta(days=1) if night else left[0].date()
        close = time(6, 59, 59) if night else time(23, 59, 59)
        end = max(datetime.combine(last, close), left[1].replace(tzinfo=None))
    return f"{left[0].isoformat()}/{end.replace(tzinfo=left[0].tzinfo).isoformat()}"


# "in the last five years", "within the past 12 months": up to the day it was told.
_LAST_N = re.compile(
    r"\b(?:in|within|during|over|for)\s+the\s+(?:last|past|previous)\s+(?P<n>\d{1,2}|one|two|"
    r"three|four|five|six|seven|eight|nine|ten|twelve)\s+(?P<unit>years?|months?)\b",
    re.IGNORECASE,
)
_COUNTS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7}
_COUNTS |= {"eight": 8, "nine": 9, "ten": 10, "twelve": 12}


def _last_n(text: str, told: date) -> str | None:
    match = _LAST_N.search(text)
    if match is None:
        return None
    n = int(match["n"]) if match["n"].isdigit() else _COUNTS[match["n"].lower()]
    months = n * 12 if match["unit"].lower().startswith("y") else n
    year, month = divmod(told.year * 12 + told.month - 1 - months, 12)
    start = date(year, month + 1, min(told.day, 28))
    return f"{start.isoformat()}T00:00:00/{told.isoformat()}T23:59:59"


def _told_time(text: str, context: list[str], told: date | None) -> str | None:
    """_claimed_time, of a claim of being anywhere but away."""
    if told is not None and (last := _last_n(text, told)):
        return last
    hours = _hours(text)
    year = _IN_YEAR.search(text)
    if year and not find_moments(text) and not find_period(text, told):
        # "I completed the MSc in 2014": that year, not the day of the interview; "since 2022"
        # runs from it to the telling.
        until = told.isoformat() if year[1].lower() == "since" and told else f"{year[2]}-12-31"
        return f"{year[2]}-01-01T00:00:00/{until}T23:59:59"
    for candidate in [text, *reversed(context)]:
        days = find_period(candidate, told)
        moments = find_moments(candidate)
        if candidate is text and days is None and not moments and (weekday := _weekday(text, told)):
            days = (weekday, weekday)  # "on Monday night", told on the Tuesday: that Monday
        if moments and (ended := ended_period(candidate, moments[0])):
            days, moments = ended, []  # "in the year ended 31 December 2025": its twelve months
        day = moments[0].day if moments else days[0] if days else None
        # "where were you on Friday 9 January between 10 pm and midnight?": the question's hours
        hours = hours or (_hours(candidate) if day is not None else None)
        if hours and day is not None:
            # "between 01:30 and 03:30", on the day the claim or the question before it gives;
            # the small hours of "the night of 9 January" are the 10th's.
            if hours[0] < _NOON and _NIGHT_OF.search(candidate):
                # "the night of 24 to 25 November": its small hours are the 25th's, told.
                night = days if days and days[1] == days[0] + timedelta(days=1) else None
                day = night[1] if night else day + timedelta(days=1)
            tz = moments[0].tz if moments else None
            start = datetime.combine(day, hours[0], tzinfo=tz)
            end = datetime.combine(day, hours[1], tzinfo=tz)
            end += timedelta(days=1) if end < start else timedelta()
            return f"{start.isoformat()}/{end.isoformat()}"
        if days and days[0] != days[1]:
            # "I checked on her at 04:00", told after "the night shift from 20:00 on 9 October
            # to 08:00 on 10 October": the 04:00 of the shift, the 10th.
            shift = None if candidate is text or hours else _shift_time(text, moments)
            shift = shift or (None if hours else _told_span(moments))
            start = datetime.combine(days[0], time(0))
            end = datetime.combine(days[1], time(23, 59, 59))
            return shift or f"{start.isoformat()}/{end.isoformat()}"
        if days or moments:
            # "I left the ward at 20:00", after "On 14 March 2026 I worked …": its own time,
            # on the day told before it.
            told_day = moments[0] if moments else Moment(days[0])  # type: ignore[index]
            own = _own_time(text) if (candidate is not text or not moments) and not hours else None
            moment = Moment(told_day.day, own[0], own[1] or told_day.tz) if own else told_day
            before = _night_before(text, candidate, told_day.day) if candidate is not text else None
            return before or _interval(moment, text if own else f"{text} {candidate}")
    return None


# "that night", "overnight": a night the claim refers back to.
_THAT_NIGHT = re.compile(r"\b(?:that|the|all)\s+night\b|\bovernight\b", re.IGNORECASE)


def _night_before(text: str, told: str, day: date) -> str | None:
    """ "When I came out at 7.15am on Sunday 15 March the car was gone. … it did not leave the
    driveway that night": the night told is the one before that morning, up to it."""
    times = find_times(told)
    if not times or times[0][0] >= _NOON or not _THAT_NIGHT.search(text):
        return None
    at, tz = times[0]
    start = datetime.combine(day - timedelta(days=1), _NIGHTFALL, tzinfo=tz)
    return f"{start.isoformat()}/{datetime.combine(day, at, tzinfo=tz).isoformat()}"


_NIGHTFALL = time(20)


def _told_span(moments: list[Moment]) -> str | None:
    """From the first time told to the last ("the night shift from 20:00 on 9 October to 08:00
    on 10 October"), for a claim of that stretch ("during my shift")."""
    timed = [m.datetime() for m in moments if m.at is not None]
    if len(timed) < 2 or timed[-1] <= timed[0]:
        return None
    return f"{timed[0].isoformat()}/{timed[-1].isoformat()}"


def _shift_time(text: str, moments: list[Moment]) -> str | None:
    """The claim's own time of day on the one day it falls between the first and the last
    times told before it (a shift's start and end); None when it falls on none or on several."""
    own = _own_time(text)
    timed = [m.datetime().replace(tzinfo=None) for m in moments if m.at is not None]
    if own is None or len(timed) < 2:
        return None
    first, last = timed[0], timed[-1]
    days = [first.date() + timedelta(days=n) for n in range((last.date() - first.date()).days + 1)]
    inside = [d for d in days if first <= datetime.combine(d, own[0]) <= last]
    return _interval(Moment(inside[0], own[0], own[1]), text) if len(inside) == 1 else None


def _own_time(text: str) -> tuple[time, tzinfo | None] | None:
    """The time of day a claim says it acted at ("left the ward at 20:00"), not one it runs
    until ("at the warehouse until midnight")."""
    match = _AT_TIME.search(text)
    if match is None or _RUNS_UNTIL.search(text[: match.start()]):
        return None  # "remained on the ward until the end of my shift at 07:30"
    times = find_times(text[match.end() : match.end() + 16])
    return times[0] if times else None


_WEEKDAY = re.compile(
    r"\b(?:on|last|that|this\s+past)\s+(?P<day>monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)\b(?!\s*,?\s*\d)",
    re.IGNORECASE,
)


def _weekday(text: str, told: date | None) -> date | None:
    """The day a weekday named without a date stands for: the last one before the telling."""
    match = _WEEKDAY.search(text)
    if match is None or told is None:
        return None
    back = (told.weekday() - WEEKDAYS.index(match["day"].lower())) % 7 or 7
    return told - timedelta(days=back)


def _onward(moment: Moment, text: str) -> str | None:
    """A claim from its time of day to the end of that day ("after 18:00", "since 9 pm"), when
    no end follows: what it says holds for the rest of the day, not for the minute."""
    assert moment.at is not None
    for match in _ONWARD_TIME.finditer(text):
        rest = text[match.end() :]
        times = find_times(rest[:12])
        if times and times[0][0] == moment.at and not _UNTIL_AFTER.match(rest):
            start = datetime.combine(moment.day, moment.at, tzinfo=moment.tz)
            end = datetime.combine(moment.day, time(23, 59, 59), tzinfo=moment.tz)
            return f"{start.isoformat()}/{end.isoformat()}"
    return None


_AT_TIME = re.compile(
    r"\b(?:at|around|from|after|since)\s+(?:about\s+|around\s+|roughly\s+)?(?=\d)", re.IGNORECASE
)
_RUNS_UNTIL = re.compile(r"\b(?:until|till|through|up\s+to)\b", re.IGNORECASE)
# "The carpet was already stained when I moved in": a defect the speaker says predates them.
_NO_RETURN = re.compile(
    r"\b(?:did\s+not|didn['\u2019]t|never|not)\s+(?:return|come\s+back|go\s+back|get\s+back)"
    r"(?:ed)?\b[^.;]*?(?:\buntil\b|\btill\b|(?=[.;])|$)",
    re.IGNORECASE,
)
_NIGHT_OF = re.compile(r"\bnight(?:\s+shift)?\s+of\b", re.IGNORECASE)
_NOON = time(12)
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
    """When a statement was made: the first date of its heading, or the date it is signed with
    at its foot when that is later ("On 14 March 2026 I worked …" opens a statement signed on
    18 March 2026: "my next shift on 16 March" is of 2026, not of the year before)."""
    read = units(doc)
    heading = next((m[0].day for u in read[:_TOLD_UNITS] if (m := find_moments(u.text))), None)
    foot = next(
        (m[-1].day for u in reversed(read[-_FOOT_UNITS:]) if (m := find_moments(u.text))), None
    )
    if heading is None or (foot is not None and foot > heading):
        return foot
    return heading


_NEVER_LEFT = re.compile(
    rf"(?:\bnever|\bnot|n['\u2019]t)\s+(?:leave|left)\s+(?P<place>[{UPPER}][\w'\u2019-]+"
    rf"(?:\s+[{UPPER}][\w'\u2019-]+){{0,2}})"
    # … then where the sentence's time goes: not "I never left Sarah alone".
    r"(?=\s*(?:[.,;]|$)|\s+(?:that|this|during|on|in|at|all|for|between|from|until|throughout|"
    r"since|before|after|the\s+whole|over)\b)"
)
_NOBODY = re.compile(r"^\W*(?:nobody|no\s+one|no-one|none\s+of\s+us)\b", re.IGNORECASE)
_NEXT_CLAUSE = re.compile(r",?\s+(?:and|but)\s+(?=(?:it|i|we|the\s+(?:car|van|vehicle))\s)", re.I)


def _on_the_way(text: str) -> bool:
    """Whether the sentence puts the speaker on the road at its time, at neither end."""
    if _JOURNEY.search(text):
        return True  # "I drove from Birmingham to Southampton"
    if _EN_ROUTE.search(text) and not find_times(text):
        return True  # "After my break I drove straight to Leeds": not yet there
    travel = _TRAVEL_TO.search(text)
    if travel is None:
        return False
    # "I closed the shop at 23:10 and drove home to Leyton": left then.
    return bool(find_times(text[: travel.start()])) and not find_times(text[travel.start() :])


def _claimed_place(text: str) -> str | None:
    """Where the speaker says they were: not where they came from, nor who paid them
    ("received a cent from Brennock")."""
    if _on_the_way(text):
        return None
    if _NOBODY.match(text):
        # "Nobody was at the house": where no one was, not where the speaker was; "Nobody else
        # drives the car and it did not leave the driveway": the next clause says where.
        clause = _NEXT_CLAUSE.search(text)
        return _claimed_place(text[clause.end() :]) if clause else None
    if (stayed := _NEVER_LEFT.search(text)) and not any(
        n.kind == "person" for n in find_names(stayed["place"])
    ):
        return stayed["place"]  # "I never left Greater Manchester that week": there throughout
    text = ORIGIN.sub(" ", text)
    home = _HOME.search(text)
    if home:
        word = (home["place"] or home["bare"] or home["left"] or "home").lower()
        named = places_in(text)
        # Someone else's flat is theirs, not the witness's home ("my sister's flat").
        word = f"{home['whose']}{word}" if home["whose"] else _HOME_WORDS.get(word, word)
        return f"{word} in {named[0]}" if named else word
    # Where they were: a place after "at", "in", "to"…, not one they paid or phoned.
    people = {n.text for n in find_names(text) if n.kind == "person"}
    places = [
        p
        for p in places_in(text)
        if p not in people
        and not _HONORIFIC.match(p)
        and (at := text.find(p)) >= 0
        and _LOCATIVE.search(text[:at])
        and not _MEMBERS_AT.search(text[:at])
        and not _TO_SOMEONE.search(text[:at])
        and not _where_a_thing_is(text, at)
    ]
    return places[0] if places else None


# Verbs whose place is where a thing is dealt in, not where the speaker was: "the house we are
# buying in Hermanus", "the flat I rent in Salford".
_DEALING = frozenset(
    {"buy", "sell", "rent", "let", "lease", "own", "purchase", "order", "book", "invest", "insure"}
)


def _where_a_thing_is(text: str, at: int) -> bool:
    """Whether the place at `at` belongs, by the parse, to a verb of dealing in something."""
    token = next((t for t in parse(text) if t.idx >= at), None)
    if token is None or token.dep_ != "pobj":
        return False
    return token.head.head.lemma_.lower() in _DEALING


def sworn_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    if doc.mime_type == "message/rfc822":
        return _written_claims(doc)
    if not is_testimony(doc):
        return []
    deponent = witness(doc)
    # A statement headed by its witness ("WITNESS STATEMENT OF …", "I, …, state") speaks for
    # them paragraph by paragraph; a memo about a deposition does not.
    head = [u.text for u in units(doc)[:_HEAD]]
    statement = deponent is not None and (
        witness(doc, 1) == deponent
        or any(_SWEARS.search(text) for text in head)
        or bool(head and _STATEMENT_TITLE.match(head[0]))  # "WITNESS STATEMENT", then its fields
    )
    told = told_on(doc)
    letter = _letter_body(doc) if deponent is not None else range(0)
    unnumbered = statement and not any(_NUMBERED.match(c.text) for c in doc.chunks)
    found: list[SwornClaim] = []
    context: list[str] = []
    dated: str | None = None  # the last question or answer giving a date
    history: list[str] = []  # further back, for whom "he" or "she" is
    asking: list[str] = []  # a question for a figure, while its answer goes on
    answerer: str | None = None
    legend = speaker_legend(doc)
    turn: str | None = None  # who the last labelled line's speaker is, until the next label
    for unit in units(doc):
        text = unit.text
        if _PARAGRAPH_NUMBER.match(text):
            continue  # "4." before its paragraph's sentence: nothing said
        speaker, body, turn = _in_turn(unit, deponent, legend, turn)
        if _is_question(text):
            context = [*context, text][-_CONTEXT_UNITS:]
            history = [*history, text][-_HISTORY_UNITS:]
            asking = context if _FIGURE_ASKED.search(text) else []
            answerer = None
            dated = text if _gives_day(text, told) else dated
            continue
        if (said := _none_field(text, body, speaker, unit, told)) is not None:
            found.append(said)
            context = [*context, text][-_CONTEXT_UNITS:]
            continue
        if asking and answerer is not None and speaker != answerer:
            asking = []  # someone else speaks: the answer is over
        answerer = speaker
        # "that night", "the same evening": the day given some questions before.
        back = bool(_BACK_REFERENCE.search(f"{text} {context[-1] if context else ''}"))
        # "I arrived at about 22:00": a time of day, on the day told last.
        back = back or bool(_own_time(body) and not any(find_moments(c) for c in context))
        if back and dated is not None and dated not in context:
            context = [dated, *context]
        if (asked := _answering(body, context, doc.chunks[unit.index].text, told)) is not None:
            # "No. I never messaged her again": whom "her" means, as in any answer.
            claim = _answer(_referent(body, speaker, history), speaker, asked, unit, told)
        elif asking and find_money(body):
            # "About £2,000 a week. Never more than £2,500.", asked what the shop takes: each
            # figure of the answer, with the question it answers.
            claim = _answer(body, speaker, asking, unit, told)
        else:
            own = _told_as_own(doc, unit, body, statement, unnumbered, letter)
            claim = _claim(_referent(body, speaker, history), speaker, context, unit, own, told)
        if claim is not None:
            found.append(claim)
        context = [*context, text][-_CONTEXT_UNITS:]
        history = [*history, text][-_HISTORY_UNITS:]
        dated = text if _gives_day(text, told) else dated
    return found


def _told_as_own(
    doc: EvidenceDoc, unit: Unit, body: str, statement: bool, unnumbered: bool, letter: range
) -> bool:
    """Whether a sentence is its teller's claim in whatever person it is written."""
    text = unit.text
    told = len(body.split()) >= _MIN_WORDS and bool(_FINITE.search(body))
    # A numbered paragraph of a witness's statement is theirs, in whatever person; so is a
    # sentence of a statement headed by its witness that has no numbered paragraphs.
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
    # A form's account of what happened ("Cause: Burglary - rear door forced") is its maker's,
    # as the declaration under it says.
    own = own or bool(_ACCOUNT_FIELD.match(text))
    # An answer in a record of interview is the witness's, in whatever person ("A: Brightvale
    # have done our cleaning since 2021"); a bare phrase ("At my sister's flat") is read with
    # the sentence after it.
    own = own or bool(_ANSWER.match(text) and told)
    # What a confirming letter tells, between its salutation and its close, is its writer's, in
    # whatever person ("There were no pump failures in July.").
    return own or (unit.index in letter and told and not _COURTESY.search(body))


# An e-mail to an inquiry, or about one: an auditor's or investigator's mailbox or a subject
# naming the inquiry ("RE: Query on claims EX-3307", "Audit query", "Investigation - Ref 12").
_INQUIRY = re.compile(
    r"\b(?:audit\w*|investigat\w*|inquir\w*|enquir\w*|quer(?:y|ies)|allegations?|"
    r"disciplinary|grievance|complaints?|compliance|fraud|misconduct|whistleblow\w*|"
    # A dispute the sender answers: "Re: Deposit deductions", "Objection to the charges".
    r"disputes?|deductions?|objections?|appeals?)\b",
    re.IGNORECASE,
)


def _answers_inquiry(doc: EvidenceDoc) -> bool:
    """An e-mail answering an inquiry: its account is given to the inquiry, like a statement."""
    subject = str(doc.metadata.get("subject") or "")
    recipients = " ".join(str(a) for a in doc.metadata.get("to") or [])
    return bool(_INQUIRY.search(f"{subject} {recipients}"))


# Verbs that report what someone said: the clause they govern is that person's account.
_REPORTING = frozenset(
    [
        "say",
        "tell",
        "state",
        "claim",
        "explain",
        "insist",
        "maintain",
        "assert",
        "deny",
        "confirm",
        "admit",
        "allege",
        "testify",
        "reply",
        "answer",
        "advise",
        "inform",
        "accept",
        "acknowledge",
    ]
)
_PRONOUNS = frozenset({"he", "she", "they"})
_REPORTED_UNITS = 2000


def reported_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    """What a report, a letter or a note says someone said ("Mr Okonkwo told the panel that he
    had not left the office before 6 pm on 12 May"; "He said that he was at his desk …"): the
    parser's reporting verb, its subject (a named person, or "he"/"she" for the person last
    named as a subject) and the clause it governs. The clause is that person's claim."""
    if is_testimony(doc):
        return []
    told = told_on(doc)
    found: list[SwornClaim] = []
    last: str | None = None
    for unit in units(doc)[:_REPORTED_UNITS]:
        if unit.kind == "row" or unit.heading or not _REPORTS.search(unit.text):
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


_REPORTS = re.compile(
    r"\b(?:said|says|told|tells|stated|states|claimed|claims|explained|insisted|maintained|"
    r"asserted|denied|denies|confirmed|admitted|alleged|testified|replied|answered|advised|"
    r"informed|accepted|acknowledged)\b",
    re.IGNORECASE,
)
_THAT = re.compile(r"^that\s+", re.IGNORECASE)


def _written_claims(doc: EvidenceDoc) -> list[SwornClaim]:
    """What an e-mail's sender denies or vouches for in their own words ("I have never received
    any payment from Kestrel", "every invoice was approved by the board"), up to the message
    they are replying to: their word, held against the records like a witness's. An e-mail
    answering an inquiry is the sender's account: what they say they did, and where and when
    ("On 14 August I hosted the buyers at The Ivy in Manchester"), is held too."""
    sender = sender_name(str(doc.metadata.get("from") or ""))
    if not sender or kind_of(sender) != "person":
        return []
    written = parse_iso(str(doc.metadata.get("date") or ""))
    told = written.date() if written else None
    account = _answers_inquiry(doc)
    found: list[SwornClaim] = []
    context: list[str] = []
    for unit in units(doc):
        text = unit.text
        if _QUOTED.match(text):
            break  # the message replied to, or forwarded: someone else's words
        if not _is_question(text) and (
            account or _NEGATION.search(text) or _UNIVERSAL.search(text)
        ):
            claim = _claim(text, sender, context, unit, told=told)
            if claim is not None:
                found.append(claim)
        context = [*context, text][-_CONTEXT_UNITS:]
    return found


def _speaker(
    unit: Unit, deponent: str | None, legend: dict[str, str] | None = None
) -> tuple[str | None, str]:
    text = unit.text
    if unit.speaker:
        body = text.removeprefix(f"{unit.speaker}:").strip()
        return _labelled(unit.speaker, deponent, legend), body
    answer = _ANSWER.match(text)
    if answer:
        return deponent, text[answer.end() :]
    prefix = _PREFIX.match(text)
    if prefix and not _field_label(prefix["name"].strip(), prefix["rest"]):
        return _labelled(prefix["name"], deponent, legend), prefix["rest"]
    return deponent, text


def _in_turn(
    unit: Unit, deponent: str | None, legend: dict[str, str], turn: str | None
) -> tuple[str | None, str, str | None]:
    """The unit's speaker and words, and whose turn goes on after it: a labelled line opens a
    person's turn, and the sentences after it are theirs ("BT: Mine. Hale's my maiden name …")
    until the next label."""
    speaker, body = _speaker(unit, deponent, legend)
    if body != unit.text or unit.speaker:
        # A person's turn, not a form's field ("Place: Banksia Hall") nor a note's label.
        person = speaker is not None and (
            speaker == deponent or speaker in legend.values() or kind_of(speaker) == "person"
        )
        return speaker, body, speaker if person else None
    if turn is not None and not unit.heading:
        return turn, body, turn
    return speaker, body, turn


# Who a transcript's labels stand for, as its header says: "Present: Kirsten Ashworth-Lui (KAL),
# Lachlan Prideaux (LP, note taker)" or "KAL - Kirsten Ashworth-Lui".
_LEGEND = re.compile(
    rf"(?P<name>{_NAME})\s*\((?P<label>[{UPPER}]{{1,4}})\b[^)]{{0,40}}\)"
    rf"|\b(?P<label2>[{UPPER}]{{1,4}})\s*(?:=|[-\u2013\u2014])\s+(?P<name2>{_NAME})"
)
_LEGEND_UNITS = 30
_LABEL_ONLY = re.compile(rf"^(?P<label>[{UPPER}]{{1,4}})\s*:\s")


def speaker_legend(doc: EvidenceDoc) -> dict[str, str]:
    """The labels a transcript's turns are led by ("BT:"), each with the person its header
    names for it; only labels the document uses."""
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
    if label.upper() in ("NOTE", "RE", "SUBJECT") or _ACCOUNT_FIELD.match(f"{label}: {rest}"):
        return True
    return " " not in label and (
        label.lower() in NOT_NAMES or (not label.isupper() and bool(_BARE_ANSWER.match(rest)))
    )


def _labelled(label: str, deponent: str | None, legend: dict[str, str] | None = None) -> str:
    """Who a transcript's speaker label is: the person its header gives it, the deponent when
    it is their surname ("THIBODEAU:") or their initials ("DO:" for Desmond Okafor), else the
    label itself."""
    label = label.strip()
    if legend and label in legend:
        return legend[label]
    if deponent is None or " " in label:
        return label
    initials = "".join(word[0] for word in deponent.split() if word[:1].isupper())
    short = (initials, initials[0] + initials[-1]) if initials else ()
    if same_party(label, deponent) or (label.isupper() and label in short):
        return deponent
    return label


def _referent(text: str, speaker: str | None, context: list[str]) -> str:
    """An answer that speaks of someone as "him" or "her", or of "that company", names them in
    brackets, as quoting does, when the question before it names one person or one firm ("Q: Do
    you know Declan Hurley?" / "A: I have never met him [Declan Hurley] socially."; "Q: Do you
    know the owner of Kestrel Facilities?" / "A: I have no connection to that company [Kestrel
    Facilities].")."""
    pronoun = next(
        (p for p in _PRONOUN.finditer(text) if not _SUBJECT_REPORTS.match(text[: p.start()])),
        None,
    )
    firm = _FIRM_REFERENT.search(text)
    named_here = find_names(text)
    kinds: tuple[str, ...]
    if pronoun is not None and not any(n.kind == "person" for n in named_here):
        kinds, at = ("person",), pronoun
    elif (firm := firm or _THEM.search(text)) is not None and not any(
        n.kind != "place" for n in named_here
    ):
        # A firm written without its legal form may read as a personal name ("Kestrel
        # Facilities"): any name but a place, when the question names only one.
        kinds, at = ("person", "organization"), firm
    else:
        return text
    # The question before it, else (a statement's paragraphs) the sentence before it; a
    # question that says "he" itself ("Where does he live?") refers on to the one before.
    questions = [c for c in reversed(context) if _QUESTION.match(c) or c.endswith("?")]
    question = next(
        (q for q in questions if find_names(_LABEL.sub("", q)) or not _PRONOUN.search(q)),
        questions[0] if questions else "",
    )
    if not question and kinds != ("person",):
        # A statement's "the business" after a sentence naming a person is not that person:
        # only a question asked about someone's firm names it by them.
        kinds = ("organization",)
    question = question or next(
        # A sentence that itself says "he" without naming him refers on to the one before.
        (
            c
            for c in reversed(context)
            if len(c.split()) >= _MIN_WORDS and (_others(c, speaker) or not _REFERS.search(c))
        ),
        "",
    )
    named = {
        n.text
        for n in find_names(_LABEL.sub("", question))  # not its asker's "R. Iqbal:"
        if n.kind in kinds and not (speaker and same_party(n.text, speaker))
    }
    # "Sinéad" and "Sinéad Burke" in one sentence are one person, named in full.
    fullest = {max((m for m in named if same_party(m, n)), key=len) for n in named}
    if len(fullest) != 1:
        return text
    return f"{text[: at.end()]} [{fullest.pop()}]{text[at.end() :]}"


def _others(text: str, speaker: str | None) -> bool:
    """Whether a text names someone other than the speaker."""
    return any(
        n.kind == "person" and not (speaker and same_party(n.text, speaker))
        for n in find_names(text)
    )


_WHERE_ASKED = re.compile(r"^\W*(?:\w+\s*:\s*)?where\s+(?:were|was|are|is|did)\b", re.IGNORECASE)
_SHORT_ANSWER = 10  # words: "At home all night.", "At home in Crosby all evening, on my own."
# An answer that is only a place, with no sentence of its own around it.
_PLACE_FRAGMENT = re.compile(r"^\W*(?:at|in|inside|on|home|round|over)\b", re.IGNORECASE)


def _none_field(
    text: str, body: str, speaker: str | None, unit: Unit, told: date | None
) -> SwornClaim | None:
    """ "Previous claims in the last five years: None": the form asks in its label and its maker
    answers no; the claim carries the label as its question (not "ŻAK: No.", a speaker's)."""
    field = _NONE_FIELD.match(text)
    if field is None or body.strip() != text.strip():
        return None
    return _answer(field["value"], speaker, [f"{field['label']}?"], unit, told)


_NOT_ME = re.compile(
    r"^\W*(?:it\s+(?:was(?:n['\u2019]t|\s+not)|wasn['\u2019]t)\s+me|not\s+me|not\s+by\s+me)\b",
    re.IGNORECASE,
)
_WHO = re.compile(r"^\W*(?:\w+\s*:\s*)?who\b", re.IGNORECASE)
_WHO_BACK = 2  # units back to the question: "I don't know." may come between


def _answering(
    body: str, context: list[str], answer: str, told: date | None = None
) -> list[str] | None:
    """The context up to the question a short answer answers, when it asserts by answering: a
    bare "No.", a place asked where they were, a "Not me." asked who did it."""
    if (
        context
        and _is_question(context[-1])
        and (
            _BARE_ANSWER.match(body)
            or _place_answer(body, context[-1], answer)
            or _when_answer(body, context[-1], told)
            or _yes_no_of_it(body, context[-1])
        )
    ):
        return context
    # "I don't know. It wasn't me.", asked who set the vendor up: denies doing it.
    return _who_asked(body, context)


def _who_asked(body: str, context: list[str]) -> list[str] | None:
    """The context up to the "Who …?" question a "Not me." answers."""
    if not _NOT_ME.match(body):
        return None
    for back in range(1, min(_WHO_BACK, len(context)) + 1):
        question = context[-back]
        if _is_question(question) and _WHO.match(_QUESTION.sub("", question)):
            return context[: len(context) - back + 1]
    return None


def _place_answer(body: str, question: str, answer: str) -> bool:
    """ "At home all night.", asked where they were, and nothing more: the answer says so of the
    question's time (an answer that goes on, "… I got there about nine and stayed all night",
    says it again in its own sentence)."""
    return (
        bool(_WHERE_ASKED.search(_QUESTION.sub("", question)))
        and len(answer.split()) <= len(body.split()) + 2  # its speaker's label
        and len(body.split()) <= _SHORT_ANSWER
        and bool(_PLACE_FRAGMENT.match(body))
        and _claimed_place(body) is not None
    )


_WHEN_ASKED = re.compile(
    r"^\W*(?:\w+\s*:\s*)?(?:when|what\s+day|which\s+day|on\s+what\s+date)\b", re.IGNORECASE
)
_YES_NO_ASKED = re.compile(
    r"^\W*(?:\w+\s*:\s*)?(?:was|were|is|are|did|do|does|had|has|have|could|would)\b", re.I
)
# "Yes, there were no problems with it at all": the question says what "it" is.
_YES_NO_OF_IT = re.compile(
    r"^\W*(?:yes|no|yeah|nope)\s*[,;]\s+\S.*\b(?:it|that|them)\b", re.IGNORECASE
)


def _gives_day(text: str, told: date | None) -> bool:
    """Whether a text gives a day, with its year or ("On 12 March") without."""
    return bool(find_moments(text)) or (told is not None and find_period(text, told) is not None)


def _when_answer(body: str, question: str, told: date | None) -> bool:
    """ "On 12 March, on HPLC-2, the whole set in one sequence.", asked when they ran the
    samples: the day answers the question, whose act it is."""
    return (
        bool(_WHEN_ASKED.search(_QUESTION.sub("", question)))
        and len(body.split()) <= _SHORT_ANSWER + 4
        and _gives_day(body, told)
        and not _FIRST_PERSON.search(body)
    )


def _yes_no_of_it(body: str, question: str) -> bool:
    return bool(_YES_NO_ASKED.search(_QUESTION.sub("", question))) and bool(
        _YES_NO_OF_IT.match(body)
    )


def _is_question(text: str) -> bool:
    return bool(_QUESTION.match(text)) or text.rstrip().endswith("?")


def _answer(
    body: str, speaker: str | None, context: list[str], unit: Unit, told: date | None
) -> SwornClaim | None:
    """A bare "No, none at all." says what it says of the question it answers: the claim
    carries the question ("… [asked: Has the car had any problems?]")."""
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


def _claim(
    text: str,
    speaker: str | None,
    context: list[str],
    unit: Unit,
    own: bool = False,
    told: date | None = None,
) -> SwornClaim | None:
    # "I am a director of Keswick Joinery Ltd. I never signed …": who the witness is, then
    # what they say.
    if _BACKGROUND.match(text) and len(spans := sentence_spans(text)) > 1:
        text = text[spans[1][0] :]
    # "The vehicle had no mechanical problems": a witness's denial of a condition, in the third
    # person, is theirs as much as "I …" is; so is a numbered paragraph of their statement.
    if formula := _ATTESTATION.search(text):
        # "I declare that the information … is true, and that I have not sold any of them":
        # what the declarant adds after the formula is theirs to answer for.
        text = "; ".join(_AND_THAT.split(text[formula.end() :])[1:]).strip()
    asserted = (
        _FIRST_PERSON.search(text)
        or _BY_ME.search(text)  # "the minutes were written up that day and signed by me"
        or _PERJURY.search(text)
    )
    if not (asserted or own) or not text:
        return None
    if _BACKGROUND.match(text) or text.rstrip().endswith(":"):
        return None  # who the witness is, or the words opening what follows
    claimed_time = _claimed_time(text, context, told)
    # Where someone else lives is no place the witness was.
    named = _NAMED_RESIDENT.match(text)
    # Nor is where their stolen car stood.
    other = (named and not (speaker and same_party(named["who"], speaker))) and not (
        _FIRST_PERSON.search(text)
    )
    claimed_place = None if other else _claimed_place(text)
    if claimed_place is None and context and _THERE.search(text):
        # "At my sister's flat in Salford." / "I got there about nine and stayed all night":
        # where "there" is, the answer's sentence before says.
        claimed_place = _claimed_place(_ANSWER.sub("", context[-1]))
    weighty = (
        claimed_time
        or claimed_place
        or _NEGATION.search(text)
        or _UNIVERSAL.search(text)
        or _BOUNDED.search(text)
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


_PERSON_FIELD = re.compile(
    r"^(?:policy ?holder|(?:full )?name|claimant|applicant|insured|witness|employee|tenant|"
    r"card ?holder|account holder|patient|resident|occupier|owner)\s*[:\-]\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_ADDRESS_FIELD = re.compile(
    r"^(?:home |residential |postal |permanent )?address\s*[:\-]\s*(?P<v>.+)$", re.IGNORECASE
)
_HOME_UNITS = 60
_FIELD_REACH = 3  # fields of one form apart by at most this many units


def homes(docs: list[EvidenceDoc]) -> dict[str, str]:
    """Each person's one address as forms give it: "Policyholder: …" and "Address: …" within
    a few fields of each other (a form's lines, or a table row's fields)."""
    found: dict[str, set[str]] = {}
    for doc in docs:
        fields: list[tuple[int, str, str]] = []
        for number, unit in enumerate(units(doc)[:_HOME_UNITS]):
            for part in unit.text.split("; "):
                if person := _PERSON_FIELD.match(part.strip()):
                    fields.append((number, "person", person["v"]))
                elif address := _ADDRESS_FIELD.match(part.strip()):
                    fields.append((number, "address", address["v"].strip()))
        for number, kind, value in fields:
            names = [n.text for n in find_names(value) if n.kind == "person"]
            near = {v for n, k, v in fields if k == "address" and abs(n - number) <= _FIELD_REACH}
            if kind == "person" and names and len(near) == 1:
                found.setdefault(names[0], set()).update(near)
    return {person: next(iter(a)) for person, a in found.items() if len(a) == 1}


def at_their_homes(claims: list[SwornClaim], docs: list[EvidenceDoc]) -> list[SwornClaim]:
    """Claims of being at home, placed at the speaker's address where a form gives it: "home"
    alone is anywhere but where a record puts them, their own street included."""
    known = homes(docs)
    placed: list[SwornClaim] = []
    for claim in claims:
        address = next(
            (
                a
                for person, a in known.items()
                if claim.speaker and same_party(person, claim.speaker)
            ),
            None,
        )
        at_home = address and claim.claimed_place == "home"
        placed.append(
            claim.model_copy(update={"claimed_place": f"home at {address}"}) if at_home else claim
        )
    return placed
