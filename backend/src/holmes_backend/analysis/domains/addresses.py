"""Parties at one address: an organisation on record where a person (another party) lives,
the classic ghost or conflicted supplier."""

import re
from collections import defaultdict
from dataclasses import dataclass

from holmes_backend.analysis.domains.ledger import paid_to, total_of
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.names import find_names, kind_of, same_party
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.contracts.agents import (
    Anomaly,
    Finding,
    SourceRef,
    Transaction,
)
from holmes_backend.llm.evidence import EvidenceDoc

ADDRESS_ON_RECORD = "address_on_record"
SHARED_ADDRESS = "shared_address"

_NAME_COLUMN = re.compile(
    r"^(?:(?:vendor|supplier|payee|company|customer|client|employee|staff|member|contractor)"
    r"(?:\s+name)?|(?:full\s+)?name)$",
    re.IGNORECASE,
)
_ADDRESS_COLUMN = re.compile(
    r"\b(?:address|street|address\s+line\s*1|home\s+address|registered\s+address)\b", re.I
)
_POSTCODE_COLUMN = re.compile(r"\b(?:post\s*code|postal\s+code|zip(?:\s+code)?)\b", re.I)
_HOUSE = re.compile(r"\b\d{1,5}[a-z]?\b", re.IGNORECASE)
_TITLE = re.compile(r"^(?P<name>.+?) at (?P<address>.+)$")


# A record's field on its own line.
_FIELD = re.compile(
    r"^\s*(?:\d{1,2}\.\s*)?(?:[a-z]\)\s*)?"
    r"(?P<label>[^\W\d][^\W\d_ ./(),'-]*(?:[ ./(),'-]+[^\W\d]+){0,4})"
    r"(?:\s*:\s*(?P<value>.*)|\s{2,}(?P<padded>\S.*))$"
)
# Where a field's value ends: another column, or the next numbered entry run into its line.
_VALUE_END = re.compile(r"\s{2,}|\s[a-z]\)(?:\s|$)")
# An address field's label in the languages records are kept in, not an e-mail's or a site's.
_ADDRESS_LABEL = re.compile(
    r"(?:address|adres|adresse|anschrift|adress|direcci[oó]n|indirizzo|endere[cç]o|domicil)"
    r"(?!.*(?:mail|web|ip\b))",
    re.IGNORECASE,
)
# Whose record it is: a name field ("Naam", "Statutaire naam", "Name, Vorname", "Firma").
_NAME_LABEL = re.compile(
    r"^(?:(?:full|legal|registered|company|trading|statutaire|family)\s+)?"
    r"(?:name|naam|namn|navn|nom|nombre|nome|firma|surname|nachname|apellidos|denominaci[oó]n)"
    r"(?:\s*(?:,|\s(?:and|y|und|et|e|en|og|och)\s)\s*[^\W\d]+)?$",
    re.IGNORECASE,
)
_PLACE_LINE = 40


def is_address_register(doc: EvidenceDoc) -> bool:
    """Whether the document is a table of parties and their addresses, or a record giving one
    party's address."""
    for unit in units(doc)[:5]:
        if unit.kind == "row" and (fields := row_fields(unit.text)):
            return _columns(list(fields))[0] is not None
    return bool(_record_addresses(doc))


def _record_addresses(doc: EvidenceDoc) -> list[tuple[str, str, Unit]]:
    """(whose, address, its line) of each address field of a record."""
    doc_units = units(doc)
    found: list[tuple[str, str, Unit]] = []
    whose: str | None = None
    for index, unit in enumerate(doc_units):
        field = _FIELD.match(unit.text) if unit.kind != "row" else None
        if field is None:
            continue
        label, value = " ".join(field["label"].split()), field["value"] or field["padded"] or ""
        below = doc_units[index + 1].text if index + 1 < len(doc_units) else ""
        if not value.strip():
            if _FIELD.match(below):
                continue
            value = below
        value = _VALUE_END.split(value.strip(), maxsplit=1)[0]
        if _NAME_LABEL.search(label):
            whose = re.sub(r"\s*\([^()]*\)", "", value).strip() or value
        elif whose and _ADDRESS_LABEL.search(label):
            if not (_HOUSE.search(value) and re.search(r"[^\W\d_]{3,}", value)):
                continue
            after = below.strip()
            if (
                0 < len(after) <= _PLACE_LINE
                and _FIELD.match(after) is None
                and any(c.isdigit() for c in after)
                and "," not in value
            ):
                value = f"{value}, {after}"
            found.append((whose, " ".join(value.split()), unit))
    return found


