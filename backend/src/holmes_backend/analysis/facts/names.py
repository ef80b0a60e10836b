"""Names of people, organisations and places in text, typed by their words and the words
around them, and keys that match two spellings of one name."""

import calendar
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from itertools import pairwise
from typing import Literal

from holmes_backend.analysis.facts.lexicon import (
    BUSINESS_WORDS,
    DEPARTMENT_WORDS,
    HONORIFICS,
    NAME_CONNECTORS,
    NOT_NAMES,
    ORG_HEADS,
    ORG_SUFFIXES,
    ORG_WORDS,
    PAYMENT_CODES,
    PERSON_DESCRIPTIONS,
    PLACE_WORDS,
    PROGRAMME_WORDS,
    REGIONS,
    ROLE_WORDS,
    STOPWORDS,
    TRAILING_NOT_NAMES,
    VENUE_HEADS,
    fold,
    wordset,
)
from holmes_backend.analysis.facts.vocabulary import (
    EVERYDAY_ZIPF,
    common_words,
    full_forms,
    given_names,
    only_common_words,
)

NameKind = Literal["person", "organization", "place"]

# The letters of the Latin script, so that "Łukasz" and "Ødegård" are words as "Hotel" is.
_LATIN = [chr(c) for c in range(0x41, 0xA800) if unicodedata.name(chr(c), "").startswith("LATIN ")]
UPPER = "".join(c for c in _LATIN if c.isupper())  # for a character class: f"[{UPPER}]"
LOWER = "".join(c for c in _LATIN if c.islower())
LETTER = UPPER + LOWER

_CACHE = 65536  # names recur across sentences, documents and stages
_TOKEN_SPLIT = re.compile(r"[\s,]+")
_NON_SPACE = re.compile(r"\S+")
_NOT_WORD = re.compile(r"[^\w ]")
_NOT_SLUG = re.compile(r"[^a-z0-9]+")
_INITIAL = re.compile(rf"[{UPPER}]\.")
_INITIALS = re.compile(rf"(?:[{UPPER}]\.){{2,3}}")

