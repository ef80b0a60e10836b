"""The knowledge graph as the pipeline builds it (from the domains' findings, without the raw
evidence): every node is cited, and each person, organisation or place by a passage naming it.

Run over the demo case and over generated cases of other seeds, whose names and layouts differ.
"""

import json
import re
from pathlib import Path

import pytest

from holmes_backend.analysis.facts.names import person_parts, same_party, strip_honorific
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    GraphEntity,
    GraphOutput,
    LegalOutput,
    SynthesisOutput,
)
from holmes_backend.demo import ANSWERS_FILENAME, write_demo_case, write_synthetic_case
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import DOMAINS, REALDOCS, findings, lines_doc, load, run

_DOMAINS = DOMAINS
_NAMED_TYPES = ("person", "organization", "place")


async def _docs(directory: Path) -> list[EvidenceDoc]:
    return [
        await load(path, mime_type_of(path.name), path.name)
        for path in sorted(directory.iterdir())
        if path.name != ANSWERS_FILENAME
    ]


def _pipeline_graph(docs: list[EvidenceDoc]) -> GraphOutput:
    """Domains over the evidence; synthesis and graph over their findings alone (and, for the
    graph, the files' names)."""
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in _DOMAINS]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    graph, _ = run(
        GraphOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage"), names]
    )
    return graph


def _names_it(entity: GraphEntity, excerpt: str) -> bool:
    spellings = {entity.name, *entity.aliases}
    if entity.type == "person":
        spellings |= {strip_honorific(n) for n in spellings}
        spellings |= {p[2] for n in spellings if (p := person_parts(n)) and len(p[2]) > 2}
    flat = " ".join(excerpt.split()).lower()
    return any(
        re.search(rf"(?<!\w){re.escape(' '.join(s.split()).lower())}(?!\w)", flat)
        for s in spellings
        if s.strip()
    )


def _assert_cited(graph: GraphOutput, docs: list[EvidenceDoc]) -> None:
    """Every node cites a file of the case with an excerpt; a person, organisation or place is
    cited by a located passage that names it, or by its file's own metadata (e-mail headers that
    name it, a photo's GPS position)."""
    file_ids = {d.file_id for d in docs}
    media = {d.file_id for d in docs if d.mime_type.startswith(("image/", "video/", "audio/"))}
    metadata = {d.file_id: d.metadata for d in docs}
    assert graph.entities
    for entity in graph.entities:
        assert entity.sources, f"{entity.type} {entity.name!r} has no source"
        for source in entity.sources:
            assert source.file_id in file_ids, (entity.name, source)
            assert source.excerpt.strip(), (entity.name, source)
        if entity.type in _NAMED_TYPES:
            located = [
                s for s in entity.sources
                if s.page or s.line or s.row or s.cue_start is not None or s.bbox
            ]  # fmt: skip
            by_metadata = [
                s for s in entity.sources
                if s not in located
                and (s.file_id in media or _names_it(entity, str(metadata[s.file_id])))
            ]  # fmt: skip
            assert by_metadata or any(_names_it(entity, s.excerpt) for s in located), (
                f"no located source names {entity.type} {entity.name!r}: "
                f"{[s.excerpt for s in entity.sources]}"
            )
    ids = {e.id for e in graph.entities}
    assert all(r.source_id in ids and r.target_id in ids for r in graph.relationships)


async def test_demo_graph_nodes_are_cited_and_its_people_are_people(tmp_path: Path) -> None:
    answers = json.loads(write_demo_case(tmp_path).read_text(encoding="utf-8"))
    docs = await _docs(tmp_path)
    graph = _pipeline_graph(docs)
    _assert_cited(graph, docs)

    people = [e.name for e in graph.entities if e.type == "person"]
    for person in answers["entities"]["people"]:
        assert any(same_party(person, p) for p in people), (person, people)
    # Organisations and places the key names are never typed as people.
    for other in answers["entities"]["organizations"] + answers["entities"]["places"]:
        assert not any(p.lower() in other.lower() for p in people), (other, people)
    # The money trail: the payer's ledger and the payee's statement name one side each; each
    # statement's holder is taken from its file's name, and a payment in both counts once.
    named = {e.id: e.name for e in graph.entities}
    paid = {
        (named[r.source_id].split()[0], named[r.target_id].split()[0]): r.description
        for r in graph.relationships
        if r.type == "paid"
    }
    cap = next(a for a in answers["anomalies"] if a.get("total_amount") == 106500.0)
    assert f"totalling {cap['total_amount']:,.0f}" in paid[("Northgate", "Lakeshore")]
    assert paid[("Lakeshore", "Victor")].startswith("5 payment(s)")


@pytest.mark.parametrize("seed", [3, 19])
async def test_generated_case_graph_nodes_are_cited(tmp_path: Path, seed: int) -> None:
    write_synthetic_case(tmp_path, 15, seed)
    docs = await _docs(tmp_path)
    graph = _pipeline_graph(docs)
    _assert_cited(graph, docs)
    people = [e for e in graph.entities if e.type == "person"]
    assert len(people) >= 5
    assert all(len(strip_honorific(p.name).split()) >= 2 for p in people if not p.aliases), [
        p.name for p in people
    ]


def test_people_named_only_in_an_attendance_list_are_cited_and_uncited_names_dropped() -> None:
    minutes = lines_doc(
        "minutes",
        "minutes.txt",
        ["Present: Odile Lane (Chair), Rafe Dunmore, Wren Castellane.",
         "Also present: Ilse Brandvold (Company Secretary).",
         "The meeting closed at 10:40."],
    )  # fmt: skip
    graph = _pipeline_graph([minutes])
    _assert_cited(graph, [minutes])
    people = {e.name: e for e in graph.entities if e.type == "person"}
    assert set(people) == {"Odile Lane", "Rafe Dunmore", "Wren Castellane", "Ilse Brandvold"}
    assert people["Ilse Brandvold"].sources[0].line == 2

    # A name the findings list but nothing cites is left out, not drawn without evidence.
    bare = EvidenceOutput(people=["Quentin Marsh"])
    legal = LegalOutput(parties=["Halvard Tooling Ltd"])
    graph, _ = run(GraphOutput, [], blocks=[findings("evidence", bare), findings("legal", legal)])
    assert graph.entities == []


async def _real(name: str, mime: str) -> EvidenceDoc:
    if not REALDOCS.is_dir():
        pytest.skip("shared/realdocs is absent")
    return await load(REALDOCS / name, mime, name.partition(".")[0])


async def test_an_export_names_its_parties_and_a_filing_its_signer_and_registrant() -> None:
    form4 = await _real("snowflake_form4.xml", "application/xml")
    filing = await _real("buckle_8-K.html", "text/html")
    graph = _pipeline_graph([form4, filing])
    by_name = {e.name: e for e in graph.entities}
    assert by_name["Snowflake Inc."].type == "organization"
    # The register writes "Scarpelli Michael"; its footnotes, "Michael P. Scarpelli".
    assert by_name["Michael P. Scarpelli"].type == "person"
    assert "Scarpelli Michael" not in by_name
    assert by_name["Snowflake Inc."].sources[0].excerpt == "issuer name: Snowflake Inc."
    signer = next(e for e in graph.entities if "HEACOCK" in e.name.upper())
    registrant = next(e for e in graph.entities if "Buckle" in e.name)
    edges = {(r.source_id, r.type, r.target_id) for r in graph.relationships}
    assert (signer.id, "signed_for", registrant.id) in edges
    assert (registrant.id, "signed", "document:buckle-8-k") in edges
    _assert_cited(graph, [form4, filing])
