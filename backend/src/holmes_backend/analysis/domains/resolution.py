"""Entity resolution: mentions of one person, organisation or place merged under a stable id
(the type and a slug of the canonical name). People sharing a surname are one per first name."""

import re
from collections import defaultdict
from dataclasses import dataclass, field

from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.lexicon import NOT_NAMES
from holmes_backend.analysis.facts.names import (
    kind_of,
    natural_order,
    not_a_person,
    org_core,
    org_suffix,
    person_parts,
    register_order,
    same_given,
    slug,
    strip_honorific,
    title_case,
)
from holmes_backend.analysis.facts.vocabulary import given_names
from holmes_backend.contracts.agents import EntityType, SourceRef

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
    return kind_of(name) or "person"


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
        self._firms_named_bare()
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

    def _firms_named_bare(self) -> None:
        """A firm written without its legal form ("Kestrel Facilities") is the firm, unless a
        given name opens it ("John Harper" beside "John Harper Ltd")."""
        firms = {
            org_core(m.name)
            for m in self._mentions
            if m.type == "organization" and org_suffix(m.name)
        }
        given = given_names()
        for mention in self._mentions:
            if (
                mention.type == "person"
                and org_core(mention.name) in firms
                and mention.name.split()[0].lower() not in given
            ):
                mention.type = "organization"

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
        canonical = max((m.name for m in mentions), key=lambda n: (len(n), n))
        key = org_core(canonical) if type_ == "organization" else canonical
        return _resolved(type_, canonical, key, mentions)

    def _people(self, mentions: list[Mention]) -> list[Resolved]:
        named = {m.name: parts for m in mentions if (parts := person_parts(m.name))}
        firsts: dict[str, str] = {}
        by_surname: dict[str, list[Mention]] = defaultdict(list)
        for mention in mentions:
            parts = named.get(mention.name)
            if not parts:
                continue
            first, surname = parts[0], parts[2]
            # "BRENNAN Olivia", "NOWICKI M".
            if register_order(mention.name):
                first, surname = surname, first
            firsts[mention.name] = first
            by_surname[surname].append(mention)
        resolved: list[Resolved] = []
        for _, group in sorted(by_surname.items()):
            resolved += self._surname_group(group, firsts)
        return resolved

    def _surname_group(self, group: list[Mention], firsts: dict[str, str]) -> list[Resolved]:
        full: dict[str, list[Mention]] = defaultdict(list)
        partial: list[Mention] = []
        for mention in group:
            first = firsts[mention.name]
            if len(first) > 1:
                full[first].append(mention)
            else:
                partial.append(mention)
        # A short form joins the one full name it is a form of ("Dan" to "Daniel"), not two.
        for first in sorted(full, key=len):
            others = [f for f in full if f != first and same_given(first, f)]
            if len(others) == 1 and len(others[0]) > len(first):
                full[others[0]] += full.pop(first)
        for mention in partial:
            initial = firsts[mention.name]
            fits = [f for f in full if not initial or f.startswith(initial)]
            if len(fits) == 1:
                full[fits[0]].append(mention)
            else:
                full.setdefault(f"~{initial}", []).append(mention)
        entities = []
        for mentions in full.values():
            names = {m.name for m in mentions}
            plain = {strip_honorific(n) for n in names}
            canonical = max(
                plain,
                key=lambda n: (len(n.split()), not register_order(n), not n.isupper(), len(n), n),
            )
            # "THOMAS B. HEACOCK" as "Thomas B. Heacock", "HUGHES Margaret" as "Margaret Hughes".
            canonical = title_case(canonical) if canonical.isupper() else natural_order(canonical)
            entities.append(_resolved("person", canonical, canonical, mentions))
        return entities


def _resolved(type_: EntityType, canonical: str, key: str, mentions: list[Mention]) -> Resolved:
    """The entity the mentions name; its id is the type and a slug of the key."""
    names = {m.name for m in mentions} - {canonical}
    sources = unique_refs([m.source for m in mentions if m.source], 8)
    return Resolved(f"{type_}:{slug(key)}", canonical, type_, names, sources)
