"""Notice a contract requires against the notice a letter gave (domains.notices)."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_TENANCY = (
    "ASSURED SHORTHOLD TENANCY AGREEMENT\n"
    "Landlord: Penrose Lettings Ltd\n"
    "Tenant: Oluwaseun Adeyemi\n"
    "Property: Flat 3, 41 Harcourt Road, Sheffield S10 1DJ\n"
    "7. The Landlord shall give the Tenant not less than two months' written notice to end "
    "this agreement.\n"
    "8. The Tenant shall pay the rent monthly in advance.\n"
    "Signed by the parties on 1 May 2025.\n"
)
_LETTER = (
    "{landlord}\n"
    "10 January 2026\n"
    "Dear {tenant},\n"
    "Re: Flat 3, 41 Harcourt Road\n"
    "We write to inform you that your tenancy will end on {end}. Please return the keys "
    "to our office by noon that day.\n"
    "Yours sincerely,\nKaren Holt, Lettings Manager\n"
)
_AGENT = (
    "WITNESS STATEMENT OF KAREN HOLT\n"
    "I am the lettings manager at Penrose Lettings Ltd.\n"
    "Mr Adeyemi received proper notice in accordance with his tenancy agreement.\n"
    "Signed: Karen Holt, 2 March 2026\n"
)


async def _case(
    tmp_path: Path,
    end: str = "31 January 2026",
    landlord: str = "Penrose Lettings Ltd",
    tenant: str = "Mr Adeyemi",
) -> list[EvidenceDoc]:
    letter = _LETTER.format(end=end, landlord=landlord, tenant=tenant)
    return [
        await text_doc(tmp_path, "tenancy_agreement.txt", _TENANCY),
        await text_doc(tmp_path, "notice_letter.txt", letter),
        await text_doc(tmp_path, "statement_holt.txt", _AGENT),
    ]


async def test_enough_notice_or_another_landlord_is_no_contradiction(tmp_path: Path) -> None:
    assert synthesis_of(await _case(tmp_path, end="31 March 2026")).contradictions == []
    # A letter of another landlord to another tenant: no party of this agreement.
    other = await _case(tmp_path, landlord="Brightwater Estates LLP", tenant="Ms Farrow")
    assert [c for c in synthesis_of(other).contradictions if "The letter" in c.explanation] == []