def _columns(headers: list[str]) -> tuple[str | None, str | None, str | None]:
    name = next((h for h in headers if _NAME_COLUMN.match(h.strip())), None)
    address = next((h for h in headers if _ADDRESS_COLUMN.search(h)), None)
    postcode = next((h for h in headers if _POSTCODE_COLUMN.search(h)), None)
    return (name, address, postcode) if name and address else (None, None, None)


def registered_addresses(doc: EvidenceDoc) -> list[Finding]:
    found = [
        _on_record(whose, address, unit.text, unit.ref)
        for whose, address, unit in _record_addresses(doc)
    ]
    for unit in units(doc):
        fields = row_fields(unit.text) if unit.kind == "row" else {}
        name_column, address_column, postcode_column = _columns(list(fields))
        if name_column is None or address_column is None:
            continue
        name, address = fields[name_column].strip(), fields[address_column].strip()
        postcode = fields.get(postcode_column or "", "").strip()
        if postcode and postcode not in address:
            address = f"{address}, {postcode}"
        if name and address:
            found.append(_on_record(name, address, unit.text, unit.ref))
    return found


def _on_record(name: str, address: str, text: str, ref: SourceRef) -> Finding:
    return Finding(
        finding_type=ADDRESS_ON_RECORD,
        title=f"{name} at {address}",
        summary=text[:300],
        confidence=0.8,
        severity="LOW",
        entities=[name],
        sources=[ref],
    )


def _key(address: str) -> tuple[str, str]:
    """(street line, house number and postcode) of an address, each in one spelling."""
    parts = [p.strip().lower() for p in address.split(",")]
    street = " ".join(re.findall(r"[a-z0-9]+", parts[0]))
    postcode = re.sub(r"\s+", "", parts[-1]) if len(parts) > 1 else ""
    house = _HOUSE.search(parts[0])
    return street, f"{house.group().lower() if house else ''}|{postcode}"


@dataclass(frozen=True)
class SharedAddress:
    firm: str
    person: str
    address: str
    firm_row: Finding
    person_row: Finding

    @property
    def rows(self) -> tuple[Finding, Finding]:
        return self.firm_row, self.person_row


def shared_pairs(findings: list[Finding]) -> list[SharedAddress]:
    """Each organisation and person (another party) on record at one address."""
    by_street: dict[str, list[tuple[str, str, Finding]]] = defaultdict(list)
    by_house: dict[str, list[tuple[str, str, Finding]]] = defaultdict(list)
    for finding in findings:
        match = _TITLE.match(finding.title) if finding.finding_type == ADDRESS_ON_RECORD else None
        if match is None:
            continue
        street, house = _key(match["address"])
        entry = (match["name"], match["address"], finding)
        by_street[street].append(entry)
        if not house.startswith("|") and not house.endswith("|"):
            by_house[house].append(entry)
    found: list[SharedAddress] = []
    seen: set[tuple[str, str]] = set()
    for group in [*by_street.values(), *by_house.values()]:
        firms = [g for g in group if kind_of(g[0]) == "organization"]
        people = [g for g in group if _person(g[0])]
        for firm_name, address, firm in firms:
            for person_name, _, person in people:
                if (firm_name, person_name) in seen or same_party(firm_name, person_name):
                    continue
                seen.add((firm_name, person_name))
                found.append(SharedAddress(firm_name, person_name, address, firm, person))
    return found


def shared_addresses(findings: list[Finding], transactions: list[Transaction]) -> list[Anomaly]:
    return [_anomaly(pair, transactions) for pair in shared_pairs(findings)]


def _person(name: str) -> bool:
    return kind_of(name) == "person" or any(n.kind == "person" for n in find_names(name))


def _anomaly(pair: SharedAddress, transactions: list[Transaction]) -> Anomaly:
    firm, person, address = pair.firm, pair.person, pair.address
    paid = paid_to(transactions, firm)
    money = f"; {len(paid)} payment(s) to {firm} totalling {total_of(paid)}" if paid else ""
    return Anomaly(
        kind=SHARED_ADDRESS,
        description=(
            f"{firm} is registered at {address}, the address on record for {person}{money}."
        ),
        severity="HIGH" if paid else "MEDIUM",
        total_amount=round(sum(t.amount for t in paid), 2) if paid else None,
        sources=unique_refs(
            [pair.firm_row.sources[0], pair.person_row.sources[0], *(t.source for t in paid)], 8
        ),
    )
