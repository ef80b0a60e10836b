"""Conflicts of interest: a company register in fields ("Director: …, address"), a personnel
file naming a relative and a home address, and the denials they contradict: of any interest in
"any supplier", of knowing anyone at the firm, of a connection to "that company"."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput, GraphOutput, LegalOutput, TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_REGISTER = (
    "COMPANIES HOUSE - Company overview\n"
    "Company name: BRACKENFORD SURVEYS LTD\n"
    "Company number: 11902377\n"
    "Registered office address: 7 Heron Close, Ludlow SY8 1QT\n"
    "Director: Maeve Corrigan, 7 Heron Close, Ludlow SY8 1QT (appointed 2 May 2024)\n"
    "Person with significant control: Maeve Corrigan - 75% or more\n"
)
_PERSONNEL = (
    "PERSONNEL FILE\n"
    "Name: Fintan Corrigan\n"
    "Job title: Estates Manager\n"
    "Home address: 7 Heron Close, Ludlow SY8 1QT\n"
    "Next of kin: Maeve Corrigan (wife)\n"
)
_PAYMENTS = (
    "Date,Payee,Amount (GBP),Invoice\n"
    "2025-02-11,Brackenford Surveys Ltd,18400.00,BS-101\n"
    "2025-03-19,Brackenford Surveys Ltd,22950.00,BS-107\n"
    "2025-03-28,Tollgate Cleaning,640.00,TC-88\n"
)
_DECLARATION = (
    "REGISTER OF INTERESTS - ANNUAL RETURN\n"
    "Name: Fintan Corrigan\n"
    "Date: 6 January 2025\n"
    "Neither I nor my spouse hold any financial interest in any contractor engaged by the Trust.\n"
    "Signed: Fintan Corrigan\n"
)
_INTERVIEW = (
    "Interview record - Fintan Corrigan\n"
    "Date: 14 July 2025\n"
    "Q: Who recommended Brackenford Surveys for the roof survey?\n"
    "A: The estates team did.\n"
    "Q: Are you acquainted with the people who run Brackenford Surveys?\n"
    "A: I have never met anyone from Brackenford. I have no relationship with that firm.\n"
)


async def _docs(tmp_path: Path, *extra: tuple[str, str]) -> list:
    files = [
        ("register_extract.txt", _REGISTER),
        ("personnel_file.txt", _PERSONNEL),
        ("payments.csv", _PAYMENTS),
        ("declaration.txt", _DECLARATION),
        *extra,
    ]
    return [
        await text_doc(tmp_path, name, text, "text/csv" if name.endswith(".csv") else "text/plain")
        for name, text in files
    ]


async def test_a_register_in_fields_lists_its_people(tmp_path: Path) -> None:
    register = await text_doc(tmp_path, "register_extract.txt", _REGISTER)
    legal, _ = run(LegalOutput, [register])
    titles = [f.title for f in legal.findings if f.finding_type == "interest"]
    assert titles == ["Maeve Corrigan: Director of Brackenford Surveys Ltd"]
    # Registers are legal records (who owns and directs the entity), not ledgers.
    triage, _ = run(TriageResult, [register])
    assert triage.files[0].domain_scores.legal >= 0.4


async def test_no_tie_no_contradiction(tmp_path: Path) -> None:
    """A stranger directs the paid firm, and the declarant's relative directs a firm the case
    never pays: a declaration about "any contractor" stands."""
    register = _REGISTER.replace("Maeve Corrigan", "Oisin Tully").replace(
        "7 Heron Close", "22 Mill Lane"
    )
    other = (
        "Company name: KILBARRY SIGNS LTD\n"
        "Company number: 55120931\n"
        "Director: Maeve Corrigan, 7 Heron Close, Ludlow SY8 1QT\n"
    )
    docs = [
        await text_doc(tmp_path, "register_extract.txt", register),
        await text_doc(tmp_path, "register_kilbarry.txt", other),
        await text_doc(tmp_path, "personnel_file.txt", _PERSONNEL),
        await text_doc(tmp_path, "payments.csv", _PAYMENTS, "text/csv"),
        await text_doc(tmp_path, "declaration.txt", _DECLARATION),
    ]
    assert not [c for c in synthesis_of(docs).contradictions if "register lists" in c.explanation]


async def test_anyone_at_a_firm_is_no_place_the_witness_was(tmp_path: Path) -> None:
    anyone = _INTERVIEW.replace(
        "I have never met anyone from Brackenford.", "I don't know anyone at Brackenford."
    )
    interview = await text_doc(tmp_path, "interview_corrigan.txt", anyone)
    evidence, _ = run(EvidenceOutput, [interview])
    [met] = [c for c in evidence.sworn_claims if "anyone at" in c.claim]
    assert met.claimed_place is None
    at = _INTERVIEW.replace("I have never met anyone from Brackenford.", "I was at Brackenford.")
    there, _ = run(EvidenceOutput, [await text_doc(tmp_path, "interview_2.txt", at)])
    assert [c.claimed_place for c in there.sworn_claims if "I was at" in c.claim] == ["Brackenford"]


async def test_the_graph_ties_the_officer_to_the_firm_and_to_her_husband(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    graph, _ = run(GraphOutput, docs)
    names = {e.id: e.name for e in graph.entities}
    typed = {
        (names[r.source_id], r.type, names[r.target_id])
        for r in graph.relationships
        if r.type in ("holds_role_in", "related_to")
    }
    assert typed == {
        ("Maeve Corrigan", "holds_role_in", "Brackenford Surveys Ltd"),
        ("Fintan Corrigan", "related_to", "Maeve Corrigan"),
    }
