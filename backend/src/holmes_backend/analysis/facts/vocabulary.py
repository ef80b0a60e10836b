"""English vocabulary (wordfreq) and given names (gender-guesser), read once on first use: a
phrase of common words and no given name ("Liberal Arts") is words, not a personal name."""

import re
from functools import cache
from importlib import resources

from holmes_backend.analysis.facts.lexicon import fold

# Zipf frequency (log10 per billion words): keeps "scrutiny" (3.7), not "Calder" (3.1).
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
    # Imported here: wordfreq's imports cost ~0.4 s that most processes need not pay.
    from wordfreq import available_languages, read_cBpack  # noqa: PLC0415

    buckets = read_cBpack(available_languages("small")["en"])
    last = round((_ZIPF_OF_BUCKET_ZERO - zipf) * 100)
    return frozenset(word for bucket in buckets[: last + 1] for word in bucket)


@cache
def given_names() -> frozenset[str]:
    """First names, lower case, as written and unaccented; a rare first name that is an everyday
    word ("Night", "Price") is left out, "Bill" and "Grant" stay."""
    names: set[str] = set()
    rare: set[str] = set()
    unaccented: set[str] = set()
    for line in _name_lines():
        if match := _NAME_LINE.match(line):
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
    """The names a given name is a short or other form of ("bob": {"robert"}), lower case and
    unaccented, from gender-guesser's equivalences."""
    found: dict[str, set[str]] = {}
    for line in _name_lines():
        if line.startswith("=") and (match := _SAME_NAME_LINE.match(line)):
            short, full = fold(match["short"].lower()), fold(match["full"].lower())
            if short != full:
                found.setdefault(short, set()).add(full)
    return {short: frozenset(fulls) for short, fulls in found.items()}


def _name_lines() -> list[str]:
    """gender-guesser's name dictionary, a line a name or an equivalence."""
    data = resources.files("gender_guesser").joinpath("data/nam_dict.txt")
    return data.read_text(encoding="utf-8").splitlines(keepends=True)


def _frequency(line: str) -> int:
    """A name's highest frequency over the countries of its line (1 rare … 13 very common)."""
    counts = line[_COUNTRIES_FROM:].rstrip("$\n")
    return max((int(c, 16) for c in counts if c in _HEX), default=0)


def only_common_words(words: list[str]) -> bool:
    """Whether every word (lower case) is common English and none a given name or an initial."""
    if not words or any(len(w) < 2 for w in words):
        return False
    common, given = common_words(), given_names()
    # A compound is common when its parts are ("High-Achieving"), not "Smith-Jones".
    parts = [part for w in words for part in w.split("-") if part]
    return all(p in common and p not in given for p in parts)
