"""Did no work: "No. I didn't work at all during that time", asked about paid work while signed
off sick, and "No, never", asked whether they ever worked for Coastline Kitchens Ltd, against
another firm's timesheets with the speaker on its sites those days.

- Synthesis: a denial of working (in the speaker's words, or a bare "No" to a question asking
  whether they did any work), over the claim's period (all time when it gives none, "ever"),
  for the firm it names (when it names one: records in a file named for it or naming it),
  against rows of work naming the speaker (a timesheet's, a rota's, a job sheet's: hours,
  start and finish, a shift, a task, a site): HIGH from two rows, MEDIUM from one.
"""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.domains.refuted import refuted_by
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.dates import naive, parse_span
from holmes_backend.llm.local.facts.names import distinctive_words, find_names, same_party

_SAID = re.compile(
    r"\b(?:did\s*n['\u2019]t|did\s+not|have\s*n['\u2019]t|have\s+not|never|not)\s+(?:do\s+any\s+|"
    r"done\s+any\s+|ever\s+)?(?:paid\s+)?work(?:ed)?\b",
    re.IGNORECASE,
)
_ASKED = re.compile(
    r"\b(?:do|did|done|doing)\s+(?:any\s+)?(?:paid\s+|other\s+|casual\s+|cash\s+)?work\b|"
    r"\b(?:have|had)\s+you\s+(?:ever\s+)?worked\b|\bdid\s+you\s+work\b",
    re.IGNORECASE,
)
_FOR = re.compile(r"\bfor\s+(?P<who>[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,4})")
# A row of work: its hours, its start and finish, a shift, a task, a job or a site.
_WORK_FIELD = re.compile(
    r"\b(?:hours|hrs|start|finish|shift|task|job|site|clock(?:ed)?\s+(?:in|on)|time\s+in|duties)\b",
    re.IGNORECASE,
)


def worked_contradictions(
    claims: list[SwornClaim], items: list[Item], filenames: dict[str, str]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        answer = answer_of(claim)
        denied = bool(_SAID.search(answer.said)) or (
            answer.no and bool(_ASKED.search(answer.question))
        )
        if not denied or not claim.speaker:
            continue
        speaker = claim.speaker
        firm = _firm(f"{answer.said} {answer.question}", speaker)
        span = parse_span(claim.claimed_time)
        rows = [
            i
            for i in items
            if i.kind not in ("claim", "transaction")
            and i.file_id != claim.source.file_id
            and _theirs(i, speaker)
            and (span is None or naive(span[0]) <= naive(i.when) <= naive(span[1]))
            and (firm is None or _of_firm(i, firm, filenames.get(i.file_id, "")))
        ]
        # A row timed at its start and at its finish is one row of work.
        rows = list({(i.file_id, i.source.row, i.source.line): i for i in reversed(rows)}.values())
        if rows:
            of = f" for {firm}" if firm else ""
            found.append(
                refuted_by(
                    claim,
                    rows,
                    f"{speaker} says they did no work{of} then, yet {len(rows)} record(s) of "
                    "work name them",
                )
            )
    return found


# Whose work a row records: "Worker", "Staff member", "Cleaner", "Operative" (not its client's).
_WORKER = re.compile(
    r"\b(?:worker|employee|staff(?:\s+member)?|name|operative|cleaner|driver|technician|engineer|"
    r"carer|contractor|labourer|fitter|guard|officer|operator|crew|rider|courier|agent|nurse)\b",
    re.IGNORECASE,
)
# A rota's or a register's day off: "Sick", "Annual leave", "AL", "Absent", "Off".
_ABSENT = re.compile(
    r":\s*(?:sick\w*|absent|absence|off|leave|annual\s+leave|holiday|al|sl|ssp|unpaid\s+leave|"
    r"did\s+not\s+attend|dna|no\s+show)\s*(?:;|$)",
    re.IGNORECASE,
)


def _theirs(item: Item, speaker: str) -> bool:
    """A row of work of the speaker's: its worker's (or staff member's) column names them, or,
    without one, the row does."""
    fields = row_fields(item.description)
    if not any(_WORK_FIELD.search(h) for h in fields) or _ABSENT.search(item.description):
        return False
    named = [v for h, v in fields.items() if _WORKER.search(h)]
    if named:
        return any(same_party(speaker, n.text) for v in named for n in find_names(v))
    return any(same_party(speaker, p) for p in item.people)


def _firm(text: str, speaker: str) -> str | None:
    """The firm the denial names ("work for Coastline Kitchens Ltd"), not "for anyone else"."""
    match = _FOR.search(text)
    if match is None:
        return None
    named = [n.text for n in find_names(match["who"]) if not same_party(n.text, speaker)]
    return named[0] if named else None


def _of_firm(item: Item, firm: str, filename: str) -> bool:
    """A record in a file named for the firm, or naming it: its distinctive words
    ("brightwater", not "cleaning ltd")."""
    words = [w.lower() for w in firm.split() if w.lower() in distinctive_words([firm])]
    text = f"{item.description} {filename.replace('_', ' ')}".lower()
    return bool(words) and bool(re.search(rf"\b{re.escape(words[0])}\b", text))


__all__ = ["worked_contradictions"]
