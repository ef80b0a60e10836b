"""Who is tied to an organisation (its register's officers), relatives named in a record, and the
sworn denials those ties contradict."""

import re
from typing import TYPE_CHECKING

from holmes_backend.analysis.domains.addresses import ADDRESS_ON_RECORD, shared_pairs
from holmes_backend.analysis.domains.claims import witness
from holmes_backend.analysis.domains.ledger import paid_to, total_of
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
from holmes_backend.contracts.agents import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc

if TYPE_CHECKING:
    from holmes_backend.analysis.domains.case import CaseView

INTEREST = "interest"
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
_KIN = (
    r"spouse|wife|husband|partner|civil\s+partner|fianc[eé]e?|son|daughter|brother|sister|"
    r"father|mother|parent|child|sibling|cousin|uncle|aunt|nephew|niece|stepson|stepdaughter|"
    r"(?:brother|sister|son|daughter|father|mother)-in-law|next\s+of\s+kin|relative"
)
_NAME = rf"[{UPPER}][\w'\u2019.-]+(?:\s+[{UPPER}][\w'\u2019.-]+){{1,3}}"
# Relatives of the record's subject.
_KIN_OF_SUBJECT = re.compile(
    rf"(?P<a>{_NAME})\s*\((?P<k1>{_KIN})\)"
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
_HEAD = 12


def register_findings(doc_units: list[Unit]) -> list[Finding]:
    """People a register's record lists as members, managers, owners or officers of the entity
    it is about."""
    subject = next(
        (
            _entity_name(match["name"])
            for unit in doc_units[:60]
            if (match := _ENTITY_FIELD.match(unit.text.strip()))
        ),
        None,
    )
    if not subject:
        return []
    held = [(unit, officer) for unit in doc_units if (officer := _officer(unit.text.strip()))]
    return [
        Finding(
            finding_type=INTEREST,
            title=f"{person}: {role} of {subject}",
            summary=f"{person} is listed as {role} of {subject}.",
            confidence=0.85,
            severity="MEDIUM",
            entities=[person, subject],
            sources=[unit.ref],
        )
        for unit, (person, role) in held
    ]


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
        relative = person_in(match["a"] or match["b"] or match["d"] or "")
        kin = match["k1"] or match["k2"] or match["k4"]
        if relative and not same_party(subject, relative):
            found.append((subject, " ".join(kin.lower().split()), relative))
    return found


def interest_contradictions(view: "CaseView") -> list[Contradiction]:
    """A sworn denial of any tie with an organisation whose register lists the speaker among its
    people."""
    interests = [
        f for f in view.legal.findings if f.finding_type == INTEREST and len(f.entities) == 2
    ]
    found: list[Contradiction] = []
    for claim in view.evidence.sworn_claims if interests else []:
        denial = _DISCLAIMS.search(claim.claim)
        if not claim.speaker or denial is None:
            continue
        scope, entities = _targets(claim.claim[denial.end() :], interests)
        ties = [
            f
            for f in interests
            if f.entities[1] in entities and same_party(f.entities[0], claim.speaker)
        ]
        if not ties:
            continue
        person, entity = ties[0].entities
        role = ties[0].title.split(": ", 1)[1]
        payments = paid_to(view.financial.transactions, entity)
        received = (
            f"; it was paid {len(payments)} time(s), {total_of(payments)}" if payments else ""
        )
        what = f"knowing anyone {scope}" if denial["know"] else f"any {denial['what']} {scope}"
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs(
                    [s for t in ties for s in t.sources] + [t.source for t in payments], 8
                ),
                explanation=(
                    f"{claim.speaker} denies {what}, yet the register lists {person} as {role}"
                    f"{received}."
                ),
                severity="HIGH",
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


def _targets(rest: str, interests: list[Finding]) -> tuple[str, list[str]]:
    """What a denial is about, and the registered entities it names."""
    entities = sorted({f.entities[1] for f in interests})
    named = _DISCLAIMED.match(rest)
    if named is None:
        return "", []
    words = distinctive_words([named["name"]])
    scope = " ".join(named.group().split()).rstrip(".,;")
    return scope, [e for e in entities if words & distinctive_words([e])]
