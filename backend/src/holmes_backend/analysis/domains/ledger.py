"""Transactions read from evidence: ledger rows, XML records, statement lines, invoice totals
and sentences with a transfer verb and an amount."""

import re
from collections import defaultdict
from dataclasses import dataclass
from datetime import date

from holmes_backend.analysis.domains.claims import negated
from holmes_backend.analysis.domains.xmlrecords import xml_records
from holmes_backend.analysis.facts.cells import Role, roles, row_fields
from holmes_backend.analysis.facts.cite import cite
from holmes_backend.analysis.facts.dates import Moment, find_moments, parse_iso
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.money import (
    find_money,
    format_money,
    header_currency,
    implicit_currency,
    parse_cell,
)
from holmes_backend.analysis.facts.names import (
    UPPER,
    clean,
    find_names,
    kind_of,
    name_key,
    same_party,
    title_case,
)
from holmes_backend.analysis.facts.text import Unit, units
from holmes_backend.contracts.agents import SourceRef, Transaction
from holmes_backend.llm.evidence import EvidenceDoc

INVOICED = "Invoiced amount"
_REFERENCE = re.compile(
    r"\b(?:(?:invoice|inv|ref(?:erence)?|po|purchase order)\b\.?\s*(?:no\.?|number|num|#|id)?"
    r"|(?:transaction|txn|order|wire|confirmation|check|cheque|receipt|contract|agreement)"
    r"\s*(?:no\.?|number|num|#|id)\b\.?)\s*[:#]?\s*(?P<id>[A-Z]{0,6}[-/]?\d[\w/-]{1,24})",
    re.IGNORECASE,
)
_OUT_VERBS = (
    r"paid|pays|pay|wired|wires|wire|transferred|transfers|transfer|sent|sends|remitted|"
    r"deposited|loaned|lent|advanced|gave|reimbursed|refunded"
)
_IN_VERBS = r"received|receives|got|accepted|collected|withdrew|withdrawn"
_BILL_VERBS = r"invoiced|billed|charged"
_VERB = re.compile(
    rf"\b(?:(?P<out>{_OUT_VERBS})|(?P<in>{_IN_VERBS})|(?P<bill>{_BILL_VERBS}))\b", re.IGNORECASE
)
# An amount compared or stated as a rate, not paid ("more than", "a year").
_COMPARED = re.compile(
    r"\s*(?:more|less|higher|lower|above|below|over|under)\s+than\b|\s*(?:a|per|each)\s+"
    r"(?:year|annum|month|week|day|hour)\b|\s*(?:p\.?a\.?|pa|annually|monthly)\b",
    re.IGNORECASE,
)
# A sum as a bound, not a payment ("invoices over EUR 5,000").
_THRESHOLD = re.compile(
    r"\b(?:over|above|exceeding|in\s+excess\s+of|more\s+than|less\s+than|under|below|"
    r"up\s+to|at\s+least|not\s+exceeding|threshold\s+of)\s*$",
    re.IGNORECASE,
)
# A sum as a price asked, offered or estimated, not paid.
_PRICED = re.compile(
    r"\b(?:(?:asking|guide|list(?:ed|ing)?|reserve)\s+price|valued|valuation|estimated|estimate|"
    r"quoted|quote|offers?|bids?|budget(?:ed)?|worth|priced)(?:\s+(?:at|of))?"
    r"(?:\s+(?:about|around|approximately|roughly))?\s*$",
    re.IGNORECASE,
)
_TO = re.compile(
    r"\b(?:to|into|for the benefit of|in favou?r of|payable to|beneficiary)\s+(?:the\s+)?$",
    re.IGNORECASE,
)
_FROM = re.compile(r"\b(?:from|by|of)\s+(?:the\s+)?$", re.IGNORECASE)
_HOLDER = re.compile(
    r"\b(?:account holder|account name|card ?holder|card ?member|holder|customer|client|member|"
    r"statement for|prepared for|"
    r"name|kontoinhaber(?:in)?|inhaber|titulaire(?: du compte)?|titular|intestatario|"
    rf"rekeninghouder)\s*[:\-]\s*(?P<name>[{UPPER}][^\n;|]{{2,60}}?)(?:\s{{2,}}|[;|]|$)",
    re.IGNORECASE,
)
OUTFLOW_WORDS = re.compile(
    r"\b(withdrawal|debit|payment to|paid to|transfer to|wire to|wire out|purchase|fee|sent to|"
    r"card payment|pos|cheque|check|direct debit|standing order|bill payment|atm)\b",
    re.IGNORECASE,
)
INFLOW_WORDS = re.compile(
    r"\b(credit(?:ed)?|deposit(?:ed)?|received|receipt|incoming|(?:payment|transfer|wire) from|"
    r"wire in|transfer in|(?:sepa|giro|bank|fps|bacs)\s+cr|refund(?:ed)?|interest paid)\b",
    re.IGNORECASE,
)
_PAYEE_NAME = rf"[{UPPER}][\w&.'\u2019-]*(?:\s+[{UPPER}&][\w&.'\u2019-]*){{0,5}}"
# A line led by its booking type, then the other side.
_BOOKED = re.compile(
    r"^\s*(?:(?:internet|online|mobile|telephone|branch|electronic|instant)\s+)?"
    r"(?:transfer|tfr|trf|fpo|fpi|bgc|sto|obp|bp|deb|pos|deposit(?=\s+from\b)|"
    r"(?:faster|card|bill|online|mobile|bank)\s+payments?|payment|card|chq|salary|wages|"
    r"(?:fps|bacs)(?:\s+(?:cr|dr|credit|debit))?|"
    r"chaps|sepa(?:\s+(?:transfer|cr|dr|credit|debit))?|standing order|"
    r"direct debit|dd|so|überweisung|ueberweisung|lastschrift|gutschrift|dauerauftrag|virement|"
    r"prélèvement|prelevement|transferencia|bonifico|overboeking|"
    r"zelle|venmo|paypal|cash\s?app|ach(?:\s+(?:payroll|credit|debit|deposit))?|payroll|eft)\s+"
    r"(?:(?:to|from|an|von|à|a|de)\s+)?:?\s*"
    rf"(?P<name>{_PAYEE_NAME})",
    re.IGNORECASE,
)
_REFERENCE_AFTER = re.compile(r"\s+(?:ref(?:erence)?|inv(?:oice)?|memo|id)\b.*$", re.IGNORECASE)
_MODAL = re.compile(
    r"\b(?:shall|must|agrees? to|will|would|should|is to)\b"
    r"|\b(?-i:may|MAY)\b(?!\s*\d)",
    re.IGNORECASE,
)
_INVOICE = re.compile(r"\binvoice\b", re.IGNORECASE)
_INVOICE_TITLE = re.compile(r"\s*(?:tax\s+|vat\s+)?invoice\b(?!\s+(?:for|from|to|of)\b)", re.I)
_TOTAL = re.compile(
    r"\b(?:total(?:\s+(?:due|amount|payable))?|amount\s+(?:due|payable)|balance\s+due|"
    r"grand\s+total)\b\s*[:=]?",
    re.IGNORECASE,
)
# A row that sums others up, by its label: totals, subtotals and carried balances.
_SUMMARY = re.compile(
    rf"\s*(?:{_TOTAL.pattern}"
    r"|(?:sub[\s-]?)?totals?\b|[\w ]{1,30}\btotals?\s*[:=]?\s*$|sum\b(?:\s+of\b|\s*[:=]?\s*$)"
    r"|(?:balance\s+)?(?:carried|brought)\s+(?:forward|down|fwd)\b|balance\s+(?:[bc]/[fd]|forward)\b"
    r"|(?:opening|closing|starting|ending)\s+balance\b"
    r"|(?:anfangs|end|alter|neuer)\s?saldo\b|saldo\s+(?:anterior|inicial|final|iniziale|finale)\b"
    r"|solde\s+(?:initial|final|pr[eé]c[eé]dent|report[eé])\b|beginsaldo\b|eindsaldo\b"
    r"|summe\b|gesamt|somme\b|totaal\b|totale\b)",
    re.IGNORECASE,
)
_FIGURE_ROLES = frozenset(("amount", "debit", "credit", "balance", "quantity", "unit_price"))
_PARTY_ROLES = frozenset(("from", "to", "party"))
_Amount = tuple[float, str | None]
_BILL_TO = re.compile(
    r"\b(?i:bill(?:ed)?\s+to|customer|client|sold\s+to)\s*[:\-]\s*"
    rf"(?P<name>[{UPPER}][\w&.,' -]{{2,60}}?)"
    r"(?=\s{2,}|[;|\n]|$|\s+(?:Invoice|Date|Address)\b)",
)
_TO_LINE = re.compile(
    rf"^\s*(?i:to|attn|attention)\s*:\s*(?P<name>[{UPPER}][\w&.,' -]{{2,60}}?)\s*$"
)


