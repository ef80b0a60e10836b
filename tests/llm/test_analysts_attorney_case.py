"""An attorney under a power of attorney and the principal's account, written unlike the other
cases: a statutory declaration, narratives that name the payee by surname ("PAYMENT TO QUINTERO
M GIFT"), a statement named after its holder whose son shares his surname, weekly wages beside
gifts, and a yearly cap on gifts."""

from pathlib import Path

from holmes_backend.agents.schemas import FinancialOutput, GraphOutput, SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_graph_sources import _DOMAINS
from tests.llm.test_analysts_helpers import email_doc, findings, run, text_doc

_STATEMENT = (
    "Date,Narrative,Debit,Credit,Balance\n"
    "03/06/2024,PAYMENT TO QUINTERO M WAGES,450.00,,9100.00\n"
    "10/06/2024,PAYMENT TO QUINTERO M WAGES,450.00,,8650.00\n"
    "12/06/2024,PAYMENT TO QUINTERO M GIFT,3000.00,,5650.00\n"
    "17/06/2024,PAYMENT TO QUINTERO M WAGES,450.00,,5200.00\n"
    "20/06/2024,PAYMENT TO QUINTERO M GIFT,1800.00,,3400.00\n"
    "24/06/2024,SUPERANNUATION NZ GOVT,,1020.00,4420.00\n"
)
_POWER = (
    "ENDURING POWER OF ATTORNEY IN RELATION TO PROPERTY\n"
    "Donor: Harold James Ennis\nAttorney: Marisol Quintero\n"
    "1. The attorney may make gifts of my money, but all gifts together shall not exceed "
    "NZD 300 in any calendar year.\n"
    "2. The attorney may pay herself a weekly wage of NZD 450.\n"
)
_DECLARATION = (
    "STATUTORY DECLARATION\n"
    "I, Marisol Quintero, of 12 Rata Street, Nelson, caregiver, do solemnly and sincerely "
    "declare that:\n"
    "1. I have never received any money from Harold Ennis except my weekly wage of NZD 450.\n"
)


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    headers = {
        "From": "Peter Ennis <peter.ennis@example.co.nz>",
        "To": "ASB Fraud <fraud@asb.example>",
        "Date": "Mon, 1 Jul 2024 09:00:00 +1200",
        "Subject": "My father's account",
    }
    return [
        await text_doc(tmp_path, "asb_statement_harold_ennis.csv", _STATEMENT, "text/csv"),
        await text_doc(tmp_path, "power_of_attorney.txt", _POWER),
        await text_doc(tmp_path, "declaration_quintero.txt", _DECLARATION),
        await email_doc(tmp_path, "son_to_bank.eml", headers, "Dad is 88. Please check.\n"),
    ]


async def test_the_gifts_meet_the_declaration_and_the_cap(tmp_path: Path) -> None:
    docs = await _docs(tmp_path)
    outputs = {name: run(schema, docs)[0] for name, schema in _DOMAINS}
    # Weekly wages at one interval are no duplicate payment.
    assert not [a for a in outputs["financial"].anomalies if a.kind == "duplicate_payment"]
    blocks = [findings(name, output) for name, output in outputs.items()]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])

    by_file = {c.claim_source.file_id: c for c in synthesis.contradictions}
    denial = by_file["declaration_quintero"]
    assert denial.severity == "HIGH"
    # Her wage is what the declaration allows; the two gifts are not.
    assert denial.explanation.endswith("2 payment(s) from Harold Ennis to Marisol Quintero "
                                       "totalling NZD 4,800 are recorded.")  # fmt: skip
    assert sorted(s.row for s in denial.evidence_against) == [3, 5]
    cap = by_file["power_of_attorney"]
    assert cap.explanation.startswith("Payments under the agreement total NZD 4,800")

    graph, _ = run(
        GraphOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage"), names]
    )
    by_id = {e.id: e.name for e in graph.entities}
    paid = [r for r in graph.relationships if r.type == "paid"]
    assert [(by_id[r.source_id], by_id[r.target_id]) for r in paid] == [
        ("Harold James Ennis", "Marisol Quintero")
    ]


async def test_a_denial_in_a_sentence_is_no_payment(tmp_path: Path) -> None:
    declaration = await text_doc(tmp_path, "declaration_quintero.txt", _DECLARATION)
    output, _ = run(FinancialOutput, [declaration])

    assert output.transactions == []
