"""Knowledge graph: aliases merged across files, stable ids, evidenced relationships."""

from pathlib import Path

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.graph import build_graph
from holmes_backend.contracts.agents import (
    CrossModalLink,
    EvidenceOutput,
    FinancialOutput,
    GraphEntity,
    GraphOutput,
    LegalOutput,
    SourceRef,
    SynthesisOutput,
)
from tests.llm.test_analysts_helpers import findings, lines_doc, run, text_doc


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


async def test_contract_parties_and_signatures(tmp_path: Path) -> None:
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
    assert not _named(output, "Landlord") or all(
        e.type != "person" for e in _named(output, "Landlord")
    )


async def test_each_signer_signs_for_the_organisation_above_their_signature(
    tmp_path: Path,
) -> None:
    contract = await text_doc(
        tmp_path,
        "services_agreement.txt",
        "SERVICES AGREEMENT\n"
        'This Agreement is made between Velmora Analytics GmbH ("Provider") and Quillfield '
        'Health Trust ("Client").\nThe Provider shall deliver the reports monthly.\n'
        "IN WITNESS WHEREOF the parties have signed this Agreement.\n"
        "VELMORA ANALYTICS GMBH\nBy: /s/ Ansel Brueckner\nName: Ansel Brueckner\n"
        "Title: Managing Director\n"
        "QUILLFIELD HEALTH TRUST\nDate: 4 June 2024\nBy: /s/ Maren Oyelaran\n"
        "The parties have exchanged signed copies.\nWitnessed by: /s/ Tobias Renn\n",
    )
    output, _ = run(GraphOutput, [contract])
    signed_for = {
        (r.source_id, r.target_id) for r in output.relationships if r.type == "signed_for"
    }
    brueckner = _named(output, "Brueckner")[0].id
    oyelaran = _named(output, "Oyelaran")[0].id
    renn = _named(output, "Tobias Renn")[0].id
    velmora = next(e for e in output.entities if "velmora" in e.name.lower())
    quillfield = next(e for e in output.entities if "quillfield" in e.name.lower())
    assert (brueckner, velmora.id) in signed_for
    assert (oyelaran, quillfield.id) in signed_for
    # Nobody signs for the other side, and a witness below a sentence signs for no one.
    assert (brueckner, quillfield.id) not in signed_for
    assert not any(source == renn for source, _ in signed_for)
    assert len(signed_for) == 2


async def test_an_xml_export_names_the_parties_its_records_are_about(tmp_path: Path) -> None:
    export = await text_doc(
        tmp_path,
        "remittance_advice.xml",
        '<?xml version="1.0"?>\n<remittanceAdvice>\n'
        "  <payer>\n    <payerName>Tarkington Mills Co.</payerName>\n  </payer>\n"
        "  <beneficiary>\n    <beneficiaryName>Ostrava Pallet Works Ltd</beneficiaryName>\n"
        "    <accountNumber>CZ65 0800 0000 1920 0014 5399</accountNumber>\n  </beneficiary>\n"
        "  <items>\n"
        "    <item><valueDate>2024-02-11</valueDate><amount>4250.00</amount>"
        "<invoiceNo>OPW-7781</invoiceNo><itemName>Pallets EUR-1</itemName></item>\n"
        "    <item><valueDate>2024-02-25</valueDate><amount>3900.00</amount>"
        "<invoiceNo>OPW-7790</invoiceNo><itemName>Pallets EUR-2</itemName></item>\n"
        "  </items>\n</remittanceAdvice>\n",
        mime="application/xml",
    )
    financial, _ = run(FinancialOutput, [export])
    named = [f for f in financial.findings if f.finding_type == "record_parties"]
    assert len(named) == 1
    # Names outside the records, each with its field's role; names inside a record are not.
    assert named[0].entities == ["Tarkington Mills Co.", "Ostrava Pallet Works Ltd"]
    assert "(payer)" in named[0].title
    assert "(beneficiary)" in named[0].title
    assert [s.line for s in named[0].sources] == [4, 7]
    assert len(financial.transactions) == 2
    graph, _ = run(GraphOutput, [], blocks=[findings("financial", financial)])
    payer = _named(graph, "Tarkington")[0]
    payee = _named(graph, "Ostrava")[0]
    assert payer.type == payee.type == "organization"
    assert payer.sources[0].excerpt == "payer name: Tarkington Mills Co."
    assert any({r.source_id, r.target_id} == {payer.id, payee.id} for r in graph.relationships)
    # The records' own "item name" is what was paid for, not a party to the payment.
    assert all(t.to_party is None and t.from_party is None for t in financial.transactions)
    assert all("Pallets EUR-" in t.description for t in financial.transactions)


