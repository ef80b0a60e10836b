"""Tenders received after the deadline: the invitation says tenders must be received by 12:00
on 14 March, the receipt log has one logged at 16:41 that day, and the evaluation report says
all were received before the deadline and awards the contract to the late tenderer. The log's
tender sums are offers, not payments. A log with every tender in time contradicts nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput
from holmes_backend.demo.formats import make_pdf
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, synthesis_of, text_doc

_LOG = (
    "Ref,Tenderer,Date received,Time received,Logged by,Tender sum (GBP)\n"
    "T1,Orchard Roofing Ltd,13/03/2025,15:22,G. Ashworth,212400\n"
    "T2,Pennine Slate & Tile Ltd,14/03/2025,09:47,G. Ashworth,198750\n"
    "T3,Kestrel Roofing Ltd,14/03/2025,16:41,G. Ashworth,196900\n"
)
_REPORT = [
    "Tender Evaluation Report - RFT-2025-031",
    "1. Three tenders were received. All tenders were received before the deadline and were "
    "opened together on 14 March 2025 at 14:00.",
    "2. Recommendation: the contract is awarded to Kestrel Roofing Ltd.",
]


async def _docs(tmp_path: Path, log: str = _LOG, report: list[str] = _REPORT) -> list[EvidenceDoc]:
    invitation = tmp_path / "invitation_to_tender.pdf"
    invitation.write_bytes(
        make_pdf(
            [
                [
                    "Invitation to Tender RFT-2025-031: Re-roofing of Beech Court",
                    "Tenders must be received no later than 12:00 on Friday 14 March 2025.",
                ]
            ]
        )
    )
    evaluation = tmp_path / "evaluation_report.pdf"
    evaluation.write_bytes(make_pdf([report]))
    return [
        await load(invitation, "application/pdf"),
        await load(evaluation, "application/pdf"),
        await text_doc(tmp_path, "tender_receipt_log.csv", log, "text/csv"),
    ]


async def test_a_tender_logged_after_the_deadline(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    [late] = synthesis_of(docs).contradictions
    assert late.severity == "HIGH"
    assert late.claim.startswith("All tenders were received before the deadline")
    assert late.explanation == (
        "It says all came in on time, yet 1 received after the deadline of 12:00 on "
        "2025-03-14: Kestrel Roofing Ltd at 16:41 on 2025-03-14."
    )
    assert [(r.file_id, r.row or r.page) for r in late.evidence_against] == [
        ("tender_receipt_log", 3),
        ("invitation_to_tender", 1),
    ]
    # Tender sums are offers: no payments, so no "basis for payments" gaps.
    financial, _ = run(FinancialOutput, docs)
    assert financial.transactions == []


async def test_without_the_statement_the_deadline_and_the_award_stand_against_it(
    tmp_path: Path,
) -> None:
    [late] = synthesis_of(await _docs(tmp_path, report=[_REPORT[0], _REPORT[2]])).contradictions
    assert late.claim == "Tenders must be received no later than 12:00 on Friday 14 March 2025."
    assert late.severity == "HIGH"
    assert late.explanation.endswith(
        "Kestrel Roofing Ltd at 16:41 on 2025-03-14; the contract was awarded to Kestrel "
        "Roofing Ltd."
    )


async def test_every_tender_in_time(tmp_path: Path) -> None:
    in_time = _LOG.replace("16:41", "11:41")
    assert synthesis_of(await _docs(tmp_path, in_time)).contradictions == []


def _mail(sent: str, figure: str) -> str:
    return (
        "From: Glen Ashworth <glen.ashworth@harlowvalley.org.uk>\n"
        "To: Darren Kestrel <darren@kestrelroofing.co.uk>\n"
        "Subject: Beech Court\n"
        f"Date: Fri, 14 Mar 2025 {sent}:00 +0000\n\n"
        f"Darren,\n\nOpened them at 2. Lowest so far is {figure} from Pennine. If you can get "
        "yours in under that by 5 I will log it.\n\nG\n"
    )


async def test_a_rivals_figure_e_mailed_to_a_tenderer_before_their_own_tender(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path, report=[_REPORT[0], _REPORT[2]])
    mail = await text_doc(tmp_path, "mail.eml", _mail("14:38", "198,750"), "message/rfc822")
    contradictions = synthesis_of([*docs, mail]).contradictions
    [tipped] = [c for c in contradictions if c.claim_source.file_id == "tender_receipt_log"]
    assert (tipped.claim_source.row, tipped.severity) == (3, "HIGH")
    assert tipped.explanation == (
        "Pennine Slate & Tile Ltd's figure (198,750.00) was e-mailed to Darren Kestrel "
        "<darren@kestrelroofing.co.uk> at 14:38 on 2025-03-14, before Kestrel Roofing Ltd's own "
        "submission was logged at 16:41 on 2025-03-14."
    )
    assert [(r.file_id, r.row or r.line) for r in tipped.evidence_against] == [
        ("mail", 3),
        ("tender_receipt_log", 2),
    ]
    # Sent after Kestrel's own tender was in, or with a figure no rival tendered: no tip-off.
    for late_mail, figure in (("17:05", "198,750"), ("14:38", "201,000")):
        other = await text_doc(tmp_path, "mail.eml", _mail(late_mail, figure), "message/rfc822")
        found = synthesis_of([*docs, other]).contradictions
        assert [c for c in found if c.claim_source.file_id == "tender_receipt_log"] == []
