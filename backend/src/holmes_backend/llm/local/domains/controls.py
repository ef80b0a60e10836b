"""Controls a record shows performed on one's own act: a payment "Entered by" and "Approved by"
the same clerk, a controlled drug "Administered by" and "Witnessed by" the same nurse, an
expense claim whose "Employee" is its "Approver".

A row names its actors in "<role> by" fields ("Approved by: …") or in columns named for the
role ("Witness", "Approver", "Employee"). A control role (approved, authorised, witnessed,
checked, verified, reviewed, countersigned, released, signed off) naming the person another
role of the same row names is a control that person performed on their own act: the second
pair of eyes the record exists to show was not there.

- Evidence: one finding per person and file, citing every such row (HIGH).
- Triage: a file with such rows is a record of who did what (the evidence domain reads it)."""

import re
from dataclasses import dataclass

from holmes_backend.agents.schemas import Finding, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.memo import memo
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

SELF_CHECKED = "self_checked"
# "Approved by", "Witnessed by", "Checked by": the role is the word before "by".
_BY = re.compile(r"^(?P<role>[A-Za-z]+)\s+by$", re.IGNORECASE)
_CONTROL = re.compile(
    r"^(?:approv|authori[sz]|witness|check|verif|review|countersign|co-?sign|releas|sign(?:ed)?"
    r"[\s-]*off)",
    re.IGNORECASE,
)
# Columns named for the person in a role, without "by".
_CONTROL_COLUMNS = {
    "witness": "witnessed",
    "approver": "approved",
    "authoriser": "authorised",
    "authorizer": "authorized",
    "checker": "checked",
    "reviewer": "reviewed",
    "verifier": "verified",
    "countersignatory": "countersigned",
}
_ACTOR_COLUMNS = {
    "requester": "requested",
    "requestor": "requested",
    "preparer": "prepared",
    "submitter": "submitted",
    "claimant": "claimed",
    "employee": "claimed",
    "operator": "entered",
    "clerk": "entered",
}
# A row with a control in it at all (read before its fields are).
_CONTROLLED = re.compile(
    r"(?i:\b[a-z]+\s+by|\b(?:witness|approver|authori[sz]er|checker|reviewer|verifier|"
    r"countersignatory)):\s"
)
_MAX_ROWS = 50


@dataclass(frozen=True)
class SelfCheck:
    person: str
    did: str  # the act the row records ("administered")
    checked: str  # the control the same person performed on it ("witnessed")
    ref: SourceRef


def _roles(text: str) -> list[tuple[str, str, bool]]:
    """A row's actors: (role as a past participle, who, whether the role is a control)."""
    found: list[tuple[str, str, bool]] = []
    for header, value in row_fields(text).items():
        key = " ".join(header.lower().split())
        if not value or not any(c.isalpha() for c in value):
            continue
        if match := _BY.match(key):
            role = match["role"].lower()
            found.append((role, value, bool(_CONTROL.match(role))))
        elif key in _CONTROL_COLUMNS:
            found.append((_CONTROL_COLUMNS[key], value, True))
        elif key in _ACTOR_COLUMNS:
            found.append((_ACTOR_COLUMNS[key], value, False))
    return found


def _same(a: str, b: str) -> bool:
    """One person: the same name ("R. Castellano", "Rosa Castellano"), or the same login."""
    names_a = [n.text for n in find_names(a) if n.kind == "person"]
    names_b = [n.text for n in find_names(b) if n.kind == "person"]
    if names_a and names_b:
        return same_party(names_a[0], names_b[0])
    return " ".join(a.lower().split()) == " ".join(b.lower().split())


def self_checks(doc: EvidenceDoc) -> list[SelfCheck]:
    return memo(doc, SELF_CHECKED, lambda: _self_checks(doc))


# A row's own reference ("Claim ref: EX-3301"): the rows of another table of the file giving the
# same one are of the same record (a workbook's "Claims" and "Approvals" sheets).
_REF_KEY = re.compile(r"(?:\bref(?:erence)?|\bid|\bno\.?|\bnumber|#)$", re.IGNORECASE)


def _row_ref(text: str) -> str | None:
    for key, value in row_fields(text).items():
        if _REF_KEY.search(key.strip()) and any(c.isdigit() for c in value):
            return " ".join(value.upper().split())
    return None


def _self_checks(doc: EvidenceDoc) -> list[SelfCheck]:
    found: list[SelfCheck] = []
    rows = [u for u in units(doc) if u.kind == "row"]
    by_ref: dict[str, list[str]] = {}
    for unit in rows:
        if (ref := _row_ref(unit.text)) is not None:
            by_ref.setdefault(ref, []).append(unit.text)
    for unit in rows:
        if not _CONTROLLED.search(unit.text):
            continue
        roles = _roles(unit.text)
        ref = _row_ref(unit.text)
        # Who did what the row approves, as the record's other rows of its reference give it.
        roles += [
            role
            for text in (by_ref.get(ref, []) if ref else [])
            if text != unit.text
            for role in _roles(text)
            if not role[2]
        ]
        for checked, who, control in roles:
            if not control:
                continue
            done = next(
                (
                    (role, other)
                    for role, other, _ in roles
                    if role != checked and _same(who, other)
                ),
                None,
            )
            if done is not None:
                # Named in full where either role spells the name out ("D. Whitlock" is Dana).
                names = [
                    n.text for v in (who, done[1]) for n in find_names(v) if n.kind == "person"
                ]
                person = max(names, key=len) if names else who.strip()
                found.append(SelfCheck(person, done[0], checked, unit.ref))
                break
    return found


def self_checked(doc: EvidenceDoc) -> list[Finding]:
    """One finding per person of the file's rows they both did and checked."""
    by_person: dict[str, list[SelfCheck]] = {}
    for check in self_checks(doc):
        key = next((p for p in by_person if same_party(p, check.person)), check.person)
        by_person.setdefault(key, []).append(check)
    findings: list[Finding] = []
    for person, checks in by_person.items():
        first = checks[0]
        findings.append(
            Finding(
                finding_type=SELF_CHECKED,
                title=(
                    f"{person} both {first.did} and {first.checked} {len(checks)} record(s) "
                    f"in {doc.filename}"
                ),
                summary=(
                    f"The same person is named as {first.did} by and {first.checked} by: the "
                    "second person the control requires is missing. First: "
                    f"{(first.ref.excerpt or '')[:200]}"
                ),
                confidence=0.85,
                severity="HIGH",
                entities=[person],
                sources=[c.ref for c in checks[:_MAX_ROWS]],
            )
        )
    return findings
