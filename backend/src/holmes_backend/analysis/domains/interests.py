"""Who is tied to an organisation (its register's officers and their relatives), and the sworn
denials those ties contradict."""

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING

from holmes_backend.analysis.domains.addresses import ADDRESS_ON_RECORD, shared_pairs
from holmes_backend.analysis.domains.claims import witness
from holmes_backend.analysis.domains.ledger import is_payment, paid_to, total_of
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.names import (
    UPPER,
    clean,
    distinctive_words,
    find_names,
    same_party,
    title_case,
)
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.contracts.agents import Contradiction, Finding, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc

if TYPE_CHECKING:
    from holmes_backend.analysis.domains.case import CaseView

INTEREST = "interest"
ENTITY_ADDRESS = "entity_address"
RELATION = "relation"

_INTEREST_ROLE = re.compile(
    r"\b(managing member|member|manager|organi[sz]er|director|beneficial owner|owner|"
    r"shareholder|stockholder|partner|incorporator|trustee|officer|company secretary|"
    r"proprietor|secretary|person\s+with\s+significant\s+control)\b(?:\s*\((?P<share>[\d.]+\s*%)\))?",
    re.IGNORECASE,
)
_ENTITY_FIELD = re.compile(
    r"^(?:(?:entity|company|business|corporate|legal|registered)\s+name|name\s+of\s+"
    r"(?:the\s+)?(?:company|entity|business)|company|entity|business|organi[sz]ation)"
    r"\s*[|:]\s*(?P<name>.+)$",
    re.IGNORECASE,
)
# "Director: Renata Vosk, 14 Larch Road" / "Shareholder (40%): Tobias Quell".
_ROLE_FIELD = re.compile(rf"^(?P<role>[\w ()%.]{{2,40}}?)\s*:\s*(?P<rest>[{UPPER}].*)$")
_OFFICE_FIELD = re.compile(
    r"^(?:registered\s+(?:office|address)(?:\s+address)?|principal\s+place\s+of\s+business|"
    r"business\s+address)"
    r"\s*[|:]\s*(?P<address>.+)$",
    re.IGNORECASE,
)
_KIN = (
    r"spouse|wife|husband|partner|civil\s+partner|fianc[eé]e?|son|daughter|brother|sister|"
    r"father|mother|parent|child|sibling|cousin|uncle|aunt|nephew|niece|stepson|stepdaughter|"
    r"(?:brother|sister|son|daughter|father|mother)-in-law|next\s+of\s+kin|relative"
)
_NAME = rf"[{UPPER}][\w'\u2019.-]+(?:\s+[{UPPER}][\w'\u2019.-]+){{1,3}}"
# Relatives of the record's subject.
_KIN_OF_SUBJECT = re.compile(
    rf"^(?:emergency\s+contact|next\s+of\s+kin)\s*:\s*(?P<c>{_NAME})\s*\((?P<k3>{_KIN})\)"
    rf"|(?P<a>{_NAME})\s*\((?P<k1>{_KIN})\)"
    rf"|^(?P<k2>{_KIN})\s*:\s*(?P<b>{_NAME})"
    rf"|\b(?:my|his|her)\s+(?P<k4>{_KIN}),?\s+(?P<d>{_NAME})",
    re.IGNORECASE,
)
# Denials: of a tie ("no connection with", "neither I nor my family has any interest in") and of
# knowing anyone there ("I don't know anyone at Kestrel").
_DISCLAIMS = re.compile(
    r"\b(?:no|never\s+(?:had|held)\s+(?:a|an|any)|not\s+(?:have|hold|had|held)\s+(?:a|an|any)|"
    r"neither\s+I\s+nor\s+[^.;]{0,60}?\b(?:has|have|had|holds?|held)\s+(?:a|an|any))\s+"
    r"(?:[\w-]+,?\s+){0,4}?(?P<what>connection|interest|stake|relationship|ties|involvement|"
    r"affiliation|ownership|dealings|role)s?\b"
    r"|\b(?:do\s+not|don['\u2019]t|did\s+not|didn['\u2019]t|never)\s+(?:\w+\s+)?"
    r"(?P<know>know|knew|met)\s+(?:any(?:one|body)|any\s+of\s+the\s+\w+|the\s+owners?)",
    re.IGNORECASE,
)
_DISCLAIMED = re.compile(
    rf"\s+(?:\w+\s+){{0,2}}?(?:to|with|in|into|at|from|of|behind)\s+(?:the\s+)?"
    rf"(?P<name>[{UPPER}][\w&'.-]*(?:\s+[{UPPER}][\w&'.-]*){{0,4}})"
)
_ANY_SUPPLIER = re.compile(
    r"\s*(?:in|with|to|at|of|from)\s+any\s+(?:of\s+the\s+)?(?:suppliers?|vendors?|contractors?|companies|company|firms?|"
    r"businesses|business|counterpart(?:y|ies)|bidders?|tenderers?|customers?|clients?)\b",
    re.IGNORECASE,
)
_FAMILY = re.compile(
    r"\b(?:family|families|spouse|wife|husband|partner|relatives?|household|children|"
    r"close\s+associates?)\b",
    re.IGNORECASE,
)
# Ties a relative's stake is one of ("no connection", "no relationship"), unlike "no interest".
_BROAD = re.compile(r"connection|relationship|ties|dealings|affiliation|involvement", re.I)
_HEAD = 12


