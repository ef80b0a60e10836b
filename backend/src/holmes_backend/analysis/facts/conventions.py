"""How a case's evidence writes what it leaves implicit: the order of numeric dates ("09/03/2025")
and the currency of bare amounts, read off the evidence as a whole (a single file rarely settles
them). `describe` states them in every request; `reading(documents, text)` sets them for the
analysis running in this context (facts.dates and facts.money read them).
"""

import re
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from functools import partial
from typing import NamedTuple

from holmes_backend.analysis.facts.dates import (
    DAY_FIRST_WORDS,
    DAY_MONTH,
    ISO_DATE,
    MONTH_FIRST_WORDS,
    MONTHS,
    NUMERIC_DATE,
    numeric_dates_day_first,
)
from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.money import (
    CODE,
    DEFAULT_CURRENCY,
    SYM,
    currency_of,
    dollar_currency,
    implicit_currency,
)
from holmes_backend.llm.evidence import EvidenceDoc

# Currency symbols, words and ISO codes (case-sensitive: several times faster, measured).
_CURRENCY_NAMED = re.compile(rf"{SYM}|\b(?:[Ee]uros?|[Ss]terling|[Dd]ollars?|(?P<code>{CODE}))\b")
# Around a currency code: "CHF 1,200", "Currency: DKK;", "1 200 SEK", "all amounts in CAD".
_CODE_AFTER = re.compile(r"[\s:)\]]{0,3}[-\u2212(]?\d|[ \t]*(?:[;|:)\]\r\n]|$)")
_CODE_BEFORE = re.compile(r"(?:\d ?|\bin )$")
# Words a currency is named by in prose; a bare "$" is whichever dollar the case names.
_WORDS = {"euro": "EUR", "euros": "EUR", "sterling": "GBP", "dollar": "$", "dollars": "$", "$": "$"}
# Dollars other than the US dollar: a bare "$" is one of them when the case names it alone.
_OTHER_DOLLARS = frozenset(("CAD", "AUD", "NZD", "SGD", "HKD"))
_SAMPLE = 50_000  # characters of each text read: the conventions show early
_MONTH_YEAR = re.compile(
    r"(?<!\d\s)\b(?P<mon>jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?,?\s+"
    r"(?P<y>(?:19|20)\d{2})\b",
    re.IGNORECASE,
)
HINT = "EVIDENCE CONVENTIONS:"
_HINT_LINE = re.compile(
    rf"^{HINT} numeric dates (?P<order>day|month)-first\b.*?\bin (?P<currency>[A-Z]{{3}})\b"
    r"(?:.*?\$ is (?P<dollar>[A-Z]{3})\b)?",
    re.MULTILINE,
)
_DAY_FIRST_CURRENCIES = frozenset(("EUR", "GBP"))
# Where a case is when it names no currency: "LU5 4LT", "+44", "@kentmere.gov.uk", "GmbH".
_PHONE_PREFIX = re.compile(r"\+(\d{1,3})[\s(-]")
_PHONE_CURRENCIES = {
    "44": "GBP", "49": "EUR", "33": "EUR", "39": "EUR", "34": "EUR", "31": "EUR", "32": "EUR",
    "353": "EUR", "43": "EUR", "351": "EUR", "30": "EUR", "358": "EUR", "61": "AUD",
    "64": "NZD", "91": "INR", "65": "SGD", "41": "CHF", "27": "ZAR", "1": "USD",
}  # fmt: skip
_DOMAIN = re.compile(r"[@/.](?:[a-z0-9-]+\.)+([a-z]{2,3})(?![\w.-])")  # its top-level domain
_TLD_CURRENCIES = {
    "uk": "GBP", "de": "EUR", "fr": "EUR", "it": "EUR", "es": "EUR", "nl": "EUR", "be": "EUR",
    "ie": "EUR", "at": "EUR", "pt": "EUR", "fi": "EUR", "gr": "EUR", "au": "AUD", "nz": "NZD",
    "in": "INR", "ca": "CAD", "sg": "SGD", "ch": "CHF", "za": "ZAR",
}  # fmt: skip
_FORM = re.compile(
    r"\b(GmbH|SARL|S\.p\.A|B\.V|Pty|Pvt|Pte|ABN|GSTIN|HMRC|GST/HST|PLC|plc|IBAN:? ?[A-Z]{2})\b"
)
_FORM_CURRENCIES = {
    "GmbH": "EUR", "SARL": "EUR", "S.p.A": "EUR", "B.V": "EUR", "Pty": "AUD", "Pvt": "INR",
    "Pte": "SGD", "ABN": "AUD", "GSTIN": "INR", "HMRC": "GBP", "GST/HST": "CAD", "PLC": "GBP",
    "plc": "GBP",
}  # fmt: skip
_IBAN_EURO = wordset("DE FR IT ES NL BE IE AT PT FI GR")
# A country's own bank and tax identifiers, by their labels ("Sort code", "BSB", "IFSC").
_ID_LABEL = re.compile(
    r"\b(?i:(sort\s+code|national\s+insurance|companies\s+house|routing\s+(?:number|no)|"
    r"social\s+security\s+(?:number|no)|steuernummer|codice\s+fiscale))\b"
    r"|\b(BSB|IFSC|PAYE|SIRE[NT]|KvK|USt-IdNr|CNPJ|CPF|EIN)\b"
)
_ID_CURRENCIES = {
    "sort code": "GBP", "national insurance": "GBP", "companies house": "GBP", "paye": "GBP",
    "routing number": "USD", "routing no": "USD", "social security number": "USD",
    "social security no": "USD", "ein": "USD", "bsb": "AUD", "ifsc": "INR", "siren": "EUR",
    "siret": "EUR", "kvk": "EUR", "ust-idnr": "EUR", "steuernummer": "EUR",
    "codice fiscale": "EUR", "cnpj": "BRL", "cpf": "BRL",
}  # fmt: skip
_UK_POSTCODE = re.compile(r"\b[A-Z]{1,2}\d{1,2}[A-Z]?\s\d[A-Z]{2}\b")
_UK_ACCOUNT = re.compile(r"\b\d{2}-\d{2}-\d{2}\s+\d{8}\b")
_US_ZIP = re.compile(r"\b([A-Z]{2}) \d{5}(?:-\d{4})?\b")
_US_STATES = wordset(
    "AK AL AR AZ CA CO CT DC DE FL GA HI IA ID IL IN KS KY LA MA MD ME MI MN MO MS MT NC ND NE "
    "NH NJ NM NV NY OH OK OR PA RI SC SD TN TX UT VA VT WA WI WV WY"
)


