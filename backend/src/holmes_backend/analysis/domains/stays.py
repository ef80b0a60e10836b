"""A stay abroad (or at home) against card spending elsewhere: "I was in Spain from 2 July to 14
July" against a card statement's purchases in Paisley GB on 9, 10 and 12 July.

Countries are read from a claim's place (a country's name, or a town the case's own records
place in a country: "BARCELONA ES" on the statement puts Barcelona in Spain) and from a card
row's location field (its trailing ISO code, "PAISLEY GB", or a country's name). Card rows in
another country within the claimed days contradict the claim when there are two or more of them
on different days or at different merchants (one row may be a purchase made online, billed
from the merchant's seat): HIGH when the statement is the speaker's, MEDIUM when the case does
not say whose it is. A statement the case gives to someone else is not held against them.

A claim of a town ("on holiday in Malaga, Spain from 3 May until 10 May") is also held against
rows in the towns the card is used in outside those days (its holder's usual places: "Shell,
Harrogate" on 1 and 11 May), when such rows fall within them, whatever country those towns are
in: the card was used at home while its holder says they were away. (A stay of up to a week,
PLACE_WINDOW, is weighed against every record of the speaker's elsewhere by
contradictions.place_contradictions.)"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Transaction
from holmes_backend.analysis.domains.ledger import tx_date
from holmes_backend.analysis.domains.timeline import field_place
from holmes_backend.analysis.facts.cells import row_fields

# ISO code, then the names a country goes by.
_COUNTRIES = {
    "GB": "united kingdom|uk|great britain|britain|england|scotland|wales|northern ireland",
    "IE": "ireland|eire",
    "ES": "spain|espana",
    "FR": "france",
    "DE": "germany|deutschland",
    "IT": "italy|italia",
    "PT": "portugal",
    "NL": "netherlands|holland",
    "BE": "belgium",
    "CH": "switzerland",
    "AT": "austria",
    "GR": "greece",
    "CY": "cyprus",
    "MT": "malta",
    "HR": "croatia",
    "TR": "turkey|turkiye",
    "PL": "poland",
    "CZ": "czech republic|czechia",
    "HU": "hungary",
    "DK": "denmark",
    "SE": "sweden",
    "NO": "norway",
    "FI": "finland",
    "IS": "iceland",
    "US": "united states|usa|america",
    "CA": "canada",
    "MX": "mexico",
    "BR": "brazil",
    "AR": "argentina",
    "AU": "australia",
    "NZ": "new zealand",
    "ZA": "south africa",
    "MA": "morocco",
    "EG": "egypt",
    "AE": "united arab emirates|uae|dubai",
    "IN": "india",
    "TH": "thailand",
    "SG": "singapore",
    "JP": "japan",
    "CN": "china",
    "HK": "hong kong",
}
_NAMED = {name: code for code, names in _COUNTRIES.items() for name in names.split("|")}
_NAME = re.compile(r"\b(" + "|".join(sorted(_NAMED, key=len, reverse=True)) + r")\b", re.I)
_CODE_AT_END = re.compile(r"\b([A-Z]{2})\s*$")
_ONLINE = re.compile(r"\b(?:www|online|internet|amzn|amazon|paypal|\.com|app\s+store)\b", re.I)
# The longest stay the place rule weighs against every record (a day elsewhere in a longer
# one is weighed here, against the card's usual towns).
PLACE_WINDOW = timedelta(days=7)
_CARD_ROWS = 2  # rows elsewhere, on different days or at different merchants


def _country_of_location(text: str) -> str | None:
    code = _CODE_AT_END.search(text.strip())
    if code and code[1] in _COUNTRIES:
        return code[1]
    named = _NAME.search(text)
    return _NAMED[named[1].lower()] if named else None


Row = tuple[Transaction, str, str | None, date]  # a card row, its place, country and day


def _located(transactions: list[Transaction]) -> tuple[list[Row], dict[str, str]]:
    """Card rows with their location (and its country, when it says), and each town's country
    as they say."""
    located: list[Row] = []
    towns: dict[str, str] = {}
    for tx in transactions:
        place = field_place(row_fields(tx.source.excerpt or ""))
        day = tx_date(tx)
        if not place or day is None or _ONLINE.search(tx.source.excerpt or ""):
            continue
        country = _country_of_location(place)
        located.append((tx, place, country, day))
        if country and (town := _town(place)):
            towns[town] = country
    return located, towns


def _town(place: str) -> str:
    return _CODE_AT_END.sub("", place).strip().lower()


def _holder(tx: Transaction, holders: dict[str, str]) -> str | None:
    """Whose card a row is: its statement's holder, else the payer the row names (a statement
    that gives its "Account holder" above its rows)."""
    return holders.get(tx.source.file_id) or tx.from_party
