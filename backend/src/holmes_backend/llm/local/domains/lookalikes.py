"""Look-alike e-mail domains: a message sent from a domain one or two characters away from a
domain the case otherwise knows for that correspondent ("brightwell-supp1y.com" beside
"brightwell-supply.com"), the mark of a spoofed sender in payment-diversion and invoice fraud.
A witness's word that the message came from the correspondent's usual address ("it came from
their usual address") is contradicted by it.

Domains are read from the e-mails' addresses (senders, recipients, copies) and from the text
("our only domain is brightwell-supply.com"). Of two look-alikes, the one fewer files use
(later, on a tie) is the suspect one; a domain shorter than MIN_LENGTH is too short to tell."""

import re
from collections import defaultdict
from dataclasses import dataclass

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.timeline import display_name
from holmes_backend.llm.local.facts.cite import cite
from holmes_backend.llm.local.facts.dates import parse_iso
from holmes_backend.llm.local.facts.names import distinctive_words
from holmes_backend.llm.local.facts.text import units

LOOKALIKE_DOMAIN = "lookalike_domain"
MIN_LENGTH = 8
_ADDRESS = re.compile(r"@(?P<domain>[a-z0-9-]+(?:\.[a-z0-9-]+)+)", re.IGNORECASE)
_DOMAIN = re.compile(
    r"(?<![@\w.-])(?P<domain>[a-z0-9][a-z0-9-]*(?:\.[a-z0-9-]+)*\.(?:com|net|org|co\.uk|org\.uk|"
    r"io|biz|info|eu|de|fr|nl|es|it|ie|ch|at|be|se|no|dk|fi|pl|cz|au|nz|ca|us|in|sg|hk|jp|"
    r"example))\b",
    re.IGNORECASE,
)
_NEAR = 2


@dataclass
class _Use:
    file_id: str
    ref: SourceRef
    when: str  # ISO, "" when unknown


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (domains are short)."""
    previous = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        current = [i]
        for j, y in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x != y)))
        previous = current
    return previous[-1]


# Two-part public suffixes: the name registered under "co.uk" is the label before them.
_SECOND_LEVEL = frozenset({"co", "org", "ac", "gov", "com", "net", "ltd", "plc", "me"})


def _registered_name(domain: str) -> str:
    """The name a domain was registered as: "trevane-castings" of "mail.trevane-castings.co"."""
    labels = domain.split(".")
    cut = 2 if len(labels) >= 3 and labels[-2] in _SECOND_LEVEL and len(labels[-1]) == 2 else 1
    return labels[-cut - 1] if len(labels) > cut else domain


def _apart(domain: str, other: str) -> int | None:
    """How many characters two domains are apart, when they look alike: one or two in all
    ("brightwell-supp1y.com"), or in the names registered, whatever their suffixes
    ("trevane-castings.co" beside "trevanecastings.co.uk")."""
    whole = _distance(domain, other)
    if 0 < whole <= _NEAR:
        return whole
    mine, theirs = _registered_name(domain), _registered_name(other)
    named = _distance(mine, theirs)
    return named if 0 < named <= _NEAR and min(len(mine), len(theirs)) >= MIN_LENGTH else None


@dataclass
class _Sender:
    name: str
    domain: str
    use: _Use


def _uses(docs: list[EvidenceDoc]) -> tuple[dict[str, list[_Use]], dict[str, _Sender]]:
    """Every domain with the files using it; and each e-mail's sender (by file)."""
    uses: dict[str, list[_Use]] = defaultdict(list)
    senders: dict[str, _Sender] = {}
    for doc in docs:
        when = parse_iso(str(doc.metadata.get("date") or ""))
        stamp = when.isoformat() if when else ""
        first = doc.chunks[0].location if doc.chunks else None
        for key in ("from", "to", "cc"):
            value = doc.metadata.get(key)
            for address in value if isinstance(value, list) else [value]:
                if not isinstance(address, str) or not (match := _ADDRESS.search(address)):
                    continue
                domain = match["domain"].lower()
                said = f"{key.title()}: {address}"
                use = _Use(doc.file_id, cite(doc.file_id, first, said), stamp)
                uses[domain].append(use)
                if key == "from":
                    senders[doc.file_id] = _Sender(display_name(address), domain, use)
        for unit in units(doc)[:400]:
            # Named ("our only domain is …") or in an address a record gives ("Contact e-mail:
            # accounts@trevanecastings.co.uk" of a supplier master file).
            for match in [*_DOMAIN.finditer(unit.text), *_ADDRESS.finditer(unit.text)]:
                uses[match["domain"].lower()].append(_Use(doc.file_id, unit.ref, stamp))
    return uses, senders


def lookalike_domains(docs: list[EvidenceDoc]) -> list[Finding]:
    uses, senders = _uses(docs)
    files = {domain: {u.file_id for u in found} for domain, found in uses.items()}
    found: list[Finding] = []
    for doc in docs:
        sender = senders.get(doc.file_id)
        if sender is None or len(sender.domain) < MIN_LENGTH:
            continue
        domain, use, name = sender.domain, sender.use, sender.name
        for other, other_files in files.items():
            if other == domain or len(other) < MIN_LENGTH:
                continue
            apart = _apart(domain, other)
            if apart is None:
                continue
            # The suspect is the rarer domain (the later one, when as many files use each).
            first_other = min(u.when for u in uses[other])
            commoner = len(other_files) > len(files[domain])
            if not commoner and not (
                len(other_files) == len(files[domain]) and first_other < use.when
            ):
                continue
            where = uses[other][0]
            found.append(
                Finding(
                    finding_type=LOOKALIKE_DOMAIN,
                    title=f"Look-alike sender domain in {doc.filename}: {domain}",
                    summary=(
                        f"{doc.filename} was sent{' as ' + name if name else ''} from {domain}, "
                        f"{apart} character(s) away from {other}, which "
                        f"{len(other_files)} other file(s) of the case use: a spoofed sender "
                        "is likely; verify any instruction in it through a known contact."
                    ),
                    confidence=0.8,
                    severity="HIGH",
                    entities=[name] if name else [],
                    sources=[use.ref, where.ref],
                )
            )
            break
    return found


_USUAL = re.compile(
    r"\b(?:usual|normal|regular|known|genuine|correct|same|real|proper|legitimate|"
    r"recogni[sz]ed|right)\s+(?:\w+\s+)?(?:e-?mail\s+)?(?:address|domain|e-?mail\s+account)\b",
    re.IGNORECASE,
)


def usual_address_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """ "It came from their usual address" against a look-alike sender domain: the message the
    claim speaks of (its correspondent named in both, or the case's only look-alike)."""
    spoofed = [f for f in findings if f.finding_type == LOOKALIKE_DOMAIN]
    found: list[Contradiction] = []
    for claim in claims if spoofed else []:
        if not claim.speaker or not _USUAL.search(claim.claim):
            continue
        said = distinctive_words([claim.claim])
        meant = [f for f in spoofed if said & distinctive_words([f.summary])]
        if not meant and len(spoofed) == 1:
            meant = spoofed
        if not meant:
            continue
        found.append(
            refuted(
                claim,
                meant[0].sources,
                f"{claim.speaker} says the message came from the usual address, yet "
                f"{meant[0].summary.split(': a spoofed', 1)[0]}.",
                "HIGH",
            )
        )
    return found