_SUFFIX_FORMS = wordset(
    "Inc Incorporated Corp Corporation Co Company LLC L.L.C Ltd Limited PLC Plc LLP LP L.P GmbH "
    "AG S.A SA N.V NV BV B.V Pty Pte N.A PC PLLC SRL SpA SARL SAS Ltda ApS ASA KK s.r.o BVBA Oyj "
    "a.s A/S Zrt Kft d.o.o JSC PJSC OOO Bhd S.L S.p.A HB"
)
_SUFFIX_WRITTEN = {re.escape(f) for form in _SUFFIX_FORMS for f in (form, form.upper())}
_SUFFIX = "(?:" + "|".join(sorted(_SUFFIX_WRITTEN, key=len, reverse=True)) + r")\.?"
_WORD = (
    rf"(?:Mc[{UPPER}][{LOWER}]+|[{UPPER}][{LETTER}'\u2019\-]*[{LETTER}]"
    rf"|[{UPPER}]\.(?:[{UPPER}]\.)*"
    rf"|[{UPPER}](?=\s+[{UPPER}][{LOWER}]))"
)
_HON = (
    r"(?i:Mr|Mrs|Ms|Miss|Mx|Dr|Prof|Sir|Dame|Hon|Judge|Justice|Det|Detective|Officer|Sgt|Lt"
    r"|Capt|Agent|Inspector|Rev)\.?"
)
_LINK = (
    r"(?:\s+(?:of|and|&|de|du|da|del|der|den|des|van|von|la|le|di|do|dos|das|ter|ten|zu|bin|al|"
    r"for|the)"
    r"(?:\s+(?:de|der|den|la|las|los|le|les|da|do|dos|das|du|des|ter|ten|van|von|zu)){0,2}"
    rf"(?=\s+[{UPPER}]))"
)
_RUN = re.compile(
    rf"(?<![\w@.])(?:(?P<hon>{_HON})\s+)?(?P<name>{_WORD}(?:{_LINK}?\s(?!\s)(?!{_HON}\s){_WORD})*"
    rf"(?:,?\s+{_SUFFIX}(?!\w)(?!(?<=[{LOWER}])\s+[{UPPER}][{LOWER}]))?)"
)
_TITLED = re.compile(rf"^((?:[{UPPER}][\w-]*\s+){{1,4}}?)(?:of|at|for)\s+")
# A register's or a list's entry, surname first in capitals: "OKAFOR, Desmond Adewale".
_INVERTED = re.compile(
    rf"(?P<surname>[{UPPER}][{UPPER}'\u2019-]+(?:\s+[{UPPER}][{UPPER}'\u2019-]+)?),\s+"
    rf"(?P<given>[{UPPER}][{LOWER}'-]+(?:\s+[{UPPER}][{LOWER}'-]+){{0,2}})"
)
_SPLIT = re.compile(rf"\s+(?:and|&|of|for|the)\s+(?=[{UPPER}])")
_POSSESSIVE = re.compile(r"['\u2019]s?$")
_UPPER_SUFFIXES = wordset(
    "llc l.l.c plc llp lp l.p ag sa s.a nv bv n.a pc pllc srl sarl sas asa kk bvba ab as oy"
)
_ABBREVIATED = wordset("mr mrs ms mx dr prof det sgt lt capt hon rev")
_MONTH_NAMES = wordset(" ".join(calendar.month_name[1:]).lower())
# Capitalised words that open a sentence before a name ("In May Acme Ltd").
_SENTENCE_OPENERS = (
    wordset("in on at by from to for during since until after before between")
    | _MONTH_NAMES
    | wordset(" ".join(calendar.day_name).lower())
)
_CODE_AFTER = re.compile(r"^-?\d")
_MAX_ROLE_PHRASE = 3  # "Court Reporter", "Senior Hearing Examiner"
_DOCUMENT_WORDS = wordset("agreement contract policy schedule exhibit amendment act")
_DOTTED_SUFFIXES = wordset("inc corp co ltd pty pte bros n.a s.a l.p l.l.c")
_SMALL = wordset("of and the at for de van von du da del der den des la ter ten zu dos das")
# An article or a determiner before a name-shaped phrase: a thing ("the Spending Cap").
_DETERMINED = re.compile(
    r"(?:^|(?<=[^\w]))(?:(?i:the)|a|an|this|that|these|those|its|our|their|any|each|every|no)"
    r"\s+[\"'\u201c\u2018]?$"
)
# A house number before a name: an address ("77 Lakeview Terrace"), unless a year or a label.
_HOUSE_NUMBER = re.compile(r"(?:^|(?<=[\s(|;:]))(?P<number>\d{1,5}[A-Za-z]?)\s+$")
_LOCATIVE = re.compile(
    r"\b(?:at|to|from|near|outside|opposite|behind|towards?|into|in)\s+$", re.IGNORECASE
)
_ADDRESS_AFTER = re.compile(r"^(?:\s*,|\s*$|\s*\||\s+(?:Suite|Ste|Apt|Unit|Floor|#))")
_ROLE_AFTER = re.compile(
    rf"^(?:\s*\((?P<bracketed>[{LETTER}][\w .&/-]{{0,40}})\)|,\s+(?:the\s+)?"
    rf"(?P<apposed>(?:[{UPPER}][\w&-]*\s+){{0,3}}[{UPPER}][\w&-]*)(?=[\s,.;)]|$))"
)
# Words that number something other than a building ("Table 12 Jane Roe").
_NUMBER_LABELS = wordset(
    "no nos number # table item items page line row exhibit tab seat room chapter section "
    "article clause paragraph step count day week year quarter q version case file docket "
    "invoice order po ref reference account acct id badge camera cam"
)
_MONTHS = _MONTH_NAMES | wordset(" ".join(calendar.month_abbr[1:]).lower() + " sept")


@dataclass(frozen=True)
class Name:
    text: str
    kind: NameKind
    start: int
    end: int


def _tokens(name: str) -> list[str]:
    tokens = [t for t in _TOKEN_SPLIT.split(name) if t]
    # "J.P. de Groot": initials one by one; at a name's end, a legal form ("B.V.").
    return [
        part
        for index, t in enumerate(tokens)
        for part in (
            _INITIAL.findall(t) if index < len(tokens) - 1 and _INITIALS.fullmatch(t) else [t]
        )
    ]


