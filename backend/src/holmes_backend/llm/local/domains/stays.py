"""A stay abroad (or at home) against card spending elsewhere: "I was in Spain from 2 July to 14
July" against a card statement's purchases in Paisley GB on 9, 10 and 12 July.

Countries are read from a claim's place (a country's name, or a town the case's own records
place in a country: "BARCELONA ES" on the statement puts Barcelona in Spain) and from a card
row's location field (its trailing ISO code, "PAISLEY GB", or a country's name). Card rows in
another country within the claimed days contradict the claim when there are two or more of them
on different days or at different merchants (one row may be a purchase made online, billed
from the merchant's seat): HIGH when the statement is the speaker's, MEDIUM when the case does
not say whose it is. A statement the case gives to someone else is not held against them."""

import re
from collections import defaultdict
from datetime import date

from holmes_backend.agents.schemas import Contradiction, SwornClaim, Transaction
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import field_place
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import same_party

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
_CARD_ROWS = 2  # rows elsewhere, on different days or at different merchants


def _country_of_location(text: str) -> str | None:
    code = _CODE_AT_END.search(text.strip())
    if code and code[1] in _COUNTRIES:
        return code[1]
    named = _NAME.search(text)
    return _NAMED[named[1].lower()] if named else None


def _located(
    transactions: list[Transaction],
) -> tuple[list[tuple[Transaction, str, str, date]], dict[str, str]]:
    """Card rows with the country of their location, and each town's country as they say."""
    located: list[tuple[Transaction, str, str, date]] = []
    towns: dict[str, str] = {}
    for tx in transactions:
        place = field_place(row_fields(tx.source.excerpt or ""))
        day = tx_date(tx)
        if not place or day is None or _ONLINE.search(tx.source.excerpt or ""):
            continue
        if country := _country_of_location(place):
            located.append((tx, place, country, day))
            if town := _CODE_AT_END.sub("", place).strip().lower():
                towns[town] = country
    return located, towns


def stay_contradictions(
    claims: list[SwornClaim], transactions: list[Transaction], holders: dict[str, str]
) -> list[Contradiction]:
    located, towns = _located(transactions)
    found: list[Contradiction] = []
    for claim in claims if located else []:
        if not claim.claimed_place or not claim.speaker or not claim.claimed_time:
            continue
        span = parse_span(claim.claimed_time)
        claimed = _country_of_location(claim.claimed_place) or towns.get(
            claim.claimed_place.lower()
        )
        if span is None or claimed is None:
            continue
        by_file: dict[str, list[tuple[Transaction, str, str, date]]] = defaultdict(list)
        for row in located:
            tx, _, country, day = row
            holder = holders.get(tx.source.file_id)
            if holder and not same_party(holder, claim.speaker):
                continue
            if country != claimed and span[0].date() <= day <= span[1].date():
                by_file[tx.source.file_id].append(row)
        for file_id, rows in by_file.items():
            merchants = {(tx.to_party or tx.description or "").lower() for tx, *_ in rows}
            days = sorted({day for *_, day in rows})
            if len(rows) < _CARD_ROWS or (len(days) < 2 and len(merchants) < 2):
                continue
            holder = holders.get(file_id)
            listing = "; ".join(f"{day.isoformat()} at {place}" for _, place, _, day in rows[:5])
            whose = f"{holder}'s card" if holder else "a card statement of the case"
            found.append(
                refuted(
                    claim,
                    unique_refs([tx.source for tx, *_ in rows], 6),
                    (
                        f"{claim.speaker} says they were in {claim.claimed_place} then; "
                        f"{whose} was used in person elsewhere {len(rows)} time(s) on "
                        f"{len(days)} day(s): {listing}."
                    ),
                    "HIGH" if holder else "MEDIUM",
                )
            )
    return found
