"""A whistleblower forwards her manager's instruction to backdate a contract variation; the
manager's statement denies ever asking. The forwarded message's words are his, of his day, not
the forwarder's."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.backdating import BACKDATING_ASKED
from tests.llm.test_analysts_helpers import email_doc, run, synthesis_of, text_doc

_FORWARD = (
    "I am forwarding this as I am not comfortable with it.\n\nNadia\n\n"
    "---------- Forwarded message ---------\n"
    "From: Pieter Lindqvist <p.lindqvist@lindqvist-eng.com>\n"
    "Date: Thu, 9 Apr 2026 at 18:02\n"
    "Subject: Variation 3 - dates\n"
    "To: Nadia Pereira <n.pereira@lindqvist-eng.com>\n\n"
    "Nadia,\n"
    "Please date Variation 3 as 15 January 2026 when you print it for signature, so it sits\n"
    "before the audit cut-off.\n"
    "Pieter\n"
)
_STATEMENT = (
    "Statement of Pieter Lindqvist\nDate: 22 April 2026\n"
    "I have never asked anyone to backdate a document.\n"
)


async def _docs(tmp_path: Path, body: str) -> list[EvidenceDoc]:
    headers = {
        "From": "Nadia Pereira <n.pereira@lindqvist-eng.com>",
        "To": "speakup@lindqvist-eng.com",
        "Date": "Tue, 14 Apr 2026 10:30:00 +0100",
        "Subject": "Fwd: Variation 3 - dates",
    }
    return [
        await email_doc(tmp_path, "forward.eml", headers, body),
        await text_doc(tmp_path, "statement_lindqvist.txt", _STATEMENT),
    ]


async def test_the_forwarded_request_is_its_senders_of_its_own_day(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path, _FORWARD))[:1])
    [asked] = [f for f in evidence.findings if f.finding_type == BACKDATING_ASKED]
    assert asked.title == "Asked on 2026-04-09 for the variation to be dated 2026-01-15"
    assert asked.entities[0] == "Pieter Lindqvist"
    quoted = [e for e in evidence.events if "(quoted in forward.eml)" in e.description]
    assert [(e.timestamp, e.description) for e in quoted] == [
        (
            "2026-04-09T18:02:00",
            "E-mail from Pieter Lindqvist to Nadia Pereira (quoted in forward.eml): "
            "Variation 3 - dates",
        )
    ]


async def test_his_denial_against_his_forwarded_request(tmp_path: Path) -> None:
    [denied] = synthesis_of(await _docs(tmp_path, _FORWARD)).contradictions
    assert denied.claim == "I have never asked anyone to backdate a document."
    assert denied.explanation.startswith(
        "Pieter Lindqvist denies asking for a document to be backdated, yet on 2026-04-09 "
        "Pieter Lindqvist asked for the variation to be dated 2026-01-15"
    )
    assert denied.severity == "HIGH"
    # Had the forwarder written it herself, the request is hers: nothing against him.
    own = _FORWARD.split("---------- Forwarded", maxsplit=1)[0] + _FORWARD.split("Nadia,\n", 1)[1]
    assert not synthesis_of(await _docs(tmp_path, own)).contradictions
