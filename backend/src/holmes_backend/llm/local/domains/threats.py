"""Never threatened him: a witness's "I have never threatened Connor Price in any way" against
the messages they wrote to him ("You'll regret this. I know where you live", "Watch your back").

- Synthesis: a denial of threatening (or intimidating) someone, against lines the speaker wrote
  (a chat's or a message log's lines by them) that threaten: harm promised ("I'll hurt you",
  "you're dead"), a warning of reprisal ("you'll regret this", "watch your back"), a hint they
  will come ("I know where you live"). The lines must be in a
  conversation with the person the denial names (the other writer, or the file's name), when it
  names one: HIGH, the speaker's own words.
"""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.names import find_names, same_party

_DENIED = re.compile(
    r"\b(?:never|not|no)\b[^.;]{0,20}?\b(?:threaten\w*|threats?|intimidat\w*|menac\w*)\b|"
    r"\b(?:did\s*n['\u2019]t|have\s*n['\u2019]t)\s+(?:ever\s+)?(?:threaten\w*|intimidat\w*)\b",
    re.IGNORECASE,
)
_THREAT = re.compile(
    r"\byou['\u2019]?ll\s+regret\b|\bi\s+know\s+where\s+you\s+live\b|\bwatch\s+your\s+back\b|"
    r"\bi['\u2019]?ll\s+(?:kill|hurt|get|find|smash|batter|burn|end|finish|sort)\s+you\b|"
    r"\bi(?:\s+will|['\u2019]m\s+going\s+to|\s+am\s+going\s+to)\s+(?:kill|hurt|get|find|smash|"
    r"batter|burn|end|finish)\s+you\b|\byou['\u2019]?re\s+(?:dead|finished)\b|"
    r"\byou\s+are\s+(?:dead|finished)\b|"
    r"\b(?:kill|stab|shoot|torch)\s+(?:you|your)\b|\byou\s+won['\u2019]?t\s+(?:live|walk)\b",
    re.IGNORECASE,
)
_LISTED = 3


def _target(claim: SwornClaim) -> str | None:
    said = answer_of(claim).said
    named = [
        n.text
        for n in find_names(said)
        if n.kind == "person" and not (claim.speaker and same_party(n.text, claim.speaker))
    ]
    return named[0] if named else None


def threat_contradictions(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        speaker = claim.speaker
        if not speaker or not _DENIED.search(answer_of(claim).said):
            continue
        target = _target(claim)
        files = {
            i.file_id for i in items if target and any(same_party(target, p) for p in i.people)
        }
        if target:
            surname = target.split()[-1].lower()
            files |= {f for f, name in filenames.items() if surname in name.lower()}
        written = [
            i
            for i in items
            if i.file_id != claim.source.file_id
            and i.kind in ("document", "e-mail", "transcript")
            and len(i.people) == 1
            and same_party(speaker, i.people[0])
            and (target is None or i.file_id in files)
            and _THREAT.search(i.description)
        ]
        if not written:
            continue
        written.sort(key=lambda i: i.when)
        listed = "; ".join(f"{i.at()[:16]} {i.description[:100]}" for i in written[:_LISTED])
        whom = target or "anyone"
        found.append(
            refuted(
                claim,
                unique_refs([i.source for i in written], 6),
                f"{speaker} denies threatening {whom}, yet {len(written)} message(s) they wrote "
                f"threaten: {listed}.",
                "HIGH",
            )
        )
    return found


__all__ = ["threat_contradictions"]
