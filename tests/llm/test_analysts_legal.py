"""Legal analyst: parties, clauses (caps, approvals, obligations), governing law, dates."""

from pathlib import Path

from holmes_backend.contracts.agents import Clause, LegalOutput
from tests.llm.test_analysts_helpers import rendered, run, text_doc


def _clauses(output: LegalOutput, kind: str) -> list[Clause]:
    return [c for c in output.clauses if c.kind == kind]


async def test_us_style_contract(tmp_path: Path) -> None:
    contract = await text_doc(
        tmp_path,
        "msa.txt",
        "MASTER SERVICES AGREEMENT\n"
        "This Master Services Agreement is entered into as of January 15, 2022 by and between "
        'Pellucid Robotics, Inc., a Delaware corporation (the "Company"), and Anselm Varga '
        '("Contractor").\n'
        "1. Contractor shall deliver monthly progress reports to the Company.\n"
        "2. Total fees under this Agreement shall not exceed $250,000.\n"
        "3. Any purchase order above $50,000 requires the approval of the Board of Directors.\n"
        "4. Contractor shall not disclose Confidential Information to any third party.\n"
        "5. This Agreement shall be governed by the laws of the State of Delaware, without regard "
        "to its conflict of laws rules.\n",
    )
    output, analysis = run(LegalOutput, [contract], hypotheses=["The Board must approve orders"])
    assert "Pellucid Robotics, Inc." in output.parties
    assert "Anselm Varga" in output.parties
    cap = _clauses(output, "cap")
    assert [c.amount for c in cap] == [250000.0]
    approval = _clauses(output, "approval_requirement")
    assert len(approval) == 1
    assert approval[0].party == "Board of Directors"
    assert approval[0].amount == 50000.0
    assert approval[0].source.line == 5
    assert any(c.party == "Contractor" for c in _clauses(output, "obligation"))
    assert any(c.party == "Contractor" for c in _clauses(output, "prohibition"))
    assert output.governing_law == "State of Delaware"
    assert any(d.date == "2022-01-15" for d in output.dates)
    assert output.hypotheses[0].stance in ("supports", "unclear")
    assert any("approval" in t for t in analysis.thoughts)


async def test_european_style_contract_through_the_request_format(tmp_path: Path) -> None:
    contract = await rendered(
        tmp_path,
        "facility.txt",
        "FACILITY LETTER dated 3 April 2019\n"
        "This agreement is made between Tarn Valley Cooperative Bank and Oriel Dairies Ltd "
        '(the "Borrower").\n'
        "Drawings under the facility are capped at EUR 1,200,000 in aggregate.\n"
        "The Borrower may not grant security over its assets without the prior written consent "
        "of the Lender.\n"
        "This agreement is governed by the laws of England and Wales.\n",
    )
    output, _ = run(LegalOutput, [contract])
    assert {"Tarn Valley Cooperative Bank", "Oriel Dairies Ltd"} <= set(output.parties)
    assert [c.amount for c in _clauses(output, "cap")] == [1_200_000.0]
    approval = _clauses(output, "approval_requirement")
    assert [c.party for c in approval] == ["Lender"]
    assert output.governing_law == "England and Wales"
    assert any(d.date == "2019-04-03" for d in output.dates)


async def test_limits_of_authority_are_not_caps_on_payments(tmp_path: Path) -> None:
    """An "up to" bound is what someone may sign or approve in a mandate or a table of approval
    limits (the authority can sit in the table's header only); it caps fees elsewhere. A
    signing rule is an approval requirement of its signatories."""
    mandate = await text_doc(
        tmp_path,
        "mandate.txt",
        "ACCOUNT MANDATE AND FEE SCHEDULE\n"
        "This agreement is made between Ostrava Freight s.r.o. and Danube Bank a.s.\n"
        "(a) Instructions up to CZK 400,000 may be released by any single user.\n"
        "(b) Instructions above CZK 400,000 must be countersigned by two signatories, one of "
        "whom must be from Panel A.\n"
        "Level  Role                Approval limit\n"
        "1      Depot Supervisor    up to CZK 50,000\n"
        "2      Finance Manager     up to CZK 250,000\n"
        "3      Managing Director   up to CZK 1,000,000\n"
        "Bank charges under this agreement are limited to CZK 12,000 per year.\n",
    )
    output, _ = run(LegalOutput, [mandate])
    assert [c.amount for c in _clauses(output, "cap")] == [12_000.0]
    approval = _clauses(output, "approval_requirement")
    assert [c.party for c in approval] == ["two signatories"]
    assert approval[0].amount == 400_000.0


async def test_plain_correspondence_has_no_operative_clauses(tmp_path: Path) -> None:
    letter = await text_doc(
        tmp_path,
        "note.txt",
        "Hi Rhea, we must remember to book the venue. I will call Ilya tomorrow.\n",
    )
    output, _ = run(LegalOutput, [letter])
    assert output.clauses == []
    assert output.governing_law is None


async def test_amendments_on_record(tmp_path: Path) -> None:
    doc = await text_doc(
        tmp_path,
        "records.txt",
        "AMENDMENT No. 2 to the Supply Agreement: the fee cap is raised to EUR 90,000.\n"
        "This Agreement may be amended only in writing signed by both parties.\n"
        "Is there any signed amendment to the cap?\n"
        "RESOLVED, that the storage contract with Pellworth Cold Storage Ltd is approved.\n"
        "The Ostrava Digital engagement was not approved.\n"
        "Payments above EUR 20,000 require the approval of the Audit Committee.\n",
    )
    output, _ = run(LegalOutput, [doc])
    amendments = [f for f in output.findings if f.finding_type == "amendment"]
    assert [f.sources[0].line for f in amendments] == [1]


async def test_a_date_after_a_preposition_is_described_by_its_sentence(tmp_path: Path) -> None:
    doc = await text_doc(
        tmp_path,
        "notice.txt",
        "Your tenancy of Flat 3 ends on 30 June 2025.\nRent review: 1 July 2025\n",
    )
    output, _ = run(LegalOutput, [doc])

    described = {d.date: d.description for d in output.dates}
    assert described["2025-06-30"] == "Your tenancy of Flat 3 ends on 30 June 2025."
    assert described["2025-07-01"] == "Rent review: 1 July 2025"
