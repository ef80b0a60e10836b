"""Abroad when they say they never left: a claimant's "No. I haven't left the country at all"
(asked whether they had been outside the United Kingdom since January 2025) or "No, never"
(asked whether they were in Spain in August 2025) against their own card's spending in shops,
bars and cash machines whose descriptors end in a foreign country's code ("MERCADONA BENIDORM
ES") in that period.

- Synthesis: a denial of leaving the home country (the one the claim or its question names, else
  the one whose currency the speaker's statements are kept in) or of being in a named country,
  over its period (its own words or its question's; "since January 2025" runs on from it; none
  for "never"), against payments from the speaker's own account (its holder, by the file's name)
  at merchants in another country, or in it: HIGH from two days or a cash withdrawal, MEDIUM from
  one payment. Online merchants are no sign of where the card was.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_period
from holmes_backend.llm.local.facts.names import same_party

# Countries by the code a card's merchant descriptor ends in, and the names a statement uses.
_COUNTRIES: dict[str, tuple[str, ...]] = {
    "GB": ("united kingdom", "uk", "great britain", "britain", "england", "scotland", "wales"),
    "IE": ("ireland", "republic of ireland"),
    "ES": ("spain",),
    "FR": ("france",),
    "PT": ("portugal",),
    "IT": ("italy",),
    "DE": ("germany",),
    "NL": ("netherlands", "holland"),
    "GR": ("greece",),
    "TR": ("turkey", "türkiye"),
    "CY": ("cyprus",),
    "MT": ("malta",),
    "PL": ("poland",),
    "RO": ("romania",),
    "BG": ("bulgaria",),
    "HR": ("croatia",),
    "CH": ("switzerland",),
    "AT": ("austria",),
    "BE": ("belgium",),
    "SE": ("sweden",),
    "NO": ("norway",),
    "DK": ("denmark",),
    "FI": ("finland",),
    "CZ": ("czech republic", "czechia"),
    "HU": ("hungary",),
    "US": ("united states", "usa", "america"),
    "CA": ("canada",),
    "MX": ("mexico",),
    "AU": ("australia",),
    "NZ": ("new zealand",),
    "AE": ("united arab emirates", "uae", "dubai"),
    "TH": ("thailand",),
    "IN": ("india",),
    "PK": ("pakistan",),
    "BD": ("bangladesh",),
    "NG": ("nigeria",),
    "GH": ("ghana",),
    "KE": ("kenya",),
    "ZA": ("south africa",),
    "MA": ("morocco",),
    "EG": ("egypt",),
    "JM": ("jamaica",),
    "LT": ("lithuania",),
    "LV": ("latvia",),
    "SK": ("slovakia",),
    "AL": ("albania",),
    "TN": ("tunisia",),
}
# The country a home currency belongs to (the euro's is no one country).
CURRENCY_HOME = {"GBP": "GB", "USD": "US", "CAD": "CA", "AUD": "AU", "NZD": "NZ", "CHF": "CH"}
CURRENCY_HOME |= {"SEK": "SE", "NOK": "NO", "DKK": "DK", "PLN": "PL", "INR": "IN", "ZAR": "ZA"}
# Codes that are English words at the end of a description ("TRANSFER IN", "PAID TO") are read
# as a country only when the description is a merchant's, in capitals, with a place before it.
_WORD_CODES = frozenset({"IN", "IT", "NO", "AT", "BE", "MA", "CA", "US"})
_TRAILING = re.compile(r"\b(?P<place>[A-Z][A-Z'.-]{2,})\s+(?P<code>[A-Z]{2})\s*$")
_NOT_MERCHANT = re.compile(
    r"\b(?:transfer|payment|paid|received|salary|refund|interest|fee|standing|direct\s+debit|"
    r"faster|bacs|chaps)\b",
    re.IGNORECASE,
)
_ONLINE = re.compile(
    r"\b(?:www|online|internet|amazon|paypal|netflix|spotify|apple\.com|google|ebay|uber\s*eats|"
    r"subscription)\b|\.(?:com|net|org|co|io)\b",
    re.IGNORECASE,
)
_CASH = re.compile(r"\b(?:atm|cajero|cash|geldautomat|distributeur|bancomat|multibanco)\b", re.I)
_LEFT = re.compile(
    r"\b(?:(?:have|has)\s*n['\u2019]t|have\s+not|has\s+not|never|did\s*n['\u2019]t|did\s+not|"
    r"not)\s+(?:once\s+)?(?:left|leave|been\s+(?:out(?:side)?\s+of|outside|abroad|overseas)|"
    r"gone\s+abroad|travel+ed\s+abroad|been\s+abroad)\b",
    re.IGNORECASE,
)
_ASKED_LEFT = re.compile(r"\b(?:outside|out\s+of|left|leave|abroad|overseas)\b", re.IGNORECASE)
_ASKED_IN = re.compile(r"\b(?:were|was|have|had)\s+you\s+(?:ever\s+)?(?:been\s+)?(?:in|to)\b", re.I)
_NEVER_BEEN = re.compile(
    r"\b(?:never|not)\s+(?:once\s+)?been\s+to\b|\bnever\s+(?:went|gone)\s+to\b", re.I
)
_SINCE = re.compile(r"\bsince\b", re.IGNORECASE)
_LISTED = 4


def countries_named(text: str) -> list[str]:
    lowered = f" {text.lower()} "
    return [
        code
        for code, names in _COUNTRIES.items()
        if any(re.search(rf"(?<![a-z]){re.escape(n)}(?![a-z])", lowered) for n in names)
    ]


def _narrative(description: str) -> str:
    """A row's description without its field's name ("Description: …")."""
    return re.sub(r"^[\w ]{1,20}:\s*", "", description).strip()


def merchant_country(description: str) -> str | None:
    """The country a card merchant's descriptor ends in ("BAR LA PLAYA BENIDORM ES": ES)."""
    text = _narrative(description)
    match = _TRAILING.search(text)
    if match is None or match["code"] not in _COUNTRIES or _NOT_MERCHANT.search(text):
        return None
    if match["code"] in _WORD_CODES and not text.isupper():
        return None
    return match["code"]


