"""What a witness denies of their own account's money, against its statement: "I have never
deposited large sums of cash" against three cash deposits of 9,500 to 9,800 in four days; "I
have never sent money abroad" against a payment of 28,000 to Delta Trading FZE in Dubai; "My only
income is my salary from Kirkstall Motors" against 29,000 paid in from elsewhere.

- Synthesis: the speaker's transactions are those their statements hold (CaseView.held: a side
  a statement leaves unnamed is its holder's). Each denial is read in its own words or as a bare
  "No." to the question it answers.
  - Cash paid in: credits whose description is a cash deposit (a cash deposit, cash paid in or
    lodged, a counter credit of cash), above the sum the denial gives ("over £5,000"), or above
    1,000 when it speaks of large sums; every one otherwise.
  - Money sent abroad: payments out to a payee in another country than the one the speaker's
    account is kept in (by its currency): a country or its chief city named in the payee or the
    description ("DUBAI"), a company form of another country ("FZE", "GmbH"), or an international
    transfer ("SWIFT", "international payment").
  - One source of income: credits from anyone but the source the claim names (its "from …"), of
    100 or more, that are not refunds, interest or the speaker's own money moved between their
    accounts.
  HIGH from two such records, MEDIUM from one.
"""

import re

from holmes_backend.agents.schemas import Contradiction, Severity, SwornClaim, Transaction
from holmes_backend.llm.local.domains.abroad import CURRENCY_HOME, countries_named
from holmes_backend.llm.local.domains.ledger import is_payment, tx_date
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import same_party

