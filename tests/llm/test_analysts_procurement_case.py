"""A case unlike the demo, through the pipeline's path (domains over the evidence, synthesis and
graph over their findings and the files' names): an Irish procurement panel, a bank export with
day-first dates and bare euro amounts, an interview, a restaurant receipt, a policy.

What a reader sees at once must hold: dates and currency as written, the bidder's credits on the
panel chair's statement against her denial, the receipt in Dublin against her alibi at home,
and the money trail in the graph."""

from pathlib import Path

from holmes_backend.analysis.facts.names import same_party
from holmes_backend.contracts.agents import GraphOutput, SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_graph_sources import _DOMAINS
from tests.llm.test_analysts_helpers import findings, run, text_doc

_FILES = {
    "aib_statement_gallagher_2025.csv": (
        "text/csv",
        "Posted Date,Narrative,Debit Amount,Credit Amount,Balance\n"
        "05/03/2025,ESB ENERGY DD,142.18,,5978.22\n"
        "21/03/2025,SEPA CR BRENNOCK CIVIL WORKS LTD CONSULTANCY,,9800.00,15778.22\n"
        "28/03/2025,SEPA CR BRENNOCK CIVIL WORKS LTD CONSULTANCY,,9750.00,25528.22\n"
        "04/04/2025,SEPA CR BRENNOCK CIVIL WORKS LTD CONSULTANCY,,9900.00,35428.22\n",
    ),
    "panel_minutes.txt": (
        "text/plain",
        "Minutes of the Tender Evaluation Panel\nDate: 14/03/2025, 10:00\n"
        "Present: Aoife Gallagher (Panel Chair), Colm Ruane (Procurement Officer)\n"
        "Bids: Brennock Civil Works Ltd, Kilbrin Contractors Ltd, Duhallow Infrastructure Ltd.\n"
        "Decision: contract T-2025-117 awarded to Brennock Civil Works Ltd for EUR 1,240,000.\n",
    ),
    "interview_gallagher.txt": (
        "text/plain",
        "Record of interview - Aoife Gallagher\nInterviewer: Det. Garda Niamh Kerrigan\n"
        "Date: 02/05/2025 14:05\n"
        "Q: Have you ever received any payment from Brennock Civil Works Ltd?\n"
        "A: No. I have never received a cent from Brennock or anyone connected with them.\n"
        "Q: Where were you on the evening of Sunday 9 March 2025?\n"
        "A: I was at home in Ballincollig all evening with my family.\n"
        "Q: Do you know Declan Hurley?\n"
        "A: I know the name from the tender documents. I have never met him socially.\n",
    ),
    "hurley_to_gallagher.eml": (
        "message/rfc822",
        "From: Declan Hurley <declan.hurley@brennockcivil.ie>\n"
        "To: Aoife Gallagher <aoife.gallagher@example.ie>\nSubject: Thursday\n"
        "Date: Mon, 10 Mar 2025 08:47:12 +0000\n\nAoife, good to see you last night.\nDeclan\n",
    ),
    "gifts_policy.txt": (
        "text/plain",
        "CODE OF CONDUCT FOR PROCUREMENT\n"
        "4.1 A panel member shall not accept any payment or hospitality from a bidder.\n"
        "4.2 Any payment received from a bidder must be declared in writing to the Audit "
        "Committee within five working days.\n",
    ),
    "receipt_0903.txt": (
        "text/plain",
        "THE MERRION HOTEL\nUpper Merrion Street, Dublin 2\n\nDate: 09/03/2025   Time: 21:14\n"
        "Table 12   Covers: 2\nTOTAL                       EUR 186.40\n"
        "Guest signature: A. Gallagher\n",
    ),
}


async def _case(tmp_path: Path) -> list[EvidenceDoc]:
    return [await text_doc(tmp_path, name, text, mime) for name, (mime, text) in _FILES.items()]


async def test_an_unseen_case_reads_its_dates_money_denial_and_alibi(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    outputs = {name: run(schema, docs)[0] for name, schema in _DOMAINS}
    credits = [t for t in outputs["financial"].transactions if t.from_party]
    assert [(t.date, t.amount, t.currency, t.from_party) for t in credits] == [
        ("2025-03-21", 9800.0, "EUR", "Brennock Civil Works Ltd"),
        ("2025-03-28", 9750.0, "EUR", "Brennock Civil Works Ltd"),
        ("2025-04-04", 9900.0, "EUR", "Brennock Civil Works Ltd"),
    ]
    dinner = next(e for e in outputs["evidence"].events if e.source.file_id == "receipt_0903")
    assert (dinner.timestamp, dinner.place, dinner.people) == (
        "2025-03-09T21:14:00",
        "Merrion Hotel",
        ["A. Gallagher"],
    )
    assert dinner.description.startswith("THE MERRION HOTEL: Date: 09/03/2025")
    claims = outputs["evidence"].sworn_claims
    assert {c.speaker for c in claims} == {"Aoife Gallagher"}
    assert [c.claimed_place for c in claims][:2] == [None, "home in Ballincollig"]

    blocks = [findings(name, output) for name, output in outputs.items()]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    against = {c.claim_source.line: c for c in synthesis.contradictions}
    denial, alibi, meeting = against[5], against[7], against[9]
    assert {(r.file_id, r.row) for r in denial.evidence_against} == {
        ("aib_statement_gallagher_2025", 2),
        ("aib_statement_gallagher_2025", 3),
        ("aib_statement_gallagher_2025", 4),
    }
    assert "29,450" in denial.explanation
    assert [r.file_id for r in alibi.evidence_against] == ["receipt_0903"]
    assert "Merrion Hotel" in alibi.explanation
    # "him" is the person the question asked about; an e-mail between them is contact, but
    # denying a meeting, messages weigh less than both seen somewhere.
    assert meeting.claim == "I have never met him [Declan Hurley] socially."
    assert [r.file_id for r in meeting.evidence_against] == ["hurley_to_gallagher"]
    assert (denial.severity, alibi.severity, meeting.severity) == ("HIGH", "MEDIUM", "MEDIUM")
    graph, _ = run(
        GraphOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage"), names]
    )
    ids = {e.id: e.name for e in graph.entities}
    paid = [
        (ids[r.source_id], ids[r.target_id], r.description)
        for r in graph.relationships
        if r.type == "paid"
    ]
    assert len(paid) == 1
    payer, payee, description = paid[0]
    assert payer == "Brennock Civil Works Ltd"
    assert same_party(payee, "Aoife Gallagher")
    assert description.startswith("3 payment(s) totalling 29,450")
    # The bidders no payment names are organisations of the case, cited where the minutes name
    # them.
    organizations = [e for e in graph.entities if e.type == "organization"]
    for bidder in ("Kilbrin Contractors Ltd", "Duhallow Infrastructure Ltd"):
        node = next(e for e in organizations if same_party(e.name, bidder))
        assert [(s.file_id, s.line) for s in node.sources] == [("panel_minutes", 4)]


async def test_without_the_files_names_a_statement_has_no_holder(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in _DOMAINS]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    assert not any("cent" in c.claim for c in synthesis.contradictions)


async def test_a_declaration_on_record_closes_the_gap(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    docs.append(
        await text_doc(
            tmp_path,
            "audit_committee_register.txt",
            "Register of declarations, 2025\n"
            "25/03/2025: A. Gallagher declared consultancy fees from Brennock Civil Works Ltd.\n",
        )
    )
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in _DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    assert not any(g.element.startswith("Declaration") for g in synthesis.evidence_gaps)
