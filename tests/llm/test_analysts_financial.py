"""Financial analyst: transactions from rows, statements, tables and sentences; anomaly rules."""

from pathlib import Path

import pytest

from holmes_backend.contracts.agents import AgentParams, Anomaly, FinancialOutput, Transaction
from tests.llm.test_analysts_helpers import rendered, run, text_doc


def _kinds(output: FinancialOutput) -> list[str]:
    return [a.kind for a in output.anomalies]


def _only(output: FinancialOutput, kind: str) -> Anomaly:
    found = [a for a in output.anomalies if a.kind == kind]
    assert len(found) == 1, output.anomalies
    return found[0]


async def test_structuring_in_a_csv_ledger(tmp_path: Path) -> None:
    ledger = await text_doc(
        tmp_path,
        "outgoing.csv",
        "Date,Payer,Payee,Amount,Reference\n"
        "2021-06-01,Corvina Baptiste,Lusk Maritime Supply LLC,9400.00,T-101\n"
        "2021-06-03,Corvina Baptiste,Orrin Talbot,9150.00,T-102\n"
        "2021-06-07,Corvina Baptiste,Lusk Maritime Supply LLC,9875.50,T-103\n"
        "2021-06-09,Corvina Baptiste,Yevgenia Strand,9600.00,T-104\n"
        "2021-07-20,Corvina Baptiste,Orrin Talbot,1250.00,T-105\n",
        mime="text/csv",
    )
    output, analysis = run(FinancialOutput, [ledger])
    assert len(output.transactions) == 5
    first = output.transactions[0]
    assert (first.date, first.amount, first.from_party, first.to_party, first.reference) == (
        "2021-06-01",
        9400.0,
        "Corvina Baptiste",
        "Lusk Maritime Supply LLC",
        "T-101",
    )
    assert first.source.file_id == "outgoing"
    assert first.source.row == 1
    structuring = _only(output, "structuring")
    assert structuring.severity == "HIGH"
    assert structuring.total_amount == pytest.approx(9400 + 9150 + 9875.5 + 9600)
    assert {s.row for s in structuring.sources} == {1, 2, 3, 4}
    assert "Corvina Baptiste" in structuring.description
    assert output.counterparties[0] == "Corvina Baptiste"
    assert any("structuring" in t for t in analysis.thoughts)


async def test_structuring_in_a_printed_statement_as_the_model_receives_it(tmp_path: Path) -> None:
    statement = await rendered(
        tmp_path,
        "statement.txt",
        "Statement of account\nAccount Holder: Maren Lindqvist\n"
        "03/02/2023  Cash deposit branch 12       9,450.00     10,450.00\n"
        "03/06/2023  Cash deposit branch 7        9,380.00     19,830.00\n"
        "03/09/2023  Cash deposit ATM             9,720.00     29,550.00\n"
        "03/28/2023  Card payment Harlow Books       42.10     29,507.90\n",
    )
    output, _ = run(FinancialOutput, [statement])
    deposits = [t for t in output.transactions if t.amount > 9000]
    assert [t.date for t in deposits] == ["2023-03-02", "2023-03-06", "2023-03-09"]
    assert all(t.to_party == "Maren Lindqvist" for t in deposits)
    structuring = _only(output, "structuring")
    assert structuring.total_amount == pytest.approx(28550.0)


async def test_a_clean_ledger_is_not_flagged(tmp_path: Path) -> None:
    ledger = await text_doc(
        tmp_path,
        "clean.csv",
        "Value Date;Beneficiary;Debit;Credit;Details\n"
        "2020-02-03;Fenwick Utilities;412.77;;electricity\n"
        "2020-02-11;Ambrose Plumbing Ltd;9480.00;;boiler replacement\n"
        "2020-02-28;;;5120.40;salary\n"
        "2020-03-19;Ambrose Plumbing Ltd;9120.00;;second boiler\n"
        "2020-04-02;Fenwick Utilities;398.15;;electricity\n",
        mime="text/csv",
    )
    output, analysis = run(FinancialOutput, [ledger])
    assert len(output.transactions) == 5
    assert output.anomalies == []
    assert any("No structuring" in t for t in analysis.thoughts)


async def test_threshold_comes_from_the_request(tmp_path: Path) -> None:
    ledger = await text_doc(
        tmp_path,
        "small.csv",
        "Date,From,To,Amount\n2019-09-02,Pia Okafor,Tern Bay Co,2900\n"
        "2019-09-04,Pia Okafor,Tern Bay Co,2875\n2019-09-05,Pia Okafor,Tern Bay Co,2950\n",
        mime="text/csv",
    )
    plain, _ = run(FinancialOutput, [ledger])
    assert "structuring" not in _kinds(plain)
    lowered, _ = run(FinancialOutput, [ledger], params=AgentParams(reporting_threshold=3000))
    assert "structuring" in _kinds(lowered)