_NEG = r"\b(?:never|not|no)\b|n['\u2019]t\b"
_CASH_DENIED = re.compile(
    rf"(?:{_NEG})[^.;]{{0,40}}?\b(?:deposit(?:ed|s)?|paid|put|bank(?:ed)?|lodged)\b[^.;]{{0,40}}?"
    r"\bcash\b|(?:" + _NEG + r")[^.;]{0,30}?\bcash\b[^.;]{0,30}?\b(?:deposit|paid\s+in|into)\b",
    re.IGNORECASE,
)
_CASH_ASKED = re.compile(
    r"\bcash\b[^?]{0,60}\b(?:into|deposit|paid\s+in|bank)|\b(?:deposit|paid|put)\w*\b[^?]{0,40}"
    r"\bcash\b",
    re.IGNORECASE,
)
_LARGE = re.compile(r"\b(?:large|big|significant|substantial|huge)\b", re.IGNORECASE)
_OVER = re.compile(r"\b(?:over|above|more\s+than|exceeding|in\s+excess\s+of)\s*$", re.IGNORECASE)
_LARGE_SUM = 1000.0
_CASH_IN = re.compile(
    r"\bcash\s+(?:deposit|paid\s+in|in|lodge?ment|credit)|\bcounter\s+credit\b|\bdeposit\b[^;]{0,20}"
    r"\bcash\b|\bcash\b.{0,20}\b(?:branch|counter|atm\s+deposit)\b",
    re.IGNORECASE,
)
_ABROAD = (
    r"\b(?:abroad|overseas|offshore|out\s+of\s+the\s+country|to\s+another\s+country|outside\s+the\s+"
    r"(?:uk|country|united\s+kingdom|us|eu|united\s+states))\b"
)
_SENT = r"\b(?:sent|send|transferred|transfer|wired|wire|moved|paid|remitted|remit)\b"
_ABROAD_DENIED = re.compile(rf"(?:{_NEG})[^.;]{{0,30}}?{_SENT}[^.;]{{0,40}}?{_ABROAD}", re.I)
_ABROAD_ASKED = re.compile(rf"{_SENT}[^?]{{0,50}}?{_ABROAD}", re.IGNORECASE)
# Company forms of one country or a few, and the marks of an international transfer.
_FOREIGN_FORMS: dict[str, frozenset[str]] = {
    r"FZE|FZCO|FZ-LLC|DMCC": frozenset({"AE"}),
    r"GmbH": frozenset({"DE", "AT", "CH"}),
    r"S\.?A\.?R\.?L\.?|SARL": frozenset({"FR", "LU", "BE"}),
    r"B\.V\.?|BV": frozenset({"NL", "BE"}),
    r"Pte\.?": frozenset({"SG"}),
    r"S\.p\.A\.?|SpA|S\.r\.l\.?|Srl": frozenset({"IT"}),
    r"OOO|ZAO": frozenset({"RU"}),
    r"Sp\.?\s?z\s?o\.?o\.?": frozenset({"PL"}),
    r"Sdn\.?\s+Bhd\.?": frozenset({"MY"}),
}
_FORMS = [(re.compile(rf"(?<![\w.])(?:{f})(?![\w])"), homes) for f, homes in _FOREIGN_FORMS.items()]
_INTERNATIONAL = re.compile(
    r"\b(?:swift|international\s+(?:payment|transfer)|intl\s+(?:pmt|payment|transfer)|"
    r"foreign\s+(?:payment|transfer)|overseas\s+(?:payment|transfer)|telegraphic)\b",
    re.IGNORECASE,
)
_PAY = r"(?:wages?|salary|pay|pension|earnings|income)"
_ONLY_INCOME = re.compile(
    # "My only income is my salary from Kirkstall Motors"
    r"\b(?:my|our)\s+only\s+(?:source\s+of\s+)?income\s+(?:is|was|comes\s+from|has\s+been)\b"
    r"[^.;]*?\bfrom\s+(?P<source>[^.;,]+)|"
    # "Apart from my wages from Kirkstall Motors I have no other income"
    rf"\b(?:apart\s+from|other\s+than|except(?:\s+for)?|besides|beyond)\s+(?:my\s+)?{_PAY}\s+from\s+"
    r"(?P<source2>[^.;,]+?)\s*,?\s+(?:I|we)\s+(?:have|had|get|receive)\s+no\s+(?:other\s+)?"
    r"(?:income|money|earnings)\b|"
    # "My salary from Kirkstall Motors is my only income"
    rf"\b(?:my\s+)?{_PAY}\s+from\s+(?P<source3>[^.;,]+?)\s+is\s+(?:my|our)\s+only\s+"
    r"(?:source\s+of\s+)?income\b",
    re.IGNORECASE,
)
_NOT_INCOME = re.compile(r"\b(?:refund|interest|reversal|returned|rebate|cashback)\b", re.I)
_MIN_INCOME = 100.0
_LISTED = 4


def _theirs(speaker: str, held: list[Transaction]) -> list[Transaction]:
    return [
        t
        for t in held
        if is_payment(t)
        and (same_party(t.to_party or "", speaker) or same_party(t.from_party or "", speaker))
    ]


def _listed(transactions: list[Transaction]) -> str:
    return "; ".join(
        f"{t.date or 'undated'} {format_money(t.amount, t.currency or 'USD')} {t.description[:50]}"
        for t in transactions[:_LISTED]
    )


def _total(transactions: list[Transaction]) -> str:
    currency = transactions[0].currency or "USD"
    return format_money(sum(t.amount for t in transactions), currency)


def _floor(said: str) -> float:
    """The sum a denial speaks of: "over £5,000", or large sums, else none."""
    for money in find_money(said):
        if _OVER.search(said[: money.start]):
            return money.value
    return _LARGE_SUM if _LARGE.search(said) else 0.0


def _cash_contradiction(claim: SwornClaim, theirs: list[Transaction]) -> Contradiction | None:
    answer = answer_of(claim)
    denied = _CASH_DENIED.search(answer.said) or (answer.no and _CASH_ASKED.search(answer.question))
    if not denied or claim.speaker is None:
        return None
    floor = _floor(f"{answer.said} {answer.question}")
    paid_in = [
        t
        for t in theirs
        if same_party(t.to_party or "", claim.speaker)
        and _CASH_IN.search(f"{t.description} {t.from_party or ''}")
        and t.amount > floor
    ]
    if not paid_in:
        return None
    return _against_statement(
        claim,
        paid_in,
        "denies paying cash in",
        "cash deposit(s)",
        "HIGH" if len(paid_in) >= 2 else "MEDIUM",
    )


