"""When a problem was first reported: a landlord's "The tenant first reported damp in the flat to
us on 12 May 2026" or "No complaint about mould was ever made to us before May 2026", against a
message reaching their side before that day that reports it ("There is black mould spreading on
the bedroom wall", e-mailed to their lettings team in January).

- Synthesis: the claim's day (after its "on" or "before"), its subject (the thing reported, with
  the words a report of it is written in: damp, mould, condensation), the reporter it names (any
  sender for "no complaint … ever"), and its side: the speaker, and the organisations the
  speaker's own account names. A message before that day, from the reporter, to an address of
  that side, whose subject or opening speaks of the thing, contradicts it: HIGH.
"""

import re
from datetime import datetime

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.dates import find_period
from holmes_backend.llm.local.facts.lexicon import wordset
from holmes_backend.llm.local.facts.names import distinctive_words, find_names, same_party

_FIRST_REPORTED = re.compile(
    r"\bfirst\s+(?:reported|raised|complained\s+(?:about|of)|(?:notified|told|informed)\s+us\s+"
    r"(?:of|about)|mentioned)\s+(?P<what>[^.;]{2,60}?)\s+(?:to\s+(?:us|me|the\s+[a-z]+)\s+)?"
    r"(?:on|in)\s+(?P<day>[^.;]{3,30})",
    re.IGNORECASE,
)
_NONE_BEFORE = re.compile(
    r"\bno\s+(?:complaint|report|mention|notice|notification)s?\s+(?:about|of|regarding|"
    r"concerning)\s+(?P<what>[^.;]{2,40}?)\s+(?:was|were|had\s+been)\s+(?:ever\s+)?(?:made|"
    r"received|raised|given|sent)\b[^.;]{0,30}?\bbefore\s+(?P<day>[^.;]{3,30})",
    re.IGNORECASE,
)
# "Ms Alvarado never reported any problem with damp or mould during the tenancy": at no time.
_NEVER_REPORTED = re.compile(
    r"\bnever\s+(?:once\s+)?(?:reported|raised|complained\s+(?:about|of)|mentioned|"
    r"(?:told|notified|informed)\s+(?:us|me)\s+(?:of|about))\s+(?P<what>[^.;]{2,60}?)"
    r"(?=\s+(?:to\s+(?:us|me)|during|throughout|while|at\s+any\s+time|in\s+all)\b|[.;]|$)",
    re.IGNORECASE,
)
# The words a report of a kind of defect is written in.
_FAMILIES = [
    frozenset(("damp", "mould", "mold", "condensation", "humidity", "wet", "leak", "leaking")),
    frozenset(("heating", "boiler", "radiator", "radiators")),
    frozenset(("mice", "rats", "rodents", "cockroaches", "pests", "infestation", "vermin")),
]
_GENERIC = wordset(
    "flat house property home room building premises problem problems issue issues matter "
    "complaint complaints anything something"
)
_MESSAGE = re.compile(
    r"^(?:e-?mail|message|letter|text)\s+from\s+(?P<sender>.+?)\s+to\s+"
    r"(?P<to>.+?):",
    re.IGNORECASE,
)


def _topic(what: str) -> set[str]:
    words = {w for w in re.findall(r"[a-z]+", what.lower()) if len(w) >= 4 and w not in _GENERIC}
    for family in _FAMILIES:
        if words & family:
            words |= family
    return words


def report_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = _FIRST_REPORTED.search(claim.claim) or _NONE_BEFORE.search(claim.claim)
        never = None if said else _NEVER_REPORTED.search(claim.claim)
        # "before May 2026" is read as "in May 2026" is: from its first day.
        days = find_period(f"in {said['day']}", None) if said else None
        if not claim.speaker or (days is None and never is None):
            continue
        said = said or never
        assert said is not None
        topic = _topic(said["what"])
        before = claim.claim[: said.start()]
        reporter = next((n.text for n in find_names(before) if n.kind == "person"), None)
        side = _side(claim, claims)
        if to := _RECIPIENT.search(claim.claim):
            side.add(to["who"].lower())  # "… never raised any concern … with HR"
        start = datetime.combine(days[0], datetime.min.time()) if days else datetime.max
        earlier = [
            i
            for i in items
            if i.file_id != claim.source.file_id
            and i.when.replace(tzinfo=None) < start
            and (message := _MESSAGE.match(i.description)) is not None
            and (reporter is None or same_party(_sender(message["sender"]), reporter))
            # its side's name in the address ("brannigan" in "branniganproperty.co.uk")
            and any(word in message["to"].lower() for word in side)
            and topic & _words(f"{i.description} {i.source.excerpt or ''}")
        ]
        if not earlier:
            continue
        first = min(earlier, key=lambda i: i.when)
        opened = _MESSAGE.match(first.description)
        who = _sender(opened["sender"]) if opened else "a message"
        says = (
            f"{claim.speaker} dates the first report from {days[0].isoformat()}"
            if days
            else f"{claim.speaker} says {reporter} never reported it"
            if reporter
            else f"{claim.speaker} says it was never reported"
        )
        found.append(
            refuted_by(
                claim,
                earlier,
                f"{says}, yet {who} reported it to them on {first.at()[:10]}",
                width=160,
            ).model_copy(update={"severity": "HIGH"})
        )
    return found


def _sender(raw: str) -> str:
    return raw.split("<", 1)[0].strip().strip('"') or raw


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]+", text.lower()))


def _side(claim: SwornClaim, claims: list[SwornClaim]) -> set[str]:
    """The words an address of the speaker's side carries: their surname and the distinctive
    words of the organisations their account names ("aldridge" of Aldridge Lettings Ltd)."""
    assert claim.speaker is not None
    own = [c.claim for c in claims if c.source.file_id == claim.source.file_id]
    orgs = [n.text for text in own for n in find_names(text) if n.kind == "organization"]
    surname = claim.speaker.split()[-1].lower()
    return {w for w in (surname, *distinctive_words(orgs)) if len(w) >= _SIDE_WORD}


_SIDE_WORD = 4  # letters: shorter words are in too many addresses
# Whom a claim says it was never reported to, at its end: "with HR", "to the council".
_RECIPIENT = re.compile(r"\b(?:with|to)\s+(?:the\s+)?(?P<who>[A-Za-z]{2,20})\s*[.;]?\s*$")


__all__ = ["report_contradictions"]
