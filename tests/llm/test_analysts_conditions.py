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
from holmes_backend.llm.local.domains.case import CaseView
from holmes_backend.llm.local.domains.gaps import counterparty_gaps
from holmes_backend.llm.local.facts import condition
from tests.llm.test_analysts_graph_sources import _DOMAINS
from tests.llm.test_analysts_helpers import email_doc, findings, run, synthesis_of, text_doc

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


async def test_statements_and_answers_are_the_policyholders_claims(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))

    claims = {c.claim: c for c in evidence.sworn_claims}
    roof = claims["The roof had no leaks or defects before the storm."]
    assert roof.speaker == "Priya Raghunathan"  # the role "policyholder", by its field
    assert not any("true and complete" in c for c in claims)  # the closing formula
    answer = next(c for c in evidence.sworn_claims if c.claim.startswith("No, never."))
    assert answer.claim == (
        "No, never. It was in good condition. "
        "[asked: Had the roof needed any repairs before the storm?]"
    )
    assert answer.speaker == "Priya Raghunathan"  # "RAGHUNATHAN:", the interviewee
    assert (answer.source.line, answer.source.cue_start) == (4, 9.0)
    reported = [f for f in evidence.findings if f.finding_type == "condition_reported"]
    assert {f.sources[0].file_id for f in reported} == {
        "whitcombe_survey",
        "adjuster_report",
        "kirkstall_job_sheet",
    }
    survey = next(f for f in reported if f.sources[0].file_id == "whitcombe_survey")
    assert "Priya Raghunathan" in survey.entities


async def test_returned_payments_are_an_anomaly_of_the_holders_account(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))

    [returned] = [a for a in financial.anomalies if a.kind == "returned_payment"]
    assert {s.row for s in returned.sources} == {1, 2}
    assert returned.total_amount == 1265.0
    row = next(t for t in financial.transactions if t.source.row == 1)
    assert row.from_party == "P. Raghunathan"  # the export's title line names its holder


async def test_denials_meet_earlier_records_of_their_kind_and_the_own_account(
    tmp_path: Path,
) -> None:
    # As in the pipeline: synthesis works from the domains' findings, not the documents, and
    # the building society's export is routed to the financial domain alone.
    docs = await _docs(tmp_path)
    routed = {"financial": docs, "legal": docs, "evidence": docs[:2] + docs[3:]}
    blocks = [findings(name, run(schema, routed[name])[0]) for name, schema in _DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])

    by_line = {(c.claim_source.file_id, c.claim_source.line): c for c in synthesis.contradictions}
    roof = by_line[("claim_statement", 6)]
    assert roof.severity == "HIGH"
    # The roofer's survey before the storm; not the adjuster's report after it, nor the car.
    assert {s.file_id for s in roof.evidence_against} == {"whitcombe_survey"}
    mortgage = by_line[("claim_statement", 7)]
    assert mortgage.severity == "HIGH"
    assert {(s.file_id, s.row) for s in mortgage.evidence_against} == {
        ("harbour_export", 1),
        ("harbour_export", 2),
    }
    assert {s.file_id for s in by_line[("interview_raghunathan", 4)].evidence_against} == {
        "whitcombe_survey"
    }
    assert by_line[("interview_raghunathan", 6)].evidence_against[0].file_id == "harbour_export"


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


async def test_a_signed_claim_form_denies_a_defect_a_tradesman_recorded(tmp_path: Path) -> None:
    """A claim form its maker signs as true speaks for them; a plumber's earlier visit that
    found a pipe leak and a stained ceiling is a defect of the same kind (a building)."""
    form = (
        "CONTENTS AND BUILDINGS CLAIM\n"
        "Policyholder: Ottilie Brandauer\n"
        "Date of loss: 3 January 2026\n"
        "The kitchen ceiling had no damage before the frost on 3 January 2026.\n"
        "I certify that the information given is true and complete.\n"
        "Signed: Ottilie Brandauer\n"
    )
    visit = (
        "Hartwell Plumbing - job sheet 8812\n"
        "Date: 14 November 2025\n"
        "Found pipe leaks under the bathroom floor; kitchen ceiling stained below.\n"
    )
    leak = "Staff notice: the leak of the draft budget to the press is under investigation.\n"
    docs = [
        await text_doc(tmp_path, "claim_form.txt", form),
        await text_doc(tmp_path, "job_sheet.txt", visit),
    ]
    synthesis = synthesis_of(docs)
    [denied] = [c for c in synthesis.contradictions if c.claim_source.file_id == "claim_form"]
    assert denied.explanation.startswith("Ottilie Brandauer denies any defect")
    assert [r.file_id for r in denied.evidence_against] == ["job_sheet"]
    # A leak of documents is no defect of a building.
    assert condition.reported(leak) is None
    assert condition.reported("Water leaks through the roof valley.") == "defect"


