"""Orders and undertakings not to contact someone, against the records of contact while they
were in force.

- Legal: a court order, bail condition or undertaking saying one person "must not contact"
  (communicate with, approach, message …) another is a finding naming both, from the day the
  order was made (or takes effect) until the day it lasts to, when it says. "The Respondent" and
  "the Applicant" are the people its own fields name so ("Respondent: Gavin Tulloch").
- Synthesis: records of both in the same exchange (their messages and calls, a meeting) dated
  within the order's days contradict it (HIGH): the order's line against each record."""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

CONTACT_FORBIDDEN = "contact_forbidden"

_FORBIDS = re.compile(
    r"\b(?:must\s+not|shall\s+not|is\s+(?:forbidden|prohibited|restrained|barred)\s+from|"
    r"(?:has\s+)?undert(?:akes|aken|ook)\s+not\s+to|is\s+not\s+to)\s+(?:\w+\s+){0,2}?"
    r"(?:contact(?:ing)?|communicat(?:e|ing)|approach(?:ing)?|messag(?:e|ing)|telephon(?:e|ing)|"
    r"harass(?:ing)?|molest(?:ing)?)\b",
    re.IGNORECASE,
)
_ROLE = re.compile(
    r"\bthe\s+(?P<role>respondent|applicant|defendant|claimant|complainant|accused|victim|"
    r"protected\s+person|petitioner|employee|employer)\b",
    re.IGNORECASE,
)
_MADE = re.compile(
    r"\b(?:made|dated|granted|issued|effective|with\s+effect|in\s+force|takes\s+effect|from)\b",
    re.IGNORECASE,
)
_UNTIL = re.compile(r"\b(?:until|expires?|lasts?|ends?|in\s+force\s+to)\b", re.IGNORECASE)
_HEAD = 30


def contact_orders(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    forbids = [u for u in doc_units if _FORBIDS.search(u.text)]
    if not forbids:
        return []
    roles = _roles(doc_units[:_HEAD])
    start, end = _days(doc_units)
    found: list[Finding] = []
    for unit in forbids:
        verb = _FORBIDS.search(unit.text)
        assert verb is not None
        before = _party(unit.text[: verb.start()], roles)
        after = _party(unit.text[verb.end() :], roles)
        if not before or not after or same_party(before, after):
            continue
        span = f" from {start.isoformat()}" if start else ""
        span += f" until {end.isoformat()}" if end else ""
        found.append(
            Finding(
                finding_type=CONTACT_FORBIDDEN,
                title=f"{before} must not contact {after}{span}",
                summary=unit.text[:240],
                confidence=0.85,
                severity="MEDIUM",
                entities=[before, after],
                sources=[unit.ref],
            )
        )
    return found


def _roles(head: list[Unit]) -> dict[str, str]:
    """The people the document's fields name by their role ("Respondent: Gavin Tulloch")."""
    found: dict[str, str] = {}
    for unit in head:
        field = re.match(r"^\s*(?P<role>[A-Za-z ]{3,30}?)\s*:\s*(?P<v>.+)$", unit.text)
        if field is None:
            continue
        people = [n.text for n in find_names(field["v"]) if n.kind == "person"]
        if people:
            found.setdefault(field["role"].strip().lower(), people[0])
    return found


def _party(text: str, roles: dict[str, str]) -> str | None:
    """The person a part of the order's sentence names: by name, else by their role."""
    people = [n.text for n in find_names(text) if n.kind == "person"]
    if people:
        return people[0]
    role = _ROLE.search(text)
    return roles.get(role["role"].lower()) if role else None


def _days(doc_units: list[Unit]) -> tuple[date | None, date | None]:
    start = end = None
    for unit in doc_units:
        moments = find_moments(unit.text)
        if not moments:
            continue
        if end is None and _UNTIL.search(unit.text):
            end = moments[-1].day
        elif start is None and _MADE.search(unit.text):
            start = moments[0].day
    return start, end


def order_contradictions(findings: list[Finding], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for order in (f for f in findings if f.finding_type == CONTACT_FORBIDDEN):
        if len(order.entities) != 2:
            continue
        bound, protected = order.entities
        start = _day_after(order.title, " from ")
        end = _day_after(order.title, " until ")
        contact = [
            item
            for item in items
            if any(same_party(bound, p) for p in item.people)
            and any(same_party(protected, p) for p in item.people)
            and (start is None or item.when.date() >= start)
            and (end is None or item.when.date() <= end)
            and item.file_id != order.sources[0].file_id
        ]
        if not contact:
            continue
        first = contact[0]
        found.append(
            Contradiction(
                claim=order.summary,
                claim_source=order.sources[0],
                evidence_against=unique_refs([i.source for i in contact], 6),
                explanation=(
                    f"{len(contact)} record(s) of {bound} and {protected} in contact while the "
                    f"order was in force, first on {first.when.date().isoformat()}: "
                    f"{first.description[:140]}."
                ),
                severity="HIGH",
            )
        )
    return found


def _day_after(title: str, word: str) -> date | None:
    match = re.search(rf"{word}(\d{{4}}-\d{{2}}-\d{{2}})", title)
    return date.fromisoformat(match.group(1)) if match else None