@dataclass
class Ledger:
    transactions: list[Transaction]


def is_payment(tx: Transaction) -> bool:
    """Money that moved: a transfer that is not just an invoice's amount due."""
    return not tx.description.startswith(INVOICED)


def file_holders(transactions: list[Transaction], minimum: int) -> dict[str, set[str]]:
    """Per file of at least `minimum` transactions, the party keys named on every one of them."""
    by_file: dict[str, list[Transaction]] = defaultdict(list)
    for tx in transactions:
        by_file[tx.source.file_id].append(tx)
    return {
        file_id: set.intersection(
            *({name_key(p) for p in (t.from_party, t.to_party) if p} for t in txs)
        )
        for file_id, txs in by_file.items()
        if len(txs) >= minimum
    }


def paid_to(transactions: list[Transaction], party: str) -> list[Transaction]:
    """The payments made to the party, however its name is spelled."""
    return [
        t for t in transactions if is_payment(t) and t.to_party and same_party(t.to_party, party)
    ]


def received(transactions: list[Transaction]) -> set[int]:
    """The ids of the transactions paid to the holder of their file, who also pays out."""
    holders = file_holders(transactions, 2)
    paid_out = {(t.source.file_id, name_key(t.from_party)) for t in transactions if t.from_party}
    return {
        id(tx)
        for tx in transactions
        if tx.to_party
        and (key := name_key(tx.to_party)) in holders.get(tx.source.file_id, set())
        and (tx.source.file_id, key) in paid_out
    }


