"""A will witnessed by one of the people it gives to: "I give the sum of GBP 20,000 to my carer,
Janet Pruitt" and "Witness 1: Janet Pruitt, 4 Lime Walk, Ely".

In England and Wales a gift to an attesting witness, or to a witness's spouse or civil partner,
is void (Wills Act 1837, s.15), and most common-law systems have a like rule or treat it as a
sign of undue influence; whoever examines a contested will checks it first.

- Legal: a will, codicil or testament (its title says so) whose gifts ("I give / leave /
  bequeath / devise … to [my relation,] Name") name a person its attestation lines also name
  ("Witness 1: Name", "Witnessed by: Name", "in the presence of: Name") is a finding of that
  person (HIGH), citing the gift and the attestation.
"""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

WITNESS_BENEFITS = "witness_beneficiary"

_WILL = re.compile(r"\b(?:last\s+will|will\s+and\s+testament|testament|codicil)\b", re.IGNORECASE)
_GIFT = re.compile(r"\bI\s+(?:give|leave|bequeath|devise)\b(?P<rest>[^.;]{3,240})", re.IGNORECASE)
_TO = re.compile(r"\bto\s+(?P<who>.+)$", re.IGNORECASE)
_WITNESS = re.compile(
    r"^\s*(?:(?:first|second|1st|2nd)\s+)?witness(?:\s*\d)?(?:\s+(?:name|signature))?\s*:\s*"
    r"(?P<who>.+)$|\b(?:witnessed\s+by|in\s+the\s+presence\s+of)\s*:?\s*(?P<who2>[A-Z].+)$",
    re.IGNORECASE,
)
_HEAD = 4


def _persons(text: str) -> list[str]:
    return [n.text for n in find_names(text) if n.kind == "person"]


def _gifts(doc_units: list[Unit]) -> list[tuple[str, Unit]]:
    found: list[tuple[str, Unit]] = []
    for unit in doc_units:
        for gift in _GIFT.finditer(unit.text):
            # The beneficiary follows "to": "… the sum of GBP 20,000 to my carer, Janet Pruitt".
            to = _TO.search(gift["rest"])
            found += [(person, unit) for person in _persons(to["who"] if to else gift["rest"])]
    return found


def _witnesses(doc_units: list[Unit]) -> list[tuple[str, Unit]]:
    found: list[tuple[str, Unit]] = []
    for unit in doc_units:
        if line := _WITNESS.search(unit.text):
            found += [(p, unit) for p in _persons(line["who"] or line["who2"] or "")[:2]]
    return found


def witness_beneficiaries(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    head = " ".join(u.text for u in doc_units[:_HEAD])
    if not _WILL.search(f"{doc.filename.replace('_', ' ')} {head}"):
        return []
    gifts, witnesses = _gifts(doc_units), _witnesses(doc_units)
    found: list[Finding] = []
    for witness, attested in witnesses:
        gift = next(((p, u) for p, u in gifts if same_party(p, witness)), None)
        if gift is None or any(same_party(witness, f.entities[0]) for f in found):
            continue
        found.append(
            Finding(
                finding_type=WITNESS_BENEFITS,
                title=f"{witness} witnessed the will and is given a gift by it",
                summary=(
                    f"{witness} is named as an attesting witness "
                    f"(\u201c{attested.text[:100]}\u201d) and as a beneficiary "
                    f"(\u201c{gift[1].text[:160]}\u201d): a gift to an attesting witness is "
                    "void in England and Wales (Wills Act 1837, s.15) and calls for inquiry "
                    "into how the will was made."
                ),
                confidence=0.85,
                severity="HIGH",
                entities=[witness],
                sources=unique_refs([gift[1].ref, attested.ref], 2),
            )
        )
    return found
