"""Never logged in after leaving: "After 31 March 2026 I never logged into any Corbel Finance
system" against the system's audit log, whose rows have the speaker's user (mapped to them by
the case's user list) logging in on 6 April and exporting the supplier master.

- Synthesis: a denial of logging into, signing into, accessing or using a system (an account, a
  network, a drive, a database…) over its period, against log rows of theirs in that period (the
  row's user is them, by name or by the username the case maps to them) that record a login, a
  session or an access (an export, a download, a view): HIGH from two rows, MEDIUM from one.
"""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.dates import naive, parse_span
from holmes_backend.llm.local.facts.names import same_party

_DENIED = re.compile(
    r"\b(?:never|not|no\s+longer|did\s*n['\u2019]t|have\s*n['\u2019]t)\b[^.;]{0,25}?\b(?:log(?:ged)?\s*"
    r"(?:in|on)(?:to)?|sign(?:ed)?\s*in(?:to)?|access(?:ed)?|us(?:ed|e)|connect(?:ed)?\s+to)\b",
    re.IGNORECASE,
)
_SYSTEM = re.compile(
    r"\b(?:system|systems|account|accounts|network|server|drive|database|portal|e-?mail|inbox|"
    r"laptop|computer|software|platform|application|app|vpn|sharepoint|crm|erp)\b",
    re.IGNORECASE,
)
_SESSION = re.compile(
    r"\b(?:log\s*-?\s*(?:in|on)|sign\s*-?\s*in|session\s+(?:start|opened)|authenticat\w*|"
    r"access(?:ed)?|export\w*|download\w*|view(?:ed)?|opened|vpn\s+connect\w*)\b",
    re.IGNORECASE,
)


def login_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        if (
            not claim.speaker
            or span is None
            or not _DENIED.search(said)
            or not _SYSTEM.search(said)
        ):
            continue
        start, end = naive(span[0]), naive(span[1])
        speaker = claim.speaker
        rows = [
            i
            for i in items
            if i.kind not in ("claim", "transaction")
            and i.file_id != claim.source.file_id
            and start <= naive(i.when) <= end
            and any(same_party(speaker, p) for p in i.people)
            and _SESSION.search(i.description)
        ]
        if rows:
            found.append(
                refuted_by(
                    claim,
                    rows,
                    f"{speaker} says they did not log in or use the system then, yet "
                    f"{len(rows)} log row(s) of theirs record it",
                )
            )
    return found


__all__ = ["login_contradictions"]
