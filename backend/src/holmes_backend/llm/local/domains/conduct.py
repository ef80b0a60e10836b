"""A witness denying the very conduct a money pattern shows of them: "I have never claimed the
same receipt twice" against their expense claim's duplicate receipt; "No, never [asked: Have
you ever billed for an appointment that was cancelled?]" against the services billed on days
the appointment book records as cancelled; "No, only my own salary is paid into my account"
against payments to another payee into that account; "I have never split an order to avoid
the threshold" against orders split just under an approval threshold; "I have not bought a
replacement" against a receipt for the claimed item after the loss.

Each pattern is denied in its own words (CUES: every word of one set, by its first letters, in
the claim or the question it answers). It is HIGH when the pattern concerns the speaker (named
in its description or in the records it cites, or the holder of a statement it cites), MEDIUM
when the speaker denies it for a business the records do not tie them to by name."""

import re

from holmes_backend.agents.schemas import Anomaly, Contradiction, SwornClaim
from holmes_backend.llm.local.domains.losses import BOUGHT_AFTER_LOSS
from holmes_backend.llm.local.domains.payees import SHARED_ACCOUNT
from holmes_backend.llm.local.domains.services import BILLED_NOT_HELD
from holmes_backend.llm.local.domains.splits import SPLIT_BELOW_APPROVAL
from holmes_backend.llm.local.facts.names import find_names, same_party

CUES: dict[str, list[set[str]]] = {
    "duplicate_payment": [{"twice"}, {"duplic"}, {"same", "receip"}, {"same", "invoic"}],
    BILLED_NOT_HELD: [{"bill", "cancel"}, {"charg", "cancel"}, {"bill", "deliv"}],
    SHARED_ACCOUNT: [{"accoun", "pay"}, {"accoun", "paid"}, {"accoun", "salar"}],
    SPLIT_BELOW_APPROVAL: [{"split"}, {"divid"}, {"break", "up"}, {"thresh"}],
    BOUGHT_AFTER_LOSS: [{"bought"}, {"buy"}, {"purcha"}, {"replac"}],
}
_DENIES = re.compile(
    r"^\s*(?:no|never|not once)\b|\b(?:never|not|didn['\u2019]t|haven['\u2019]t|hasn['\u2019]t|"
    r"no one|nobody|only my own)\b",
    re.IGNORECASE,
)
_STEM = 6


def _stems(text: str) -> set[str]:
    found: set[str] = set()
    for word in re.findall(r"[a-z]+", text.lower()):
        found |= {word[:n] for n in range(3, _STEM + 1)}
    return found


def _concerns(anomaly: Anomaly, speaker: str, holders: dict[str, str]) -> bool:
    texts = [anomaly.description, *(s.excerpt or "" for s in anomaly.sources)]
    named = {n.text for t in texts for n in find_names(t) if n.kind == "person"}
    named |= {holders[s.file_id] for s in anomaly.sources if s.file_id in holders}
    return any(same_party(speaker, name) for name in named)


def conduct_contradictions(
    claims: list[SwornClaim], anomalies: list[Anomaly], holders: dict[str, str]
) -> list[Contradiction]:
    """`holders`: the holder of each statement whose rows leave that side unnamed."""
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker or not _DENIES.search(claim.claim):
            continue
        words = _stems(claim.claim)
        against = [a for a in anomalies if any(cue <= words for cue in CUES.get(a.kind, []))]
        theirs = [a for a in against if _concerns(a, claim.speaker, holders)]
        if against:
            first = (theirs or against)[0]
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=[s for a in against for s in a.sources][:6],
                    explanation=(
                        f"{claim.speaker} denies it, yet the records show: "
                        f"{first.description.rstrip('.')}."
                    ),
                    # Of their own records, or of the business they speak for ("we have never").
                    severity="HIGH" if any(a.severity == "HIGH" for a in theirs) else "MEDIUM",
                )
            )
    return found
