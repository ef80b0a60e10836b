"""A household claim after a storm: the policyholder denies a defect and arrears in a written
statement and a recorded interview; a roofer's e-mail, a building society export and later
reports are the records. A denial meets the records of its kind of thing written before the
account starts, and the returned payments on the witness's own account."""

from pathlib import Path

import pytest

from holmes_backend.agents.schemas import (
    EvidenceOutput,
    FinancialOutput,
    GraphOutput,
    LegalOutput,
    SourceRef,
    SynthesisOutput,
    Transaction,
)
from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.gaps import counterparty_gaps
from holmes_backend.analysis.facts import condition
from tests.llm.test_analysts_graph_sources import _DOMAINS
from tests.llm.test_analysts_helpers import email_doc, findings, run, text_doc

_STATEMENT = (
    "HOUSEHOLD CLAIM HH-20931 - STATEMENT OF THE POLICYHOLDER\n"
    "Policyholder: Priya Raghunathan\n"
    "Address: 12 Fenwick Road, Leeds LS6 2QT\n\n"
    "On 3 February 2024 a storm damaged the roof of the house.\n"
    "The roof had no leaks or defects before the storm.\n"
    "I have never missed a mortgage payment.\n"
    "I declare that the information above is true and complete.\n"
)
_INTERVIEW = (
    "Recorded interview, claim HH-20931\n"
    "Interviewee: Priya Raghunathan\n"
    "[00:00:03] HALLORAN: Had the roof needed any repairs before the storm?\n"
    "[00:00:09] RAGHUNATHAN: No, never. It was in good condition.\n"
    "[00:00:20] HALLORAN: Are you behind on the mortgage?\n"
    "[00:00:24] RAGHUNATHAN: No, the mortgage is up to date.\n"
)
_SOCIETY = (
    "Harbour Building Society - mortgage account 7781 - P. Raghunathan\n"
    "Date,Details,Paid out,Paid in\n"
    "05/12/2023,MORTGAGE DD RETURNED UNPAID,1240.00,\n"
    "05/12/2023,UNPAID ITEM CHARGE,25.00,\n"
    "05/01/2024,MORTGAGE DD,1240.00,\n"
    "29/12/2023,SALARY,,2310.55\n"
    "12/12/2023,CARD KIRKSTALL MOTORS LEEDS,312.40,\n"
)
_ASSESSOR = (
    "LOSS ADJUSTER'S REPORT, 6 February 2024\n"
    "Inspected 12 Fenwick Road for Priya Raghunathan. The roof is damaged and leaking above the "
    "rear bedroom.\n"
)
_GARAGE = (
    "KIRKSTALL MOTORS - JOB SHEET, 11 December 2023\n"
    "Customer: Priya Raghunathan. Front brakes faulty; pads and discs need replacing.\n"
    "Kirkstall Motors Ltd, Abbey Road, Leeds.\n"
)


async def _docs(tmp_path: Path) -> list:
    headers = {
        "From": "Dale Whitcombe <dale@whitcombe-roofing.example>",
        "To": "Priya Raghunathan <priya.r@example.net>",
        "Date": "Tue, 14 Nov 2023 09:12:00 +0000",
        "Subject": "Survey of 12 Fenwick Road",
    }
    body = (
        "Dear Priya,\n\nThe flashing around the chimney is leaking and the roof needs a full "
        "replacement within the year. Our quote is £8,400.\n\nDale Whitcombe\n"
    )
    return [
        await text_doc(tmp_path, "claim_statement.txt", _STATEMENT),
        await text_doc(tmp_path, "interview_raghunathan.txt", _INTERVIEW),
        await text_doc(tmp_path, "harbour_export.csv", _SOCIETY, "text/csv"),
        await text_doc(tmp_path, "adjuster_report.txt", _ASSESSOR),
        await text_doc(tmp_path, "kirkstall_job_sheet.txt", _GARAGE),
        await email_doc(tmp_path, "whitcombe_survey.eml", headers, body),
    ]


async def test_returned_payments_are_an_anomaly_of_the_holders_account(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))

    [returned] = [a for a in financial.anomalies if a.kind == "returned_payment"]
    assert {s.row for s in returned.sources} == {1, 2}
    assert returned.total_amount == 1265.0
    row = next(t for t in financial.transactions if t.source.row == 1)
    assert row.from_party == "P. Raghunathan"  # the export's title line names its holder


async def test_a_denial_without_a_record_of_its_kind_is_no_contradiction(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "claim_statement.txt", _STATEMENT),
        await text_doc(tmp_path, "kirkstall_job_sheet.txt", _GARAGE),
        await text_doc(tmp_path, "adjuster_report.txt", _ASSESSOR),
    ]
    synthesis, _ = run(SynthesisOutput, docs)

    assert synthesis.contradictions == []


def test_money_into_a_statements_own_holder_asks_for_no_basis() -> None:
    def tx(file_id: str, amount: float, payer: str | None, payee: str | None) -> Transaction:
        return Transaction(
            amount=amount, from_party=payer, to_party=payee, source=SourceRef(file_id=file_id)
        )

    view = CaseView(
        documents=[],
        financial=FinancialOutput(
            transactions=[
                tx("stmt", 812.4, "M. Okafor", None),
                tx("stmt", 48.0, "M. Okafor", None),
                tx("stmt", 2310.55, None, "M. Okafor"),  # her salary, into her own account
                tx("ledger", 9000.0, "Acme Ltd", "Bolt Trading LLC"),
            ]
        ),
        legal=LegalOutput(),
        evidence=EvidenceOutput(),
    )

    assert [g.element for g in counterparty_gaps(view)] == [
        "Basis for 1 payment(s) to Bolt Trading LLC totalling USD 9,000"
    ]


@pytest.mark.parametrize(
    ("statement", "expected"),
    [
        ("The boiler had no faults when I bought the house.", "defect"),
        ("No, nothing. [asked: Was anything wrong with the brakes, any problems?]", "defect"),
        ("The account was always up to date.", "arrears"),
        ("We have never been behind on the rent.", "arrears"),
        ("I never told her to stop reporting safety issues.", None),
        ("I did not report the problems to anyone.", None),
        ("I never paid Kestrel Ltd anything.", None),
        ("No. [asked: Did you speak to the claimant about the accident?]", None),
        ("At handover the boiler was in good working order.", "defect"),
        ("The hire van was returned undamaged and fully functional.", "defect"),
        ("The lift was not in full working order that week.", None),
    ],
)
def test_what_a_statement_denies(statement: str, expected: str | None) -> None:
    assert condition.denied(statement) == expected


async def test_a_narrative_naming_an_organisation_of_the_case_is_its_payment(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path)
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in _DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    graph, _ = run(
        GraphOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage"), names]
    )

    by_id = {e.id: e.name for e in graph.entities}
    paid = {
        (by_id[r.source_id], by_id[r.target_id]) for r in graph.relationships if r.type == "paid"
    }
    assert ("Priya Raghunathan", "Kirkstall Motors Ltd") in paid