async def test_a_statement_named_after_its_account_holder_pays_and_is_paid(
    tmp_path: Path,
) -> None:
    statement = await text_doc(
        tmp_path,
        "greyfield_statement_2023Q2.csv",
        "Date,Description,Reference,Debit,Credit\n"
        "2023-04-03,Transfer from Pellucid Marine Ltd,INV-0042,,18000.00\n"
        "2023-04-09,Payment to Ines Valcourt,TRF-0409,7500.00,\n",
        mime="text/csv",
    )
    ledger = await text_doc(
        tmp_path,
        "pellucid_payables_ledger.csv",
        "Date,Payee,Reference,Amount\n2023-04-03,Greyfield Supply Co,INV-0042,18000.00\n",
        mime="text/csv",
    )
    notes = await text_doc(
        tmp_path,
        "audit_sample_valcourt.csv",
        "Date,Payee,Reference,Amount\n2023-05-02,Greyfield Supply Co,INV-0077,2400.00\n",
        mime="text/csv",
    )
    docs = [statement, ledger, notes]
    financial, _ = run(FinancialOutput, docs)
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    graph, _ = run(GraphOutput, [], blocks=[findings("financial", financial), names])
    paid = {(r.source_id, r.target_id): r for r in graph.relationships if r.type == "paid"}
    greyfield = _named(graph, "Greyfield")[0].id
    pellucid = _named(graph, "Pellucid")[0].id
    valcourt = _named(graph, "Valcourt")[0].id
    # The ledger's payment and the statement's credit are one payment (INV-0042), not two.
    assert paid[(pellucid, greyfield)].description.startswith("1 payment(s) totalling 18,000")
    assert paid[(greyfield, valcourt)].description.startswith("1 payment(s) totalling 7,500")
    # A file not named as an account's record gives no holder: its payer stays unknown.
    assert (valcourt, greyfield) not in paid
    assert len(paid) == 2
    # The documents are named by their files.
    documents = {e.name for e in graph.entities if e.type == "document"}
    assert documents >= {d.filename for d in docs[:2]}


def test_links_both_ways_between_two_files_are_one_relationship() -> None:
    """A link from the ledger to the statement and one from the statement to the ledger relate
    the same two documents: one correlates_with edge, citing both, whichever came first."""
    ledger, statement = (
        SourceRef(file_id="ledger", row=3, excerpt="x"),
        SourceRef(file_id="statement", row=7, excerpt="y"),
    )
    links = [
        CrossModalLink(
            source_a=ledger, source_b=statement, correlation_type="amount_match", implication="a"
        ),
        CrossModalLink(
            source_a=statement, source_b=ledger, correlation_type="share_passed_on", implication="b"
        ),
    ]
    view = CaseView(
        documents=[],
        financial=FinancialOutput(),
        legal=LegalOutput(),
        evidence=EvidenceOutput(),
        filenames={"ledger": "ledger.csv", "statement": "statement.csv"},
    )
    graph = build_graph(view, SynthesisOutput(cross_modal_links=links))
    [edge] = [r for r in graph.relationships if r.type == "correlates_with"]
    assert (edge.source_id, edge.target_id) == ("document:ledger", "document:statement")
    assert {r.file_id for r in edge.evidence} == {"ledger", "statement"}
