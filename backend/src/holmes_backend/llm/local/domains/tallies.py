"""How many a witness says someone was given, against the log of them: "Before I dismissed her I
had issued Ms Boyle with three written warnings" against the HR warnings log, whose rows naming
Sinead Boyle hold one written warning (and one verbal).

- Synthesis: a witness's count of things issued to, given to or received by a person ("three
  written warnings", "two final reminders", "four formal complaints"; "I received …" counts the
  witness's own) against the dated rows of another file, up to the claim's day, that name the
  person and hold every word of the things ("written warning" in "First written warning"): a
  file holding such rows, but fewer of them for the person than the count, contradicts it. HIGH
  when the file records such things for others too (it is the log of them), else MEDIUM.
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Contradiction, SwornClaim, TimedEvent
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import naive, parse_iso
from holmes_backend.llm.local.facts.lexicon import STOPWORDS, fold
from holmes_backend.llm.local.facts.names import find_names, same_party

_NUMBERS = {
    "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
    "ten": 10, "eleven": 11, "twelve": 12,
}  # fmt: skip
_COUNT = re.compile(
    rf"\b(?P<n>{'|'.join(_NUMBERS)}|[2-9]|1\d)\s+(?P<things>(?:[a-z-]+\s+){{0,2}}?[a-z]{{3,}}s)\b",
    re.IGNORECASE,
)
_GIVEN = re.compile(
    r"\b(?:issued|gave|given|received|receive|served|sent|handed|had|has|have)\b", re.IGNORECASE
)
_OWN = re.compile(r"\bI\s+(?:have\s+|had\s+)?(?:received|was\s+given|was\s+issued|was\s+served)\b")
# Counts of time, people or amounts are no things given.
_NOT_THINGS = frozenset({
    "years", "months", "weeks", "days", "hours", "minutes", "seconds", "times", "occasions",
    "people", "persons", "children", "members", "staff", "employees", "pounds", "dollars",
    "euros", "miles", "kilometres", "metres", "percent",
})  # fmt: skip
_WORD = re.compile(r"[a-z]+")


def _singular(word: str) -> str:
    if word.endswith("ies"):
        return word[:-3] + "y"
    return word[:-1] if word.endswith("s") and not word.endswith("ss") else word


def _subject(claim: SwornClaim) -> str | None:
    """Whom the count is about: the person the claim names (not the witness), or the witness
    when they say they received them."""
    named = [
        n.text
        for n in find_names(claim.claim)
        if n.kind == "person" and not (claim.speaker and same_party(n.text, claim.speaker))
    ]
    if named:
        return named[0]
    return claim.speaker if _OWN.search(claim.claim) else None


def _names_in(event: TimedEvent) -> list[str]:
    text = event.source.excerpt or event.description
    return [n.text for n in find_names(text) if n.kind == "person"]


def tally_contradictions(claims: list[SwornClaim], events: list[TimedEvent]) -> list[Contradiction]:
    found: list[Contradiction] = []
    rows = [e for e in events if e.source.row is not None]
    if not rows:
        return found
    for claim in claims:
        said = answer_of(claim).said
        count = _COUNT.search(said)
        if count is None or not _GIVEN.search(said):
            continue
        words = [_singular(w) for w in _WORD.findall(fold(count["things"].lower()))]
        words = [w for w in words if w not in STOPWORDS]
        if not words or count["things"].lower().split()[-1] in _NOT_THINGS:
            continue
        person = _subject(claim)
        if person is None:
            continue
        until = parse_iso(claim.claimed_time) if claim.claimed_time else None
        # file -> its rows of the things, each with the person's name as it gives it (or None)
        by_file: dict[str, list[tuple[TimedEvent, str | None]]] = defaultdict(list)
        for row in rows:
            if row.source.file_id == claim.source.file_id:
                continue
            when = parse_iso(row.timestamp)
            if until is not None and (when is None or naive(when).date() > naive(until).date()):
                continue
            text = fold((row.source.excerpt or row.description).lower())
            if all(re.search(rf"\b{w}s?\b", text) for w in words):
                mine = next((n for n in _names_in(row) if same_party(n, person)), None)
                by_file[row.source.file_id].append((row, mine))
        n = _NUMBERS.get(count["n"].lower()) or int(count["n"])
        for kept in by_file.values():
            theirs = [row for row, mine in kept if mine]
            others = [row for row, mine in kept if not mine]
            if len(theirs) >= n:
                continue
            # The person as the log names them ("Sinead Boyle" for "Ms Boyle").
            whom = next((mine for _, mine in kept if mine), person)
            things = " ".join(count["things"].split()).lower()
            listed = "; ".join(f"{r.timestamp[:10]} {r.description[:90]}" for r in theirs[:3])
            record = f"records {len(theirs)} for {whom}" + (f": {listed}" if listed else "")
            found.append(
                refuted(
                    claim,
                    unique_refs([r.source for r in theirs] or [kept[0][0].source], 6),
                    f"{claim.speaker or 'The witness'} counts {n} {things}; the log of them "
                    f"{record}.",
                    "HIGH" if others else "MEDIUM",
                )
            )
            break
    return found
