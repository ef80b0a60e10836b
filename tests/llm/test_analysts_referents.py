"""Whom "her" is in a statement: the person a paragraph before names in full, past paragraphs
that only say "she" or give her first name; a contact denial then meets the messages after the
day she asked him to stop, not those before it."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF DARIUSZ KOWALCZYK\n"
    "Dated 2 September 2025\n"
    "1. Until March 2025 I lived with Marta Lindqvist in Uppsala.\n"
    "2. On 14 April 2025 Marta asked me by e-mail to leave her alone.\n"
    "3. She said she would go to the police if I did not.\n"
    "4. After that I never contacted her again in any way.\n"
    "I believe that the facts stated in this witness statement are true.\n"
)
_PHONE = (
    "Timestamp,Direction,Contact name,Number,Type,Content\n"
    "2025-04-14 18:02,Incoming,Darek,+46 70 555 0142,SMS,Why are you doing this\n"
    "{later}"
    "2025-05-30 09:12,Incoming,Mamma,+46 70 555 0199,SMS,Ring me when you can\n"
)
_LATER = (
    "2025-05-02 23:41,Incoming,Darek,+46 70 555 0142,Call,Missed call\n"
    "2025-05-03 00:15,Incoming,Darek,+46 70 555 0142,SMS,I am outside your building\n"
)
_SUBSCRIBER = (
    "Subscriber check - Nordtel AB\nNumber: +46 70 555 0142\nSubscriber: Dariusz Kowalczyk\n"
)


async def _docs(tmp: Path, later: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_kowalczyk.txt", _STATEMENT),
        await text_doc(
            tmp, "phone_download_marta_lindqvist.csv", _PHONE.format(later=later), "text/csv"
        ),
        await text_doc(tmp, "subscriber_check.txt", _SUBSCRIBER),
    ]


async def test_nothing_after_her_request_is_no_contradiction(tmp_path: Path) -> None:
    found = synthesis_of(await _docs(tmp_path, "")).contradictions
    assert not [c for c in found if c.claim_source.line == 6]
