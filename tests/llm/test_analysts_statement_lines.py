"""Printed statements (PDF text lines, not tables): which way each line's money went is read from
the running balance when the words do not say, opening and closing balances move no money, and
amounts may be written the continental way ("2.500,00-"). A carer who says he received nothing
from his client, and was not with her on a day, against her statement and his visit rota."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.demo.formats import make_pdf
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_ENGLISH = [
    "Lakeside Building Society - Statement",
    "Account holder: Winifred Ashcombe",
    "Date         Description                          Paid out     Paid in      Balance",
    "01 Mar 2025  Opening balance                                                2,980.40",
    "04 Mar 2025  Harwell Garden Centre                   86.15                  2,894.25",
    "07 Mar 2025  Transfer D Okonjo                      700.00                  2,194.25",
    "10 Mar 2025  Kingsbridge Council pension                         1,310.00    3,504.25",
    "21 Mar 2025  Transfer D Okonjo                      450.00                  3,054.25",
    "31 Mar 2025  Closing balance                                                3,054.25",
]
_GERMAN = [
    "Sparkasse Oberland - Kontoauszug",
    "Kontoinhaber: Hedwig Brandl",
    "Datum       Buchungstext                        Betrag          Saldo",
    "01.04.2025  Anfangssaldo                                       5.120,00",
    "03.04.2025  Lastschrift Stadtwerke Rosenheim       132,40-      4.987,60",
    "08.04.2025  Rente Deutsche Rentenversicherung    1.480,00       6.467,60",
    "15.04.2025  Bargeldauszahlung Marienplatz          500,00-      5.967,60",
    "30.04.2025  Endsaldo                                           5.967,60",
]
_ROTA = (
    "Date,Client,Carer,Visit start,Visit end\n"
    "2025-03-07,Winifred Ashcombe,Daniel Okonjo,09:00,10:00\n"
    "2025-03-14,Winifred Ashcombe,Daniel Okonjo,09:00,10:00\n"
    "2025-03-21,Winifred Ashcombe,Daniel Okonjo,09:00,10:00\n"
)
_STATEMENT = (
    "WITNESS STATEMENT OF DANIEL OKONJO\n"
    "Date: 2 May 2025\n"
    "1. I have never received any money from Mrs Ashcombe.\n"
    "2. I was not with Mrs Ashcombe on 14 March 2025; I was at my sister's wedding.\n"
    "3. I was not with Mrs Ashcombe on 28 March 2025 either.\n"
)


async def _pdf(tmp_path: Path, name: str, lines: list[str]) -> object:
    path = tmp_path / name
    path.write_bytes(make_pdf([lines]))
    return await load(path, "application/pdf", path.stem)


async def test_the_running_balance_says_which_way_the_money_went(tmp_path: Path) -> None:
    statement = await _pdf(tmp_path, "lakeside_statement_ashcombe_mar2025.pdf", _ENGLISH)
    financial, _ = run(FinancialOutput, [statement])
    moved = [(t.date, t.amount, t.from_party, t.to_party) for t in financial.transactions]
    assert moved == [
        # No word says "paid"; the balance went down by it.
        ("2025-03-04", 86.15, "Winifred Ashcombe", None),  # a bare name is no one read
        ("2025-03-07", 700.0, "Winifred Ashcombe", "D Okonjo"),
        ("2025-03-10", 1310.0, "Kingsbridge Council", "Winifred Ashcombe"),
        ("2025-03-21", 450.0, "Winifred Ashcombe", "D Okonjo"),
    ]  # and no opening or closing balance


async def test_a_continental_statement(tmp_path: Path) -> None:
    statement = await _pdf(tmp_path, "kontoauszug_brandl_april.pdf", _GERMAN)
    financial, _ = run(FinancialOutput, [statement])
    moved = [(t.date, t.amount, t.to_party == "Hedwig Brandl") for t in financial.transactions]
    assert moved == [
        ("2025-04-03", 132.4, False),
        ("2025-04-08", 1480.0, True),
        ("2025-04-15", 500.0, False),
    ]


async def test_payments_to_the_carer_on_the_days_of_his_visits(tmp_path: Path) -> None:
    docs = [
        await _pdf(tmp_path, "lakeside_statement_ashcombe_mar2025.pdf", _ENGLISH),
        await text_doc(tmp_path, "care_rota_march.csv", _ROTA, "text/csv"),
        # A note that only mentions the day places no one: no link of its own.
        await text_doc(
            tmp_path,
            "family_note.txt",
            "On 21 March 2025 Daniel Okonjo collected the shopping for Mrs Ashcombe.\n",
        ),
    ]
    synthesis = synthesis_of(docs)
    same_day = [
        (link.source_a.line, link.source_b.row)
        for link in synthesis.cross_modal_links
        if link.correlation_type == "same_day_payment"
    ]
    # The transfers of the 7th and 21st, each beside that day's visit; not the garden centre,
    # and not the holder's own presence at every visit.
    assert len(same_day) == 2
    assert sorted(row for _, row in same_day) == [1, 3]
