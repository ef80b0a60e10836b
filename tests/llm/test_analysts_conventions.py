"""Numeric dates and bare amounts read the way the analysis' evidence writes them: day-first
when its unambiguous dates are (or, with none, when it names euros or pounds and no dollars),
in the currency it names most."""

from pathlib import Path

import pytest

from holmes_backend.analysis.facts.cells import role_of
from holmes_backend.analysis.facts.conventions import HINT, decide, describe, reading
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.money import find_money, parse_cell
from holmes_backend.contracts.agents import EvidenceOutput, FinancialOutput
from tests.llm.test_analysts_helpers import lines_doc, run, text_doc

_EXPORT = (
    "Posted Date,Narrative,Debit Amount,Credit Amount,Balance\n"
    "05/03/2025,ENERGY DIRECT DEBIT,142.18,,5978.22\n"
    "21/03/2025,SEPA CR QUARRYVALE HAULAGE LTD,,9800.00,15778.22\n"
    "02/04/2025,SALARY,,4210.55,19988.77\n"
)


async def test_a_day_first_export_dates_its_rows_and_the_cases_other_files_day_first(
    tmp_path: Path,
) -> None:
    export = await text_doc(tmp_path, "export.csv", _EXPORT, "text/csv")
    interview = lines_doc("interview", "interview.txt", ["Date: 02/05/2025 14:05", "Q: Hello."])
    financial, _ = run(FinancialOutput, [export, interview])
    assert [t.date for t in financial.transactions] == ["2025-03-05", "2025-03-21", "2025-04-02"]
    evidence, _ = run(EvidenceOutput, [export, interview])
    assert "2025-05-02T14:05:00" in {e.timestamp for e in evidence.events}
    # Alone, the interview's date is read month-first, as before.
    alone, _ = run(EvidenceOutput, [interview])
    assert {e.timestamp for e in alone.events} == {"2025-02-05T14:05:00"}


async def test_bare_amounts_are_in_the_currency_the_evidence_names(tmp_path: Path) -> None:
    export = await text_doc(tmp_path, "export.csv", _EXPORT, "text/csv")
    minutes = lines_doc("minutes", "minutes.txt", ["Contract awarded for EUR 1,240,000."])
    named, _ = run(FinancialOutput, [export, minutes])
    assert {t.currency for t in named.transactions if t.source.file_id == "export"} == {"EUR"}
    bare, _ = run(FinancialOutput, [export])
    assert {t.currency for t in bare.transactions} == {"USD"}


@pytest.mark.parametrize(
    ("lines", "expected"),
    [
        (["Paid on 03/21/2025.", "Signed 05/03/2025."], "2025-05-03"),  # month-first evidence
        (["Paid on 21/03/2025.", "Signed 05/03/2025."], "2025-03-05"),  # day-first evidence
        (["Fee of \u20ac400.", "Signed 05/03/2025."], "2025-03-05"),  # euros and no dates
        (["Fee of \u00a3400.", "Signed 05/03/2025."], "2025-03-05"),  # pounds and no dates
        (["Fee of $400.", "Signed 05/03/2025."], "2025-05-03"),  # dollars and no dates
        (["Signed 05/03/2025."], "2025-05-03"),  # nothing to go on: month-first
        (["Signed 05.03.2025."], "2025-03-05"),  # dotted: day-first wherever written
        # The same day written out elsewhere in the case settles how it reads.
        (["Met on 5 March 2025.", "Signed 05/03/2025."], "2025-03-05"),
        (["Met on May 3, 2025.", "Fee of \u00a3400.", "Signed 05/03/2025."], "2025-05-03"),
    ],
)
def test_the_evidence_decides_how_numeric_dates_read(lines: list[str], expected: str) -> None:
    with reading([lines_doc("doc", "doc.txt", lines)]):
        moments = find_moments(lines[-1])
    assert [m.day.isoformat() for m in moments] == [expected]
    # Outside the analysis, the default again: month-first, dotted dates day-first.
    default = "2025-03-05" if "05.03" in lines[-1] else "2025-05-03"
    assert [m.day.isoformat() for m in find_moments(lines[-1])] == [default]


