"""Where a consignment goes, by each document that speaks of it: an invoice's buyer, a bill of
lading's consignee and port of discharge, an end-user certificate's end user, a delivery
note's "Deliver to". Goods sent to one party on paper and to another in fact (an export
diverted past its end-user certificate, goods invoiced to one buyer and delivered to another)
show as documents of the same reference naming different recipients or countries.

- Financial: each document naming a reference (an invoice or order number) and a recipient
  field is a finding: the reference, the recipient, the countries its fields name, and whether
  the document certifies or declares where the goods go (an end-user certificate, a declaration).
- Synthesis: documents of one reference that name different recipients (not the same party) or
  countries that do not meet contradict each other: HIGH when one of them certifies the
  destination, MEDIUM otherwise.
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.ledger import norm_reference, references
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.lexicon import REGIONS
from holmes_backend.llm.local.facts.names import clean, find_names, same_party
from holmes_backend.llm.local.facts.text import units

CONSIGNMENT = "consignment"

_RECIPIENT = re.compile(
    r"^\s*(?:buyer\s*/\s*)?(?P<label>(?:ultimate\s+)?consignee|end[- ]user|buyer|ship\s+to|"
    r"deliver(?:y)?\s+to|importer|receiver)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_DESTINATION = re.compile(
    r"^\s*(?P<label>port\s+of\s+discharge|place\s+of\s+delivery|(?:final\s+)?destination|"
    r"country\s+of\s+destination|port\s+of\s+destination)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_CERTIFIES = re.compile(
    r"\b(?:certify|certifies|certified|declare|declares|undertake|undertakes|end[- ]user\s+"
    r"certificate|will\s+not\s+be\s+re-?exported)\b",
    re.IGNORECASE,
)
_CERTIFIED_MARK = " (certified)"
_TITLE = re.compile(
    r"^Consignment (?P<ref>\S+) to (?P<to>.+?)(?: \[(?P<where>[^\]]*)\])?(?: \(certified\))?$"
)
_HEAD = 40


def consignments(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)[:_HEAD]
    text = " ".join(u.text for u in doc_units)
    refs = list(dict.fromkeys(references(text)))
    recipient = next(((u, m) for u in doc_units if (m := _RECIPIENT.match(u.text))), None)
    if not refs or recipient is None:
        return []
    unit, match = recipient
    value = match["v"].strip()
    named = [n.text for n in find_names(value) if n.kind in ("organization", "person")]
    party = named[0] if named else clean(value.split(",")[0])
    fields = [unit] + [u for u in doc_units if _DESTINATION.match(u.text)]
    countries = sorted(
        {w.title() for u in fields for w in re.findall(r"[a-z]+", u.text.lower()) if w in REGIONS}
    )
    places = [value] + [m["v"].strip() for u in fields[1:] if (m := _DESTINATION.match(u.text))]
    where = f" [{'; '.join(countries)}]" if countries else ""
    mark = _CERTIFIED_MARK if _CERTIFIES.search(text) else ""
    return [
        Finding(
            finding_type=CONSIGNMENT,
            title=f"Consignment {refs[0]} to {party}{where}{mark}",
            summary=" / ".join(places)[:300],
            confidence=0.75,
            severity="LOW",
            entities=[party],
            sources=[u.ref for u in fields[:3]],
        )
    ]


def consignment_contradictions(
    findings: list[Finding], filenames: dict[str, str]
) -> list[Contradiction]:
    """`filenames`: each file's name by its id, for the explanation."""

    def named(finding: Finding) -> str:
        file_id = finding.sources[0].file_id
        return filenames.get(file_id, file_id)

    by_ref: dict[str, list[tuple[Finding, str, set[str], bool]]] = defaultdict(list)
    for finding in findings:
        match = _TITLE.match(finding.title) if finding.finding_type == CONSIGNMENT else None
        if match is None:
            continue
        countries = set(filter(None, (match["where"] or "").split("; ")))
        certified = finding.title.endswith(_CERTIFIED_MARK)
        by_ref[norm_reference(match["ref"])].append((finding, match["to"], countries, certified))
    found: list[Contradiction] = []
    for told in by_ref.values():
        ref = (_TITLE.match(told[0][0].title) or {"ref": ""})["ref"]
        if len({f.sources[0].file_id for f, *_ in told}) < 2:
            continue
        # The account the certifying document gives (else the first) against those that differ.
        told.sort(key=lambda t: not t[3])
        claim, party, countries, certified = told[0]
        differ = [
            t
            for t in told[1:]
            if not same_party(t[1], party) or (countries and t[2] and not countries & t[2])
        ]
        differ = [t for t in differ if t[0].sources[0].file_id != claim.sources[0].file_id]
        if not differ:
            continue
        agree = [t for t in told if t not in differ]
        files = ", ".join(dict.fromkeys(named(t[0]) for t in agree))
        others = "; ".join(f"to {t[1]} ({t[0].summary[:100]}) in {named(t[0])}" for t in differ[:3])
        found.append(
            Contradiction(
                claim=claim.summary,
                claim_source=claim.sources[0],
                evidence_against=unique_refs([s for t in differ for s in t[0].sources], 6),
                explanation=(
                    f"The goods of {ref} go to {party} ({claim.summary[:100]}) in {files}, "
                    f"but {others}."
                ),
                severity="HIGH" if certified else "MEDIUM",
            )
        )
    return found