def register_findings(doc_units: list[Unit]) -> list[Finding]:
    """People a register's record lists as members, managers, owners or officers of the entity
    it is about, and the entity's registered office."""
    subject = next(
        (
            _entity_name(match["name"])
            for unit in doc_units[:60]
            if (match := _ENTITY_FIELD.match(unit.text.strip()))
        ),
        None,
    ) or _titled_entity(doc_units)
    if not subject:
        return []
    found: list[Finding] = []
    for unit in doc_units:
        text = unit.text.strip()
        if office := _OFFICE_FIELD.match(text):
            found.append(
                Finding(
                    finding_type=ENTITY_ADDRESS,
                    title=f"{subject}: registered at {office['address'].strip()[:120]}",
                    summary=office["address"].strip()[:300],
                    confidence=0.85,
                    severity="LOW",
                    entities=[subject],
                    sources=[unit.ref],
                )
            )
            continue
        held = _officer(text)
        if held is None:
            continue
        person, role = held
        found.append(
            Finding(
                finding_type=INTEREST,
                title=f"{person}: {role} of {subject}",
                summary=f"{person} is listed as {role} of {subject}.",
                confidence=0.85,
                severity="MEDIUM",
                entities=[person, subject],
                sources=[unit.ref],
            )
        )
    return found


def _titled_entity(doc_units: list[Unit]) -> str | None:
    """The entity of a register's page that heads it with its bare name."""
    if not any(_OFFICE_FIELD.match(unit.text.strip()) for unit in doc_units[:60]):
        return None
    for unit in doc_units[:_HEAD]:
        text = unit.text.strip()
        named = find_names(title_case(text) if text.isupper() else text)
        if (
            len(named) == 1
            and named[0].kind == "organization"
            and len(named[0].text) >= len(text) - 2
        ):
            return _entity_name(named[0].text)
    return None


def _entity_name(raw: str) -> str:
    name = clean(raw.split("|", maxsplit=1)[0]).strip()
    return title_case(name) if name.isupper() else name


# A row's cells: "Agnes Morrow | Director" or "Daniel Farrant - Director - appointed 2019".
_CELL_SEPARATOR = re.compile(r"\s*\|\s*|\s+[-\u2013\u2014]\s+")


def _officer(text: str) -> tuple[str, str] | None:
    """(person, role) of a register's row."""
    cells = [cell.strip() for cell in _CELL_SEPARATOR.split(text)]
    if len(cells) >= 2:
        person = person_in(cells[0])
        role = _INTEREST_ROLE.search(cells[1])
        return (person, role.group(0)) if person and role else None
    field = _ROLE_FIELD.match(text)
    if field is None or not (role := _INTEREST_ROLE.fullmatch(field["role"].strip())):
        return None
    person = person_in(re.split(r"[,;(]| - ", field["rest"])[0])
    return (person, role.group(0)) if person else None


def person_in(text: str) -> str | None:
    """The first person a cell or a field names (a cell in capitals read as a name)."""
    named = find_names(text) or find_names(text.title() if text.isupper() else text)
    return next((n.text for n in named if n.kind == "person"), None)


def personal_ties(doc: EvidenceDoc) -> list[Finding]:
    """The relatives of the person a record is about (its witness)."""
    subject = witness(doc, _HEAD)
    return [
        Finding(
            finding_type=RELATION,
            title=f"{relative}: {kin} of {person}",
            summary=unit.text.strip()[:300],
            confidence=0.8,
            severity="LOW",
            entities=[person, relative],
            sources=[unit.ref],
        )
        for unit in units(doc)
        if unit.kind != "row"
        for person, kin, relative in _relatives(unit.text.strip(), subject)
    ]


def _relatives(text: str, subject: str | None) -> list[tuple[str, str, str]]:
    found: list[tuple[str, str, str]] = []
    if subject is None:
        return found
    for match in _KIN_OF_SUBJECT.finditer(text):
        relative = person_in(match["a"] or match["b"] or match["c"] or match["d"] or "")
        kin = match["k1"] or match["k2"] or match["k3"] or match["k4"]
        if relative and not same_party(subject, relative):
            found.append((subject, " ".join(kin.lower().split()), relative))
    return found


@dataclass
class _Tie:
    officer: Finding
    how: str
    sources: list[SourceRef]