async def test_the_case_wide_conventions_in_a_request_decide_over_its_own_documents(
    tmp_path: Path,
) -> None:
    export = await text_doc(tmp_path, "export.csv", _EXPORT, "text/csv")
    interview = lines_doc("interview", "interview.txt", ["Date: 02/05/2025 14:05", "Q: Hello."])
    stated = describe(chunk.text for chunk in export.chunks)
    assert stated.startswith(f"{HINT} numeric dates day-first")
    # The interview is routed alone; the line the pipeline adds says how the case writes dates.
    evidence, _ = run(EvidenceOutput, [interview], text=stated)
    assert {e.timestamp for e in evidence.events} == {"2025-05-02T14:05:00"}
    bare, _ = run(FinancialOutput, [export], text=describe(["Fee of GBP 400."]))
    assert {t.currency for t in bare.transactions} == {"GBP"}


async def test_a_bare_dollar_is_the_one_other_dollar_the_case_names(tmp_path: Path) -> None:
    claim = await text_doc(
        tmp_path,
        "claim.txt",
        "Amount claimed: $38,500.00\nAll amounts are in CAD unless stated.\n",
    )
    with reading([claim]):
        assert find_money(claim.chunks[0].text)[0].currency == "CAD"
    line = describe(chunk.text for chunk in claim.chunks)
    assert line.endswith("are in CAD; $ is CAD.")

    # The same "$" in the US, or beside US dollars, stays USD.
    assert decide(["Paid $400 by wire.", "Fees: USD 20"]).dollar == "USD"
    assert decide(["C$ 120 and US$ 80 and $ 15"]).dollar == "USD"
    with reading([], line):
        assert find_money("a cheque for $1,250")[0].currency == "CAD"
    assert find_money("a cheque for $1,250")[0].currency == "USD"


@pytest.mark.parametrize(
    ("code", "named"),
    [
        ("CHF", "Settlement agreed at CHF 48,000."),
        ("SEK", "The invoice totals 12 400 SEK."),
        ("JPY", "Amount (JPY): 350000"),
        ("NOK", "All figures in NOK unless stated."),
    ],
)
async def test_bare_amounts_are_in_any_currency_the_evidence_names(
    tmp_path: Path, code: str, named: str
) -> None:
    export = await text_doc(tmp_path, "export.csv", _EXPORT, "text/csv")
    memo = lines_doc("memo", "memo.txt", [named])
    financial, _ = run(FinancialOutput, [export, memo])
    assert {t.currency for t in financial.transactions if t.source.file_id == "export"} == {code}


def test_a_code_counts_where_it_is_written_as_a_currency() -> None:
    # Capitals that are also a currency's code ("SAR" a suspicious activity report, "RON" a
    # name, "PHP" a language) do not outvote the currency of the case's amounts.
    texts = ["Please file a SAR with FinCEN today.", "RON HALE confirmed.", "Fee: EUR 90"]
    assert decide([*texts, "The SAR was filed late; PHP developers were hired."]).currency == "EUR"
    assert decide(["Price 1 500 DKK", "Currency: DKK;", "Fee: EUR 90"]).currency == "DKK"


async def test_a_case_naming_no_currency_is_read_by_the_country_it_is_in(tmp_path: Path) -> None:
    payments = await text_doc(
        tmp_path,
        "payments.csv",
        "Date,Paid to,Amount\n04/03/2025,Dunmore & Co,412.50\n05/03/2025,Whitby Fish Ltd,388.20\n",
        "text/csv",
    )
    letter = lines_doc(
        "letter",
        "letter.txt",
        [
            "The Anchor Cafe, 12 Quay Street, Whitby YO21 3PU. Tel +44 1947 600123.",
            "Reply to: accounts@anchorcafe.co.uk, Accountant: Dunmore & Co, Scarborough YO11 2HG.",
        ],
    )
    financial, _ = run(FinancialOutput, [payments, letter])
    # Pounds and day-first dates, though no file names the currency or writes a day above 12.
    assert {t.currency for t in financial.transactions} == {"GBP"}
    assert [t.date for t in financial.transactions] == ["2025-03-04", "2025-03-05"]
    assert decide(["Acme Corp, 1418 W Addison St, Chicago, IL 60613"]).currency == "USD"
    # One foreign supplier ("SARL") is too little to move a case's currency.
    assert decide(["Paid SOCIETE LUMIERE SARL 4100"]).currency == "USD"