def _bare(token: str) -> str:
    """A token as the word lists hold it: lower case, unaccented ("Hôtel" → "hotel")."""
    return fold(token.strip(".,'\u2019").lower())


def org_suffix(name: str) -> str | None:
    tokens = _tokens(name)
    return ORG_SUFFIXES.get(_bare(tokens[-1])) if len(tokens) > 1 else None


_INSTITUTIONS = frozenset(("college", "university", "institute", "school", "hospital", "academy"))


def _register_written(name: str, tokens: list[str]) -> bool:
    """A person written surname in capitals: "OKONKWO, Chukwuemeka", "Elena PETROVA"."""
    if _INVERTED.fullmatch(name.strip()):
        return True
    return any(not t.isupper() and t[:1].isupper() and _bare(t) in given_names() for t in tokens)


@lru_cache(maxsize=_CACHE)
def classify(name: str, honorific: bool = False) -> NameKind | None:  # noqa: PLR0911
    tokens = _tokens(name)
    # A desk ("Front Office") is none of the three.
    if not tokens or any(any(ch.isdigit() for ch in t) for t in tokens) or department(name):
        return None
    bare = [_bare(t) for t in tokens]
    if org_suffix(name):
        return "organization"
    if len(tokens) >= 2 and (
        bare[-1] in ORG_WORDS
        # "Imperial College London"
        or (len(bare) >= 3 and bare[-2] in _INSTITUTIONS)
        or (bare[0] in ORG_HEADS and "of" in bare)
        or any(b in ORG_HEADS and after == "of" for b, after in pairwise(bare))
        or ("&" in tokens and len(tokens) >= 3)
    ):
        return "organization"
    # "E. Park" is a person; "Ridgeline Park" and "Hotel Maasoever" are places.
    initialled = len(bare) == 2 and len(bare[0]) == 1 and bare[0].isalpha()
    if (
        len(tokens) >= 2
        and not honorific
        and ((bare[-1] in PLACE_WORDS and not initialled) or bare[0] in VENUE_HEADS)
    ):
        return "place"
    if honorific:
        return "person" if all(b not in NOT_NAMES or len(b) == 1 for b in bare) else None
    if not_a_person(name):
        return None
    words = [b for b in bare if b not in NAME_CONNECTORS]
    if not 2 <= len(words) <= 4 or len(words[-1]) < 2 or len(words[0]) < 1:
        return None
    if any(b in NOT_NAMES for b in words if len(b) > 1):
        return None
    if any(t.isupper() and len(t) > 2 for t in tokens) and not _register_written(name, tokens):
        return None  # a heading or an acronym, not a name
    if only_common_words(words):
        return None  # "Personal Achievement", "Liberal Arts": words, not a name
    if words[0] in BUSINESS_WORDS and words[0] not in given_names():
        # "Taxi Lyon Part-Dieu": a trade and a place ("Mart Laar" is a name).
        return None
    return "person"


@lru_cache(maxsize=_CACHE)
def reads_as_person(name: str) -> bool:
    """Whether a payee or merchant a record names reads as a person; in capitals, as statements
    write merchants ("TFL TRAVEL CH"), only with a given name or an initial first ("J SMITH")."""
    if strip_honorific(name) != name:
        return kind_of(name) == "person"
    if not name.isupper():
        return classify(name) == "person"
    first = _bare(_tokens(name)[0]) if _tokens(name) else ""
    return classify(title_case(name)) == "person" and (len(first) == 1 or first in given_names())


def department(name: str) -> bool:
    """Whether a phrase names a desk or a shared mailbox ("Front Office"), not a firm or person."""
    words = [b for b in (_bare(t) for t in _tokens(name)) if b]
    return bool(words) and all(w in DEPARTMENT_WORDS for w in words)


