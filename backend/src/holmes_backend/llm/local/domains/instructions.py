"""Instructions in a writer's own words: "Please set up Luis Ortega (E-1102) from the May run",
"Go ahead and pay Harlow Civil", "I approve invoice 2231". Each sentence of an e-mail that asks
for or approves an action on a named party or a numbered document is a finding naming its writer
(the sender) and the action.

Synthesis holds a witness's denial of that action ("I did not set up Luis Ortega", "I never
approved invoice 2231") against their own instruction (instruction_contradictions)."""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.records import sentences
from holmes_backend.llm.local.domains.timeline import display_name
from holmes_backend.llm.local.facts.names import find_names, same_party

INSTRUCTION = "instruction_given"
# The actions, each with the word its forms share ("approve", "approved", "approval": appr).
_ACTIONS: dict[str, str] = {
    "set up": "setup",
    "setup": "setup",
    "add": "add",
    "added": "add",
    "pay": "pay",
    "paid": "pay",
    "approve": "approve",
    "approved": "approve",
    "authorise": "authorise",
    "authorised": "authorise",
    "authorize": "authorise",
    "authorized": "authorise",
    "sign": "sign",
    "signed": "sign",
    "create": "create",
    "created": "create",
    "hire": "hire",
    "hired": "hire",
    "onboard": "onboard",
    "onboarded": "onboard",
    "register": "register",
    "registered": "register",
    "release": "release",
    "released": "release",
    "transfer": "transfer",
    "transferred": "transfer",
    "wire": "transfer",
    "wired": "transfer",
    "process": "process",
    "processed": "process",
    "issue": "issue",
    "issued": "issue",
    "raise": "raise",
    "raised": "raise",
    "book": "book",
    "booked": "book",
    "order": "order",
    "ordered": "order",
    "remove": "remove",
    "removed": "remove",
    "delete": "delete",
    "deleted": "delete",
}
_VERB = (
    r"(?P<verb>set\s?up|"
    + "|".join(sorted((a for a in _ACTIONS if " " not in a), key=len)[::-1])
    + ")"
)
_ASKED = re.compile(
    r"\b(?:please|kindly|go ahead and|can you|could you|would you|you (?:can|may|should) now|"
    r"I (?:hereby |have |\'ve )?(?:approve|authori[sz]e|instruct you to)|"
    r"I (?:am|'m) (?:approving|authori[sz]ing))\s+(?:\w+\s+){0,2}?" + _VERB + r"\b",
    re.IGNORECASE,
)
_DENIED = re.compile(
    r"\b(?:never|not|didn['\u2019]t|did\s+not|have\s+not|haven['\u2019]t|had\s+not|"
    r"hadn['\u2019]t)\s+(?:ever\s+|personally\s+|once\s+)?(?:\w+\s+)?" + _VERB + r"\b",
    re.IGNORECASE,
)
_NUMBER = re.compile(r"\b[A-Z]{0,4}-?\d{3,}\b")
_PER_FILE = 6
_LONGEST = 400
_BY = re.compile(r" by (?P<who>.+?) in ")


def _action(verb: str) -> str:
    key = re.sub(r"\s+", " ", verb.lower()).replace("setup", "set up")
    return _ACTIONS.get(key, key)


def instructions(docs: list[EvidenceDoc]) -> list[Finding]:
    """The instructions of e-mails (their writer is the sender)."""
    found: list[Finding] = []
    for said in sentences(docs, _ASKED.search, _PER_FILE, longest=_LONGEST):
        writer = display_name(str(said.doc.metadata.get("from") or ""))
        if not writer or not _objects(said.unit.text[said.found.end() :]):
            continue
        verb = said.found["verb"].lower()
        title = f"Instruction ({_action(verb)}) by {writer} in {said.doc.filename}"
        title += f" on {said.written}" if said.written else ""
        found.append(said.finding(INSTRUCTION, title, "MEDIUM", 0.7))
    return found


def _objects(text: str) -> set[str]:
    """What an action is done to: the people and organisations named, and numbers."""
    named = {n.text for n in find_names(text) if n.kind in ("person", "organization")}
    return named | set(_NUMBER.findall(text))


def _same_object(a: set[str], b: set[str]) -> bool:
    return any(x == y or (not x[-1].isdigit() and same_party(x, y)) for x in a for y in b)


def instruction_contradictions(
    findings: list[Finding], claims: list[SwornClaim]
) -> list[Contradiction]:
    given = [
        (f, match, who["who"], _objects(f.summary[match.end() :]))
        for f in findings
        if f.finding_type == INSTRUCTION
        and f.sources
        and (match := _ASKED.search(f.summary))
        and (who := _BY.search(f.title))
    ]
    found: list[Contradiction] = []
    for claim in claims if given else []:
        denial = _DENIED.search(claim.claim)
        if denial is None or not claim.speaker:
            continue
        action, objects = _action(denial["verb"]), _objects(claim.claim[denial.end() :])
        against = [
            f
            for f, match, writer, done_to in given
            if f.sources[0].file_id != claim.source.file_id
            and same_party(writer, claim.speaker)
            and _action(match["verb"]) == action
            and _same_object(objects, done_to)
        ]
        if against:
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=[f.sources[0] for f in against][:6],
                    explanation=(
                        f"{claim.speaker} denies it, yet wrote themselves: "
                        f"\u201c{against[0].summary[:200]}\u201d."
                    ),
                    severity="HIGH",
                )
            )
    return found