class Conventions(NamedTuple):
    day_first: bool
    currency: str  # of amounts written without one
    dollar: str  # what a bare "$" stands for


_Evidence = tuple[int, int, set[tuple[int, int, int]], Counter[str], Counter[str]]


def _documents_decide(documents: list[EvidenceDoc]) -> Conventions:
    """decide() over documents, each read once however many analyses read it."""
    parts = [memo(doc, "conventions", partial(_evidence, _texts(doc))) for doc in documents]
    return _combined(
        parts,
        lambda: [memo(d, "spelled dates", partial(_spelled_dates, _texts(d))) for d in documents],
    )


def _combined(
    parts: list[_Evidence], spelled: Callable[[], list[set[tuple[int, int, int]]]]
) -> Conventions:
    day_first, month_first = sum(p[0] for p in parts), sum(p[1] for p in parts)
    ambiguous = set[tuple[int, int, int]]().union(*(p[2] for p in parts))
    if day_first == month_first and ambiguous:
        day_first, month_first = _cross_read(set().union(*spelled()), ambiguous)
    named = sum((p[3] for p in parts), Counter[str]())
    return _decided(day_first, month_first, named, sum((p[4] for p in parts), Counter[str]()))


def _texts(doc: EvidenceDoc) -> list[str]:
    return [chunk.text for chunk in doc.chunks]