def _denial(claim: SwornClaim) -> tuple[str, str | None] | None:
    """("left", home) for a denial of leaving a country, ("in", country) for one of being in a
    country; None for anything else."""
    answer = answer_of(claim)
    said, question = answer.said, answer.question
    if _LEFT.search(said) or (answer.no and _ASKED_LEFT.search(question)):
        named = countries_named(f"{said} {question}")
        return "left", named[0] if named else None
    named = countries_named(said if _NEVER_BEEN.search(said) else "")
    if not named and answer.no and _ASKED_IN.search(question):
        named = countries_named(question)
    return ("in", named[0]) if named else None


def _period(claim: SwornClaim) -> tuple[date, date]:
    """The days a denial covers: its words' period, from its start on when "since" leads it
    ("since October 2025": from 1 October 2025); every day when it gives none."""
    answer = answer_of(claim)
    text = f"{answer.said} {answer.question}"
    if (since := _SINCE.search(text)) is not None:
        period = find_period(f"in {text[since.end() :]}", None)
        if period is not None:
            return period[0], date.max
    return find_period(text, None) or (date.min, date.max)


def _paid_by(tx: Transaction, speaker: str, holders: dict[str, str]) -> bool:
    if tx.from_party is not None:
        return same_party(tx.from_party, speaker)
    holder = holders.get(tx.source.file_id)
    return tx.to_party is None and holder is not None and same_party(holder, speaker)


def _home(transactions: list[Transaction]) -> str | None:
    currencies = [t.currency for t in transactions if t.currency]
    if not currencies:
        return None
    main = max(set(currencies), key=currencies.count)
    return CURRENCY_HOME.get(main)


def abroad_contradictions(
    claims: list[SwornClaim], transactions: list[Transaction], holders: dict[str, str]
) -> list[Contradiction]:
    """`transactions` as their statements' holders see them (CaseView.held); a row with neither
    side named in a statement the speaker holds is theirs too (a card's merchant descriptor)."""
    found: list[Contradiction] = []
    for claim in claims:
        denial = _denial(claim) if claim.speaker else None
        if denial is None or claim.speaker is None:
            continue
        kind, country = denial
        theirs = [
            t
            for t in transactions
            if is_payment(t)
            and _paid_by(t, claim.speaker, holders)
            and not _ONLINE.search(t.description)
        ]
        home = country if kind == "left" and country else _home(theirs)
        if kind == "left" and home is None:
            continue
        first, last = _period(claim)
        there = [
            (t, day, code)
            for t in theirs
            if (code := merchant_country(t.description))
            and (code != home if kind == "left" else code == country)
            and (day := tx_date(t)) is not None
            and first <= day <= last
        ]
        if not there:
            continue
        days = sorted({day for _, day, _ in there})
        cash = any(_CASH.search(t.description) for t, _, _ in there)
        listed = "; ".join(
            f"{day.isoformat()} {_narrative(t.description)[:60]}" for t, day, _ in there[:_LISTED]
        )
        where = "abroad" if kind == "left" else f"in {_COUNTRIES[country or ''][0].title()}"
        found.append(
            refuted(
                claim,
                unique_refs([t.source for t, _, _ in there], 6),
                (
                    f"{claim.speaker} denies being {where} then, yet their own account paid "
                    f"{len(there)} time(s) at merchants {where} on {len(days)} day(s) from "
                    f"{days[0].isoformat()} to {days[-1].isoformat()}: {listed}."
                ),
                "HIGH" if len(days) >= 2 or cash else "MEDIUM",
            )
        )
    return found


__all__ = ["CURRENCY_HOME", "abroad_contradictions", "countries_named", "merchant_country"]
