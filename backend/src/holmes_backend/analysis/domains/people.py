"""The people (and organisations) a set of documents names, each cited where it is named; a
name seen only in headings, or used as a thing ("the Spending Cap"), is no person."""

import re
from collections import Counter, defaultdict
from dataclasses import dataclass

from holmes_backend.analysis.facts.names import (
    find_names,
    name_key,
    not_a_person,
    things_named,
)
from holmes_backend.analysis.facts.text import Unit, around, units
from holmes_backend.contracts.agents import Finding, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc

PEOPLE_NAMED = "people_named"
# A document's heading ("MINUTES OF THE BOARD"), a form's column ("Name of Each Exchange") or a
# balance sheet's line ("Other Liabilities") is no organisation, though it ends in one.
_NOT_AN_ORGANIZATION = re.compile(
    r"\b(?:minutes|meeting|agreement|report|statement|resolution|memorandum|policy)\b"
    r"|^(?:names?|title|type) of\b"
    r"|^(?:long-term|short-term|other|total|net|deferred|accrued|current|non-?current|prepaid)\s",
    re.IGNORECASE,
)
ORGANIZATIONS_NAMED = "organizations_named"
_MAX_UNITS = 2000
_MAX_PER_DOCUMENT = 40
_THING_SHARE = 3


@dataclass(frozen=True)
class PersonMention:
    name: str
    unit: Unit
    start: int
    end: int

    def ref(self) -> SourceRef:
        """The unit's citation, its excerpt centred on the name."""
        return self.unit.ref.model_copy(
            update={"excerpt": around(self.unit.text, self.start, self.end, 200)}
        )


def person_mentions(docs: list[EvidenceDoc]) -> list[PersonMention]:
    found: list[PersonMention] = []
    things: Counter[str] = Counter()
    for doc in docs:
        for unit in units(doc)[:_MAX_UNITS]:
            things.update(name_key(t) for t in things_named(unit.text))
            found += [
                PersonMention(n.text, unit, n.start, n.end)
                for n in find_names(unit.text)
                if n.kind == "person"
                and not not_a_person(n.text)
                # A row's column name ("Payee Name: Acme Ltd") is no one.
                and not (unit.kind == "row" and unit.text[n.end : n.end + 1] == ":")
            ]
    uses = Counter(name_key(m.name) for m in found)
    outside = {name_key(m.name) for m in found if not m.unit.heading}
    # A name used as a thing in one of every three mentions or more is a thing.
    not_people = {key for key, count in things.items() if count * _THING_SHARE >= uses[key] + count}
    return [m for m in found if (key := name_key(m.name)) in outside and key not in not_people]


def people_named(docs: list[EvidenceDoc], mentions: list[PersonMention]) -> list[Finding]:
    """One finding per document listing the people it names, each cited where it is named."""
    by_file: dict[str, dict[str, PersonMention]] = defaultdict(dict)
    for mention in mentions:
        kept = by_file[mention.unit.file_id]
        key = name_key(mention.name)
        if key not in kept or len(mention.name) > len(kept[key].name):
            kept[key] = mention
    findings = []
    for doc in docs:
        people = sorted(by_file.get(doc.file_id, {}).values(), key=lambda m: m.unit.index)
        people = people[:_MAX_PER_DOCUMENT]
        if not people:
            continue
        findings.append(_listing(PEOPLE_NAMED, "People", doc, [(m.name, m.ref()) for m in people]))
    return findings


def _listing(
    finding_type: str, what: str, doc: EvidenceDoc, named: list[tuple[str, SourceRef]]
) -> Finding:
    """A finding listing the names a document gives, each cited where it is named."""
    names = [name for name, _ in named]
    return Finding(
        finding_type=finding_type,
        title=f"{what} named in {doc.filename or doc.file_id}",
        summary=f"{', '.join(names)}.",
        confidence=0.7,
        severity="LOW",
        entities=names,
        sources=[ref for _, ref in named],
    )


def organizations_named(docs: list[EvidenceDoc]) -> list[Finding]:
    """One finding per document listing the organisations it names, each cited where first
    named (bidders in minutes, a signature's employer: what no payment or clause may name)."""
    findings = []
    for doc in docs:
        first: dict[str, tuple[str, SourceRef]] = {}
        for unit in units(doc)[:_MAX_UNITS]:
            for name in find_names(unit.text):
                key = name_key(name.text)
                if name.kind != "organization" or not key or _NOT_AN_ORGANIZATION.search(name.text):
                    continue
                if key not in first or len(name.text) > len(first[key][0]):
                    mention = PersonMention(name.text, unit, name.start, name.end)
                    first[key] = (name.text, first[key][1] if key in first else mention.ref())
        named = list(first.values())[:_MAX_PER_DOCUMENT]
        if not named:
            continue
        findings.append(_listing(ORGANIZATIONS_NAMED, "Organisations", doc, named))
    return findings
