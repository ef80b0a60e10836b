"""A witness's word that they never signed a document, against the document bearing their
signature (domains.signings, parties' signature lines)."""

from pathlib import Path

from holmes_backend.analysis.domains.triage import triage_file
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_EXTENSION = (
    "DEED OF VARIATION - LEASE EXTENSION\n"
    "Landlord: Carrow Estates Ltd\n"
    "Tenant: Harriet Blom trading as Blom Florists\n"
    "The term of the lease of Unit 4, Carrow Arcade is extended to 31 March 2031 and the rent "
    "is increased to £18,500 a year.\n"
    "Signed by the Tenant: Harriet Blom\n"
    "Date: 2 October 2025\n"
)
_STATEMENT = (
    "WITNESS STATEMENT OF HARRIET BLOM\n"
    "I am the tenant of Unit 4. I did not sign the lease extension that Carrow Estates rely on.\n"
    "Signed: Harriet Blom, 9 February 2026\n"
)


async def test_her_signature_on_some_other_document_is_no_contradiction(tmp_path: Path) -> None:
    other = _EXTENSION.replace("DEED OF VARIATION - LEASE EXTENSION", "SUPPLIER ACCOUNT FORM")
    other = other.replace("lease", "account").replace("Lease", "Account")
    docs = [
        await text_doc(tmp_path, "statement.txt", _STATEMENT),
        await text_doc(tmp_path, "supplier_form.txt", other),
    ]
    assert synthesis_of(docs).contradictions == []


async def test_a_signed_instrument_reaches_the_legal_agent(tmp_path: Path) -> None:
    guarantee = (
        "PERSONAL GUARANTEE\n"
        "Creditor: Redcliffe Asset Finance plc\n"
        "Borrower: Blom Florists Ltd\n"
        "Guarantor: Harriet Blom\n"
        "In consideration of a loan of £40,000 to the Borrower, the Guarantor guarantees the "
        "repayment of all sums due.\n"
        "{signed}"
    )
    signed = await text_doc(
        tmp_path,
        "guarantee.txt",
        guarantee.format(signed="Signed by the Guarantor: Harriet Blom\n"),
    )
    assert triage_file(signed).domain_scores.legal >= 0.4
    # Unsigned, it is a draft: its words alone do not make it the legal agent's.
    draft = await text_doc(tmp_path, "guarantee_draft.txt", guarantee.format(signed=""))
    assert triage_file(draft).domain_scores.legal < 0.4
