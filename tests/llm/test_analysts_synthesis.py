"""Synthesis: contradictions of sworn claims, cross-modal links by time, and evidence gaps."""

from pathlib import Path

from holmes_backend.contracts.agents import (
    AgentParams,
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    SynthesisOutput,
)
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import findings, photo, run, text_doc

DEPOSITION = (
    "DEPOSITION OF LENORE PASCAL\n"
    "Q. Ms. Pascal, where were you on the evening of 21 September 2022?\n"
    "A. I was at home in Brackwater the whole evening.\n"
)


async def _deposition(tmp: Path) -> EvidenceDoc:
    return await text_doc(tmp, "pascal_deposition.txt", DEPOSITION)


async def test_claim_contradicted_by_her_phone_photo_elsewhere(tmp_path: Path) -> None:
    deposition = await _deposition(tmp_path)
    shot = photo("shot", "pascal_phone_0931.jpg", "2022-09-21T21:05:00-05:00", 29.9511, -90.0715)
    output, analysis = run(SynthesisOutput, [deposition, shot])
    assert len(output.contradictions) == 1
    contradiction = output.contradictions[0]
    assert contradiction.severity == "MEDIUM"  # where Brackwater lies is not known offline
    assert contradiction.claim_source.file_id == "pascal_deposition"
    assert contradiction.claim_source.line == 3
    assert [r.file_id for r in contradiction.evidence_against] == ["shot"]
    assert "Lenore Pascal" in contradiction.explanation
    assert any("contradiction" in t for t in analysis.thoughts)

    # A record that locates Brackwater makes the difference verified, and the severity HIGH.
    report = await text_doc(
        tmp_path,
        "search_report.txt",
        "The Pascal residence in Brackwater (GPS 41.1123, -96.3321) was searched on "
        "30 Sept 2022.\n",
    )
    verified, _ = run(SynthesisOutput, [deposition, shot, report])
    assert [c.severity for c in verified.contradictions] == ["HIGH"]
    assert "km from Brackwater" in verified.contradictions[0].explanation


async def test_affidavit_contradicted_by_a_photo_recovered_from_his_phone(tmp_path: Path) -> None:
    affidavit = await text_doc(
        tmp_path,
        "faulk_affidavit.txt",
        "AFFIDAVIT OF DORIAN FAULK\nI, Dorian Faulk, being duly sworn, state:\n"
        "On 3 May 2021 at 3 pm I was in Millbrook at my sister's house.\n",
    )
    custody = await text_doc(
        tmp_path,
        "custody.txt",
        "IMG_7730.jpg was recovered from the phone of Dorian Faulk by Det. Rosa Imbert.\n",
    )
    shot = photo("img", "IMG_7730.jpg", "2021-05-03T15:20:00+02:00", 48.1372, 11.5756)
    far_later = photo("late", "IMG_7731.jpg", "2021-05-03T19:40:00+02:00", 48.1372, 11.5756)
    output, _ = run(SynthesisOutput, [affidavit, custody, shot, far_later])
    assert len(output.contradictions) == 1
    against = output.contradictions[0].evidence_against
    assert [r.file_id for r in against] == ["img"]  # 4 h later is outside the claimed moment


async def test_no_contradiction_when_the_photo_is_not_hers_or_not_then(tmp_path: Path) -> None:
    deposition = await _deposition(tmp_path)
    strangers = photo("other", "harbour_cam.jpg", "2022-09-21T21:05:00-05:00", 29.9511, -90.0715)
    next_day = photo("next", "pascal_0932.jpg", "2022-09-22T21:05:00-05:00", 29.9511, -90.0715)
    output, _ = run(SynthesisOutput, [deposition, strangers, next_day])
    assert output.contradictions == []
    assert any(g.element.startswith("Corroboration") for g in output.evidence_gaps)


async def test_denials_against_payments_and_emails(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_kwan.txt",
        "WITNESS STATEMENT OF MILO KWAN\nI have never met Astrid Halloran.\n"
        "I never paid Astrid Halloran any money.\n",
    )
    ledger = await text_doc(
        tmp_path,
        "kwan_bank.csv",
        "Date,From,To,Amount\n2020-10-02,Milo Kwan,Astrid Halloran,4000\n",
        mime="text/csv",
    )
    output, _ = run(SynthesisOutput, [statement, ledger])
    explanations = [c.explanation for c in output.contradictions]
    assert any("denies paying Astrid Halloran" in e for e in explanations)
    severity = {c.claim: c.severity for c in output.contradictions}
    assert severity == {
        "I never paid Astrid Halloran any money.": "HIGH",
        # A payment is dealings, not a meeting: it weighs less against "never met".
        "I have never met Astrid Halloran.": "MEDIUM",
    }
    assert all(c.evidence_against[0].file_id == "kwan_bank" for c in output.contradictions)


