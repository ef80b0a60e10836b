"""Knowledge graph: aliases merged across files, stable ids, evidenced relationships."""

from pathlib import Path

from holmes_backend.agents.schemas import GraphEntity, GraphOutput
from tests.llm.test_analysts_helpers import lines_doc, run, text_doc


def _named(output: GraphOutput, fragment: str) -> list[GraphEntity]:
    return [
        e for e in output.entities if fragment in e.name or any(fragment in a for a in e.aliases)
    ]


async def test_person_and_organisation_aliases_merge(tmp_path: Path) -> None:
    memo = lines_doc(
        "memo",
        "memo.txt",
        [
            "Dr. Wilhelmina T. Ashgrove met Gideon Marchetti of Kestrel Dynamics, Inc. on Monday.",
            "Wilhelmina Ashgrove later signed the term sheet.",
        ],
    )
    notes = lines_doc(
        "notes",
        "notes.txt",
        [
            "W. Ashgrove forwarded the draft to KESTREL DYNAMICS INCORPORATED.",
            "Ms. Ashgrove called Gideon Marchetti again.",
        ],
    )
    ledger = await text_doc(
        tmp_path,
        "ledger.csv",
        "Date,Payer,Payee,Amount\n2021-04-01,Kestrel Dynamics Inc,Wilhelmina Ashgrove,15000\n",
        mime="text/csv",
    )
    output, analysis = run(GraphOutput, [memo, notes, ledger])
    ashgrove = _named(output, "Ashgrove")
    assert len(ashgrove) == 1, ashgrove
    person = ashgrove[0]
    assert person.type == "person"
    assert person.name == "Wilhelmina T. Ashgrove"
    assert {"Wilhelmina Ashgrove", "W. Ashgrove", "Ms. Ashgrove"} <= set(person.aliases)
    assert {s.file_id for s in person.sources} >= {"memo", "notes"}
    kestrel = _named(output, "Kestrel")
    assert len(kestrel) == 1
    assert kestrel[0].type == "organization"
    assert person.id == "person:wilhelmina-t-ashgrove"
    paid = [r for r in output.relationships if r.type == "paid"]
    assert [(r.source_id, r.target_id) for r in paid] == [(kestrel[0].id, person.id)]
    assert paid[0].evidence[0].file_id == "ledger"
    assert paid[0].evidence[0].row == 1
    assert 0 < paid[0].confidence <= 1
    ids = {e.id for e in output.entities}
    assert all(r.source_id in ids and r.target_id in ids for r in output.relationships)
    assert any("merged" in t for t in analysis.thoughts)

    again, _ = run(GraphOutput, [ledger, notes, memo])  # another order, the same ids
    assert {e.id for e in again.entities} == ids


async def test_an_ambiguous_initial_is_not_guessed(tmp_path: Path) -> None:
    doc = lines_doc(
        "roster",
        "roster.txt",
        [
            "Jonas Ferreira-Lind and Julia Ferreira-Lind attended the auction.",
            "J. Ferreira-Lind placed the winning bid.",
        ],
    )
    output, _ = run(GraphOutput, [doc])
    people = [e for e in output.entities if e.type == "person" and "Ferreira-Lind" in e.name]
    names = sorted(e.name for e in people)
    assert names == ["J. Ferreira-Lind", "Jonas Ferreira-Lind", "Julia Ferreira-Lind"]


async def test_contract_parties_signatures_and_employment(tmp_path: Path) -> None:
    contract = await text_doc(
        tmp_path,
        "lease.txt",
        'This Lease is made between Harrowgate Estates Ltd (the "Landlord") and Pim Oosterhuis '
        '("Tenant").\nThe Tenant shall pay rent monthly.\n'
        "Roisin Calder, Director of Harrowgate Estates Ltd, approved the terms.\n"
        "By: /s/ Roisin Calder\n",
    )
    output, _ = run(GraphOutput, [contract])
    kinds = {(r.type, r.source_id, r.target_id) for r in output.relationships}
    landlord = _named(output, "Harrowgate")[0].id
    calder = _named(output, "Roisin Calder")[0].id
    assert ("party_to", landlord, "document:lease") in kinds
    assert ("signed", calder, "document:lease") in kinds
    assert ("employed_by", calder, landlord) in kinds
    assert not _named(output, "Landlord") or all(
        e.type != "person" for e in _named(output, "Landlord")
    )