def interest_contradictions(view: "CaseView") -> list[Contradiction]:
    """A sworn denial of any tie with an organisation whose register lists the speaker, or a
    relative of theirs, among its people."""
    interests = [
        f for f in view.legal.findings if f.finding_type == INTEREST and len(f.entities) == 2
    ]
    if not interests:
        return []
    personal = [*view.evidence.findings, *view.legal.findings]
    relations = [f for f in personal if f.finding_type == RELATION and len(f.entities) == 2]
    paid = _paid(view)
    found: list[Contradiction] = []
    for claim in view.evidence.sworn_claims:
        denial = _DISCLAIMS.search(claim.claim)
        if not claim.speaker or denial is None:
            continue
        scope, entities = _targets(claim.claim[denial.end() :], interests, paid)
        ties = [
            tie for entity in entities for tie in _ties(claim.speaker, entity, interests, relations)
        ]
        if not ties:
            continue
        own = [t for t in ties if not t.how]
        first = (own or ties)[0]
        person, entity = first.officer.entities
        role = first.officer.title.split(": ", 1)[1]
        listed = f"{person}, {first.how}," if first.how else person
        payments = paid_to(view.financial.transactions, entity)
        received = (
            f"; it was paid {len(payments)} time(s), {total_of(payments)}" if payments else ""
        )
        what = f"knowing anyone {scope}" if denial["know"] else f"any {denial['what']} {scope}"
        # "I have no interest" is literally true when the stake is a relative's.
        covered = own or denial["know"] or _FAMILY.search(claim.claim)
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs(
                    [s for t in ties for s in t.sources] + [t.source for t in payments], 8
                ),
                explanation=(
                    f"{claim.speaker} denies {what}, yet the register lists {listed} as {role}"
                    f"{received}."
                ),
                severity="HIGH" if covered or _BROAD.match(denial["what"] or "") else "MEDIUM",
            )
        )
    return found


def address_contradictions(view: "CaseView") -> list[Contradiction]:
    """A sworn denial of any tie to an organisation that is on record at the speaker's own
    address, as the Financial analyst's findings give both."""
    on_record = [f for f in view.financial.findings if f.finding_type == ADDRESS_ON_RECORD]
    pairs = shared_pairs(on_record)
    found: list[Contradiction] = []
    for claim in view.evidence.sworn_claims if pairs else []:
        denial = _DISCLAIMS.search(claim.claim)
        if not claim.speaker or denial is None:
            continue
        said = distinctive_words([re.sub(r"[^\w\s&'.-]", " ", claim.claim[denial.start() :])])
        for pair in pairs:
            if same_party(claim.speaker, pair.person) and distinctive_words([pair.firm]) & said:
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=[pair.firm_row.sources[0], pair.person_row.sources[0]],
                        explanation=(
                            f"{claim.speaker} denies any {denial['what'] or 'acquaintance'} with "
                            f"{pair.firm}, yet {pair.firm} is on record at {pair.address}, the "
                            f"address on record for {pair.person}."
                        ),
                        severity="HIGH",
                    )
                )
                break
    return found


def _paid(view: "CaseView") -> list[str]:
    return sorted({t.to_party for t in view.financial.transactions if is_payment(t) and t.to_party})


def _targets(rest: str, interests: list[Finding], paid: list[str]) -> tuple[str, list[str]]:
    """What a denial is about, and the registered entities it concerns: the one it names, or
    each one the case pays when it denies a tie with "any supplier"."""
    entities = sorted({f.entities[1] for f in interests})
    if supplier := _ANY_SUPPLIER.match(rest):
        payees = distinctive_words(paid)
        scope = " ".join(supplier.group().split()).rstrip(".,;")
        return scope, [e for e in entities if distinctive_words([e]) & payees]
    named = _DISCLAIMED.match(rest)
    if named is None:
        return "", []
    words = distinctive_words([named["name"]])
    scope = " ".join(named.group().split()).rstrip(".,;")
    return scope, [e for e in entities if words & distinctive_words([e])]


def _ties(
    speaker: str, entity: str, interests: list[Finding], relations: list[Finding]
) -> list[_Tie]:
    """The register's officers of the entity who are the speaker or a relative of theirs."""
    found: list[_Tie] = []
    for officer in [f for f in interests if f.entities[1] == entity]:
        person = officer.entities[0]
        if same_party(person, speaker):
            found.append(_Tie(officer, "", officer.sources))
            continue
        kin = next(
            (
                r
                for r in relations
                if any(same_party(a, speaker) for a in r.entities)
                and any(same_party(b, person) for b in r.entities)
            ),
            None,
        )
        if kin is not None:
            relation = kin.title.split(": ", 1)[1].split(" of ")[0]
            mine = same_party(kin.entities[1], person)
            how = f"{relation} of {speaker}" if mine else f"whose {relation} is {speaker}"
            found.append(_Tie(officer, how, [*officer.sources, *kin.sources]))
    return found
