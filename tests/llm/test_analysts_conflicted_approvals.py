"""A buyer who approves orders to her own firm: a register listing her as a director of the
payee, invoice rows whose "Authorised by" names her (by initial), a rule that an interested
employee must not approve, and her declaration denying "any interest in, and any directorship
of, any supplier" (two ties denied together, their object named once). Rows approved by someone
else, or a firm she is not an officer of, contradict nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_REGISTER = (
    "BUSINESS REGISTRY EXTRACT\n"
    "Company: {firm}\n"
    "Registered office: 22 Quay Street, Galway\n\n"
    "Officers\n"
    "Oonagh Ferriter - Director - appointed 9 January 2020\n"
    "Cian Breathnach - Secretary - appointed 9 January 2020\n"
)
_INVOICES = (
    "Invoice,Invoice date,Vendor,Service,Net (EUR),Authorised by\n"
    "INV-7781,2025-06-02,Corrib Grounds Maintenance,Verge cutting,18400.00,{approver}\n"
    "INV-7790,2025-06-16,Corrib Grounds Maintenance,Hedge works,17950.00,{approver}\n"
    "INV-7802,2025-06-30,Lough Office Supplies,Toner,412.35,M. Ruane\n"
)
_RULE = (
    "FINANCIAL REGULATIONS\n\n"
    "9.1 Every invoice must be checked against a purchase order before it is paid.\n"
    "9.4 A member of staff who is connected with a vendor shall not authorise any invoice "
    "from that vendor.\n"
)
_DECLARATION = (
    "CONFLICT OF INTEREST DECLARATION\n"
    "Name: Oonagh Ferriter\n"
    "Date: 3 February 2025\n\n"
    "I confirm that I have no interest in, and no directorship of, any supplier of the Council.\n"
    "Signed: Oonagh Ferriter\n"
)


async def _docs(
    tmp_path: Path,
    *,
    firm: str = "Corrib Grounds Maintenance",
    approver: str = "O. Ferriter",
    rule: bool = True,
    declaration: bool = False,
) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "registry_extract.txt", _REGISTER.format(firm=firm)),
        await text_doc(
            tmp_path, "invoices_q2.csv", _INVOICES.format(approver=approver), "text/csv"
        ),
    ]
    if rule:
        docs.append(await text_doc(tmp_path, "financial_regulations.txt", _RULE))
    if declaration:
        docs.append(await text_doc(tmp_path, "declaration_ferriter.txt", _DECLARATION))
    return docs


async def test_an_officer_of_the_payee_approving_its_invoices_breaks_the_rule(
    tmp_path: Path,
) -> None:
    synthesis = synthesis_of(await _docs(tmp_path))
    [found] = [c for c in synthesis.contradictions if "approved by" in c.explanation]
    assert found.severity == "HIGH"
    assert found.claim.startswith("9.4 A member of staff who is connected with a vendor")
    assert found.claim_source.file_id == "financial_regulations"
    assert "2 order(s) or payment(s) to Corrib Grounds Maintenance" in found.explanation
    assert "EUR 36,350" in found.explanation
    assert "O. Ferriter" in found.explanation
    assert "Oonagh Ferriter as Director" in found.explanation
    cited = {(s.file_id, s.row) for s in found.evidence_against}
    assert ("invoices_q2", 1) in cited
    assert ("invoices_q2", 2) in cited
    assert ("invoices_q2", 3) not in cited
    assert "registry_extract" in {s.file_id for s in found.evidence_against}


async def test_without_a_rule_the_approval_itself_is_questioned(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, rule=False))
    [found] = [c for c in synthesis.contradictions if "approved by" in c.explanation]
    assert found.severity == "MEDIUM"
    assert found.claim_source.file_id == "invoices_q2"
    assert "INV-7781" in found.claim
    assert "independent check" in found.explanation


async def test_someone_else_approving_or_another_firm_contradicts_nothing(
    tmp_path: Path,
) -> None:
    for docs in (
        await _docs(tmp_path, approver="M. Ruane"),
        await _docs(tmp_path, firm="Salthill Catering Ltd"),
    ):
        synthesis = synthesis_of(docs)
        assert not [c for c in synthesis.contradictions if "approved by" in c.explanation]


async def test_ties_denied_together_are_denied_each(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, rule=False, declaration=True))
    [denied] = [c for c in synthesis.contradictions if "denies" in c.explanation]
    assert denied.claim_source.file_id == "declaration_ferriter"
    assert "Oonagh Ferriter as Director of Corrib Grounds Maintenance" in denied.explanation
    assert denied.severity == "HIGH"
