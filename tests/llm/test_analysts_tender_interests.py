"""A tender's evaluator and the bidders: her declaration ("no personal, family or financial
connection with any of the bidders"; "not received any gifts or hospitality from any bidder in
the last 12 months") against a companies register listing her husband as a bidder's director
(officers written "Name - Role - appointed …"), an HR record naming him as her next of kin, a
table of bids (offers, not payments) and the council's hospitality register. A director of a
firm that did not bid, or a dinner more than a year before, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_DECLARATION = (
    "DECLARATION OF INTERESTS - TENDER RD-2026-11\n"
    "Name: Ingrid Solberg\n"
    "Date: 9 March 2026\n\n"
    "I declare that I have no personal, family or financial connection with any of the "
    "bidders for this contract.\n"
    "I have not received any gifts or hospitality from any bidder in the last 12 months.\n\n"
    "Signed: I. Solberg\n"
)
_REGISTER = (
    "COMPANIES REGISTER - EXTRACT\n"
    "Company: {firm}\n"
    "Registered office: Unit 4, Dale Road, Keswick CA12 5QT\n\n"
    "Officers:\n"
    "Henrik Solberg - Director - appointed 3 May 2018\n"
    "Alba Moreno - Secretary - appointed 1 June 2021\n"
)
_HR = "HR RECORD - NEXT OF KIN\nEmployee: Ingrid Solberg\nNext of kin: Henrik Solberg (husband)\n"
_BIDS = (
    "Bidder,Price (GBP),Quality score,Total,Evaluator\n"
    "Fellside Roadworks Ltd,512000,61,93,I. Solberg\n"
    "Tarn Surfacing,455000,47,85,I. Solberg\n"
)
_HOSPITALITY = (
    "Date,Officer,Provided by,Description,Value (GBP)\n"
    "{day},Ingrid Solberg,Fellside Roadworks Ltd,Lunch at the Lakeside Hotel,95\n"
    "2025-12-02,Owen Pryce,Tarn Surfacing,Calendar,5\n"
)


async def _docs(
    tmp_path: Path, firm: str = "Fellside Roadworks Ltd", day: str = "2025-10-14"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "declaration_solberg.txt", _DECLARATION),
        await text_doc(tmp_path, "register_extract.txt", _REGISTER.format(firm=firm)),
        await text_doc(tmp_path, "hr_solberg.txt", _HR),
        await text_doc(tmp_path, "evaluation.csv", _BIDS, "text/csv"),
        await text_doc(tmp_path, "hospitality.csv", _HOSPITALITY.format(day=day), "text/csv"),
    ]


async def test_a_firm_that_did_not_bid_and_an_old_lunch_contradict_nothing(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path, firm="Borrowdale Quarries Ltd", day="2024-11-20")
    assert synthesis_of(docs).contradictions == []