@pytest.mark.parametrize(
    ("texts", "order"),
    [
        (["Met on 5 March 2025.", "Signed 05/03/2025."], "day-first"),
        (["Met on May 3, 2025.", "Signed 05/03/2025."], "month-first"),
        (["Met on Friday 5 March.", "Signed 05/03/2025."], "day-first"),  # no year: any year
        # "2 June 2015" is of its own year, not the spelling of "06/02/2026"; the case's pounds
        # then decide.
        (
            ["Director appointed 2 June 2015.", "Submitted 06/02/2026.", "Price (GBP): 900"],
            "day-first",
        ),
        (["Director appointed 2 June 2015.", "Submitted 06/02/2015."], "month-first"),
    ],
)
def test_the_case_wide_line_cross_reads_dates_written_both_ways(
    texts: list[str], order: str
) -> None:
    assert describe(texts).startswith(f"{HINT} numeric dates {order}")


def test_ledger_columns_in_the_languages_ledgers_are_kept_in() -> None:
    assert [
        role_of(h) for h in ("Leverancier", "Crediteur", "Fornecedor", "Empfänger", "Bénéficiaire")
    ] == ["to"] * 5
    assert [role_of(h) for h in ("Betaler", "Auftraggeber", "Pagador")] == ["from"] * 3
    assert [role_of(h) for h in ("Omschrijving", "Verwendungszweck", "Descrição")] == [
        "description"
    ] * 3
    # One word of a kind and its column.
    assert [role_of(h) for h in ("Besteldatum", "Buchungsdatum")] == ["date", "date"]
    assert [role_of(h) for h in ("Rechnungsbetrag", "Totaalbedrag")] == ["amount", "amount"]
    assert role_of("Crediteurnr") == "other"


def test_amounts_grouped_as_europe_and_switzerland_group_them() -> None:
    def values(text: str) -> list[float]:
        return [m.value for m in find_money(text)]

    assert values("tot € 25.000 per opdracht") == [25_000.0]  # no currency counts thousandths
    assert values("EUR 1.250.000 en EUR 1.250.000,50") == [1_250_000.0, 1_250_000.5]
    assert values("CHF 12'480.50 bezahlt, 1\u2019250.00 CHF offen") == [12_480.5, 1_250.0]
    assert values("USD 12.50 and GBP 1,234.56") == [12.5, 1_234.56]
    assert parse_cell("1.250.000") == (1_250_000.0, None)
    assert parse_cell("1'250.00") == (1_250.0, None)


@pytest.mark.parametrize(
    ("text", "value", "currency"),
    [
        ("We have received the refund of Rs. 1,48,500/- from them", 148_500.0, "INR"),
        ("a crore is 1,00,00,000 INR", 10_000_000.0, "INR"),
        ("I paid 86 400 kronor to the contractor", 86_400.0, "SEK"),
        ("10,00,000 rupees were wired", 1_000_000.0, "INR"),
        ("a deposit of 7 500 rand", 7_500.0, "ZAR"),
    ],
)
def test_lakhs_rupees_and_currencies_named_by_a_word(
    text: str, value: float, currency: str
) -> None:
    assert [(m.value, m.currency) for m in find_money(text)] == [(value, currency)]


def test_a_word_that_is_not_a_currency_there_is_no_money() -> None:
    assert find_money("two pounds of flour and Mrs. 12 Main Street") == []
