"""What the attending officer looked for and did not find: the claim form gives the cause of
the loss as the patio door forced; the police record noted no sign of forced entry. A record
that found the door forced, or a cause that does not say it was, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CLAIM = (
    "HOMESURE MUTUAL - CONTENTS CLAIM FORM\n"
    "Policyholder: Declan Fitzgerald-Roe\n"
    "Date of loss: 12 June 2026\n"
    "Cause: Burglary - rear patio door forced while the house was empty\n"
    "Declaration: I declare that the information given on this form is true and complete.\n"
    "Signed: Declan Fitzgerald-Roe\n"
)
_REPORT = (
    "An Garda Siochana - Incident record\n"
    "Reported: 12 June 2026 22:05\n"
    "Attending member noted no sign of forced entry on the patio door frame or lock; no glass "
    "broken.\n"
)


async def _docs(tmp_path: Path, claim: str = _CLAIM, report: str = _REPORT) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "claim_form.txt", claim),
        await text_doc(tmp_path, "garda_record.txt", report),
    ]


async def test_a_forced_door_found_or_not_claimed(tmp_path: Path) -> None:
    found = _REPORT.replace("noted no sign of forced entry", "noted signs of forced entry")
    unforced = _CLAIM.replace("rear patio door forced", "back door left unlocked")
    for docs in (await _docs(tmp_path, report=found), await _docs(tmp_path, claim=unforced)):
        assert synthesis_of(docs).contradictions == []
