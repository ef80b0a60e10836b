"""A witness's word that they never signed a document ("I never signed any personal guarantee
for the company's borrowing") against that document bearing their signature ("Signed by the
Guarantor: Ewan Keswick", witnessed by a solicitor).

The document is one whose signature lines (legal SIGNATURE findings) name the witness and whose
file name or signature line shares a word with what they deny signing ("personal guarantee" and
"personal_guarantee.txt"): HIGH, the signature being on the record (whether it is theirs is the
next question, and a handwriting expert's)."""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.local.domains.legal import SIGNATURE
from holmes_backend.llm.local.facts.lexicon import STOPWORDS
from holmes_backend.llm.local.facts.names import same_party

_NEVER_SIGNED = re.compile(
    r"\b(?:never|not|didn['\u2019]t|did\s+not)\s+(?:ever\s+)?sign(?:ed)?\s+"
    r"(?:any(?:thing)?\s+|the\s+|a\s+|an\s+|that\s+|this\s+|any\s+such\s+)?(?P<what>[^.;,]{3,60})",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z]{4,}")
_PURPOSE = re.compile(r"\s+(?:for|with|from|to|on|in|at|by|about)\s+", re.IGNORECASE)
_LINE = re.compile(r" signature line\(s\) in (?P<file>[^:]+): (?P<line>.*)$")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower())) - STOPWORDS


def signing_contradictions(
    claims: list[SwornClaim], findings: list[Finding], filenames: dict[str, str]
) -> list[Contradiction]:
    signed = [f for f in findings if f.finding_type == SIGNATURE and f.entities and f.sources]
    found: list[Contradiction] = []
    for claim in claims if signed else []:
        denied = _NEVER_SIGNED.search(claim.claim)
        if denied is None or not claim.speaker:
            continue
        what = _words(denied["what"])
        against = [
            f
            for f in signed
            if same_party(claim.speaker, f.entities[0])
            and f.sources[0].file_id != claim.source.file_id
            and what & _words(f"{filenames.get(f.sources[0].file_id, '')} {f.summary}")
        ]
        if not against:
            continue
        # "personal guarantee for the company's borrowing": what was signed, not what for.
        named = _PURPOSE.split(denied["what"].strip(), maxsplit=1)[0]
        documents = []
        for finding in against:
            line = _LINE.search(finding.summary)
            documents.append(f"{line['file']} ({line['line'][:80]})" if line else finding.title)
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=[ref for f in against for ref in f.sources[:2]],
                explanation=(
                    f"{claim.speaker} says they never signed {named}, yet "
                    f"{'; '.join(documents[:3])} bears their signature."
                ),
                severity="HIGH",
            )
        )
    return found