def distinct_payments(transactions: list[Transaction]) -> list[Transaction]:
    """Each payment recorded in several documents kept once, as its earliest dated record."""
    keys = [_payment_key(tx) for tx in transactions]
    first: dict[tuple[object, ...], tuple[str, str]] = {}
    for tx, key in zip(transactions, keys, strict=True):
        day = (tx.date or "9999")[:10]
        known = first.get(key)
        if known is None or day < known[0]:
            first[key] = (day, tx.source.file_id)
    return [
        tx for tx, key in zip(transactions, keys, strict=True) if first[key][1] == tx.source.file_id
    ]


def _payment_key(tx: Transaction) -> tuple[object, ...]:
    if tx.reference:
        return ("reference", norm_reference(tx.reference))
    return ("paid", round(tx.amount, 2), (tx.date or "")[:10], name_key(tx.to_party or ""))


def total_of(transactions: list[Transaction]) -> str:
    """The payments' sum in the first one's currency, as written for a reader."""
    return format_money(sum(t.amount for t in transactions), transactions[0].currency)


def tx_date(tx: Transaction) -> date | None:
    moment = parse_iso(tx.date)
    return moment.date() if moment else None


_CLAIMANT = re.compile(
    r"\b(?:employee|claimant|claimed\s+by|submitted\s+by|staff\s+(?:member|name))"
    r"(?:\s+name)?\s*:\s*(?P<v>[^;]+)",
    re.IGNORECASE,
)


def claimant(text: str) -> str | None:
    """The person whose expense claim a row is."""
    match = _CLAIMANT.search(text)
    if match is None:
        return None
    return next((n.text for n in find_names(match["v"]) if n.kind == "person"), None)


