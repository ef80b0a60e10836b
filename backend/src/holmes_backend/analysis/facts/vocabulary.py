"""English vocabulary and given names, from word lists installed with their packages.

A phrase can have the shape of a personal name ("Personal Achievement", "Liberal Arts",
"Judicial Scrutiny") and be none: the word lists hand-written for the rules (lexicon) cannot
know every case's vocabulary. What tells them apart is general: a name has a given name
("Bill Price", "Grant Hill") or a word that is not common English ("Ostrowski", "Adeyemi"),
a phrase of common words and no given name is words.

Forms of one given name ("Dan" and "Daniel", "Bob" and "Robert"): the same dictionary's
equivalences.

Common English: wordfreq's small English list (word frequencies from many sources), words at or
above COMMON_ZIPF (about once in 600,000 words). Given names: gender-guesser's name dictionary
(about 48,000 first names from many countries). Both are read once, on first use, into sets of
their own (the packages' own caches are not kept: the frequency dictionary alone is ~40 MB).
"""

import re
from functools import cache
from importlib import resources

from holmes_backend.analysis.facts.lexicon import fold

# Zipf frequency: log10 of a word's count per billion. 3.2 keeps "scrutiny" (3.7) and
# "arts" (4.7) common, and leaves out surnames like "Ostrowski" (1.8) or "Calder" (3.1).
COMMON_ZIPF = 3.2
_ZIPF_OF_BUCKET_ZERO = 9.0  # wordfreq's buckets are centibels below a frequency of 1
_NAME_LINE = re.compile(r"^[?1]?[MF?]\s+(?P<name>\S+)")
# gender-guesser's line: gender, name, then from this column one frequency digit per country.
_COUNTRIES_FROM = 30
_HEX = frozenset("123456789ABCDabcd")
_FREQUENT = 2
# Words this frequent (once in 10,000 words: "night", "price", "art") are words first.
EVERYDAY_ZIPF = 4.0


@cache
def common_words(zipf: float = COMMON_ZIPF) -> frozenset[str]:
    """English words at least as frequent as `zipf` (COMMON_ZIPF), lower case."""
    # Imported here: wordfreq's imports cost ~0.4 s, which a process that never classifies a
    # name (the API server before its first analysis, most tests) should not pay.
    from wordfreq import available_languages, read_cBpack  # noqa: PLC0415

    buckets = read_cBpack(available_languages("small")["en"])
    last = round((_ZIPF_OF_BUCKET_ZERO - zipf) * 100)
    return frozenset(word for bucket in buckets[: last + 1] for word in bucket)


@cache
def given_names() -> frozenset[str]:
    """First names, lower case ("bill", "renee"; "oluwaseun" is not among them), as written and
    without their accents ("françois" and "francois": records in capitals drop them). A common
    everyday English word that is a first name only rarely anywhere ("Night", "Price", "Art")
    is left out: "Night Shift" is words; "Bill", "Grant", "Hope" stay names, and so do rare
    first names that are surnames more than words ("Talbot")."""
    data = resources.files("gender_guesser").joinpath("data/nam_dict.txt")
    names: set[str] = set()
    rare: set[str] = set()
    unaccented: set[str] = set()
    with data.open(encoding="utf-8") as lines:
        for line in lines:
            match = _NAME_LINE.match(line)
            if match:
                # "Jan+Erik" is written "Jan Erik" or "Jan-Erik": each part is a given name.
                parts = [part.lower() for part in re.split(r"[+-]", match["name"]) if part]
                (names if _frequency(line) >= _FREQUENT else rare).update(parts)
                unaccented.update(fold(part) for part in parts if not part.isascii())
    everyday = common_words(EVERYDAY_ZIPF)
    names |= {name for name in rare - names if name not in everyday}
    # Unaccented, "Nice" or "Horn" (of "Nicé", "Hörn") is the everyday word.
    return frozenset(names | (unaccented - everyday))


# gender-guesser's equivalence line: "=  Dan Daniel", a short or other form and the name it is.
_SAME_NAME_LINE = re.compile(r"^=\s+(?P<short>[^\s+]+)\s+(?P<full>[^\s+]+)")


@cache
def full_forms() -> dict[str, frozenset[str]]:
    """The names a given name is a short or other form of, lower case and unaccented: "dan"
    {"daniel"}, "bob" {"robert"}, "chris" {"christina", "christine", "christopher"}; from
    gender-guesser's equivalences (some 750, many countries')."""
    data = resources.files("gender_guesser").joinpath("data/nam_dict.txt")
    found: dict[str, set[str]] = {}
    with data.open(encoding="utf-8") as lines:
        for line in lines:
            if line.startswith("=") and (match := _SAME_NAME_LINE.match(line)):
                short, full = fold(match["short"].lower()), fold(match["full"].lower())
                if short != full:
                    found.setdefault(short, set()).add(full)
    return {short: frozenset(fulls) for short, fulls in found.items()}


def _frequency(line: str) -> int:
    """A name's highest frequency over the countries of its line (1 rare … 13 very common)."""
    counts = line[_COUNTRIES_FROM:].rstrip("$\n")
    return max((int(c, 16) for c in counts if c in _HEX), default=0)


def only_common_words(words: list[str]) -> bool:
    """Whether every word (lower case) is common English and none is a given name: the phrase
    is words, not a personal name. An initial stands for a given name ("T. Brandt")."""
    if not words or any(len(w) < 2 for w in words):
        return False
    common, given = common_words(), given_names()
    # A compound is common when its parts are ("High-Achieving"); a double-barrelled surname
    # is not ("Smith-Jones": "smith" and "jones" are given names).
    parts = [part for w in words for part in w.split("-") if part]
    return all(p in common and p not in given for p in parts)