_SELLER_FORM = (
    "PROPERTY INFORMATION FORM\n"
    "Property address: 12 Mill Lane, Bewdley DY12 2AQ\n"
    "Section 7 - Environmental matters\n"
    "7.1 Has any part of the property (whether buildings or surrounding garden or land) ever "
    "been flooded?  No\n"
    "7.2 Has a Flood Risk Report been prepared?  No\n"
    "Signed by the seller: Priyanka Ramaswamy\n"
    "Date: 9 January 2026\n"
)
_INSURER = (
    "Severn Vale Insurance plc\n"
    "14 March 2023\n"
    "Dear Ms Ramaswamy,\n"
    "Your home buildings claim for flood damage to the ground floor of 12 Mill Lane, following "
    "the River Severn flooding of 24 February 2023, has been settled.\n"
)
_SURVEY = (
    "HOME SURVEY - LEVEL 2\n"
    "Inspection date: 2 February 2026\n"
    "E4 Walls: Tide marks visible on the brickwork in the cellar, consistent with previous "
    "water ingress.\n"
)


async def test_a_sellers_signed_answers_against_a_flood_claim(tmp_path: Path) -> None:
    """A signed questionnaire with numbered questions answered "No" on their lines is the
    signer's word; the flood it denies is in the insurer's letter and the survey. The answer
    about a flood report being prepared denies no flood."""
    docs = [
        await text_doc(tmp_path, "seller_form.txt", _SELLER_FORM),
        await text_doc(tmp_path, "insurer_letter.txt", _INSURER),
        await text_doc(tmp_path, "survey.txt", _SURVEY),
    ]
    [flooded] = synthesis_of(docs).contradictions
    assert flooded.claim.startswith("No [asked: 7.1 Has any part of the property")
    assert flooded.explanation.startswith(
        "Priyanka Ramaswamy denies any defect, yet 2 record(s) in other files report a defect: "
        "Your home buildings claim for flood damage"
    )
    assert {r.file_id for r in flooded.evidence_against} == {"insurer_letter", "survey"}
    clean = [
        await text_doc(tmp_path, "seller_form.txt", _SELLER_FORM),
        await text_doc(tmp_path, "survey.txt", "HOME SURVEY\nE4 Walls: Sound and dry.\n"),
    ]
    assert synthesis_of(clean).contradictions == []


_LANDLORD = (
    "STATEMENT OF HELGA BRANDVOLD (LESSOR)\n"
    "Unit 4, Harbour Works - dilapidations claim\n"
    "1. I let Unit 4 to Quayside Print Ltd from 6 January 2025.\n"
    "2. On 6 January 2025 the extraction fan and the boiler were in full working order and the "
    "floor was undamaged.\n"
    "Signed: Helga Brandvold\n"
)
_SCHEDULE = (
    "SCHEDULE OF CONDITION - UNIT 4, HARBOUR WORKS\n"
    "Date of inspection: 6 January 2025\n"
    "Lessor: Helga Brandvold   Lessee: Quayside Print Ltd\n"
    "Extraction fan: seized, motor faulty.\n"
    "Boiler: serviced 2024, good.\n"
    "Signed for the lessor: Helga Brandvold\n"
)
_LATER = "SURVEYOR'S NOTE\nDate: 20 March 2026\nThe floor of Unit 4 is cracked by the press bed.\n"


async def test_a_lessors_sound_handover_against_the_schedule_of_that_day(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "statement_brandvold.txt", _LANDLORD),
        await text_doc(tmp_path, "schedule_of_condition.txt", _SCHEDULE),
        await text_doc(tmp_path, "surveyor_note.txt", _LATER),
    ]
    [found] = [c for c in synthesis_of(docs).contradictions if "full working order" in c.claim]
    assert "seized, motor faulty" in found.explanation
    # The floor cracked a year on: that is no record of the day she speaks of.
    assert {r.file_id for r in found.evidence_against} == {"schedule_of_condition"}
    # Without the schedule, nothing recorded that day contradicts her.
    assert not [
        c for c in synthesis_of([docs[0], docs[2]]).contradictions if "working order" in c.claim
    ]
