"""Money written in text and in table cells."""

import re
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from itertools import groupby

from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.spans import Spans

DEFAULT_CURRENCY = "USD"
# The currency of amounts written without one, in the evidence being read (facts.conventions).
implicit_currency: ContextVar[str] = ContextVar("implicit_currency", default=DEFAULT_CURRENCY)
# The currency a bare "$" stands for in that evidence.
dollar_currency: ContextVar[str] = ContextVar("dollar_currency", default=DEFAULT_CURRENCY)
_SYMBOLS = {"us$": "USD", "$": "USD", "€": "EUR", "£": "GBP", "¥": "JPY", "₹": "INR", "c$": "CAD"}
_SYMBOLS |= {"a$": "AUD", "nz$": "NZD", "s$": "SGD", "hk$": "HKD", "r": "ZAR", "rs": "INR"}
_SYMBOLS |= {"rs.": "INR"}
_CODES = sorted(
    wordset(
        "USD EUR GBP CHF JPY CAD AUD INR CNY HKD SGD NZD SEK NOK DKK ZAR MXN BRL AED SAR RUB TRY "
        "PLN CZK HUF RON BGN ISK UAH ILS KRW TWD THB MYR IDR PHP VND PKR BDT LKR NGN KES GHS EGP "
        "MAD ARS CLP COP PEN QAR KWD BHD OMR"
    )
)
_WORDS = {"dollar": "USD", "dollars": "USD", "euro": "EUR", "euros": "EUR", "pounds": "GBP"}
# Currencies named by a word after the figure.
_WORDS |= {"kronor": "SEK", "rupees": "INR", "rand": "ZAR", "yen": "JPY", "zloty": "PLN"}
_WORDS |= {"yuan": "CNY", "ringgit": "MYR", "naira": "NGN", "shillings": "KES", "lei": "RON"}
_WORD_AFTER = "|".join(sorted((w for w in _WORDS if w not in ("dollar", "euro")), key=len))
_EUROPEAN = re.compile(r"\d{1,3}(?:\.\d{3})+,\d{1,2}")
_DECIMAL_COMMA = re.compile(r"\d+,\d{1,2}")
SCALES = {
    "thousand": 1e3,
    "k": 1e3,
    "million": 1e6,
    "mn": 1e6,
    "m": 1e6,
    "mm": 1e6,
    "billion": 1e9,
    "bn": 1e9,
    "b": 1e9,
}
# South Africa's rand is a capital R written against its digits ("R185 000", "R 6 420,00").
_RAND = r"(?-i:(?<![A-Za-z.])R(?=\s?\d{1,3}[\s,]\d{3}|\s?\d{3}))"
# India's rupee written "Rs." or "Rs" before its digits ("Rs. 1,48,500/-").
_RUPEE = r"(?-i:\bRs\.?(?=\s?\d))"
SYM = rf"(?:US\$|C\$|A\$|NZ\$|S\$|HK\$|\$|€|£|¥|₹|{_RAND}|{_RUPEE})"
# The codes grouped by first letter: several times faster to search than one per code.
CODE = (
    "(?:"
    + "|".join(
        f"{first}(?:{'|'.join(code[1:] for code in group)})"
        for first, group in groupby(_CODES, key=lambda code: code[0])
    )
    + ")"
)
_NUM = (
    # "1,48,500.00": India's lakhs and crores, grouped in twos before the last three digits
    r"(?:\d{1,2}(?:,\d{2})+,\d{3}(?:\.\d+)?|\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d{1,2}|\d{1,3}(?:\s\d{3})+(?:[.,]\d{1,2})?"
    # "1.250.000": two groups of three after dots are thousands, never a decimal
    r"|\d{1,3}(?:\.\d{3}){2,}"
    # "1'250.00": the Swiss group thousands with an apostrophe
    r"|\d{1,3}(?:['\u2019]\d{3})+(?:\.\d{1,2})?"
    r"|\d+(?:[.,]\d+)?)"
)
# A number's scale word ("2.5 million", "40k"), an optional named group.
SCALE = r"(?:\s?(?P<scale>thousand|million|billion|mn|bn|mm|[kmb])\b)?"
_BEFORE = re.compile(
    rf"(?P<open>\()?(?P<neg>-)?\s?(?P<cur>{SYM}|\b{CODE})\s?(?P<open2>\()?(?P<neg2>-)?(?P<num>{_NUM})(?![\d.,]\d){SCALE}",
    re.IGNORECASE,
)
_AFTER = re.compile(
    rf"(?<![\w.,])(?P<num>{_NUM}){SCALE}\s?(?P<cur>{SYM}|{CODE}\b|dollar\b|euro\b|"
    rf"(?:{_WORD_AFTER})\b)",
    re.IGNORECASE,
)
_HAS_CURRENCY = re.compile(rf"{SYM}|\b{CODE}\b|dollar|euro|{_WORD_AFTER}", re.IGNORECASE)
# A currency named in a column's header.
_IN_HEADER = re.compile(
    rf"(?P<sym>{SYM})|(?<![A-Za-z])(?P<code>{CODE})(?![A-Za-z])"
    rf"|[(\[]\s*(?i:(?P<bracketed>{CODE}))\s*[)\]]"
    r"|\b(?i:(?P<word>euros?|dollars?|pounds|sterling))\b"
)
_CELL = re.compile(
    rf"^\s*(?P<open>\()?\s*(?P<neg>[-\u2212\u2013])?\s*(?P<cur>{SYM}|{CODE})?\s*(?P<open2>\()?(?P<neg2>[-\u2212])?"
    rf"(?P<num>{_NUM}){SCALE}\s*(?P<cur2>{SYM}|{CODE})?\s*(?P<close>\))?\s*(?P<trail>-)?\s*$",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class Money:
    value: float
    currency: str
    start: int = 0
    end: int = 0


def to_number(text: str) -> float | None:
    """A number written with thousands separators in any convention."""
    raw = text.replace(" ", "").replace("'", "").replace("\u2019", "")
    if _EUROPEAN.fullmatch(raw):
        raw = raw.replace(".", "").replace(",", ".")
    elif _DECIMAL_COMMA.fullmatch(raw):
        raw = raw.replace(",", ".")
    else:
        raw = raw.replace(",", "")
    try:
        return float(raw)
    except ValueError:
        return None


# "€ 25.000", "R$ 1.250": money with dots every three digits and no decimals.
_DOT_THOUSANDS = re.compile(r"\d{1,3}(?:\.\d{3})+")


def _money_number(text: str) -> float | None:
    raw = text.replace(" ", "")
    if _DOT_THOUSANDS.fullmatch(raw):
        return float(raw.replace(".", ""))
    return to_number(text)


def currency_of(token: str | None, dollar: str = DEFAULT_CURRENCY) -> str | None:
    """The currency a symbol, code or word stands for; `dollar` is what a bare "$" is."""
    if not token:
        return None
    key = token.strip().lower()
    if key == "$":
        return dollar
    if key in _SYMBOLS:
        return _SYMBOLS[key]
    if key.upper() in _CODES:
        return key.upper()
    return _WORDS.get(key)


def find_money(text: str) -> list[Money]:
    """Amounts marked as money by a currency symbol, code or word."""
    return list(_find_money(text, dollar_currency.get()))


@lru_cache(maxsize=65536)
def _find_money(text: str, dollar: str) -> tuple[Money, ...]:
    if not _HAS_CURRENCY.search(text):
        return ()
    found: list[Money] = []
    spans = Spans()
    for pattern in (_BEFORE, _AFTER):
        for match in pattern.finditer(text):
            if spans.overlaps(match.start(), match.end()):
                continue
            value = _signed(match, text[match.end() : match.end() + 1] == ")")
            currency = currency_of(match["cur"], dollar)
            if value is None or currency is None:
                continue
            spans.add(match.start(), match.end())
            found.append(Money(value, currency, match.start(), match.end()))
    return tuple(sorted(found, key=lambda money: money.start))


def _signed(match: re.Match[str], closed: bool) -> float | None:
    """A matched amount, scaled, negative when marked with a minus or in closed brackets."""
    value = _money_number(match["num"])
    if value is None:
        return None
    value *= SCALES.get((match["scale"] or "").lower(), 1.0)
    marks = match.groupdict()
    opened = marks.get("open") or marks.get("open2")
    negative = marks.get("neg") or marks.get("neg2") or marks.get("trail") or (opened and closed)
    return -value if negative else value


def parse_cell(cell: str) -> tuple[float, str | None] | None:
    """A table cell holding just an amount: "$1,234", "(365,241)", "9.800,00 €", "-12.5"."""
    if "%" in cell:
        return None
    match = _CELL.match(cell)
    if not match or (value := _signed(match, bool(match["close"]))) is None:
        return None
    return value, currency_of(match["cur"] or match["cur2"], dollar_currency.get())


def header_currency(header: str) -> str | None:
    """The currency a column's header names for its cells; None when it names none, or several."""
    named: set[str] = set()
    for match in _IN_HEADER.finditer(header):
        token = next(t for t in match.groups() if t)
        code = "GBP" if token.lower() == "sterling" else currency_of(token, dollar_currency.get())
        if code:
            named.add(code)
    return named.pop() if len(named) == 1 else None


def format_money(value: float, currency: str | None) -> str:
    sign = "-" if value < 0 else ""
    amount = abs(value)
    text = f"{amount:,.2f}" if amount % 1 else f"{amount:,.0f}"
    return f"{sign}{currency} {text}" if currency else f"{sign}{text}"
