"""What the dead cannot have done: services billed for a patient, client or member after the day
a record gives for their death, payments made by them after it, and accounts of meeting them
since.

- Evidence: a record of a death is a finding naming who died and the day: a death record's
  fields ("Decedent: Margaret Ann Oyelaran" … "Date of death: 2 August 2025") or a sentence
  saying so ("Margaret Oyelaran died on 2 August 2025", "passed away at home on …").
- Synthesis: rows dated after that day that name the person as the one served (a claims
  export's "Patient" column, a care log's "Client") or as the payer are contradicted by the
  death record (HIGH, the rows as what is claimed), as is anyone's word that every service billed
  was rendered to the patients named, and any account of seeing or treating the person on a
  later day."""

import re
from collections import defaultdict
from datetime import date

from holmes_backend.agents.schemas import (
    Contradiction,
    Finding,
    SourceRef,
    SwornClaim,
    Transaction,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import total_of, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.services import served
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_iso
from holmes_backend.llm.local.facts.lexicon import wordset
from holmes_backend.llm.local.facts.names import find_names, leading_person, same_party
from holmes_backend.llm.local.facts.text import units

DEATH_RECORDED = "death_recorded"

_DIED_FIELD = re.compile(
    r"^\s*(?:date\s+of\s+death|died|death|d\.o\.d\.?|dod|deceased\s+on|date\s+died)\s*[:\-]\s*",
    re.IGNORECASE,
)
_DECEDENT_FIELD = re.compile(
    r"^\s*(?:decedent|deceased|name\s+of\s+(?:the\s+)?(?:deceased|decedent)|"
    r"(?:deceased|decedent)['\u2019]?s\s+(?:full\s+)?name|full\s+name(?:\s+of\s+deceased)?|"
    r"name)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_DIED = re.compile(
    r"\b(?:died|passed\s+away|was\s+pronounced\s+dead|was\s+found\s+dead|was\s+certified\s+dead)"
    r"\b",
    re.IGNORECASE,
)
_NOT = re.compile(r"\b(?:not|never|nearly|almost)\b", re.IGNORECASE)
_HEAD = 40
# What may stand between who died and the verb: "Ann Roe, 83, sadly died", "who later died".
_BETWEEN = wordset(
    "aged age who sadly peacefully suddenly unexpectedly tragically later subsequently then "
    "has had also herself himself years year old"
)
# A claim that the services billed were rendered to the people they name.
_RENDERED = re.compile(
    r"\b(?:rendered|provided|delivered|performed|carried\s+out|attended|visited|saw|seen|"
    r"treated|examined)\b",
    re.IGNORECASE,
)
_EVERY = re.compile(r"\b(?:every|all|each)\b", re.IGNORECASE)
_SERVED_WORDS = re.compile(
    r"\b(?:patients?|clients?|members?|residents?|service\s+users?|beneficiar(?:y|ies))\b",
    re.IGNORECASE,
)
_ON = re.compile(r" on (\d{4}-\d{2}-\d{2})\b")


def deaths(doc: EvidenceDoc) -> list[Finding]:
    """The deaths a document records, each with who died and the day."""
    doc_units = units(doc)
    found: list[Finding] = []
    decedent = next(
        (
            (name, unit)
            for unit in doc_units[:_HEAD]
            if (field := _DECEDENT_FIELD.match(unit.text))
            and (name := leading_person(field["v"])) is not None
        ),
        None,
    )
    for unit in doc_units:
        moments = find_moments(unit.text)
        if not moments:
            continue
        if decedent is not None and (field := _DIED_FIELD.match(unit.text)):
            moment = next((m for m in moments if m.start >= field.end()), None)
            if moment is not None:
                found.append(_finding(decedent[0], moment.day, [unit.ref, decedent[1].ref]))
            continue
        died = _DIED.search(unit.text)
        if died is None or _NOT.search(unit.text[: died.start()]):
            continue
        people = [n for n in find_names(unit.text) if n.kind == "person" and n.end <= died.start()]
        after = [m for m in moments if m.start >= died.start()]
        # The one named is who died: "Ann Roe, 83, died", not "Ann Roe, whose father died".
        gap = unit.text[people[-1].end : died.start()] if people else ""
        if len({n.text for n in people}) == 1 and after and _subject(gap):
            found.append(_finding(people[0].text, after[0].day, [unit.ref]))
    kept: dict[str, Finding] = {}
    for finding in found:  # one death a person
        kept.setdefault(finding.entities[0].lower(), finding)
    return list(kept.values())


def _subject(gap: str) -> bool:
    words = re.findall(r"[^\W\d_]+", gap.lower())
    return len(gap) <= 30 and all(word in _BETWEEN for word in words)


def _finding(person: str, day: date, refs: list[SourceRef]) -> Finding:
    return Finding(
        finding_type=DEATH_RECORDED,
        title=f"{person} died on {day.isoformat()}",
        summary=f"A record gives {person}'s death as {day.isoformat()}.",
        confidence=0.85,
        severity="MEDIUM",
        entities=[person],
        sources=unique_refs(refs, 2),
    )


def _recorded(findings: list[Finding]) -> list[tuple[str, date, Finding]]:
    return [
        (f.entities[0], moment.date(), f)
        for f in findings
        if f.finding_type == DEATH_RECORDED
        and f.entities
        and (on := _ON.search(f.title))
        and (moment := parse_iso(on.group(1)))
    ]


def after_death_contradictions(
    findings: list[Finding], transactions: list[Transaction], claims: list[SwornClaim]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for person, died, record in _recorded(findings):
        later: dict[str, list[Transaction]] = defaultdict(list)
        for tx in transactions:
            day = tx_date(tx)
            if day is None or day <= died or tx.source.file_id in _files(record):
                continue
            who = served(tx)
            if (who and same_party(who, person)) or (
                tx.from_party and same_party(tx.from_party, person)
            ):
                later[tx.source.file_id].append(tx)
        rows = [tx for txs in later.values() for tx in txs]
        if rows:
            days = sorted({d.isoformat() for tx in rows if (d := tx_date(tx))})
            listing = f"{len(rows)} record(s) ({total_of(rows)}) dated {', '.join(days[:6])}"
            found.append(
                Contradiction(
                    claim=(rows[0].source.excerpt or rows[0].description)[:300],
                    claim_source=rows[0].source,
                    evidence_against=unique_refs([*record.sources, *(t.source for t in rows)], 8),
                    explanation=(
                        f"{listing} name {person} after their death on {died.isoformat()}, "
                        "which a record of the case gives."
                    ),
                    severity="HIGH",
                )
            )
        for claim in claims:
            text = claim.claim
            about = _about(text, person)
            when = parse_iso(claim.claimed_time) if claim.claimed_time else None
            if about and when is not None and when.date() > died and _RENDERED.search(text):
                lead = f"{claim.speaker or 'The witness'} gives an account of {person} on "
                lead += f"{when.date().isoformat()}"
            elif rows and _EVERY.search(text) and _RENDERED.search(text):
                if not (_SERVED_WORDS.search(text) or about):
                    continue
                lead = f"{claim.speaker or 'The claim'} says the services were rendered"
            else:
                continue
            found.append(
                refuted(
                    claim,
                    unique_refs([*record.sources, *(t.source for t in rows[:4])], 6),
                    f"{lead}, yet {person} died on {died.isoformat()}"
                    + (f"; {len(rows)} record(s) name them since." if rows else "."),
                    "HIGH",
                )
            )
    return found


def _files(record: Finding) -> set[str]:
    return {s.file_id for s in record.sources}


def _about(text: str, person: str) -> bool:
    return any(n.kind == "person" and same_party(n.text, person) for n in find_names(text))