async def test_a_round_trip_out_and_back(tmp_path: Path) -> None:
    ledger = await text_doc(
        tmp_path,
        "wires.csv",
        "Date,Sender,Recipient,Amount (USD)\n"
        "2022-03-01,Gallant Rook Holdings Ltd,Mireille Achterberg,50000\n"
        "2022-03-20,Mireille Achterberg,Gallant Rook Holdings Ltd,48500\n"
        "2022-06-01,Teodor Vasquez,Pebble Stationers,80.25\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [ledger])
    [trip] = [a for a in output.anomalies if a.kind == "round_trip"]
    assert {s.row for s in trip.sources} == {1, 2}
    assert "Mireille Achterberg" in trip.description


async def test_amount_mismatch_between_an_invoice_and_the_ledger(tmp_path: Path) -> None:
    invoice = await text_doc(
        tmp_path,
        "invoice_4471.txt",
        "Brightwater Scaffolding Ltd\nInvoice No. BW-4471\nDate: 14 October 2021\n"
        "Bill to: Kesteven Homes\nScaffold hire, 6 weeks\nTotal due: GBP 18,400.00\n",
    )
    ledger = await text_doc(
        tmp_path,
        "ap_ledger.csv",
        "Date,Vendor,Invoice,Amount,Currency\n2021-10-29,Brightwater Scaffolding Ltd,BW-4471,"
        "21400.00,GBP\n2021-11-02,Corrie Signs,CS-88,640.00,GBP\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [invoice, ledger])
    mismatch = _only(output, "amount_mismatch")
    assert mismatch.total_amount == pytest.approx(3000.0)
    assert {s.file_id for s in mismatch.sources} == {"invoice_4471", "ap_ledger"}
    assert "BW-4471" in mismatch.description

    agreeing = await text_doc(
        tmp_path,
        "ap_ledger.csv",
        "Date,Vendor,Invoice,Amount,Currency\n2021-10-29,Brightwater Scaffolding Ltd,BW-4471,"
        "18400.00,GBP\n",
        mime="text/csv",
    )
    clean, _ = run(FinancialOutput, [invoice, agreeing])
    assert "amount_mismatch" not in _kinds(clean)


async def test_a_mismatch_names_the_odd_record_first_whatever_the_files_order(
    tmp_path: Path,
) -> None:
    """An invoice for 18,400 against a ledger and a statement paying 21,400: the invoice is what
    the payments contradict, first in the anomaly (its claim at synthesis) in either order."""
    invoice = await text_doc(
        tmp_path,
        "invoice_4471.txt",
        "Brightwater Scaffolding Ltd\nInvoice No. BW-4471\nDate: 14 October 2021\n"
        "Total due: GBP 18,400.00\n",
    )
    ledger = await text_doc(
        tmp_path,
        "ap_ledger.csv",
        "Date,Vendor,Invoice,Amount,Currency\n"
        "2021-10-29,Brightwater Scaffolding Ltd,BW-4471,21400.00,GBP\n",
        mime="text/csv",
    )
    statement = await text_doc(
        tmp_path,
        "bank_statement.csv",
        "Date,Description,Reference,Debit,Currency\n"
        "2021-10-30,Brightwater Scaffolding Ltd,BW-4471,21400.00,GBP\n",
        mime="text/csv",
    )
    for docs in ([invoice, ledger, statement], [statement, ledger, invoice]):
        output, _ = run(FinancialOutput, docs)
        mismatch = _only(output, "amount_mismatch")
        assert [s.file_id for s in mismatch.sources] == [
            "invoice_4471",
            "ap_ledger",
            "bank_statement",
        ]


async def test_one_invoice_paid_twice_is_a_duplicate(tmp_path: Path) -> None:
    ledger = await text_doc(
        tmp_path,
        "payables.csv",
        "Posting Date,Payee,Amount,Invoice No\n"
        "2023-01-05,Halden Print Works,1312.40,HP-77\n"
        "2023-01-06,Halden Print Works,1312.40,HP-77\n"
        "2023-02-01,Vireo Advisory,25000,\n2023-03-01,Vireo Advisory,25000,\n"
        "2023-04-03,Vireo Advisory,30000,\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [ledger])
    duplicate = _only(output, "duplicate_payment")
    assert duplicate.severity == "HIGH"
    assert {s.row for s in duplicate.sources} == {1, 2}


async def test_a_recurring_charge_and_an_exercise_of_options_are_not_duplicates(
    tmp_path: Path,
) -> None:
    statement = await text_doc(
        tmp_path,
        "card.csv",
        "Date,Description,Amount,Reference\n"
        "2023-01-22,Quillon cloud storage subscription,-89.00,CARD-5521\n"
        "2023-02-10,Tessaly Couriers,-412.00,\n"
        "2023-03-23,Quillon cloud storage subscription,-89.00,CARD-5521\n"
        "2023-04-02,Ledgerline invoice LL-9,-2310.00,LL-9\n"
        "2023-05-19,Ledgerline invoice LL-9,-2310.00,LL-9\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [statement])
    # The same reference on about the same day of two months is a subscription; one invoice's
    # reference paid again six weeks later is a payment made twice.
    duplicate = _only(output, "duplicate_payment")
    assert {s.row for s in duplicate.sources} == {4, 5}

    grant = await text_doc(
        tmp_path,
        "form4.txt",
        "security title: Class A Common Stock; transaction date: 2022-12-13; "
        "200000 units at 8.88; total USD 1,776,000\n"
        "security title: Stock Option (Right to Buy); transaction date: 2022-12-13; "
        "200000 units at 8.88; total USD 1,776,000\n",
    )
    exercised, _ = run(FinancialOutput, [grant])
    assert "duplicate_payment" not in _kinds(exercised)


async def test_unnamed_payers_of_different_documents_are_not_one_account(tmp_path: Path) -> None:
    """A statement's rows name only the other side: within it, one account holder; across
    statements, not the same one."""
    payees = ["Orla Brennick", "Tomas Vey", "Ines Calloway", "Piet Marsh", "Ada Quern"]
    first = await text_doc(
        tmp_path,
        "north.csv",
        "Date,Description,Amount\n"
        + "".join(f"2024-05-0{d},Wire to {payees[d - 1]},-9{d}00.00\n" for d in (1, 2)),
        mime="text/csv",
    )
    second = await text_doc(
        tmp_path,
        "south.csv",
        "Date,Description,Amount\n"
        + "".join(f"2024-05-0{d},Wire to {payees[d + 1]},-9{d}50.00\n" for d in (1, 2, 3)),
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [first, second])
    structuring = _only(output, "structuring")
    assert {s.file_id for s in structuring.sources} == {second.file_id}  # 3 in one account
    assert "amount_mismatch" not in _kinds(output)  # same days, different accounts


async def test_a_counterparty_column_follows_the_direction_of_the_money(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement.csv",
        "Posting Date,Narrative,Counterparty,Amount,Running Balance\n"
        "2022-10-20,Credit transfer,Redwater Engineering Inc.,40063.58,64472.31\n"
        "2022-10-21,Payment,Larkspur Surveying Group,-2232.89,62239.42\n"
        "2022-10-24,Card purchase,Tallow & Finch Stationers,118.40,62121.02\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [statement])
    flows = [(t.from_party, t.to_party, t.amount) for t in output.transactions]
    assert flows == [
        ("Redwater Engineering Inc.", None, 40063.58),  # money in from the counterparty
        (None, "Larkspur Surveying Group", 2232.89),
        (None, "Tallow & Finch Stationers", 118.40),  # no sign, no word of money in: paid out
    ]


async def test_payments_written_in_sentences(tmp_path: Path) -> None:
    memo = await text_doc(
        tmp_path,
        "memo.txt",
        "On 4 August 2020 Saoirse Delacroix wired $7,250.00 to Hallworth Agritech GmbH.\n"
        "Hallworth Agritech GmbH shall pay a fee of $300 each month.\n",
    )
    output, _ = run(FinancialOutput, [memo])
    assert len(output.transactions) == 1
    tx: Transaction = output.transactions[0]
    assert (tx.date, tx.amount, tx.from_party, tx.to_party) == (
        "2020-08-04",
        7250.0,
        "Saoirse Delacroix",
        "Hallworth Agritech GmbH",
    )
    assert tx.source.line == 1


async def test_the_month_of_may_is_not_a_modal_verb(tmp_path: Path) -> None:
    memo = await text_doc(
        tmp_path,
        "memo.txt",
        "On May 7, 2024, Oduya Freight Ltd wired $12,400 to Brannigan Tool Works.\n"
        "In May Oduya Freight Ltd paid $900 to Kessler Signs.\n"
        "Brannigan Tool Works may pay a rebate of $450 to Oduya Freight Ltd.\n",
    )
    output, _ = run(FinancialOutput, [memo])
    assert sorted((t.amount, t.from_party, t.to_party) for t in output.transactions) == [
        (900.0, "Oduya Freight Ltd", "Kessler Signs"),
        (12400.0, "Oduya Freight Ltd", "Brannigan Tool Works"),
    ]
    may_seventh = next(t for t in output.transactions if t.amount == 12400)
    assert may_seventh.date == "2024-05-07"


async def test_two_payees_paid_into_one_account(tmp_path: Path) -> None:
    payroll = await text_doc(
        tmp_path,
        "payroll_run_march.csv",
        "Pay date,Employee,Account number,Net pay\n"
        "2024-03-28,Maren Oakes,40-11-22 61550871,2140.55\n"
        "2024-03-28,Tobias Wren,40-11-22 61550871,1988.10\n"
        "2024-03-28,Ilse Varga,20-45-91 33018245,2311.70\n",
        mime="text/csv",
    )
    output, _ = run(FinancialOutput, [payroll])
    shared = _only(output, "shared_account")
    assert {s.row for s in shared.sources} == {1, 2}
    assert "Maren Oakes" in shared.description
    assert "Tobias Wren" in shared.description
