"""A tender's evaluator and the bidders: her declaration ("no personal, family or financial
connection with any of the bidders"; "not received any gifts or hospitality from any bidder in
the last 12 months") against a companies register listing her husband as a bidder's director
(officers written "Name - Role - appointed …"), an HR record naming him as her next of kin, a
table of bids (offers, not payments) and the council's hospitality register. A director of a
firm that did not bid, or a dinner more than a year before, contradicts nothing."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput, LegalOutput
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.triage import triage_file
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

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


async def test_bids_are_offers_not_payments(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    financial, _ = run(FinancialOutput, docs)
    assert not any("Bidder" in t.description for t in financial.transactions)
    legal, _ = run(LegalOutput, docs)
    bids = [f.title for f in legal.findings if f.finding_type == "bid_recorded"]
    assert bids == [
        "Bid by Fellside Roadworks Ltd: GBP 512,000",
        "Bid by Tarn Surfacing: GBP 455,000",
    ]
    assert "Henrik Solberg: Director of Fellside Roadworks Ltd" in {f.title for f in legal.findings}


async def test_the_declaration_against_her_husbands_firm_and_its_lunch(tmp_path: Path) -> None:
    by_claim = {c.claim: c for c in synthesis_of(await _docs(tmp_path)).contradictions}
    tie = by_claim[
        "I declare that I have no personal, family or financial connection with any of the "
        "bidders for this contract."
    ]
    assert tie.severity == "HIGH"
    assert tie.explanation == (
        "Ingrid Solberg denies any connection with any of the bidders, yet the register lists "
        "Henrik Solberg, husband of Ingrid Solberg, as Director of Fellside Roadworks Ltd."
    )
    lunch = by_claim[
        "I have not received any gifts or hospitality from any bidder in the last 12 months."
    ]
    assert lunch.explanation == (
        "Ingrid Solberg denies it, yet 1 record(s) name them as the guest of Fellside Roadworks "
        "Ltd: Lunch at the Lakeside Hotel, GBP 95 on 2025-10-14, paid by Fellside Roadworks Ltd."
    )
    assert [r.row for r in lunch.evidence_against] == [1]


async def test_a_firm_that_did_not_bid_and_an_old_lunch_contradict_nothing(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path, firm="Borrowdale Quarries Ltd", day="2024-11-20")
    assert synthesis_of(docs).contradictions == []


async def test_triage_routes_the_bids_to_legal_and_the_gifts_to_financial(
    tmp_path: Path,
) -> None:
    """Each file reaches the domain that reads it: the bids the legal agent, the register of
    hospitality received the financial agent (its rows are what was given)."""
    docs = {d.file_id: d for d in await _docs(tmp_path)}
    assert triage_file(docs["evaluation"]).domain_scores.legal >= 0.4
    assert triage_file(docs["hospitality"]).domain_scores.financial >= 0.4
