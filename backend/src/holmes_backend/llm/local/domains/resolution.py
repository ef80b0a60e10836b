"""Entity resolution: mentions of one person, organisation or place merged under a stable id.

People: mentions sharing a surname form one person per distinct first name ("Jane Q. Roe",
"Jane Roe", "Dr. Jane Roe"); initials ("J. Roe") and bare surnames ("Ms. Roe") join the one
compatible person, and stay apart when two are compatible (no guessing between Jane and John).
Organisations: the same name without case, punctuation, "The" and legal-form suffix ("Acme
Widgets, Inc." = "ACME WIDGETS INC" = "Acme Widgets Incorporated"). Ids are the type and a slug
of the canonical name, so the same evidence always yields the same ids.
"""

import re
from collections import defaultdict
from dataclasses import dataclass, field

from holmes_backend.agents.schemas import EntityType, SourceRef
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.lexicon import NOT_NAMES
from holmes_backend.llm.local.facts.names import (
    kind_of,
    not_a_person,
    org_core,
    person_parts,
    slug,
    strip_honorific,
    title_case,
)

_ACCOUNT = re.compile(r"\b(acct|account|iban|a/c)\b|\*{2,}\d{2,}|\bx{2,}\d{2,}", re.IGNORECASE)


@dataclass
class Mention:
    name: str
    type: EntityType
    source: SourceRef | None = None


@dataclass
class Resolved:
    id: str
    name: str
    type: EntityType
    aliases: set[str] = field(default_factory=set)
    sources: list[SourceRef] = field(default_factory=list)


def guess_type(name: str) -> EntityType:
    if _ACCOUNT.search(name) or (sum(c.isdigit() for c in name) >= 4 and len(name) < 40):
        return "account"
    kind = kind_of(name)
    if kind == "organization":
        return "organization"
    if kind == "place":
        return "place"
    return "person"


class Resolver:
    def __init__(self) -> None:
        self._mentions: list[Mention] = []
        self._index: dict[tuple[str, str], Resolved] = {}
        self._aliases: dict[str, str] = {}

    def alias(self, name: str, alias: str) -> None:
        """A defined term ("the Consultant") that stands for a named party."""
        self._aliases[alias.lower()] = name

    def add(
        self, name: str | None, type_: EntityType | None = None, source: SourceRef | None = None
    ) -> None:
        if not name or not name.strip() or len(name) > 120:
            return
        clean_name = " ".join(name.split())
        if clean_name.lower() in self._aliases or (
            " " not in clean_name and clean_name.lower() in NOT_NAMES
        ):
            return  # a defined term or a role word, not a name of its own
        kind = type_ or guess_type(clean_name)
        if kind == "person":
            if kind_of(clean_name) == "organization":
                kind = "organization"  # "Blue Heron Diner" named as if it were a party
            elif not_a_person(clean_name):
                return  # a role ("Court Reporter") or a heading ("Ohio Present"), not a person
        self._mentions.append(Mention(clean_name, kind, source))

    def resolve(self) -> list[Resolved]:
        people = [m for m in self._mentions if m.type == "person"]
        others = [m for m in self._mentions if m.type != "person"]
        resolved = self._people(people)
        groups: dict[tuple[str, str], list[Mention]] = defaultdict(list)
        for mention in others:
            key = org_core(mention.name) if mention.type == "organization" else mention.name.lower()
            groups[(mention.type, key or mention.name.lower())].append(mention)
        for (type_, _), mentions in groups.items():
            resolved.append(self._entity(type_, mentions))  # type: ignore[arg-type]
        for entity in resolved:
            for alias in entity.aliases | {entity.name}:
                self._index[(entity.type, alias.lower())] = entity
        return sorted(resolved, key=lambda e: e.id)

    def lookup(self, name: str | None, type_: EntityType | None = None) -> Resolved | None:
        if not name:
            return None
        clean_name = " ".join(name.split()).lower()
        if clean_name in self._aliases and self._aliases[clean_name].lower() != clean_name:
            return self.lookup(self._aliases[clean_name], type_)
        for kind in [type_ or guess_type(name), "person", "organization", "place", "account"]:
            found = self._index.get((kind, clean_name))
            if found:
                return found
        return None

    def _entity(self, type_: EntityType, mentions: list[Mention]) -> Resolved:
        names = {m.name for m in mentions}
        canonical = max(names, key=lambda n: (len(n), n))
        entity = Resolved(
            f"{type_}:{slug(org_core(canonical) if type_ == 'organization' else canonical)}",
            canonical,
            type_,
            names - {canonical},
        )
        entity.sources = unique_refs([m.source for m in mentions if m.source], 8)
        return entity

    def _people(self, mentions: list[Mention]) -> list[Resolved]:
        by_surname: dict[str, list[Mention]] = defaultdict(list)
        for mention in mentions:
            parts = person_parts(mention.name)
            if parts:
                by_surname[parts[2]].append(mention)
        resolved: list[Resolved] = []
        for surname, group in sorted(by_surname.items()):
            resolved += self._surname_group(surname, group)
        return resolved

    def _surname_group(self, surname: str, group: list[Mention]) -> list[Resolved]:
        full: dict[str, list[Mention]] = defaultdict(list)
        partial: list[Mention] = []
        for mention in group:
            first = (person_parts(mention.name) or ("", [], ""))[0]
            if len(first) > 1:
                full[first].append(mention)
            else:
                partial.append(mention)
        for mention in partial:
            initial = (person_parts(mention.name) or ("", [], ""))[0]
            fits = [f for f in full if not initial or f.startswith(initial)]
            if len(fits) == 1:
                full[fits[0]].append(mention)
            else:
                full.setdefault(f"~{initial}", []).append(mention)
        entities = []
        for mentions in full.values():
            names = {m.name for m in mentions}
            plain = {strip_honorific(n) for n in names}
            canonical = max(plain, key=lambda n: (len(n.split()), not n.isupper(), len(n), n))
            # "THOMAS B. HEACOCK" of a signature block is written as a name is.
            canonical = title_case(canonical) if canonical.isupper() else canonical
            entity = Resolved(f"person:{slug(canonical)}", canonical, "person", names - {canonical})
            entity.sources = unique_refs([m.source for m in mentions if m.source], 8)
            entities.append(entity)
        return entities
