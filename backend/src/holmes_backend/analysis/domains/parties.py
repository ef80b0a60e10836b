"""Who the parties are: contract recitals, defined terms, signature blocks and case captions.

A case's own caption is told from the cases it cites by weight: capitals (the running head of a
printed opinion), a role label ("PETITIONER", "Plaintiff") and repetition count for it; a
reporter citation right after ("539 U. S. 306") counts against it.
"""

import re
from dataclasses import dataclass, field

from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.names import (
    UPPER,
    clean,
    find_names,
    kind_of,
    title_case,
)
from holmes_backend.analysis.facts.text import Unit

_BETWEEN = re.compile(
    r"\b(?:by\s+and\s+)?between\s+(?P<body>.{5,500}?)(?:\.\s|;|\bwhereas\b|\bdated\b|$)",
    re.IGNORECASE,
)
_DEFINED = re.compile(
    rf"(?P<name>[{UPPER}][\w&.,'\u2019 -]{{2,90}}?)\s*\((?:the\s+|each\s+a\s+|hereinafter\s+"
    r"(?:referred\s+to\s+as\s+)?(?:the\s+)?|as\s+)?"
    rf"[\"\u201c'\u2018](?:the\s+)?(?P<alias>[{UPPER}][\w ]{{1,30}})"
    r"[\"\u201d'\u2019]\)"
)
_ROLE_WORDS = wordset(
    "company buyer seller consultant contractor client lender borrower landlord tenant licensor "
    "licensee employer employee purchaser vendor supplier customer guarantor agent parent "
    "subsidiary investor shareholder partner contractor provider recipient owner manager "
    "executive developer distributor franchisor franchisee trustee beneficiary adviser advisor "
    "lessor lessee principal insurer insured operator sponsor grantor grantee"
)
_SIGNATURE = re.compile(
    # "Signed:", "Signed by:", "Signed by the Guarantor:", "By: /s/", "Signature:".
    r"(?i:/s/|\bsigned\s*(?:by(?:\s+the\s+[a-z]+(?:\s+[a-z]+)?)?)?\s*[:\-]|"
    r"\bby\s*:\s*(?:/s/)?|\bsignature\s*:)\s*"
    rf"(?P<name>[{UPPER}][\w.'\u2019-]+(?:\s+[{UPPER}][\w.'\u2019-]+){{1,3}})"
)
# The lines of a signature block between the signing organisation and the signature.
_BLOCK_LINE = re.compile(r"^(?:dated?\b|by\b|name\s*:|title\s*:|its\s*:|_{3,})", re.IGNORECASE)
_BLOCK_LOOKBACK = 3
_MAX_BLOCK_NAME = 80
_NAME_SHARE = 0.75  # of its line: a name standing alone, not a sentence naming it
_ROLE = r"(?:PETITIONERS?|PLAINTIFFS?|APPELLANTS?|APPELLEES?|RESPONDENTS?|DEFENDANTS?)"
_VERSUS = re.compile(r"\s(?:v\.|vs\.?|versus)\s", re.IGNORECASE)
_CITATION_AFTER = re.compile(
    r"^[^.;]{0,60}?,\s*\d+\s+(?:U\.\s?S\.|F\.|S\.\s?Ct\.|L\.\s?Ed|[A-Z][\w.]*\s?\d?d?\b)"
)
_LABELLED = re.compile(
    rf"(?P<name>[{UPPER}][\w.'\u2019&, -]{{2,80}}?),?\s+(?P<role>{_ROLE}|Plaintiffs?|Defendants?|"
    r"Petitioners?|Respondents?|Appellants?|Appellees?)\b(?![- ]?(?:'s|\u2019s))"
)
_SIDE_TOKEN = re.compile(rf"[{UPPER}][\w.'\u2019&-]*|of|at|the|and|&|de|van|von|et|al\.?|,")


@dataclass
class Caption:
    first: str
    second: str
    weight: float = 0.0
    roles: dict[str, str] = field(default_factory=dict)
    sources: list[Unit] = field(default_factory=list)


def _side(tokens: list[str]) -> str:
    text = " ".join(tokens).replace(" ,", ",")
    text = re.sub(r",?\s*(?:et\.?\s*al\.?)$", "", text, flags=re.I).strip(" ,")
    text = re.sub(rf",?\s*{_ROLE}$", "", text, flags=re.I).strip(" ,")
    return title_case(text) if text.isupper() else clean(text)


def _caption_at(text: str, match: re.Match[str]) -> tuple[str, str, str | None, str | None]:
    before = text[: match.start()].split()
    left: list[str] = []
    for token in reversed(before):
        bare = token.strip(",")
        if not _SIDE_TOKEN.fullmatch(bare) or len(left) >= 8:
            break
        left.insert(0, token)
    right: list[str] = []
    for token in text[match.end() :].split():
        bare = token.strip(",")
        if not _SIDE_TOKEN.fullmatch(bare) or len(right) >= 9:
            break
        right.append(token)
        if token.endswith(","):
            break
    role_a = re.search(rf"{_ROLE}", " ".join(left[-2:]), re.I)
    tail = text[match.end() :]
    role_b = re.search(rf"^[^,]{{0,80}},\s*({_ROLE})", tail, re.I)
    while left and left[0].lower() in ("of", "at", "the", "and", "&", ",", "see", "in"):
        left.pop(0)
    return (
        _side(left),
        _side(right),
        role_a.group().lower() if role_a else None,
        role_b.group(1).lower() if role_b else None,
    )