def mailbox(name: str) -> bool:
    """Whether an e-mail's display name is a shared mailbox's: a desk, a firm, a venue or a
    firm's desk ("Vireaux Accounts"), not a person's."""
    if not_a_person(name) or kind_of(name) == "organization":
        return True
    words = [_bare(t) for t in _tokens(name)]
    if len(words) >= 2 and words[0] in VENUE_HEADS:
        return True  # "Dana Hall" is a person, "Hotel Maasoever" a venue
    return any(w in DEPARTMENT_WORDS for w in words) and words[0] not in given_names()


@lru_cache(maxsize=_CACHE)
def not_a_person(name: str) -> bool:
    """Whether a name-shaped phrase is a role ("Court Reporter"), a heading or a label ("Ohio
    Present"), or a region and a word ("Texas Holdings"), not a person."""
    tokens = _tokens(name)
    words = [b for b in (_bare(t) for t in tokens) if b and b not in NAME_CONNECTORS]
    if not words:
        return True
    if all(w in NOT_NAMES or w in PERSON_DESCRIPTIONS or w in DEPARTMENT_WORDS for w in words):
        return True  # "Host", "Unidentified male", "Night Guard", "Reservations"
    if len(words) == 1:
        return words[0] in NOT_NAMES
    if words[-1] in TRAILING_NOT_NAMES or words[-1] in ORG_WORDS or words[0] in REGIONS:
        return True
    role = [b for b in (_bare(t) for t in _tokens(strip_honorific(name))) if b]
    return 2 <= len(role) <= _MAX_ROLE_PHRASE and role[-1] in ROLE_WORDS


def title_case(text: str) -> str:
    parts = []
    words = text.split()
    for index, word in enumerate(words):
        bare = word.strip(".,").lower()
        if index and bare in ORG_SUFFIXES:
            parts.append(word if bare in _UPPER_SUFFIXES else word[:1] + word[1:].lower())
        elif index and bare in _SMALL:
            parts.append(word.lower())
        else:
            # Each part of a double-barrelled name: "PETTIFER-HOLT" -> "Pettifer-Holt".
            parts.append("-".join(p[:1] + p[1:].lower() for p in word.split("-")))
    return " ".join(parts)


def clean(name: str) -> str:
    text = " ".join(name.replace("\u2019", "'").split()).strip(" ,;:")
    text = _POSSESSIVE.sub("", text)
    if text.lower().startswith("the "):
        text = text[4:]
    text = text.strip(" ,")
    last = text.split()[-1] if text.split() else ""
    if last.endswith(".") and len(last) > 3 and last.strip(".").lower() not in ORG_SUFFIXES:
        text = text[:-1]  # a sentence's full stop, not an initial or "Inc."
    return text


def _trim(piece: str, honorific: bool) -> tuple[str, int]:
    """Drops capitalised non-name words and a job title around a name ("Following Jane Roe")."""
    if honorific or classify(piece) in ("organization", "place"):
        # Not a sentence's opening ("In May Acme Ltd") nor payment codes ("SEPA CR ACME LTD").
        tokens = list(_NON_SPACE.finditer(piece))
        first = 0
        while first < len(tokens) - 1 and (
            _bare(tokens[first].group()) in _SENTENCE_OPENERS
            or (not honorific and _bare(tokens[first].group()) in PAYMENT_CODES)
        ):
            first += 1
        start = tokens[first].start() if tokens else 0
        return piece[start:], start
    tokens = list(_NON_SPACE.finditer(piece))
    first, last = 0, len(tokens)
    while (
        first < last
        and _bare(tokens[first].group()) in NOT_NAMES
        and not _INITIAL.fullmatch(tokens[first].group())  # "A. Gallagher": an initial
    ):
        first += 1
    while last > first and _bare(tokens[last - 1].group()) in NOT_NAMES | NAME_CONNECTORS:
        if _bare(tokens[last - 1].group()) in _DOCUMENT_WORDS | PROGRAMME_WORDS:
            return "", 0  # "Consulting Services Agreement", "Coastal Renewal Project": no party
        last -= 1
    # A bare initial opens the name unless given names precede it ("Paid J Smith", "Mary J Blige").
    initial = next((i for i in range(first + 1, last) if len(tokens[i].group()) == 1), None)
    if initial is not None and any(
        _bare(tokens[i].group()) not in given_names() for i in range(first, initial)
    ):
        first = initial
    roles = [i for i in range(first, last - 2) if _bare(tokens[i].group()) in ROLE_WORDS]
    if roles:
        first = roles[-1] + 1  # "Hearing Examiner Tobias Wrenfield" → "Tobias Wrenfield"
    if first >= last:
        return "", 0
    start, end = tokens[first].start(), tokens[last - 1].end()
    return piece[start:end], start


