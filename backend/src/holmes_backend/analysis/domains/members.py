"""Who holds an office, and a denial that any of them was paid: "I confirm that no trustee
received any remuneration, payment or benefit from the charity during 2025" against two
payments to K Mensah, whom the register of trustees lists as the Treasurer.

- Evidence: a document headed as a register or list of an office's holders ("Register of
  trustees", "List of councillors", "Directors:") lists its holders, one a line; a line
  anywhere giving a person with the office ("Aisling Byrne - Trustee", "Dan Ferris (Director)")
  is one too. Each holder is a finding naming the person and the office.
- Synthesis: a claim that no holder of an office was paid (or received, or benefited) against
  payments to people listed as holding it, in the period the claim gives (HIGH).
- Roles: a staff table's row giving a person and their job ("Employee: Brendan Fahy; Role:
  Finance Manager") records who holds that role: a payment approved by them is approved by the
  role a rule names.
"""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.names import UPPER, find_names
from holmes_backend.analysis.facts.text import units
from holmes_backend.llm.evidence import EvidenceDoc

OFFICE_HELD = "office_held"
ROLE_HELD = "role_held"
_ROLE_COLUMN = re.compile(
    r"^(?:(?:job\s+)?(?:role|title|position)|designation|job|post|grade\s+and\s+title)$", re.I
)
_HOLDER_COLUMN = re.compile(
    r"^(?:(?:employee|staff|member|officer|person)(?:\s+name)?|(?:full\s+)?name)$", re.I
)
_MAX_ROLES = 100

_OFFICE = r"(?:trustee|director|governor|councillor|board\s+member|committee\s+member|partner)"
_OFFICE_WORD = re.compile(rf"\b{_OFFICE}", re.IGNORECASE)
# A register's heading ("Register of trustees", "Directors:"), not the body a minute is of
# ("Minutes of the Board of Directors").
_REGISTER = re.compile(
    rf"\b(?:register|list|schedule|roll)\s+of\s+{_OFFICE}s\b|^\s*{_OFFICE}s\s*:?\s*$",
    re.IGNORECASE,
)
# "Aisling Byrne - Trustee", "Dan Ferris (Non-executive Director)": the office itself, not a
# title containing its word ("Chief Financial Officer", "Director of Operations").
_LISTED = re.compile(
    r"^\s*[^-\u2013(,]{3,60}?\s*(?:[-\u2013,]\s*|\()\s*"
    r"(?:(?:lay|independent|non-?executive|executive|managing|parent|co-?opted|elected)\s+)?"
    rf"{_OFFICE}\b(?!\s+of\b)",
    re.IGNORECASE,
)
_HEAD = 5
_NONE_PAID = re.compile(
    rf"\b(?:no|none\s+of\s+the|not\s+(?:a|one|any)|neither)\s+(?:other\s+)?{_OFFICE}s?\b"
    r"[^.;]{0,60}?\b(?:received|receives|was\s+paid|were\s+paid|paid|benefit\w*|remunerat\w*|"
    r"payments?|fees?)\b"
    rf"|\bno\s+(?:payments?|remuneration|fees?|benefits?)\b[^.;]{{0,40}}?\bto\s+(?:any|a)\s+{_OFFICE}",
    re.IGNORECASE,
)


def offices_held(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    register = next(
        (_office_in(m.group()) for u in doc_units[:_HEAD] if (m := _REGISTER.search(u.text))),
        None,
    )
    found: dict[str, Finding] = {}
    for unit in doc_units:
        line = _LISTED.match(unit.text)
        office = (_office_in(line.group()) if line else None) or register
        if office is None:
            continue
        names = find_names(unit.text)
        person = names[0] if names else None
        if person is None or person.kind != "person" or person.start > 2:
            continue
        if person.text not in found:
            found[person.text] = Finding(
                finding_type=OFFICE_HELD,
                title=f"{person.text} listed as {office} in {doc.filename}",
                summary=unit.text[:300],
                confidence=0.75,
                severity="LOW",
                entities=[person.text],
                sources=[unit.ref],
            )
    return list(found.values())


def roles_held(doc: EvidenceDoc) -> list[Finding]:
    """Who holds which job, from a staff table's rows, or as a sentence gives it beside their
    name ("Sunil Patel, the Finance Manager"; "Dana Roy (Head of Finance)"): at most
    _MAX_ROLES of them."""
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind != "row":
            people, role = _apposed(unit.text)
        else:
            fields = row_fields(unit.text)
            role = next((v for k, v in fields.items() if _ROLE_COLUMN.match(k.strip()) and v), None)
            who = next(
                (v for k, v in fields.items() if _HOLDER_COLUMN.match(k.strip()) and v), None
            )
            people = [n.text for n in find_names(who or "") if n.kind == "person"]
        if role is None or not people:
            continue
        found.append(
            Finding(
                finding_type=ROLE_HELD,
                title=f"{people[0]} holds the role of {role.strip()}",
                summary=unit.text[:300],
                confidence=0.75,
                severity="LOW",
                entities=[people[0]],
                sources=[unit.ref],
            )
        )
        if len(found) >= _MAX_ROLES:
            break
    return found


# A job title beside a name: capitalised words ending in a post's noun.
_JOB = (
    rf"(?:[{UPPER}][\w&-]*\s+){{0,3}}(?:Manager|Director|Officer|Controller|Accountant|"
    r"Treasurer|Secretary|Supervisor|Administrator|Clerk|Partner|Head(?:\s+of\s+\w+)?)"
)
_APPOSED = re.compile(
    rf",\s+(?:the|our|their|its)\s+(?P<role>{_JOB})\b|^\s*\((?P<bracketed>{_JOB})\)"
)


def _apposed(text: str) -> tuple[list[str], str | None]:
    """A person a sentence names with their post right after: "Sunil Patel, the Finance
    Manager," or "Dana Roy (Head of Finance)"."""
    for name in find_names(text):
        if name.kind != "person":
            continue
        job = _APPOSED.match(text, name.end) or _APPOSED.match(text[name.end :])
        if job is not None:
            return [name.text], job["role"] or job["bracketed"]
    return [], None


def role_holders(findings: list[Finding]) -> dict[str, str]:
    """Each person's role (lower case) from the role findings."""
    return {
        f.entities[0]: f.title.rsplit(" holds the role of ", 1)[-1].lower()
        for f in findings
        if f.finding_type == ROLE_HELD and f.entities
    }


def _office_in(text: str) -> str | None:
    """The office a text names, in one spelling: "board member", "trustee"."""
    match = _OFFICE_WORD.search(text)
    return " ".join(match.group().lower().split()) if match else None
