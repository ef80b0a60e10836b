"""Tenders received after the deadline: the invitation says tenders must be received by 12:00
on 14 March, the receipt log has one logged at 16:41 that day, and the evaluation report says
all were received before the deadline and awards the contract to the late tenderer. The log's
tender sums are offers, not payments. A log with every tender in time contradicts nothing."""

from pathlib import Path

from holmes_backend.demo.formats import make_pdf
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

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


async def test_every_tender_in_time(tmp_path: Path) -> None:
    in_time = _LOG.replace("16:41", "11:41")
    assert synthesis_of(await _docs(tmp_path, in_time)).contradictions == []