def _evidence(texts: list[str]) -> _Evidence:
    return (*_numeric_dates(texts), currencies_named(texts), country_signals(texts))


def _spelled_dates(texts: list[str]) -> set[tuple[int, int, int]]:
    """(year, month, day) of the dates written with their month's name (year 0 when none) or
    in ISO form; read only to cross-read ambiguous numeric dates."""
    spelled: set[tuple[int, int, int]] = set()
    for text in texts:
        for pattern in (MONTH_FIRST_WORDS, DAY_FIRST_WORDS):
            for match in pattern.finditer(text, 0, _SAMPLE):
                month = MONTHS[match["mon"][:3].lower()]
                spelled.add((int(match["y"]), month, int(match["d"])))
        for match in ISO_DATE.finditer(text, 0, _SAMPLE):  # an audit log's "2026-10-06 18:42"
            spelled.add((int(match["y"]), int(match["m"]), int(match["d"])))
        for match in _MONTH_YEAR.finditer(text, 0, _SAMPLE):  # "MARCH 2026": no day
            spelled.add((int(match["y"]), MONTHS[match["mon"][:3].lower()], 0))
        for match in DAY_MONTH.finditer(text, 0, _SAMPLE):  # "Friday 9 January": any year
            named = str(match["mon"] or match["mon_"])
            spelled.add((0, MONTHS[named[:3].lower()], int(match["d"] or match["d_"])))
    return spelled


def _cross_read(
    spelled: set[tuple[int, int, int]], ambiguous: set[tuple[int, int, int]]
) -> tuple[int, int]:
    """(day-first, month-first) votes of the ambiguous numeric dates the evidence also writes
    out ("03/11/2025" beside "3 November 2025" or under "NOVEMBER 2025" is day-first)."""
    day_first = sum(
        bool({(year, b, a), (0, b, a), (year, b, 0)} & spelled) for year, a, b in ambiguous
    )
    month_first = sum(
        bool({(year, a, b), (0, a, b), (year, a, 0)} & spelled) for year, a, b in ambiguous
    )
    return day_first, month_first


def _numeric_dates(texts: Iterable[str]) -> tuple[int, int, set[tuple[int, int, int]]]:
    """(day-first, month-first) votes of the numeric dates that can only be read one way, and
    (year, a, b) of the "a/b/year" ones that read either way."""
    day_first = month_first = 0
    ambiguous: set[tuple[int, int, int]] = set()
    for text in texts:
        for match in NUMERIC_DATE.finditer(text, 0, _SAMPLE):
            if match["sep"] == ".":
                continue  # dotted dates are day-first wherever they are written
            a, b, year = int(match["a"]), int(match["b"]), match["y"]
            if a > 12 >= b >= 1:
                day_first += 1
            elif b > 12 >= a >= 1:
                month_first += 1
            elif 1 <= a <= 12 and 1 <= b <= 12 and a != b and len(year) == 4:
                ambiguous.add((int(year), a, b))
    return day_first, month_first, ambiguous


def country_signals(texts: Iterable[str]) -> Counter[str]:
    """The currencies of the countries the texts' addresses, numbers and domains are in."""
    found: Counter[str] = Counter()
    for text in texts:
        for pattern, table in ((_PHONE_PREFIX, _PHONE_CURRENCIES), (_DOMAIN, _TLD_CURRENCIES)):
            found.update(c for m in pattern.finditer(text, 0, _SAMPLE) if (c := table.get(m[1])))
        for m in _FORM.finditer(text, 0, _SAMPLE):
            form = m[1]
            if form.startswith("IBAN"):
                found.update(["EUR"] if form[-2:] in _IBAN_EURO else [])
            elif code := _FORM_CURRENCIES.get(form):
                found[code] += 1
        found.update(
            code
            for m in _ID_LABEL.finditer(text, 0, _SAMPLE)
            if (code := _ID_CURRENCIES.get(" ".join(m.group().lower().split())))
        )
        found["GBP"] += sum(1 for _ in _UK_POSTCODE.finditer(text, 0, _SAMPLE))
        found["GBP"] += sum(1 for _ in _UK_ACCOUNT.finditer(text, 0, _SAMPLE))
        found["USD"] += sum(1 for m in _US_ZIP.finditer(text, 0, _SAMPLE) if m[1] in _US_STATES)
    return +found  # without the zero counts