def reference_in(text: str) -> str | None:
    """The first invoice, order or transaction number the text gives."""
    match = _REFERENCE.search(text)
    return match["id"].strip(".,;:") if match else None


def norm_reference(reference: str) -> str:
    return re.sub(r"[^A-Z0-9]", "", reference.upper()).lstrip("0") or "0"


def ledger(doc: EvidenceDoc) -> Ledger:
    return memo(doc, "ledger", lambda: _ledger(doc))


def _ledger(doc: EvidenceDoc) -> Ledger:
    holder = _holder(doc)
    found: list[Transaction | None] = []
    found += _row_transactions(doc, holder)
    found += [_from_fields(doc.file_id, f, ref, holder) for f, ref in xml_records(doc)]
    found += _statement_lines(doc, holder)
    found += _invoice_totals(doc)
    kept = [t for t in found if t is not None]
    taken = {(t.source.row, t.source.line, t.source.page, t.amount) for t in kept}
    for tx in _sentence_transactions(doc):
        if (tx.source.row, tx.source.line, tx.source.page, tx.amount) not in taken:
            kept.append(tx)
    return Ledger(kept)


def _holder(doc: EvidenceDoc) -> str | None:
    for unit in units(doc)[:40]:
        if unit.kind != "row" and (match := _HOLDER.search(unit.text)):
            name = clean(match["name"])
            return title_case(name) if name.isupper() else name
    return None


def _row_transactions(doc: EvidenceDoc, holder: str | None) -> list[Transaction | None]:
    rows = [(f, u.ref) for u in units(doc) if u.kind == "row" and (f := row_fields(u.text))]
    signed = _signed_inflows([f for f, _ in rows])
    return [_from_fields(doc.file_id, f, ref, holder, signed) for f, ref in rows]


def _signed_inflows(rows: list[dict[str, str]]) -> bool:
    """Whether a table's signed amount column books money out as negatives (at least half)."""
    signs = []
    for fields in rows:
        assigned = roles(list(fields))
        if any(r in ("debit", "credit", "direction") for r in assigned.values()):
            return False
        amount = _amount(fields, assigned, "amount")
        if amount is not None and amount[0]:
            signs.append(amount[0] < 0)
    return len(signs) >= 2 and 2 * sum(signs) >= len(signs)


def _column(
    fields: dict[str, str], assigned: dict[str, Role], role: Role
) -> tuple[str, str] | None:
    """(header, value) of the first column of this role with a value in the row."""
    for header, value in fields.items():
        if assigned.get(header) == role and value.strip():
            return header, value.strip()
    return None


def _first(fields: dict[str, str], assigned: dict[str, Role], role: Role) -> str | None:
    column = _column(fields, assigned, role)
    return column[1] if column else None


def _amount(fields: dict[str, str], assigned: dict[str, Role], role: Role) -> _Amount | None:
    """The amount of the row's column of this role, in its cell's or header's currency."""
    column = _column(fields, assigned, role)
    if column is None:
        return None
    header, value = column
    parsed = parse_cell(value)
    if parsed is None:
        money = find_money(value)
        parsed = (money[0].value, money[0].currency) if money else None
    if parsed is None:
        return None
    return parsed[0], parsed[1] or header_currency(header)


