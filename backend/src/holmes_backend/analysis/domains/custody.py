"""Chain of custody: who collected, sealed, handed over and received each item, and its hashes.

Each custody line becomes a finding naming the people in it. Two different hash values recorded
for one item, or a broken seal / tampering note, are raised as integrity concerns.
"""

import re
from collections import defaultdict
from functools import lru_cache

from holmes_backend.agents.schemas import Finding, Severity
from holmes_backend.analysis.domains.timeline import people_in
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.llm.evidence import EvidenceDoc

_STEPS = (
    (
        "collected",
        re.compile(
            r"\b(collected|seized|recovered|obtained|retrieved|acquired|"
            r"imaged|extracted)\s+(?:by|from|at)\b",
            re.I,
        ),
    ),
    ("received", re.compile(r"\b(received|accepted|signed for)\s+by\b|\breceived\s+from\b", re.I)),
    (
        "transferred",
        re.compile(
            r"\b(released|transferred|handed (?:over|to)|delivered|"
            r"relinquished|checked out)\s+(?:to|by)\b",
            re.I,
        ),
    ),
    (
        "sealed",
        re.compile(
            r"\b(sealed|re-?sealed|evidence (?:bag|tape|seal)|tamper[- ]evident|"
            r"seal (?:no\.?|number|#))",
            re.I,
        ),
    ),
    (
        "logged",
        re.compile(
            r"\b(chain of custody|custody log|booked into|logged (?:in|out)|"
            r"evidence (?:locker|room|log)|property room)\b",
            re.I,
        ),
    ),
    ("hashed", re.compile(r"\b(sha-?256|sha-?1|md5|hash(?:\s+value)?|checksum)\b", re.I)),
)
_TAMPER = re.compile(
    r"\b(seal\s+(?:was\s+)?(?:broken|damaged|missing|not intact)|tamper(?:ed|ing)|"
    r"unaccounted|gap in (?:the )?custody|not (?:sealed|logged))\b",
    re.IGNORECASE,
)
_INTACT = re.compile(r"\b(no|without)\s+(?:signs?\s+of\s+)?tamper", re.IGNORECASE)
_HASH = re.compile(r"\b(?:[a-f0-9]{64}|[a-f0-9]{40}|[a-f0-9]{32})\b", re.IGNORECASE)
_ITEM = re.compile(
    r"\b(?:item|exhibit|evidence(?:\s+(?:item|bag|no\.?|number|#))?|bag|tag|property)\s*"
    r"(?:no\.?|number|#)?\s*[:#]?\s*(?P<id>[A-Z]{0,4}-?\d[\w-]*)"
    r"|(?P<file>[\w-]+\.(?:jpe?g|png|heic|mp4|mov|wav|mp3|m4a|pdf|docx?|xlsx?|csv|eml|txt|vtt|srt))",
    re.IGNORECASE,
)


_ANY_STEP = re.compile("|".join(f"(?:{pattern.pattern})" for _, pattern in _STEPS), re.IGNORECASE)


@lru_cache(maxsize=65536)
def _steps(text: str) -> tuple[str, ...]:
    if not _ANY_STEP.search(text):
        return ()
    return tuple(name for name, pattern in _STEPS if pattern.search(text))


def custody_findings(docs: list[EvidenceDoc]) -> list[Finding]:
    findings: list[Finding] = []
    hashes: dict[str, list[tuple[str, Unit]]] = defaultdict(list)
    for doc in docs:
        for unit in units(doc):
            steps = _steps(unit.text)
            if not steps:
                continue
            item = _ITEM.search(unit.text)
            label = (item["id"] or item["file"]) if item else None
            for value in _HASH.findall(unit.text):
                hashes[(label or doc.file_id).lower()].append((value.lower(), unit))
            tampered = bool(_TAMPER.search(unit.text)) and not _INTACT.search(unit.text)
            severity: Severity = "HIGH" if tampered else "LOW"
            findings.append(
                Finding(
                    finding_type="custody",
                    title=f"{' / '.join(steps).capitalize()}"
                    + (f" \u2014 {label}" if label else "")
                    + (" \u2014 integrity concern" if tampered else ""),
                    summary=unit.text[:400],
                    confidence=0.8 if not tampered else 0.7,
                    severity=severity,
                    entities=people_in(unit.text),
                    sources=[unit.ref],
                )
            )
    findings += _hash_conflicts(hashes)
    findings += [changed for doc in docs if (changed := _seal_changed(doc)) is not None]
    return findings