def _home(theirs: list[Transaction]) -> str | None:
    currencies = [t.currency for t in theirs if t.currency]
    return CURRENCY_HOME.get(max(set(currencies), key=currencies.count)) if currencies else None


def _abroad(tx: Transaction, home: str | None) -> bool:
    text = f"{tx.to_party or ''} {tx.description}"
    if _INTERNATIONAL.search(text):
        return True
    if any(code != home for code in countries_named(text)):
        return True
    return any(form.search(text) and home not in homes for form, homes in _FORMS)


def _abroad_contradiction(claim: SwornClaim, theirs: list[Transaction]) -> Contradiction | None:
    answer = answer_of(claim)
    denied = _ABROAD_DENIED.search(answer.said) or (
        answer.no and _ABROAD_ASKED.search(answer.question)
    )
    if not denied or claim.speaker is None:
        return None
    home = _home(theirs)
    sent = [
        t
        for t in theirs
        if same_party(t.from_party or "", claim.speaker)
        and not same_party(t.to_party or "", claim.speaker)
        and _abroad(t, home)
    ]
    if not sent:
        return None
    return _against_statement(
        claim,
        sent,
        "denies sending money abroad",
        "payment(s) out to payees abroad",
        "HIGH" if len(sent) >= 2 or sum(t.amount for t in sent) >= _LARGE_SUM else "MEDIUM",
    )


def _income_contradiction(claim: SwornClaim, theirs: list[Transaction]) -> Contradiction | None:
    only = _ONLY_INCOME.search(answer_of(claim).said)
    if only is None or claim.speaker is None:
        return None
    source = (only["source"] or only["source2"] or only["source3"]).strip()
    credits = [
        t
        for t in theirs
        if same_party(t.to_party or "", claim.speaker)
        and not same_party(t.from_party or "", claim.speaker)
        and t.amount >= _MIN_INCOME
        and not _NOT_INCOME.search(t.description)
    ]
    named = [
        t
        for t in credits
        if same_party(t.from_party or "", source)
        or source.lower() in f"{t.from_party or ''} {t.description}".lower()
    ]
    others = [t for t in credits if t not in named]
    if not named or not others:
        return None  # the named income not on these statements: not the account it is paid to
    others.sort(key=lambda t: tx_date(t) or t.date or "")
    return _against_statement(
        claim,
        others,
        f"gives {source} as the only income",
        "credit(s) from elsewhere",
        "HIGH" if len(others) >= 2 else "MEDIUM",
        beside=f" beside {_total(named)} from {source}",
    )


def _against_statement(
    claim: SwornClaim,
    records: list[Transaction],
    says: str,
    what: str,
    severity: Severity,
    beside: str = "",
) -> Contradiction:
    """The claim against the rows of the speaker's own statement that contradict it."""
    return refuted(
        claim,
        unique_refs([t.source for t in records], 6),
        f"{claim.speaker} {says}, yet their own statement records {len(records)} {what} "
        f"totalling {_total(records)}{beside}: {_listed(records)}.",
        severity,
    )


def own_account_contradictions(
    claims: list[SwornClaim], held: list[Transaction]
) -> list[Contradiction]:
    """`held`: the transactions as their statements' holders see them (CaseView.held)."""
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker:
            continue
        theirs = _theirs(claim.speaker, held)
        if not theirs:
            continue
        for rule in (_cash_contradiction, _abroad_contradiction, _income_contradiction):
            if (contradiction := rule(claim, theirs)) is not None:
                found.append(contradiction)
    return found


__all__ = ["own_account_contradictions"]
