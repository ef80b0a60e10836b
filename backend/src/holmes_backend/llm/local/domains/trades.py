"""Dealings in securities a holder denies, against the filing that reports them: "I did not sell
any shares in December 2022" against a Form 4 whose reporting owner is the speaker and which
reports sales (transaction code S) on 13 December 2022; "I exercised no options in 2022"
against its option exercises (code M).

A filing's transactions carry their code ("transaction code: S"); its owner is the party its
records name as owner (reporting owner, holder). A denial names the dealing (sold, bought,
exercised, traded) and what in (shares, stock, securities, options) over the claim's period;
the owner's transactions of that kind in the period contradict it (HIGH: their own filing).
A broker's statement counts alike: its rows' side ("Action: SELL") is their code, the holder its
rows name ("Account holder: Dana Hargrove") their owner, and a denial naming the company ("I did
not sell any Meridian shares") is met by its securities' rows only."""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim, Transaction
from holmes_backend.llm.local.domains.financial import RECORD_PARTIES
from holmes_backend.llm.local.domains.ledger import tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import parse_span
from holmes_backend.llm.local.facts.names import same_party

_DENIED = re.compile(
    r"(?:\b(?:not|never|no)\b|n['\u2019]t)[^.;]{0,25}?\b(?P<act>sell|sold|buy|bought|purchased?|"
    r"exercised?|traded?)\b[^.;]{0,30}?\b(?:shares?|stock|securities|options?)\b"
    r"|\b(?P<act2>sold|bought|purchased|exercised|traded)\s+no\s+(?:\w+\s+)?(?:shares?|stock|"
    r"securities|options?)\b",
    re.IGNORECASE,
)
# The codes of each dealing (SEC Form 4: S sale, P purchase, M exercise of a derivative).
_CODES = {"sel": "S", "sol": "S", "buy": "P", "bou": "P", "pur": "P", "exe": "M", "tra": "SP"}
_KINDS = {"S": "sale", "P": "purchase", "M": "option exercise"}
_CODE = re.compile(r"\btransaction code:\s*(?P<code>[A-Z])\b")
_UNITS = re.compile(r"^(?P<n>[\d.]+) units at (?P<price>[\d.]+)")
_OWNER = re.compile(r"(?P<name>[^,()]+?)\s*\((?P<role>[^)]*owner[^)]*|holder)\)", re.IGNORECASE)


def _owners(findings: list[Finding]) -> dict[str, str]:
    """Each filing's owner, by file."""
    owners: dict[str, str] = {}
    for finding in findings:
        if finding.finding_type != RECORD_PARTIES or not finding.sources:
            continue
        named = finding.title.split(": ", 1)[-1]
        if owner := _OWNER.search(named):
            owners[finding.sources[0].file_id] = owner["name"].strip()
    return owners


def _is_owner(owner: str, speaker: str) -> bool:
    """The speaker is the filing's owner, whose name a filing may write surname first
    ("Vance Peter")."""
    tokens = owner.split()
    turned = " ".join(reversed(tokens)) if len(tokens) == 2 else owner
    return bool(owner) and (same_party(owner, speaker) or same_party(turned, speaker))


# A broker's row: its side and its holder.
_SIDE = re.compile(
    r"\b(?:action|side|buy/sell|b/s|transaction\s+type|trade\s+type|order\s+type)\s*:\s*"
    r"(?P<side>sell|sold|sale|buy|bought|purchase)\b",
    re.IGNORECASE,
)
_SIDE_CODES = {"sel": "S", "sol": "S", "sal": "S", "buy": "P", "bou": "P", "pur": "P"}
_HOLDER = re.compile(
    r"\b(?:account\s+(?:holder|name)|holder|client|beneficial\s+owner)\s*:\s*(?P<who>[^;]+)",
    re.IGNORECASE,
)
_QUANTITY = re.compile(r"\b(?:quantity|qty|shares|units)\s*:\s*(?P<n>[\d,]+(?:\.\d+)?)", re.I)
# The company a denial names: "any Meridian shares", "Meridian Biologics stock".
_NAMED_SECURITY = re.compile(
    r"\b(?P<name>[A-Z][\w&.-]+(?:\s+[A-Z][\w&.-]+){0,2})\s+(?:shares?|stock|securities|options?)\b"
)


def coded_dealings(transactions: list[Transaction]) -> list[tuple[Transaction, str, str | None]]:
    """(transaction, its code, its holder when its row names one) of a filing or a broker."""
    found: list[tuple[Transaction, str, str | None]] = []
    for tx in transactions:
        if m := _CODE.search(tx.description):
            found.append((tx, m["code"], None))
        elif side := _SIDE.search(f"{tx.description}; {tx.source.excerpt or ''}"):
            holder = _HOLDER.search(tx.source.excerpt or tx.description)
            code = _SIDE_CODES[side["side"].lower()[:3]]
            found.append((tx, code, holder["who"].strip() if holder else None))
    return found


def trade_contradictions(
    claims: list[SwornClaim], transactions: list[Transaction], findings: list[Finding]
) -> list[Contradiction]:
    owners = _owners(findings)
    coded = coded_dealings(transactions)
    found: list[Contradiction] = []
    for claim in claims if coded else []:
        said = answer_of(claim).said
        denied = _DENIED.search(said)
        span = parse_span(claim.claimed_time)
        if denied is None or span is None or not claim.speaker:
            continue
        codes = _CODES[(denied["act"] or denied["act2"]).lower()[:3]]
        named = _NAMED_SECURITY.search(said[denied.start() :])
        dealt = [
            (tx, code)
            for tx, code, holder in coded
            if code in codes
            and _is_owner(holder or owners.get(tx.source.file_id, ""), claim.speaker)
            and (day := tx_date(tx)) is not None
            and span[0].date() <= day <= span[1].date()
            and (
                holder is None
                or named is None
                or named["name"].split()[0].lower() in (tx.source.excerpt or "").lower()
            )
        ]
        # An exercise is reported twice, as the option given up and the stock acquired: once.
        dealt = list(
            {
                (tx_date(tx), tx.description.split(";")[0], code): (tx, code) for tx, code in dealt
            }.values()
        )
        if not dealt:
            continue
        filed = owners.get(dealt[0][0].source.file_id)
        record = f"the filing of {filed}" if filed else f"the account of {claim.speaker}"
        days = sorted({str(tx_date(tx)) for tx, _ in dealt})
        units = sum(
            float(m["n"].replace(",", ""))
            for tx, _ in dealt
            if (m := _UNITS.match(tx.description) or _QUANTITY.search(tx.source.excerpt or ""))
        )
        kind = _KINDS[dealt[0][1]]
        found.append(
            refuted(
                claim,
                unique_refs([tx.source for tx, _ in dealt], 6),
                (
                    f"{claim.speaker} denies it, yet {record} reports "
                    f"{len(dealt)} {kind}(s)"
                    + (f" of {units:,.0f} units" if units else "")
                    + f" on {', '.join(days)}."
                ),
                "HIGH",
            )
        )
    return found