def _pieces(run: str, honorific: bool) -> list[tuple[str, int]]:
    """A run split at "and"/"of" unless an organisation ("Bank of Hope"), and after a legal form."""
    if classify(run, honorific) in ("organization", "place"):
        split = _person_of_org(run, honorific)
        return split or [_without_title(run)]
    if not honorific and (end := _suffix_end(run)):
        rest = run[end:].lstrip()
        offset = len(run) - len(rest)
        return [(run[:end], 0)] + [(p, offset + at) for p, at in _pieces(rest, False)]
    pieces: list[tuple[str, int]] = []
    position = 0
    for separator in _SPLIT.finditer(run):
        pieces.append((run[position : separator.start()], position))
        position = separator.end()
    pieces.append((run[position:], position))
    return pieces


def _suffix_end(run: str) -> int:
    """Where the organisation a run opens with ends: after its last inner legal form (0: none)."""
    tokens = list(_NON_SPACE.finditer(run))
    for number in range(len(tokens) - 2, 0, -1):
        here, after = _bare(tokens[number].group()), _bare(tokens[number + 1].group())
        if here in ORG_SUFFIXES and after not in ORG_SUFFIXES:
            return tokens[number].end()
    return 0


def _person_of_org(run: str, honorific: bool) -> list[tuple[str, int]] | None:
    """ "Gideon Marchetti of Kestrel Dynamics, Inc." is a person and an organisation."""
    match = re.search(r"\s+(?:of|at|from|with)\s+", run)
    if match is None:
        return None
    left, right = run[: match.start()], run[match.end() :]
    if classify(left, honorific) == "person" and classify(right) in ("organization", "place"):
        return [(left, 0), (right, match.end())]
    return None


def _without_title(run: str) -> tuple[str, int]:
    """ "Director of Harrowgate Estates Ltd" → the organisation, without the job title."""
    match = _TITLED.match(run)
    if match is None:
        return run, 0
    words = [_bare(w) for w in match.group(1).split()]
    if all(w in NOT_NAMES and w not in ORG_HEADS for w in words):
        return run[match.end() :], match.end()
    return run, 0


def find_names(text: str) -> list[Name]:
    """People, organisations and places named in one sentence or line."""
    return list(_scan(text)[0])


def things_named(text: str) -> list[str]:
    """Name-shaped phrases a determiner shows to be things ("the Spending Cap")."""
    return list(_scan(text)[1])


@lru_cache(maxsize=_CACHE)
def _scan(text: str) -> tuple[tuple[Name, ...], tuple[str, ...]]:
    if person := _inverted(text):
        return (person,), ()
    found: list[Name] = []
    things: list[str] = []
    for match in _RUN.finditer(text):
        start, run = match.start("name"), match["name"]
        if run[:4].lower() == "the ":
            start, run = start + 4, run[4:]
        for number, (raw, offset) in enumerate(_pieces(run, match["hon"] is not None)):
            honorific = match["hon"] is not None and number == 0
            piece, shift = _trim(raw, honorific)
            name = clean(piece)
            if not name:
                continue
            upper = name.isupper()
            kind = classify(title_case(name) if upper else name, honorific)
            if kind is None or (upper and kind == "person" and not honorific):
                continue
            name = title_case(name) if upper else name
            begin = start + offset + shift
            end = begin + len(piece)
            if not honorific:
                kind = _in_context(kind, name, text[:begin], text[end:])
                if kind is None:
                    things.append(name)
                    continue
            dotted = _bare(name.split()[-1]) in _DOTTED_SUFFIXES
            if kind == "organization" and text[end : end + 1] == "." and dotted:
                end += 1
                name += "." if not name.endswith(".") else ""
            if honorific and kind == "person":
                title = title_case(match["hon"].rstrip("."))
                dot = "." if title.lower() in _ABBREVIATED else ""
                name = f"{title}{dot} {name}"
                begin = match.start()
            found.append(Name(name, kind, begin, end))
    return tuple(found), tuple(things)


