"""Documents dated before they were written: a message asking for a document to be dated
earlier than the message itself ("Please sign it and date it 1 March so that it covers the
February invoice", sent on 20 March; "backdate the minutes to the 3rd").

- Evidence: each such sentence of a record (not testimony) is a finding: the day it was
  written, the earlier day asked for (a day without its year is the latest before the writing)
  and the kind of document its record speaks of (agreement, contract, minutes, invoice …).
- Synthesis: a document of that kind dated that day, in another file, bears a date it was
  written after (HIGH); a witness's word that it was signed or made on that day is contradicted
  by the request (HIGH); payments made between the date it bears and the day it was asked for
  are named, since the document did not exist when they were made.
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import (
    Contradiction,
    DatedItem,
    Finding,
    SwornClaim,
    Transaction,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.domains.records import sentences
from holmes_backend.llm.local.facts.dates import find_period
from holmes_backend.llm.local.facts.money import format_money
from holmes_backend.llm.local.facts.names import distinctive_words, same_party
from holmes_backend.llm.local.facts.text import Unit, units

BACKDATING_ASKED = "backdating_asked"

_ASKED = re.compile(
    r"\bback-?dat(?:e|ed|ing)\b"
    r"|\b(?:date|dating)\s+(?:it|this|them|that|the\s+\w+|(?:your|my|our|his|her)\s+signature|"
    # "Please date Variation 3 as 15 January 2026": a document by its name and number.
    r"[A-Z][\w-]+(?:\s+(?:No\.?\s*)?[\dA-Z][\w-]*)?(?=\s+as\s))"
    r"\s+(?:as\s+(?:of\s+)?|to\s+|for\s+|on\s+)?(?=(?:the\s+)?\d|[A-Z][a-z]+\s+\d)"
    r"|\bput\s+(?:the\s+|a\s+)?(?:earlier\s+)?date\s+(?:as|of|to)\b"
    r"|\bshow\s+(?:it\s+as\s+|the\s+date\s+as\s+)",
    re.IGNORECASE,
)
_KINDS = (
    "agreement",
    "contract",
    "minutes",
    "resolution",
    "invoice",
    "letter",
    "report",
    "certificate",
    "approval",
    "form",
    "memo",
    "policy",
    "amendment",
    "addendum",
    "purchase order",
    "timesheet",
    "declaration",
    "variation",
    "deed",
    "notice",
)
_KIND = re.compile(rf"\b(?P<kind>{'|'.join(_KINDS)})s?\b", re.IGNORECASE)
_TITLE = re.compile(
    r"^Asked on (?P<on>\d{4}-\d{2}-\d{2}) for (?:the (?P<kind>[a-z ]+?)|a document) to be dated "
    r"(?P<to>\d{4}-\d{2}-\d{2})"
)
_MADE = re.compile(
    r"\b(?:sign(?:ed)?|dated|executed|made|entered\s+into|agreed|issued|approved|written|wrote|"
    r"typed|drafted|prepared|produced|created)\b",
    re.I,
)
_PER_FILE = 3
_HALF_YEAR = timedelta(days=182)


def backdating_asked(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, _ASKED.search, _PER_FILE):
        if said.written is None:
            continue
        written = date.fromisoformat(said.written)
        # A day without its year is the one nearest the writing, before or after it.
        period = find_period(said.unit.text[said.found.end() :], written + _HALF_YEAR)
        if period is None or period[0] >= written:
            continue  # no day asked for, or not an earlier one
        kind = _referred(said.doc, said.unit, said.found)
        what = f"the {kind}" if kind else "a document"
        found.append(
            said.finding(
                BACKDATING_ASKED,
                f"Asked on {written.isoformat()} for {what} to be dated {period[0].isoformat()}",
                "HIGH",
                0.7,
            )
        )
    return found


def _referred(doc: EvidenceDoc, unit: Unit, asked: re.Match[str]) -> str | None:
    """The kind of document a request speaks of: the one it names ("date the minutes …"),
    else the last one named before it ("Attached is the agreement. Please date it …"), in its
    sentence, then in its record; else the first one named after it."""
    text = unit.text
    before = [text[: asked.end()]]
    for other in units(doc):
        if other.index > unit.index or other is unit:
            break
        before.insert(0, other.text)
    for chunk in reversed(before):
        if named := _KIND.findall(chunk):
            return str(named[-1]).lower()
    after = _KIND.search(text, asked.end())
    return after["kind"].lower() if after else None


def backdating_contradictions(
    findings: list[Finding],
    dates: list[DatedItem],
    claims: list[SwornClaim],
    transactions: list[Transaction],
    parties: list[str],
    filenames: dict[str, str],
) -> list[Contradiction]:
    found: list[Contradiction] = []
    testimony = {c.source.file_id for c in claims}  # a witness's word bears no document's date
    for asked in findings:
        match = _TITLE.match(asked.title) if asked.finding_type == BACKDATING_ASKED else None
        if match is None:
            continue
        on, to, kind = match["on"], match["to"], match["kind"] or ""
        home = asked.sources[0].file_id
        paid = _paid_between(transactions, parties, date.fromisoformat(to), date.fromisoformat(on))
        who = asked.entities[0] if asked.entities else "someone"
        request = f"on {on} {who} asked for {'the ' + kind if kind else 'it'} to be dated {to}"
        bearing = [
            d
            for d in dates
            if d.date[:10] == to
            and d.source.file_id not in {home, *testimony}
            and (
                not kind
                or kind in d.description.lower()
                or kind in filenames.get(d.source.file_id, "").lower()
            )
        ]
        if bearing:
            found.append(
                Contradiction(
                    claim=bearing[0].description,
                    claim_source=bearing[0].source,
                    evidence_against=[asked.sources[0]],
                    explanation=(
                        f"The {kind or 'document'} bears the date {to}, yet {request} "
                        f'("{asked.summary[:140]}"): it was written after the date it bears'
                        f"{paid}."
                    ),
                    severity="HIGH",
                )
            )
        for claim in claims:
            if claim.source.file_id == home:
                continue
            if _DENIES_ASKING.search(claim.claim) and _asker(claim, asked):
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=[asked.sources[0]],
                        explanation=(
                            f"{claim.speaker} denies asking for a document to be backdated, yet "
                            f'{request}: "{asked.summary[:160]}".'
                        ),
                        severity="HIGH",
                    )
                )
                continue
            if not made_on(claim.claim, kind, to):
                continue
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=[asked.sources[0], *(d.source for d in bearing[:2])],
                    explanation=(
                        f"{claim.speaker or 'The witness'} says the {kind or 'document'} was "
                        f"made on {to}, yet {request}{paid}."
                    ),
                    severity="HIGH",
                )
            )
    return found


# "I have never asked anyone to backdate a document", "I did not ask her to change the date".
_DENIES_ASKING = re.compile(
    r"\b(?:never|not|n['\u2019]t)\s+(?:ever\s+)?(?:asked|ask|told|tell|instructed|instruct|"
    r"requested|request)\b[^.;]{0,40}?\b(?:back-?dat\w*|(?:change|alter)\w*\s+(?:the\s+)?dates?|"
    r"earlier\s+date)",
    re.IGNORECASE,
)


def _asker(claim: SwornClaim, asked: Finding) -> bool:
    """Whether the witness is who made the request (its record's sender, named first)."""
    return bool(claim.speaker and asked.entities and same_party(claim.speaker, asked.entities[0]))


def made_on(text: str, kind: str, day: str) -> bool:
    if kind and kind not in text.lower():
        return False
    if not _MADE.search(text):
        return False
    period = find_period(text, None)
    return period is not None and period[0].isoformat() == day


def _paid_between(
    transactions: list[Transaction], parties: list[str], start: date, end: date
) -> str:
    """Payments to the document's parties made after the date it bears and before it was
    asked for: ", and 1 payment was made before it existed: …"."""
    words = distinctive_words(parties)
    paid = [
        t
        for t in transactions
        if is_payment(t)
        and t.to_party
        and distinctive_words([t.to_party]) & words
        and (day := tx_date(t)) is not None
        and start <= day < end
    ]
    if not paid:
        return ""
    listed = "; ".join(
        f"{t.date[:10] if t.date else ''} {format_money(t.amount, t.currency)} to {t.to_party}"
        for t in paid[:3]
    )
    return f", and {len(paid)} payment(s) were made before it existed: {listed}"