def _from_fields(
    file_id: str,
    fields: dict[str, str],
    ref: SourceRef,
    holder: str | None,
    signed_inflows: bool = False,
) -> Transaction | None:
    assigned = roles(list(fields))
    debit = _amount(fields, assigned, "debit")
    credit = _amount(fields, assigned, "credit")
    amount = _amount(fields, assigned, "amount")
    outflow: bool | None = None
    if debit and debit[0]:
        amount, outflow = (abs(debit[0]), debit[1]), True
    elif credit and credit[0]:
        amount, outflow = (abs(credit[0]), credit[1]), False
    if amount is None or amount[0] == 0:
        return None
    sender = _first(fields, assigned, "from")
    receiver = _first(fields, assigned, "to")
    description = "; ".join(
        f"{k}: {v}" for k, v in fields.items() if assigned[k] in ("description", "other") and v
    )
    reference = _first(fields, assigned, "reference")
    said = " ".join(v for k, v in fields.items() if assigned[k] in ("description", "other"))
    outflow = _outflow(
        _first(fields, assigned, "direction"),
        amount[0],
        f"{said} {reference or ''}",
        outflow,
        signed_inflows,
    )
    if sender is None and (receiver is None or outflow is False):
        party = receiver or _first(fields, assigned, "party") or _counterparty(description)
        sender, receiver = (None, party) if outflow is not False else (party, None)
    sender, receiver = _holders_side(sender, receiver, outflow, holder, description)
    sender, receiver = _without_account(sender), _without_account(receiver)
    when = _row_date(fields, assigned)
    if when is None and (_summary_row(fields, assigned) or _rate_table(assigned)):
        return None
    currency = _first(fields, assigned, "currency") or amount[1] or implicit_currency.get()
    reference = reference or reference_in(description)
    return Transaction(
        date=when,
        amount=round(abs(amount[0]), 2),
        currency=currency.upper()[:3],
        from_party=sender,
        to_party=receiver,
        reference=reference,
        description=description[:300],
        source=ref.model_copy(update={"file_id": file_id}),
    )


def _holders_side(
    sender: str | None,
    receiver: str | None,
    outflow: bool | None,
    holder: str | None,
    description: str,
) -> tuple[str | None, str | None]:
    """The side a row leaves open taken by its claimant or its statement's holder."""
    if sender is None and outflow is not False:
        sender = claimant(description)
    if holder and sender is None and outflow:
        sender = holder
    if holder and receiver is None and outflow is False:
        receiver = holder
    return sender, receiver


# An undated table's money column that states rather than moves money.
_RATE_HEADER = re.compile(
    r"\b(?:salary|salaries|wages?|rates?|budget(?:ed)?|limits?|estimates?|estimated|allowance|"
    r"quota|target|forecast|valuation|list\s+price|price\s+list)\b",
    re.IGNORECASE,
)


def _rate_table(assigned: dict[str, Role]) -> bool:
    """Whether every money column is a salary, rate or budget."""
    money = [k for k, role in assigned.items() if role in ("amount", "debit", "credit")]
    return bool(money) and all(_RATE_HEADER.search(k) for k in money)


def _summary_row(fields: dict[str, str], assigned: dict[str, Role]) -> bool:
    """A row labelled as a total or carried balance (not a firm so named)."""
    return any(
        _SUMMARY.match(value)
        and not (assigned[header] in _PARTY_ROLES and kind_of(value) == "organization")
        for header, value in fields.items()
        if value and (assigned[header] not in _FIGURE_ROLES or not any(c.isdigit() for c in value))
    )


# Debit (True) and credit (False) marks: a whole word, else its first letter.
_MARKED = {word: True for word in ("af", "soll", "s", "debe", "dare", "uit", "d", "o", "w", "-")}
_MARKED |= {word: False for word in ("bij", "haben", "h", "haber", "avere", "in", "c", "i", "+")}
_MARKED |= {"deposit": False, "received": False, "receipt": False, "sent": True, "paid": True}


def _outflow(
    direction: str | None,
    signed: float,
    description: str,
    known: bool | None,
    signed_inflows: bool = False,
) -> bool | None:
    """Whether a row's money went out (True) or came in (False), None when nothing tells."""
    word = (direction or "").strip().lower()
    marked = _MARKED.get(word, _MARKED.get(word[:1])) if word else None
    if marked is not None:
        return marked
    if known is not None:
        return known
    if signed < 0 or signed_inflows:
        return signed < 0
    return False if INFLOW_WORDS.search(description) else None


def _row_date(fields: dict[str, str], assigned: dict[str, Role]) -> str | None:
    raw = _first(fields, assigned, "date") or _dated_cell(fields, assigned)
    raw = raw or _first(fields, assigned, "time")
    moments = find_moments(raw) if raw else []
    if not raw or not moments:
        return None
    moment = moments[0]
    clock = _first(fields, assigned, "time")
    if moment.at is None and clock:
        timed = find_moments(f"{raw} {clock}")
        moment = timed[0] if timed else moment
    return moment.iso()