def currencies_named(texts: Iterable[str]) -> Counter[str]:
    named: Counter[str] = Counter()
    for text in texts:
        for match in _CURRENCY_NAMED.finditer(text, 0, _SAMPLE):
            token = match.group().lower()
            code = _WORDS.get(token) or currency_of(token)
            if code and (not match["code"] or _written_as_currency(text, *match.span())):
                named[code] += 1
    return named


def _written_as_currency(text: str, start: int, end: int) -> bool:
    """Whether a currency's code is written as one ("RON HALE", "PHP developer" are not)."""
    return bool(_CODE_AFTER.match(text, end) or _CODE_BEFORE.search(text, max(0, start - 4), start))


def decide(texts: Iterable[str]) -> Conventions:
    """The conventions of these texts."""
    texts = list(texts)
    return _combined([_evidence(texts)], lambda: [_spelled_dates(texts)])


def _decided(
    day_first: int, month_first: int, named: Counter[str], signals: Counter[str]
) -> Conventions:
    others = _OTHER_DOLLARS & set(named)
    dollar = next(iter(others)) if len(others) == 1 and "USD" not in named else DEFAULT_CURRENCY
    counted = Counter({dollar if code == "$" else code: n for code, n in named.items()})
    if "$" in named and dollar in named:
        counted[dollar] = named["$"] + named[dollar]
    located = _located(signals) if not counted else None
    currency = counted.most_common(1)[0][0] if counted else located or DEFAULT_CURRENCY
    if day_first != month_first:
        return Conventions(day_first > month_first, currency, dollar)
    european = bool(_DAY_FIRST_CURRENCIES & set(named)) and not {"USD", "$"} & set(named)
    # A case that names no currency is read the way its country writes dates.
    return Conventions(european or (located not in (None, "USD")), currency, dollar)


def _located(signals: Counter[str]) -> str | None:
    """The currency of the one country a case's signals point to twice, twice any other's."""
    ranked = signals.most_common(2)
    if not ranked or ranked[0][1] < 2 or (len(ranked) == 2 and ranked[0][1] < 2 * ranked[1][1]):
        return None
    return ranked[0][0]


def describe(texts: Iterable[str]) -> str:
    """The conventions of a case's evidence, as a line of a request."""
    day_first, currency, dollar = decide(texts)
    order = "day-first (DD/MM/YYYY)" if day_first else "month-first (MM/DD/YYYY)"
    line = f"{HINT} numeric dates {order}; amounts written without a currency are in {currency}"
    return line + (f"; $ is {dollar}." if dollar != DEFAULT_CURRENCY else ".")


@contextmanager
def reading(documents: list[EvidenceDoc], text: str = "") -> Iterator[None]:
    hint = _HINT_LINE.search(text)
    if hint is not None:
        day_first = hint["order"] == "day"
        currency, dollar = hint["currency"], hint["dollar"] or DEFAULT_CURRENCY
    else:
        day_first, currency, dollar = _documents_decide(documents)
    dates_token = numeric_dates_day_first.set(day_first)
    currency_token = implicit_currency.set(currency)
    dollar_token = dollar_currency.set(dollar)
    try:
        yield
    finally:
        dollar_currency.reset(dollar_token)
        implicit_currency.reset(currency_token)
        numeric_dates_day_first.reset(dates_token)
