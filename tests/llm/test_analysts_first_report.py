"""A landlord's account of when damp was first reported and how fast a contractor went, against
the tenant's e-mail to his lettings team months before and his own repairs log."""

from pathlib import Path

from holmes_backend.analysis.facts.conventions import describe
from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import DOMAINS, email_doc, findings, run, text_doc

_STATEMENT = (
    "WITNESS STATEMENT OF HUGH BRANNIGAN\nDirector, Brannigan Property Ltd\n"
    "1. Brannigan Property Ltd manages 7 Ivy Court, Derby DE1 3AB for its owner.\n"
    "2. The tenant, Ms Lena Kowal, first reported damp in the flat to us on 20 May 2026.\n"
    "3. We sent a contractor to inspect within seven days of that report.\n"
    "4. No complaint about mould was ever made to us before May 2026.\n"
    "Signed: H. Brannigan   Date: 30 June 2026\n"
)
_LOG = (
    "Ref,Property,Reported,Issue,Contractor sent\n"
    "J-118,7 Ivy Court,20/05/2026,Damp and mould,{sent}\n"
)


async def _docs(tmp: Path, sender: str, to: str, sent: str = "15/06/2026") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement.txt", _STATEMENT),
        await text_doc(tmp, "repairs_log.csv", _LOG.format(sent=sent), "text/csv"),
        await email_doc(
            tmp,
            "email_january.eml",
            {
                "From": sender,
                "To": to,
                "Subject": "7 Ivy Court - mould in the bedroom",
                "Date": "Tue, 13 Jan 2026 18:02:00 +0000",
            },
            "There is black mould on the bedroom ceiling and the windows stream with water.\n",
        ),
    ]


def _synthesis(docs: list[EvidenceDoc]) -> SynthesisOutput:
    """As the pipeline runs it: with the case's conventions (day-first here) in the request."""
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in DOMAINS]
    line = describe(chunk.text for doc in docs for chunk in doc.chunks)
    return run(SynthesisOutput, [], blocks=blocks, text=line)[0]


_TENANT = "Lena Kowal <lena.k@post.example>"
_AGENT = "Lettings <lettings@branniganproperty.co.uk>"


async def test_an_email_to_someone_else_or_from_another_is_no_report_to_him(tmp_path: Path) -> None:
    for sender, to in (
        (_TENANT, "Council <housing@derby.example>"),
        ("Ann Ode <a@o.example>", _AGENT),
    ):
        found = _synthesis(await _docs(tmp_path, sender, to)).contradictions
        assert not [c for c in found if c.claim.startswith("The tenant, Ms Lena Kowal")]