async def test_cross_modal_links_follow_the_window(tmp_path: Path) -> None:
    shot = photo("cam", "gate.jpg", "2023-08-14T22:10:00+00:00", 53.48, -2.24)
    close = photo("ph2", "car_park.jpg", "2023-08-14T22:31:00+00:00", 53.4801, -2.2402)
    far = photo("ph3", "station.jpg", "2023-08-15T01:10:00+00:00", 53.47, -2.23)
    output, _ = run(SynthesisOutput, [shot, close, far])
    pairs = [
        {link.source_a.file_id, link.source_b.file_id}
        for link in output.cross_modal_links
        if link.time_delta_seconds is not None
    ]
    assert pairs == [{"cam", "ph2"}]
    link = output.cross_modal_links[0]
    assert link.time_delta_seconds == 21 * 60
    assert link.correlation_type == "co_location"

    wide, analysis = run(
        SynthesisOutput, [shot, close, far], params=AgentParams(link_window_minutes=240)
    )
    assert len(wide.cross_modal_links) == 3
    assert any("240-minute" in t for t in analysis.thoughts)


async def test_missing_board_approval_is_a_gap_until_minutes_appear(tmp_path: Path) -> None:
    contract = await text_doc(
        tmp_path,
        "services.txt",
        "SERVICES AGREEMENT between Quarry Lane Foods Ltd and Ostrava Digital s.r.o.\n"
        "Any payment exceeding GBP 20,000 requires the prior approval of the Audit Committee.\n",
    )
    ledger = await text_doc(
        tmp_path,
        "payments.csv",
        "Date,Payer,Payee,Amount,Currency\n"
        "2022-02-01,Quarry Lane Foods Ltd,Ostrava Digital s.r.o.,35000,GBP\n"
        "2022-03-01,Quarry Lane Foods Ltd,Ostrava Digital s.r.o.,4000,GBP\n",
        mime="text/csv",
    )
    output, _ = run(SynthesisOutput, [contract, ledger])
    gaps = [g for g in output.evidence_gaps if "Audit Committee" in g.element]
    assert len(gaps) == 1
    gap = gaps[0]
    assert gap.current_strength == "MISSING"
    assert "1 payment(s) to Ostrava Digital s.r.o. above GBP 20,000" in gap.element
    assert {r.file_id for r in gap.sources} == {"services", "payments"}

    minutes = await text_doc(
        tmp_path,
        "committee_minutes.txt",
        "Minutes, 25 January 2022: the Audit Committee approved the Ostrava Digital engagement.\n",
    )
    approved, _ = run(SynthesisOutput, [contract, ledger, minutes])
    assert not [g for g in approved.evidence_gaps if "Audit Committee" in g.element]


def _from_findings(docs: list[EvidenceDoc]) -> SynthesisOutput:
    """Synthesis the pipeline's way: from the domains' findings, without the documents."""
    blocks = [
        findings("financial", run(FinancialOutput, docs)[0]),
        findings("legal", run(LegalOutput, docs)[0]),
        findings("evidence", run(EvidenceOutput, docs)[0]),
    ]
    return run(SynthesisOutput, [], blocks=blocks)[0]


async def test_a_paid_invoice_missing_from_a_series_that_is_in_evidence_is_a_gap(
    tmp_path: Path,
) -> None:
    invoice = await text_doc(
        tmp_path,
        "invoice_114.txt",
        "INVOICE\nHalvard Signal Works AS\nInvoice number: HSW-2023-114\nDate: 2023-05-02\n"
        "Bill to: Moravec Rail Ltd\nTOTAL DUE: EUR 12,400.00\n",
    )
    payments = await text_doc(
        tmp_path,
        "payables.csv",
        "Date,Payee,Reference,Amount,Currency\n"
        "2023-04-03,Halvard Signal Works AS,HSW-2023-102,31000,EUR\n"
        "2023-05-20,Halvard Signal Works AS,HSW-2023-114,12400,EUR\n"
        "2023-05-22,Tollund Office Rentals,TOR-5521,2100,EUR\n",
        mime="text/csv",
    )
    output, _ = run(SynthesisOutput, [invoice, payments])
    gaps = [g for g in output.evidence_gaps if g.element.startswith("Invoice ")]
    assert [g.element for g in gaps] == [
        "Invoice HSW-2023-102 behind the EUR 31,000 payment of 2023-04-03"
    ]
    assert gaps[0].current_strength == "MISSING"
    assert [(s.file_id, s.row) for s in gaps[0].sources] == [("payables", 1)]

    alone, _ = run(SynthesisOutput, [payments])  # no invoice of the series: nothing to expect
    assert not [g for g in alone.evidence_gaps if g.element.startswith("Invoice ")]