def _dated_cell(fields: dict[str, str], assigned: dict[str, Role]) -> str | None:
    """The value of an unlabelled column that is nothing but a date."""
    for key, value in fields.items():
        if assigned[key] not in ("other", "description") or not value:
            continue
        moments = find_moments(value)
        if moments and moments[0].start == 0 and moments[0].end >= len(value.strip()):
            return value
    return None


def _booked(text: str) -> str | None:
    """The other side named after a line's booking type ("FASTER PAYMENT D OKAFOR")."""
    for value in (text, *(part.split(": ", 1)[-1] for part in text.split("; "))):
        booked = _BOOKED.match(value)
        if booked is None or not (name := clean(cut := _REFERENCE_AFTER.sub("", booked["name"]))):
            continue
        firm = find_names(title_case(name) if name.isupper() else name)
        if firm and firm[0].kind == "organization" and firm[0].start == 0:
            return firm[0].text
        if not name.isupper():
            return name
        if cut != booked["name"] or kind_of(title_case(name)) == "organization":
            return title_case(name)
        if re.fullmatch(r"(?:[A-Z]\.?\s+){1,3}[A-Z][A-Z'-]+", name):
            return title_case(name)
    return None


def _counterparty(text: str) -> str | None:
    """Who a statement line's money went to or came from."""
    if name := _booked(text):
        return name
    names = [n for n in find_names(text) if n.kind != "place"]
    return names[0].text if names else None


# An account written after a counterparty's name ("J SMITH, ACC 12345678").
_ACCOUNT_AFTER = re.compile(
    r"\s*[/|,;]\s*(?:(?:iban|acc(?:ount)?|a/c)\.?\s*(?:no\.?|number)?\s*:?\s*)?"
    r"(?:[A-Z]{2}\d{2}[A-Z0-9 ]{10,34}|\d[\d -]{5,})\s*$",
    re.IGNORECASE,
)


def _without_account(party: str | None) -> str | None:
    if party is None:
        return None
    return _ACCOUNT_AFTER.sub("", party).strip() or party


_LINE_AMOUNT = re.compile(
    r"\(?-?[$€£]?(?:\d{1,3}(?:[,.\u00a0\u202f]\d{3})+|\d+)[.,]\d{2}\)?-?(?![\d.,]\d)"
)
_LEDGER_LINE_MIN = 3


def _statement_lines(doc: EvidenceDoc, holder: str | None) -> list[Transaction]:
    """A printed statement's dated lines: amount first, running balance last."""
    if doc.mime_type.startswith(("text/csv", "application/vnd")):
        return []
    lines = [
        (chunk, moment, segment)
        for chunk in doc.chunks
        if chunk.location.row is None and " | " not in chunk.text
        for moment, segment in _dated_segments(chunk.text)
    ]
    found: list[Transaction] = []
    previous: float | None = None
    for chunk, moment, segment in lines if len(lines) >= _LEDGER_LINE_MIN else []:
        numbers = [p for m in _LINE_AMOUNT.finditer(segment) if (p := parse_cell(m.group()))]
        first = _LINE_AMOUNT.search(segment)
        description = segment[: first.start()].strip(" -\u2013:") if first else segment
        balance = numbers[-1][0] if len(numbers) >= 2 else None
        if not numbers or _SUMMARY.match(description) or not numbers[0][0]:
            previous = numbers[-1][0] if numbers else previous
            continue
        amount, currency = numbers[0]
        outflow = amount < 0 or bool(OUTFLOW_WORDS.search(description))
        if amount > 0 and INFLOW_WORDS.search(description):
            outflow = False
        moved = abs(balance - previous) if balance is not None and previous is not None else None
        if moved is not None and abs(moved - abs(amount)) <= 0.01:
            outflow = (balance or 0) < (previous or 0)
        previous = balance if balance is not None else previous
        party = _counterparty(description)
        found.append(
            Transaction(
                date=moment.iso(),
                amount=round(abs(amount), 2),
                currency=currency or implicit_currency.get(),
                from_party=holder if outflow else party,
                to_party=party if outflow else holder,
                reference=reference_in(description),
                description=description[:300],
                source=cite(doc.file_id, chunk.location, segment),
            )
        )
    return found


