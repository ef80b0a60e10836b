"""A graph node is a person only when the case shows one: a title, a known given name, initials
with a surname, a transcript's speaker label, or a list of people that names it. Firms, headings
and roles written like names are not drawn as people, in prose, records, minutes or transcripts.
"""

from holmes_backend.analysis.facts.names import evidently_personal
from holmes_backend.contracts.agents import GraphOutput
from holmes_backend.extraction.models import Chunk, Location
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_graph_sources import _pipeline_graph
from tests.llm.test_analysts_helpers import lines_doc


def _rows_doc(file_id: str, filename: str, rows: list[str]) -> EvidenceDoc:
    chunks = [Chunk(text=t, location=Location(row=n)) for n, t in enumerate(rows, 1)]
    return EvidenceDoc(file_id=file_id, filename=filename, mime_type="text/csv", chunks=chunks)


def _people(graph: GraphOutput) -> set[str]:
    return {e.name for e in graph.entities if e.type == "person"}


def test_forms_that_show_a_person() -> None:
    assert evidently_personal(["Mr Quist"])
    assert evidently_personal(["Ingrid Solberg"])  # a given name first
    assert evidently_personal(["Solberg, Ingrid"])  # inverted, given name after the comma
    assert evidently_personal(["T. Okafor"])
    assert evidently_personal(["OKAFOR T"])  # a badge or gate log's surname-first form
    assert evidently_personal(["Harrow Gate", "Dr. Harrow Gate"])  # any of its forms


def test_forms_that_do_not() -> None:
    assert not evidently_personal(["Brindlewood Catering"])
    assert not evidently_personal(["Projectleider Onderhoud"])  # a Dutch role heading
    assert not evidently_personal(["Moved T. Okafor"])  # a verb glued to a name
    assert not evidently_personal(["C. Staff"])  # "+6 C. Staff gauge 1.42 m"
    assert not evidently_personal(["Van der Meer Installaties"])
    assert not evidently_personal(["Dispatch Supervisor"])


def test_firms_roles_and_headings_are_not_people_and_the_people_are() -> None:
    minutes = lines_doc(
        "m1",
        "minutes.txt",
        [
            "Projectleider Onderhoud",
            "Present: Ingrid Solberg (Chair), Rafe Dunmore, Wren Castellane, T. Okafor.",
            "Moved T. Okafor, seconded Ingrid Solberg.",
            "Harrowgate Scaffold delivered the towers; Brindlewood Catering served lunch.",
        ],
    )
    ledger = _rows_doc(
        "l1",
        "ledger.csv",
        [
            "Date: 04/06/2024; Payee: Brindlewood Catering; Amount: 1,240.00; Approved: OKAFOR T",
            "Date: 05/06/2024; Payee: Harrowgate Scaffold; Amount: 8,900.00; Approved: OKAFOR T",
        ],
    )
    interview = lines_doc(
        "i1",
        "interview.txt",
        [
            "Interview of Hallam Quist by Ingrid Solberg (IS), 12 June 2024.",
            "IS: Who approved the scaffold order?",
            "HQ: Mr Okafor did. I never dealt with Harrowgate Scaffold myself.",
        ],
    )

    people = _people(_pipeline_graph([minutes, ledger, interview]))

    for firm_or_heading in (
        "Projectleider Onderhoud",
        "Harrowgate Scaffold",
        "Brindlewood Catering",
        "Moved T. Okafor",
    ):
        assert firm_or_heading not in people, people
    assert {"Ingrid Solberg", "Rafe Dunmore", "Wren Castellane"} <= people, people
    assert any("Okafor" in p for p in people), people


def test_a_role_before_a_dash_does_not_hide_the_name() -> None:
    assert evidently_personal(["PATROL - QUIST H"])
    assert not evidently_personal(["FLOAT - hoe ram"])