def captions(all_units: list[Unit]) -> list[Caption]:
    found: dict[tuple[str, str], Caption] = {}
    for unit in all_units:
        for match in _VERSUS.finditer(unit.text):
            first, second, role_a, role_b = _caption_at(unit.text, match)
            if not first or not second or len(first) < 2:
                continue
            key = (first.split()[-1].lower(), second.split()[0].lower())
            caption = found.setdefault(key, Caption(first, second))
            upper = unit.text[max(0, match.start() - 30) : match.end() + 30].isupper()
            cited = _CITATION_AFTER.match(unit.text[match.end() :]) is not None
            caption.weight += 1 + (3 if upper else 0) + (5 if role_a or role_b else 0)
            caption.weight -= 3 if cited else 0
            if role_a:
                caption.roles[first] = role_a.rstrip("s")
            if role_b:
                caption.roles[second] = role_b.rstrip("s")
            _upgrade(caption, first, second)
            if len(caption.sources) < 3:
                caption.sources.append(unit)
    return sorted(found.values(), key=lambda c: -c.weight)


def _upgrade(caption: Caption, first: str, second: str) -> None:
    """Keeps the fullest spelling of each side ("Fisher" → "Abigail Noel Fisher")."""
    if len(first) > len(caption.first) and first.lower().endswith(caption.first.lower()):
        caption.roles.setdefault(first, caption.roles.pop(caption.first, ""))
        caption.first = first
    if len(second) > len(caption.second) and second.lower().startswith(caption.second.lower()):
        caption.second = second


def contract_parties(unit: Unit) -> list[tuple[str, str | None]]:
    """(party, defined term) pairs from a recital or a defined-term parenthesis."""
    found: list[tuple[str, str | None]] = []
    previous = 0
    for match in _DEFINED.finditer(unit.text):
        names = [n for n in find_names(match["name"]) if n.kind != "place"]
        alias = match["alias"].strip()
        role = alias.lower() in _ROLE_WORDS
        introduced = _introduced(unit.text[previous : match.end("name")])
        previous = match.end()
        if names and (role or _shares_word(names[-1].text, alias)):
            found.append((names[-1].text, alias))
        elif introduced and (role or _shares_word(introduced, alias)):
            found.append((introduced, alias))  # "Acme LLC, a … company at 9 Elm St ("Buyer")"
        elif role and kind_of(raw := clean(match["name"].split(",")[0])) != "place":
            found.append((raw, alias))
    between = _BETWEEN.search(unit.text)
    if between:
        for side in _split_sides(between["body"]):
            names = [n for n in find_names(side) if n.kind != "place"]
            if names and all(names[0].text != name for name, _ in found):
                found.append((names[0].text, None))
    return found


def _introduced(segment: str) -> str | None:
    """The party a recital introduces before describing it: the first organisation or person of
    the words since the previous defined term (an address after it is no party)."""
    return next((n.text for n in find_names(segment) if n.kind != "place"), None)


def _shares_word(name: str, alias: str) -> bool:
    """A short-form alias ("Acme" for "Acme Widgets, Inc."), not a defined thing ("Services")."""
    name_words = {w.lower().strip(".,") for w in name.split()}
    alias_words = {w.lower() for w in alias.split()}
    initials = "".join(w[0] for w in name.split() if w[:1].isupper()).lower()
    return bool(name_words & alias_words) or alias.lower() == initials


def _split_sides(body: str) -> list[str]:
    depth = 0
    sides: list[str] = []
    start = 0
    for match in re.finditer(r"[()]|\sand\s", body):
        token = match.group()
        if token == "(":
            depth += 1
        elif token == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            sides.append(body[start : match.start()])
            start = match.end()
    sides.append(body[start:])
    return [s for s in sides if s.strip()]


def signatories(unit: Unit) -> list[str]:
    return [clean(m["name"]) for m in _SIGNATURE.finditer(unit.text)]


def signing_for(doc_units: list[Unit], index: int) -> str | None:
    """The organisation the signature at doc_units[index] is given for: its name standing
    alone just above, in the signature block ("ACME HOLDINGS LLC" / "Date: …" / "By: /s/ …")."""
    for unit in reversed(doc_units[max(0, index - _BLOCK_LOOKBACK) : index]):
        text = unit.text.strip().rstrip(":,")
        if _BLOCK_LINE.match(text) or _SIGNATURE.search(text):
            continue
        if len(text) > _MAX_BLOCK_NAME:
            return None
        orgs = [n for n in find_names(text) if n.kind == "organization"]
        if orgs and len(orgs[0].text) >= _NAME_SHARE * len(text):
            return clean(orgs[0].text)
        return None
    return None


def labelled_parties(unit: Unit) -> list[tuple[str, str]]:
    """ "Jane Roe, Plaintiff," style labels outside a "v." caption."""
    if _VERSUS.search(unit.text):
        return []
    found = []
    for match in _LABELLED.finditer(unit.text):
        names = find_names(match["name"])
        if names and names[-1].end >= len(match["name"].rstrip(", ")) - 1:
            found.append((names[-1].text, match["role"].lower().rstrip("s")))
    return found
