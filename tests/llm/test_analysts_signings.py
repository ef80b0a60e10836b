"""A witness's word that they never signed a document, against the document bearing their
signature (domains.signings, parties' signature lines)."""

from pathlib import Path

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
