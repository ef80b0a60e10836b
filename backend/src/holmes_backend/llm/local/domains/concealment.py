"""Words that hide or go around: "no need to trouble the committee with it", "keep this between
us", "delete this e-mail", "nobody needs to know", "off the books". Each is a finding citing its
sentence and naming who wrote and received it; who is kept out (the committee, the board) is in
its title when the sentence names it."""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.records import sentences
from holmes_backend.llm.local.facts.lexicon import fold
from holmes_backend.llm.local.facts.names import LOWER, UPPER

CONCEALMENT = "concealment_language"


def _kept_out(group: str) -> str:
    """Who a sentence keeps out: "the committee", "the Audit Committee", "Maria", "anyone";
    never its reader or writer ("we will never notify you of new bank details by e-mail" is a
    warning to the reader, and no one is kept out of what they are told)."""
    return (
        rf"(?!(?:you|yourself|yourselves|us|me)\b)(?P<{group}>(?:(?:the|our|your|their)\s+)?"
        rf"(?:(?-i:[{UPPER}][\w&'-]*(?:\s+[{UPPER}][\w&'-]*){{0,3}})|anyone|anybody|him|her|them"
        rf"|[{LOWER}]+))"
    )


_HIDING = re.compile(
    r"\bno (?:need|reason) to (?:trouble|tell|involve|inform|bother|copy|cc|notify|mention|"
    rf"alert|update|show|loop in|include|consult|copy in|bring in) {_kept_out('who')}"
    rf"|\b(?:don['\u2019]t|do not|never) (?:tell|inform|copy|cc|mention (?:this|it) to|notify) "
    rf"{_kept_out('who2')}"
    r"|\bkeep (?:this|it|that|them|these)(?: \w+)? (?:between us|quiet|confidential|"
    r"to yourself|off the (?:books|record)|under wraps|out of)\b"
    r"|\b(?:delete|destroy|shred) (?:this|the|these|that|all)(?: \w+)? (?:e-?mails?|messages?|"
    r"texts?|thread|chat|records?|files?|documents?|notes?)\b"
    r"|\b(?:nobody|no one|no-one)"
    rf"(?: (?:at|in|on) [{UPPER}][\w&.'-]*(?: [{UPPER}][\w&.'-]*){{0,2}})? "
    r"(?:needs|has|is|ought) to (?:know|find out|hear)\b"
    r"|\boff the books\b|\bunder the table\b|\bno paper trail\b"
    r"|\b(?:not|never|nothing) (?:in|on) (?:writing|e-?mail|paper)\b"
    r"|\b(?:talk|speak|discuss)(?: about)?(?: it| this)? "
    r"(?:offline|in person|by phone|face to face) (?:rather|instead|not)\b",
    re.IGNORECASE,
)
_PER_FILE = 5
_WORDS = re.compile(r"[a-z]{4,}")


def concealment(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    # A recorded conversation hides as well as a letter ("nobody needs to know I was here").
    for said in sentences(docs, _HIDING.search, _PER_FILE, testimony=True):
        kept_out = (said.found["who"] or said.found["who2"] or "").strip()
        title = f"Concealment language in {said.doc.filename}" + (
            f": keeping {kept_out} out" if _named_body(kept_out) else ""
        )
        found.append(said.finding(CONCEALMENT, title, "HIGH", 0.7))
    return found


def _named_body(words: str) -> bool:
    """Whether the words kept out name someone ("the committee", "the Audit Committee", "Maria"),
    not a pronoun."""
    return bool(words) and words.lower() not in ("him", "her", "them", "anyone", "anybody")


def kept_out(finding: Finding) -> str | None:
    """Whom a concealment finding's sentence keeps out, as its title says."""
    _, found, rest = finding.title.partition(": keeping ")
    return rest.removesuffix(" out") if found else None


def keeping_out(findings: list[Finding], party: str) -> list[Finding]:
    """The concealment findings that keep `party` out ("the committee" for the Tender
    Committee, "the board" for Northgate's Board of Directors)."""
    # Unaccented, so "the comite" of a hurried e-mail is the Comité d'Audit.
    words = set(_WORDS.findall(fold(party.lower())))
    return [
        f
        for f in findings
        if f.finding_type == CONCEALMENT
        and (who := kept_out(f))
        and words & set(_WORDS.findall(fold(who.lower())))
    ]
