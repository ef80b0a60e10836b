"""Entries a second person should have signed and did not: a controlled drugs register's rows
"Administered by: J. Whitcombe" with nothing under "Witnessed by", a cash book's payments with
no "Authorised by", against their maker's "Every controlled drug I have given was witnessed by a
second registered nurse".

- Evidence: in a table with a column of who did each row (administered, given, issued, paid,
  entered … by) and a column of who checked it (witnessed, checked, countersigned, authorised,
  approved … by), the rows a person did whose checking cell is empty are a finding for them:
  how many, and which.
- Synthesis: that person's word that every one of their entries was checked ("every … I have
  given was witnessed", "all my payments were authorised", "I always had a second nurse check")
  against those rows: HIGH from two rows, MEDIUM from one.
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

UNCHECKED_ENTRIES = "unchecked_entries"

_DOER = re.compile(
    r"^\s*(?:administered|given|issued|dispensed|paid|entered|made|recorded|performed|"
    r"completed|signed|processed|prepared|raised|booked|counted)\s+by\b",
    re.IGNORECASE,
)
_CHECKER = re.compile(
    r"^\s*(?P<verb>witness|check|countersign|authori[sz]|approv|verif|second\s+(?:signature|"
    r"checker|nurse|counter|signatory|person))\w*(?:\s+by)?\b",
    re.IGNORECASE,
)
_TITLE = re.compile(r"^(?P<n>\d+) entr(?:y|ies) by (?P<who>.+?) with no (?P<column>.+)$")
# "every controlled drug I have given was witnessed", "all my payments were authorised",
# "I always had a second nurse check".
_ALL_CHECKED = re.compile(
    r"\b(?:every|each|all|always)\b[^.;]{0,80}?\b(?P<verb>witness|check|countersign|authori[sz]|"
    r"approv|verif|second\s+(?:signature|nurse|person|checker|counter)|"
    # "every collection was counted by two people"
    r"(?:counted|checked|signed)\s+by\s+(?:two|2)\s+(?:[a-z]+\s+)?(?:people|persons|members|officers|"
    r"volunteers|staff|trustees|signatories))\w*",
    re.IGNORECASE,
)
_LISTED = 8
_APPROVAL = re.compile(r"^\s*(?:authori|approv)", re.IGNORECASE)


def _kind(words: str) -> str:
    """A second person's check of the act (witnessed, checked, countersigned) or a superior's
    leave for it (authorised, approved)."""
    return "approval" if _APPROVAL.match(words) else "check"


def _columns(rows: list[dict[str, str]]) -> tuple[str, str] | None:
    """A table's column of who did each row and its column of who checked it."""
    columns = list(dict.fromkeys(k for fields in rows for k in fields))
    doer = next((c for c in columns if _DOER.match(c)), None)
    checker = next((c for c in columns if _CHECKER.match(c)), None)
    return (doer, checker) if doer is not None and checker is not None else None


def unchecked_entries(doc: EvidenceDoc) -> list[Finding]:
    rows = [(u, row_fields(u.text)) for u in units(doc) if u.kind == "row"]
    columns = _columns([fields for _, fields in rows])
    if columns is None:
        return []
    doer, checker = columns
    missing: dict[str, list[SourceRef]] = defaultdict(list)
    names: dict[str, str] = {}
    for unit, fields in rows:
        person = next(
            (n.text for n in find_names(fields.get(doer, "")) if n.kind == "person"), None
        )
        if person is None or fields.get(checker, "").strip():
            continue
        key = next((k for k, n in names.items() if same_party(n, person)), person)
        names.setdefault(key, person)
        missing[key].append(unit.ref)
    return [
        Finding(
            finding_type=UNCHECKED_ENTRIES,
            title=f"{len(refs)} entr{'y' if len(refs) == 1 else 'ies'} by {names[key]} with no "
            f"{checker.lower()}",
            summary=f"{doc.filename}: rows by {names[key]} ({doer}) whose {checker} is empty.",
            confidence=0.85,
            severity="HIGH" if len(refs) > 1 else "MEDIUM",
            entities=[names[key]],
            sources=refs[:_LISTED],
        )
        for key, refs in missing.items()
    ]


def unchecked_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = _ALL_CHECKED.search(claim.claim)
        if said is None or not claim.speaker:
            continue
        kind = _kind(said["verb"])
        for finding in findings:
            title = _TITLE.match(finding.title)
            if (
                finding.finding_type != UNCHECKED_ENTRIES
                or title is None
                or not same_party(title["who"], claim.speaker)
                or _kind(title["column"]) != kind
            ):
                continue
            n = int(title["n"])
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=unique_refs(finding.sources, _LISTED),
                    explanation=(
                        f"{claim.speaker} says all of them were, yet {n} of their entries have "
                        f"an empty \u201c{title['column']}\u201d."
                    ),
                    severity="HIGH" if n > 1 else "MEDIUM",
                )
            )
    return found


__all__ = ["UNCHECKED_ENTRIES", "unchecked_contradictions", "unchecked_entries"]