def _inverted(text: str) -> Name | None:
    """A line "OKAFOR, Desmond Adewale" as "Desmond Adewale Okafor" (a known given name only)."""
    match = _INVERTED.fullmatch(text.strip())
    if match is None or _bare(match["given"].split()[0]) not in given_names():
        return None
    name = f"{match['given']} {title_case(match['surname'])}"
    if classify(name) != "person":
        return None
    start = len(text) - len(text.lstrip())
    return Name(name, "person", start, start + len(text.strip()))


def _in_context(kind: NameKind, name: str, before: str, after: str) -> NameKind | None:
    """What the words around a name say of its kind (None: a thing, not a name)."""
    if kind == "place":
        return "person" if _role_follows(name, after) else kind
    if kind != "person":
        return kind
    determiner = _DETERMINED.search(before)
    # "that Dario Pellegrini has": "that" opens a clause before a given name.
    clause = determiner is not None and (
        determiner.group().strip(" \"'\u201c\u2018").lower() == "that"
        and name.split(maxsplit=1)[0].lower() in given_names()
    )
    if determiner and not clause:
        return None  # "above the Spending Cap", "inspected the Cedar Flats pump station"
    if _CODE_AFTER.match(after):
        return None  # "Forklift FL-07", "Gate B12": a thing's code, not a name
    number = _HOUSE_NUMBER.search(before)
    addressed = bool(
        number
        and (
            _ADDRESS_AFTER.match(after)
            or (  # "at 9 Sarah Jones called": a time, and a given name after it
                _LOCATIVE.search(before[: number.start()])
                and name.split(maxsplit=1)[0].lower() not in given_names()
            )
        )
        and _is_house_number(before, number)
    )
    # "77 Lakeview Terrace, Evanston"; a log's "Location: Woolley Edge", "Branch: Harrow Weald"
    return "place" if addressed or _PLACE_FIELD.search(before) else kind


# A field whose value is where, not who: "Location:", "Pick-up site:", "Port of loading:".
_PLACE_FIELD = re.compile(
    r"(?:^|[;|]\s*)(?:[\w-]+\s+){0,2}?(?:location|place|site|venue|town|city|depot|branch|"
    r"station|destination|port(?:\s+of\s+(?:loading|discharge|entry|call))?|harbou?r|terminal|"
    r"berth|airport|origin)\s*:\s*$",
    re.IGNORECASE,
)


