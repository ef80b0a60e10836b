"""A person written with a short form of their given name in one file ("Dan Mercer" signing a
chat) and in full in another ("Daniel Mercer" making a statement) is one person: the chat's
messages place the maker of the statement, and the graph has one node for both. A short form
that could be either of two people in the case ("Chris" beside Christina and Christopher) joins
neither."""

from pathlib import Path

from holmes_backend.analysis.facts.names import same_party
from holmes_backend.contracts.agents import GraphOutput, SynthesisOutput
from tests.llm.test_analysts_helpers import DOMAINS, findings, run, synthesis_of, text_doc

_CHAT = (
    "12/05/2024, 21:02 - Dan Mercer: still at the Crown, few more then heading off\n"
    "12/05/2024, 21:05 - Kelly Ashworth: ok x\n"
    "12/05/2024, 23:52 - Dan Mercer: yeah back now\n"
)
_STATEMENT = (
    "WITNESS STATEMENT\n"
    "Statement of: Daniel Mercer\n"
    "\n"
    "On Sunday 12 May 2024 I was at home all evening from about 8pm.\n"
    "\n"
    "Signed: D. Mercer    Date: 20 May 2024\n"
)


async def test_a_short_form_of_the_name_places_the_maker_of_the_statement(
    tmp_path: Path,
) -> None:
    docs = [
        await text_doc(tmp_path, "chat_export.txt", _CHAT),
        await text_doc(tmp_path, "statement_mercer.txt", _STATEMENT),
    ]
    [found] = synthesis_of(docs).contradictions
    assert found.claim.startswith("On Sunday 12 May 2024 I was at home")
    assert found.explanation.startswith("Daniel Mercer claims to have been at home")
    assert "Dan Mercer: still at the Crown" in found.explanation
    assert [r.file_id for r in found.evidence_against] == ["chat_export"]


async def test_one_graph_node_for_the_forms_of_a_name(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "chat_export.txt", _CHAT),
        await text_doc(tmp_path, "statement_mercer.txt", _STATEMENT),
    ]
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    graph, _ = run(
        GraphOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage"), names]
    )
    mercers = [e for e in graph.entities if e.type == "person" and "Mercer" in e.name]
    assert [(e.name, sorted(e.aliases)) for e in mercers] == [
        ("Daniel Mercer", ["D. Mercer", "Dan Mercer"])
    ]


def test_short_forms_of_a_given_name() -> None:
    assert same_party("Bob Hale", "Robert Hale")
    assert same_party("Bob Hale", "Rob Hale")  # both short for Robert
    assert same_party("Liz Ward", "Elizabeth Ward")
    assert not same_party("Christina Lee", "Christopher Lee")  # "Chris" is short for both
    assert not same_party("Dan Mercer", "Daniel Morton")
    assert not same_party("Jane Roe", "John Roe")


async def test_a_short_form_of_two_peoples_names_joins_neither(tmp_path: Path) -> None:
    notes = await text_doc(
        tmp_path,
        "site_visit.txt",
        "SITE VISIT NOTES\n"
        "Present: Christina Lee (surveyor), Christopher Lee (owner).\n"
        "Chris Lee signed the access log at 09:10.\n",
    )
    blocks = [findings(name, run(schema, [notes])[0]) for name, schema in DOMAINS]
    graph, _ = run(GraphOutput, [], blocks=blocks)
    lees = sorted(e.name for e in graph.entities if e.type == "person" and "Lee" in e.name)
    assert lees == ["Chris Lee", "Christina Lee", "Christopher Lee"]