SEAL_CHANGED = "Seal number changed between origin and arrival"
_SEAL_NUMBER = re.compile(
    r"\bseal\b[^.;\n]{0,40}?(?:\bno\.?|\bnumber|#|:)\s*[:#]?\s*(?P<n>[A-Z]{0,4}-?\d[\w-]{3,})",
    re.IGNORECASE,
)
_ORIGIN = re.compile(
    r"\b(?:origin|applied|dispatch(?:ed)?|loading|loaded|departure|outbound|collection|sealed\s+at)\b",
    re.IGNORECASE,
)
_ARRIVAL = re.compile(
    r"\b(?:arrival|arrived|received|delivery|delivered|destination|inbound|unloading|opened)\b",
    re.IGNORECASE,
)


# What a seal record is of: "Trailer: NL-4471", "Container no. MSCU 7712345".
_LOAD = re.compile(
    r"\b(?P<what>trailer|container|vehicle|consignment|shipment)\s*(?:no\.?|number|#|id)?\s*[:#]?"
    r"\s*(?P<id>[A-Z]{1,4}[- ]?\d{3,}[A-Z0-9]*|[A-Z]{2}\d{2}\s?[A-Z]{3})\b",
    re.IGNORECASE,
)
_LOAD_UNITS = 12


def _seal_changed(doc: EvidenceDoc) -> Finding | None:
    """One record giving a load's seal number where it was sealed and another on arrival: a
    different number is a seal replaced in transit (the load was opened on the way)."""
    at_origin: list[tuple[str, Unit]] = []
    on_arrival: list[tuple[str, Unit]] = []
    for unit in units(doc):
        for match in _SEAL_NUMBER.finditer(unit.text):
            said = unit.text[max(0, match.start() - 40) : match.end() + 40]
            if _ARRIVAL.search(said):
                on_arrival.append((match["n"], unit))
            elif _ORIGIN.search(said):
                at_origin.append((match["n"], unit))
    changed = [
        (first, later)
        for first in at_origin
        for later in on_arrival
        if first[0].upper() != later[0].upper()
    ]
    if not changed or any(a[0].upper() == b[0].upper() for a in at_origin for b in on_arrival):
        return None
    (origin, unit_a), (arrival, unit_b) = changed[0]
    loads = [
        f"{m['what'].lower()} {m['id']}"
        for u in units(doc)[:_LOAD_UNITS]
        for m in _LOAD.finditer(u.text)
    ]
    of = f" of {', '.join(dict.fromkeys(loads))}" if loads else ""
    return Finding(
        finding_type="custody_integrity",
        title=f"{SEAL_CHANGED}: {origin} at origin, {arrival} on arrival",
        summary=(
            f"{doc.filename} records seal {origin} where the load{of} was sealed and seal "
            f"{arrival} when it arrived: the seal was replaced on the way, so the load was "
            "opened in transit."
        ),
        confidence=0.85,
        severity="HIGH",
        entities=people_in(unit_b.text),
        sources=[unit_a.ref] if unit_a is unit_b else [unit_a.ref, unit_b.ref],
    )


def _hash_conflicts(hashes: dict[str, list[tuple[str, Unit]]]) -> list[Finding]:
    found: list[Finding] = []
    for label, values in hashes.items():
        by_length: dict[int, set[str]] = defaultdict(set)
        for value, _ in values:
            by_length[len(value)].add(value)
        if any(len(v) > 1 for v in by_length.values()):
            found.append(
                Finding(
                    finding_type="custody_integrity",
                    title=f"Different hash values recorded for {label}",
                    summary="; ".join(f"{v[:16]}… ({u.ref.file_id})" for v, u in values[:6])
                    + ". The item may have changed between recordings, or one record is wrong.",
                    confidence=0.85,
                    severity="HIGH",
                    sources=[u.ref for _, u in values[:6]],
                )
            )
    return found


def mentioned_files(docs: list[EvidenceDoc]) -> set[str]:
    """File names (lower case) that custody records mention."""
    found: set[str] = set()
    for doc in docs:
        for unit in units(doc):
            if _steps(unit.text):
                found |= {m["file"].lower() for m in _ITEM.finditer(unit.text) if m["file"]}
    return found


# "the seal was intact", "the seals were unbroken", "no sign of tampering": a witness vouching
# for the load's seal.
_SEAL_INTACT = re.compile(
    r"\bseals?\b[^.;]{0,30}?\b(?:intact|unbroken|undamaged|untouched|in\s+place|"
    r"not\s+(?:been\s+)?(?:broken|tampered|cut|replaced))\b"
    r"|\bno\s+(?:sign|signs|evidence)\s+of\s+(?:any\s+)?tamper",
    re.IGNORECASE,
)
_IDENTIFIER = re.compile(r"\b[A-Z]{1,4}-?\d{3,}\b|\b\d{5,}\b")