def _dated_segments(text: str) -> list[tuple[Moment, str]]:
    segments: list[tuple[Moment, str]] = []
    for line in text.splitlines() or [text]:
        moments = find_moments(line)
        for number, moment in enumerate(moments):
            end = moments[number + 1].start if number + 1 < len(moments) else len(line)
            if moment.start > 12 and number == 0 and len(moments) == 1:
                continue
            segment = line[moment.end : end].strip()
            if _LINE_AMOUNT.search(segment):
                segments.append((moment, segment))
    return segments


def _invoice_totals(doc: EvidenceDoc) -> list[Transaction | None]:
    """An invoice's total under its number."""
    doc_units = [u for u in units(doc) if u.kind != "row"]
    reference = next(
        (r for u in doc_units[:30] if _INVOICE.search(u.text) and (r := reference_in(u.text))),
        None,
    )
    if reference is None:
        return []
    priced = [(u, found) for u in doc_units if (found := find_money(u.text))]
    single = len(priced) == 1 and any(_INVOICE_TITLE.match(u.text) for u in doc_units[:5])
    for unit, found in priced:
        match = _TOTAL.search(unit.text)
        money = find_money(unit.text[match.end() :]) if match else []
        if not money and single and len(found) == 1:
            money = found
        if not money:
            continue
        issuer = next(
            (n.text for u in doc_units[:5] for n in find_names(u.text) if n.kind == "organization"),
            None,
        )
        billed = _BILL_TO.search(" ".join(u.text for u in doc_units[:40])) or next(
            (m for u in doc_units[:40] if (m := _TO_LINE.match(u.text))), None
        )
        moments = [m for u in doc_units[:30] for m in find_moments(u.text)]
        return [
            Transaction(
                date=moments[0].iso() if moments else None,
                amount=round(abs(money[0].value), 2),
                currency=money[0].currency,
                from_party=clean(billed["name"]) if billed else None,
                to_party=issuer,
                reference=reference,
                description=f"{INVOICED}: invoice {reference} total",
                source=unit.ref,
            )
        ]
    return []


def _sentence_transactions(doc: EvidenceDoc) -> list[Transaction]:
    default = parse_iso(doc.metadata.get("date"))
    day = default.date().isoformat() if default else None
    found = [_sentence_transaction(u, day) for u in units(doc) if u.kind == "prose"]
    return [tx for tx in found if tx is not None]


def _sentence_transaction(unit: Unit, default_day: str | None) -> Transaction | None:
    text = unit.text
    if _MODAL.search(text):
        return None
    verb = next((v for v in _VERB.finditer(text) if not v.group().isupper()), None)
    money = [
        m
        for m in find_money(text)
        if m.value > 0
        and not _COMPARED.match(text, m.end)
        and not _THRESHOLD.search(text, max(0, m.start - 20), m.start)
        and not _PRICED.search(text, max(0, m.start - 30), m.start)
    ]
    if verb is None or not money:
        return None
    if any(head.idx == verb.start() for head in negated(text)):
        return None  # "I have never received any money from him"
    names = [n for n in find_names(text) if n.kind != "place"]
    before = [n for n in names if n.end <= verb.start()]
    after = [n for n in names if n.start >= verb.end()]
    subject = before[-1].text if before else None
    receiver = sender = None
    for name in after:
        lead = text[: name.start]
        if _TO.search(lead):
            receiver = receiver or name.text
        elif _FROM.search(lead):
            sender = sender or name.text
    if verb["in"]:
        receiver, sender = subject, sender or receiver
    elif verb["bill"]:
        receiver, sender = subject, receiver
    else:
        sender = sender or subject
    moments = find_moments(text)
    return Transaction(
        date=moments[0].iso() if moments else default_day,
        amount=round(money[0].value, 2),
        currency=money[0].currency,
        from_party=sender,
        to_party=receiver,
        reference=reference_in(text),
        description=text[:300],
        source=unit.ref,
    )