async def test_a_cap_on_the_total_counts_each_payment_once_and_needs_its_amendment(
    tmp_path: Path,
) -> None:
    contract = await text_doc(
        tmp_path,
        "advisory.txt",
        'ADVISORY AGREEMENT between Moravec Rail Ltd ("Client") and Halvard Signal Works AS '
        '("Adviser").\n'
        "The total fees payable under this Agreement shall not exceed EUR 50,000 without a "
        "written amendment.\n",
    )
    payables = await text_doc(
        tmp_path,
        "payables.csv",
        "Date,Payee,Reference,Amount,Currency\n"
        "2023-04-03,Halvard Signal Works AS,HSW-102,22000,EUR\n"
        "2023-05-20,Halvard Signal Works AS,HSW-114,34500,EUR\n"
        "2023-05-22,Tollund Office Rentals,TOR-5521,60000,EUR\n",
        mime="text/csv",
    )
    bank = await text_doc(
        tmp_path,
        "bank.csv",
        "Date,Counterparty,Reference,Amount,Currency\n"
        "2023-05-21,Halvard Signal Works AS,HSW-114,-34500,EUR\n",
        mime="text/csv",
    )
    output = _from_findings([contract, payables, bank])
    caps = [c for c in output.contradictions if "cap of EUR 50,000" in c.explanation]
    assert [c.explanation for c in caps] == [
        "Payments under the agreement total EUR 56,500, over its cap of EUR 50,000."
    ]  # the bank's record of HSW-114 is the same payment; the rent is another agreement's
    gaps = [g for g in output.evidence_gaps if g.element.startswith("A signed amendment")]
    assert len(gaps) == 1
    assert gaps[0].current_strength == "MISSING"

    amendment = await text_doc(
        tmp_path,
        "amendment_1.txt",
        "AMENDMENT No. 1 to the Advisory Agreement: the fee cap is raised to EUR 90,000.\n",
    )
    amended = _from_findings([contract, payables, bank, amendment])
    assert not [g for g in amended.evidence_gaps if g.element.startswith("A signed amendment")]


async def test_a_sworn_denial_of_any_connection_against_the_company_register(
    tmp_path: Path,
) -> None:
    register = await text_doc(
        tmp_path,
        "register.txt",
        "Companies Register, extract printed 2 May 2024\n"
        "Entity name | Pellworth Cold Storage Ltd\n"
        "Name | Role | Since\n"
        "Agnes Morrow | Director | 2021-06-01\n"
        "Tobias Quell | Shareholder (40%) | 2021-06-01\n",
    )
    statement = await text_doc(
        tmp_path,
        "quell_statement.txt",
        "STATEMENT OF TOBIAS QUELL, sworn under oath.\n"
        "I have no connection with Pellworth beyond signing its delivery notes.\n",
    )
    legal, _ = run(LegalOutput, [register])
    assert [f.title for f in legal.findings if f.finding_type == "interest"] == [
        "Agnes Morrow: Director of Pellworth Cold Storage Ltd",
        "Tobias Quell: Shareholder (40%) of Pellworth Cold Storage Ltd",
    ]
    output, _ = run(SynthesisOutput, [register, statement])
    [denied] = [c for c in output.contradictions if "denies any connection" in c.explanation]
    assert denied.severity == "HIGH"
    assert "Shareholder (40%) of Pellworth Cold Storage Ltd" in denied.explanation
    assert [(r.file_id, r.line) for r in denied.evidence_against] == [("register", 5)]

    unrelated = await text_doc(
        tmp_path,
        "morrow_statement.txt",
        "STATEMENT OF AGNES MORROW, sworn under oath.\n"
        "I have no connection with Halvard Signal Works.\n",
    )
    quiet, _ = run(SynthesisOutput, [register, unrelated])
    assert not [c for c in quiet.contradictions if "denies any connection" in c.explanation]


