"""Table rows as the extractors write them, and what each column means."""

import re
from functools import lru_cache
from typing import Literal

from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.text import words

Role = Literal[
    "date",
    "time",
    "debit",
    "credit",
    "amount",
    "from",
    "to",
    "party",
    "reference",
    "description",
    "currency",
    "quantity",
    "unit_price",
    "balance",
    "account",
    "direction",
    "other",
]

_FIELD = re.compile(r"(?:^|;\s)(?P<key>[^:;]{1,60}?):\s(?P<value>.*?)(?=;\s[^:;]{1,60}?:\s|$)")
# Checked in order: each role's header words, then its phrases ("|" apart); a phrase anywhere in
# the header wins over any word.
_ROLE_TABLE: list[tuple[Role, str, str]] = [
    (
        "other",
        "",
        "old value|new value|previous value|prior value|original value|value before|value after|"
        "employee id|employee no|employee number|staff id|staff no|staff number|payroll id|"
        "customer id|customer no|customer number|member id|vendor id|vendor no|vendor number|"
        "supplier id|supplier no|payee id|client id|account number|account no|routing|sort code|"
        "swift|bic",
    ),
    ("balance", "balance kontostand saldo solde", ""),
    ("unit_price", "rate", "unit price|price per|per share|unit cost"),
    ("debit", "debit debits dr outflow withdrawal withdrawals", "paid out|money out"),
    ("credit", "cr credit credits deposit deposits inflow", "paid in|money in"),
    ("currency", "ccy cur currency", ""),
    (
        "date",
        "booking data date dated datetime datum day fecha posted posting timestamp when",
        "value date|changed on|changed at|created on|created at|updated on|updated at|"
        "modified on|modified at|sent on|received on|signed on|booked on|effective from|"
        "paid on|date paid|payment date",
    ),
    ("time", "time", ""),
    (
        "amount",
        "amount amt bedrag belopp beløb beløp betrag charge charges cost eur fee gbp gross importe "
        "importo kwota montant monto net paid payment sum summa total usd valor value",
        "",
    ),
    ("quantity", "qty quantity shares units volume", ""),
    (
        "reference",
        "beleg belegnr check cheque confirmation factura facture factuur fattura id inv invoice "
        "no nr number numero nummer número po receipt rechnung rechnungsnr rechnungsnummer ref "
        "reference referencia referenz référence txn",
        "",
    ),
    (
        "from",
        "auftraggeber betaler buyer cardholder debtor from opdrachtgever ordenante ordering "
        "ordinante originator pagador payer payeur payor purchaser remetente remitter sender "
        "source zahler",
        "paid by|card holder|donneur d'ordre",
    ),
    (
        "to",
        "acreedor begunstigde begünstigter beneficiaire beneficiario beneficiary bénéficiaire "
        "client creancier crediteur creditor creditore credor créancier customer destinataire "
        "destinatario destination empfaenger empfänger favorecido fornecedor fornitore "
        "fournisseur kreditor leverancier lieferant merchant ontvanger payee proveedor receiver "
        "recipient seller supplier to vendor zahlungsempfänger",
        "paid to",
    ),
    ("party", "counterparty naam name namn navn nom party", ""),
    ("account", "account acct iban", ""),
    ("direction", "af bij direction dr/cr sign", ""),
    (
        "description",
        "beschreibung category causale code concepto descricao descripcion descripción "
        "description descrizione descrição details historico histórico libelle libellé memo "
        "narrative note notes omschrijving particulars purpose remarks security title type "
        "verwendungszweck",
        "",
    ),
    ("unit_price", "price", ""),
]
_ROLE_WORDS = [(r, wordset(w), tuple(p.split("|")) if p else ()) for r, w, p in _ROLE_TABLE]


def row_fields(text: str) -> dict[str, str]:
    """A row's "Header: value; …" fields, underscores in headers read as spaces."""
    return {m["key"].strip().replace("_", " "): m["value"].strip() for m in _FIELD.finditer(text)}


def pipe_cells(text: str) -> list[str]:
    return [cell.strip() for cell in text.split(" | ")]


# What a column measures other than money: "Net weight (t)", "Volume (m3)", "Litres".
_MEASURES = frozenset(
    {"weight", "kg", "kgs", "tonnes", "tonne", "tons", "litres", "liters", "m3", "volume"}
)


# What a "… name" column names when it is not a party: the thing bought, a file, a security.
_THINGS = frozenset({"item", "product", "goods", "article", "sku", "service", "file", "asset"})


@lru_cache(maxsize=4096)
def role_of(header: str) -> Role:
    tokens = set(words(header))
    lowered = " ".join(words(header))
    if "name" in tokens and tokens & _THINGS:
        return "description"
    if tokens & _MEASURES:
        return "quantity"
    for role, _, phrases in _ROLE_WORDS:
        if any(phrase in lowered for phrase in phrases):
            return role
    for role, vocabulary, _ in _ROLE_WORDS:
        if tokens & vocabulary:
            return role
    # Dutch and German make one word of a kind and its column: "Besteldatum", "Rechnungsbetrag".
    for role, endings in _COMPOUND_ENDINGS:
        if any(t.endswith(endings) for t in tokens):
            return role
    return "other"


_COMPOUND_ENDINGS: tuple[tuple[Role, tuple[str, ...]], ...] = (
    ("date", ("datum", "dato")),
    ("amount", ("betrag", "bedrag", "belopp", "beløb", "beløp")),
    # "Betalningsmottagare", "Zahlungsempfänger": the one paid.
    ("to", ("mottagare", "mottaker", "modtager", "empfänger", "ontvanger")),
)


def roles(headers: list[str]) -> dict[str, Role]:
    """Each header's role; a role claimed twice keeps its first column."""
    assigned: dict[str, Role] = {}
    taken: set[Role] = set()
    for header in headers:
        role = role_of(header)
        if role in taken and role not in ("description", "other"):
            role = "other"
        taken.add(role)
        assigned[header] = role
    return assigned