def _is_house_number(before: str, number: re.Match[str]) -> bool:
    digits = number["number"].rstrip("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
    if len(digits) == 4 and 1800 <= int(digits) <= 2099:
        return False  # a year ("In 2024 Jane Roe")
    previous = before[: number.start()].split()
    word = _bare(previous[-1]) if previous else ""
    return word not in _MONTHS and word not in _NUMBER_LABELS


def _role_follows(name: str, after: str) -> bool:
    """ "Eleanor Park (Chair)", "Dana Hall, Treasurer": a place-shaped name given a role."""
    tokens = _tokens(name)
    bare = [_bare(t) for t in tokens]
    if not 2 <= len(tokens) <= 3 or any(t.isupper() and len(t) > 1 for t in tokens):
        return False
    if any(b in NOT_NAMES or b in PLACE_WORDS or b in REGIONS for b in bare[:-1]):
        return False
    match = _ROLE_AFTER.match(after)
    if match is None:
        return False
    role = [_bare(w) for w in (match["bracketed"] or match["apposed"] or "").split()]
    return bool(role) and any(w in ROLE_WORDS or w in HONORIFICS for w in role)


def distinctive_words(names: list[str]) -> set[str]:
    """The words that tell these names apart from any other business's ("lakeshore", not "llc")."""
    generic = ORG_WORDS | set(ORG_SUFFIXES) | STOPWORDS
    words = {w.lower().strip(".,;:()") for name in names for w in name.split()}
    return {w for w in words if len(w) > 2 and w not in generic}


def possessive(name: str) -> str:
    """A name's possessive: Hale's, the Board of Directors'."""
    return f"{name}'" if name.endswith("s") else f"{name}'s"


_DASHED = re.compile(r"\s+[-\u2013\u2014]\s+")
_INITIAL_TOKEN = re.compile(rf"[{UPPER}]\.?")


def evidently_personal(forms: list[str]) -> bool:
    """Whether a name's forms across a case show a person: a title, a known given name first
    (or after an inverted name's comma), initials and one surname ("GREWAL A"), or a speaker
    label ("RT"). Any other capitalised phrase may be a firm, a heading or a role."""
    given, everyday = given_names(), common_words(EVERYDAY_ZIPF)
    # "PATROL - SANDHU H": the role, a dash, the name.
    forms = [part for form in forms for part in _DASHED.split(form) if part.strip()]
    for form in forms:
        if strip_honorific(form) != form:
            return True
        tokens = [t.strip(".,()") for t in _tokens(form)]
        tokens = [t for t in tokens if t]
        if not tokens:
            continue
        # The first word (after an inverted name's comma: "Lindqvist, Ruth"), capitalised as
        # names are written ("hoe ram" on a gate log is a machine).
        head = [t.strip(".,()") for t in (form.split(",", 1)[-1]).split()[:1]]
        first = [p.lower() for t in head if t[:1].isupper() for p in t.split("-") if len(p) > 1]
        if first and first[0] in given and first[0] not in _SMALL:
            return True
        initials = [t for t in tokens if _INITIAL_TOKEN.fullmatch(t)]
        rest = [t for t in tokens if not _INITIAL_TOKEN.fullmatch(t)]
        if (
            initials
            and len(rest) == 1
            and rest[0][:1].isupper()
            # "J. Smith" is a name, "C. Staff" is a temperature and a word
            and (rest[0].lower() not in everyday or rest[0].lower() in given)
        ):
            return True
    return False


def strip_honorific(name: str) -> str:
    tokens = _tokens(name)
    while len(tokens) > 1 and _bare(tokens[0]) in HONORIFICS:
        tokens = tokens[1:]
    return " ".join(tokens)


@lru_cache(maxsize=_CACHE)
def person_parts(name: str) -> tuple[str, list[str], str] | None:
    """(first, middle names or initials, last) of a personal name, lower-case and unaccented."""
    inverted = _inverted_parts(name.strip())
    if inverted is not None:
        return inverted
    text = strip_honorific(name).strip()
    tokens = [fold(t.strip(".,")) for t in _tokens(text)]
    tokens = [t for t in tokens if t and t.lower() not in ("jr", "sr", "ii", "iii", "esq")]
    if not tokens:
        return None
    # "Elena PETROVA", "NGUYEN Thi Lan", "OKONJO R": the word in capitals is the surname.
    capitals = [i for i, t in enumerate(tokens) if len(t) > 1 and t.isupper()]
    if capitals and len(capitals) < len(tokens) and any(len(t) > 1 for t in tokens):
        others = [t.lower() for i, t in enumerate(tokens) if i not in capitals]
        last = " ".join(tokens[i].lower() for i in capitals)
        return others[0], others[1:], last
    if len(tokens) == 1:
        return "", [], tokens[0].lower()
    last = tokens[-1].lower()
    index = len(tokens) - 2
    while index > 0 and tokens[index].lower() in NAME_CONNECTORS:
        last = f"{tokens[index].lower()} {last}"
        index -= 1
    return tokens[0].lower(), [t.lower() for t in tokens[1 : index + 1]], last


def _inverted_parts(text: str) -> tuple[str, list[str], str] | None:
    """A register's "Okonjo, Ruth": the surname, a comma, a known given name or an initial."""
    if text.count(",") != 1:
        return None
    surname, given = (part.strip() for part in text.split(","))
    last_tokens = [fold(t.strip(".")) for t in _tokens(surname)]
    given_tokens = [fold(t.strip(".")) for t in _tokens(given)]
    if not (1 <= len(last_tokens) <= 2 and 1 <= len(given_tokens) <= 3):
        return None
    first = given_tokens[0].lower()
    if len(first) > 1 and first not in given_names():
        return None
    if not all(t[:1].isupper() for t in [*last_tokens, *given_tokens]):
        return None
    return first, [t.lower() for t in given_tokens[1:]], " ".join(last_tokens).lower()


def org_core(name: str) -> str:
    """An organisation's name without articles, punctuation and legal-form suffix."""
    tokens = [_bare(t) for t in _tokens(name.replace("&", " and "))]
    tokens = [t for t in tokens if t and t != "the"]
    while len(tokens) > 1 and tokens[-1] in ORG_SUFFIXES:
        tokens = tokens[:-1]
    return " ".join(_NOT_WORD.sub("", t) for t in tokens).strip()


def slug(text: str) -> str:
    return _NOT_SLUG.sub("-", fold(text.lower())).strip("-") or "unnamed"


@lru_cache(maxsize=_CACHE)
def kind_of(name: str) -> NameKind | None:
    return classify(strip_honorific(name), honorific=strip_honorific(name) != name) or classify(
        name
    )


@lru_cache(maxsize=_CACHE)
def name_key(name: str) -> str:
    """A loose key for matching two mentions of one name (case, punctuation, titles, suffixes)."""
    if kind_of(name) in ("organization", "place"):
        return org_core(name)
    parts = person_parts(name)
    if parts is None:
        return slug(name)
    first, _, last = parts
    return f"{first} {last}".strip()


def same_given(a: str, b: str) -> bool:
    """Whether two given names are one, or forms of one ("dan", "daniel"; "bob", "rob")."""
    if a == b:
        return True
    forms = full_forms()
    of_a, of_b = forms.get(a, frozenset()), forms.get(b, frozenset())
    return b in of_a or a in of_b or bool(of_a & of_b)


@lru_cache(maxsize=_CACHE)
def same_party(a: str, b: str) -> bool:
    """Whether two written names plausibly denote the same party."""
    if not a or not b:
        return False
    if name_key(a) == name_key(b) or org_core(a) == org_core(b):
        return True
    pa, pb = person_parts(a), person_parts(b)
    if not (pa and pb) or "organization" in (kind_of(a), kind_of(b)):
        return False
    if pa[2] == pb[2]:
        fa, fb = pa[0], pb[0]
        return (
            not fa
            or not fb
            or same_given(fa, fb)
            or (fa[0] == fb[0] and (len(fa) == 1 or len(fb) == 1))
        )
    # "Themba M" and "Themba Mkhabela": one given name, a surname and its initial.
    for x, y in ((pa, pb), (pb, pa)):
        initial = len(x[2]) == 1 and len(y[2]) > 1 and y[2][0] == x[2]
        if initial and len(x[0]) > 1 and same_given(x[0], y[0]):
            return True
    return False


# A register's "BRENNAN Olivia": the surname in capitals first.
_CAPITALS_FIRST = re.compile(
    r"^(?P<last>[A-Z][A-Z'\u2019-]+),?\s+(?P<first>[A-Z][a-z][\w'\u2019-]*)$"
)


def register_order(name: str) -> bool:
    """Whether a name is written surname first, as registers do: "BRENNAN Olivia", "NOWICKI M"."""
    text = name.strip()
    if _CAPITALS_FIRST.match(text):
        return True
    parts = person_parts(text)
    return parts is not None and not parts[1] and len(parts[2]) == 1 and len(parts[0]) > 1


def natural_order(name: str) -> str:
    """A register's "BRENNAN Olivia" as prose writes it, "Olivia Brennan"."""
    match = _CAPITALS_FIRST.match(name.strip())
    return f"{match['first']} {title_case(match['last'])}" if match else name


def identities(names: list[str]) -> dict[str, str]:
    """Each form of a person's name ("Themba M", "T. Mkhabela") to its fullest form, when that
    is the only person it can be."""
    distinct = sorted({n for n in names if n}, key=lambda n: (-len(n), n))
    found: dict[str, str] = {}
    for name in distinct:
        fuller = [f for f in distinct if len(f) > len(name) and same_party(name, f)]
        if fuller and all(same_party(fuller[0], other) for other in fuller[1:]):
            found[name] = fuller[0]
    return found