async def test_synthesis_from_findings_blocks_alone(tmp_path: Path) -> None:
    """The pipeline hands synthesis the domain outputs, not the files: same conclusions."""
    deposition = await _deposition(tmp_path)
    shot = photo("shot", "pascal_phone_0931.jpg", "2022-09-21T21:05:00-05:00", 29.9511, -90.0715)
    docs = [deposition, shot]
    evidence, _ = run(EvidenceOutput, docs)
    financial, _ = run(FinancialOutput, docs)
    legal, _ = run(LegalOutput, docs)
    blocks = [findings("evidence", evidence), findings("financial", financial)]
    blocks.append(findings("legal", legal))
    output, analysis = run(SynthesisOutput, [], blocks=blocks)
    assert len(output.contradictions) == 1
    assert output.contradictions[0].evidence_against[0].file_id == "shot"
    assert "evidence, financial, legal findings" in analysis.thoughts[0]


ALIBI_SRT = (
    "DEPOSITION OF OSWIN T. TREMAYNE\n"
    "Recording-Start: 2023-10-02T09:00:00+02:00\n\n"
    "1\n00:00:05,000 --> 00:00:09,000\n"
    "Ms. Quill: Where were you on the evening of 4 August 2023?\n\n"
    "2\n00:00:10,000 --> 00:00:16,000\n"
    "Mr. Tremayne: I was in Varnholt all evening on August 4, 2023. I never left town.\n"
)
VENUE_LOG = (
    "Timestamp,Camera,Area,Event,Notes\n"
    '2023-08-04T20:10:00+02:00,CAM-1,Door,Entry,"Party of two"\n'
    '2023-08-04T20:41:05+02:00,CAM-1,Door,Entry,"Tall man, booking TREMAYNE, seated table 4"\n'
)
VENUE_VTT = (
    "WEBVTT\nX-RECORDING-START: 2023-08-04T20:40:00+02:00\n\n"
    "00:00:02.000 --> 00:00:05.000\n<v Host>Good evening, welcome to the Copper Finch.\n\n"
    "00:01:10.000 --> 00:01:14.000\n<v Unidentified man>We have a table for two, under Tremayne.\n"
)
VENUE_MEMO = (
    "Case memo\n"
    "- `copperfinch_log_0804.csv`: door camera log of the Copper Finch, 9 Harrow Lane, "
    "Ellsmere, QX, evening of 4 August 2023.\n"
)


async def _alibi_case(tmp: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "tremayne_deposition.srt", ALIBI_SRT, "application/x-subrip"),
        await text_doc(tmp, "copperfinch_log_0804.csv", VENUE_LOG, "text/csv"),
        await text_doc(tmp, "case_memo.md", VENUE_MEMO, "text/markdown"),
        await text_doc(tmp, "copperfinch_door_0804.vtt", VENUE_VTT, "text/vtt"),
    ]


async def test_alibi_contradicted_by_a_venue_log_and_transcript_naming_him(
    tmp_path: Path,
) -> None:
    """Surname-only mentions ("booking TREMAYNE", "under Tremayne") at a venue the case places
    in another town, within the claimed evening: a contradiction, MEDIUM without coordinates."""
    docs = await _alibi_case(tmp_path)
    evidence, _ = run(EvidenceOutput, docs)
    claim = next(c for c in evidence.sworn_claims if "Varnholt" in c.claim)
    assert "Varnholt" in (claim.claimed_place or "")
    assert (claim.claimed_time or "").startswith("2023-08-04")
    row = next(e for e in evidence.events if "booking TREMAYNE" in e.description)
    assert any("Tremayne" in p for p in row.people)
    assert "Ellsmere" in (row.place or "")  # from the memo's line on the log file
    cue = next(e for e in evidence.events if "under Tremayne" in e.description)
    assert "Tremayne" in cue.people
    assert "Copper Finch" in (cue.place or "")

    output, _ = run(SynthesisOutput, [], blocks=[findings("evidence", evidence)])
    alibi = [c for c in output.contradictions if "Varnholt" in c.claim]
    against = {r.file_id for c in alibi for r in c.evidence_against}
    assert against == {"copperfinch_log_0804", "copperfinch_door_0804"}
    assert {c.severity for c in alibi} == {"MEDIUM"}
    assert all(c.claim_source.file_id == "tremayne_deposition" for c in alibi)


async def test_no_alibi_contradiction_for_another_person_or_the_same_town(
    tmp_path: Path,
) -> None:
    docs = await _alibi_case(tmp_path)
    elsewhere = [
        await text_doc(
            tmp_path,
            "copperfinch_log_0804.csv",
            VENUE_LOG.replace("TREMAYNE", "OKONJO"),
            "text/csv",
        ),
        await text_doc(
            tmp_path, "case_memo.md", VENUE_MEMO.replace("Ellsmere", "Varnholt"), "text/markdown"
        ),
    ]
    output, _ = run(SynthesisOutput, [docs[0], *elsewhere])
    assert not [c for c in output.contradictions if "Varnholt" in c.claim]
