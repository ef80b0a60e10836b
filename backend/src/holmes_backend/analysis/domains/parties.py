"""Who the parties are: contract recitals, defined terms, signature blocks and role labels."""

import re

from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.names import (
    UPPER,
    clean,
    find_names,
    kind_of,
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
    "subsidiary investor shareholder partner provider recipient owner manager "
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
_LABELLED = re.compile(
    rf"(?P<name>[{UPPER}][\w.'\u2019&, -]{{2,80}}?),?\s+(?P<role>{_ROLE}|Plaintiffs?|Defendants?|"
    r"Petitioners?|Respondents?|Appellants?|Appellees?)\b(?![- ]?(?:'s|\u2019s))"
)


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
    """The sides of "between A and B", not split at an "and" inside a parenthesis."""
    return [s for s in re.split(r"\sand\s(?![^()]*\))", body) if s.strip()]


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
