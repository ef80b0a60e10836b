"""A services agreement with a yearly cap and an approval threshold, a payments ledger in a
workbook with its own column names, the committee's minutes and an e-mail: the pipeline's path
(domains over the evidence, synthesis and graph over their findings and the files' names)."""

from pathlib import Path

from docx import Document
from openpyxl import Workbook

from holmes_backend.contracts.agents import GraphOutput, SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_graph_sources import _DOMAINS
from tests.llm.test_analysts_helpers import findings, load, run

_XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
_DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


async def _case(tmp_path: Path) -> list[EvidenceDoc]:
    agreement = Document()
    agreement.add_heading("SERVICES AGREEMENT", 0)
    for text in (
        "This Services Agreement is made on 2 January 2024 between Ferrant Logistics plc "
        '("Ferrant") and Oakhurst Advisory Ltd ("Oakhurst").',
        "1. Oakhurst shall provide advisory services to Ferrant.",
        "2. Fees shall not exceed \u00a360,000 in any calendar year.",
        "3. Any single invoice above \u00a315,000 requires the prior written approval of the "
        "Ferrant Finance Committee.",
    ):
        agreement.add_paragraph(text)
    agreement.save(tmp_path / "services_agreement.docx")
    book = Workbook()
    sheet = book.active
    sheet.append(["Txn Date", "Payee Name", "Amt (GBP)", "Invoice Ref", "Approved By"])
    for row in (
        ("2024-02-14", "Oakhurst Advisory Ltd", 14800, "OAK-101", "H. Vane"),
        ("2024-03-28", "Oakhurst Advisory Ltd", 22500, "OAK-102", "H. Vane"),
        ("2024-05-02", "Oakhurst Advisory Ltd", 19750, "OAK-103", "H. Vane"),
        ("2024-06-30", "Oakhurst Advisory Ltd", 18200, "OAK-104", ""),
        ("2025-01-15", "Oakhurst Advisory Ltd", 9000, "OAK-105", "H. Vane"),
    ):
        sheet.append(list(row))
    book.save(tmp_path / "ferrant_payments_ledger.xlsx")
    (tmp_path / "committee_minutes.txt").write_text(
        "FERRANT LOGISTICS PLC\nMinutes of the Finance Committee\nDate: 12 March 2024\n"
        "1. The Committee approved the renewal of the Bellona Couriers contract.\n",
        encoding="utf-8",
    )
    return [
        await load(tmp_path / "services_agreement.docx", _DOCX, "agreement"),
        await load(tmp_path / "ferrant_payments_ledger.xlsx", _XLSX, "ledger"),
        await load(tmp_path / "committee_minutes.txt", "text/plain", "minutes"),
    ]


async def test_approvals_and_graph_of_a_services_case(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    outputs = {name: run(schema, docs)[0] for name, schema in _DOMAINS}
    blocks = [findings(name, output) for name, output in outputs.items()]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    # A yearly cap is not totalled per year any more (that rule fired on no case); a total over
    # several years does not break it either.
    assert not [c for c in synthesis.contradictions if c.claim.startswith("Fees shall not")]
    approvals = [g for g in synthesis.evidence_gaps if g.element.startswith("Approval by")]
    assert [g.element for g in approvals] == [
        "Approval by Ferrant Finance Committee of 3 payment(s) to Oakhurst Advisory Ltd above "
        "GBP 15,000 (total GBP 60,450)"
    ]
    graph, _ = run(
        GraphOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage"), names]
    )
    people = {e.name for e in graph.entities if e.type == "person"}
    # A column's name ("Payee Name") and what a cap caps ("Fees") are no one.
    assert "Payee Name" not in people
    assert not any(e.name == "Fees" for e in graph.entities)
    assert "H. Vane" in people
