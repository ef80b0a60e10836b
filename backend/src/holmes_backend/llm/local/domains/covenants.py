"""Working for a competitor, denied: "Since leaving Calder I have not worked for any competitor
of Calder" against his own profile's "Head of Sales (UK North) - Ferrox Packaging Solutions -
Mar 2026 - Present", where the covenants name Ferrox Packaging Solutions among the competitors.

- Evidence: a profile or CV (a document headed by a person's name alone) lists its person's
  posts, one a line, "Title - Organisation - Mar 2026 - Present" (or "|" between them): each is
  a finding, EMPLOYMENT_HELD, naming the person, the organisation and the months.
- Legal: a sentence naming the competitors ("Competitors … include: A, B and C") is a finding,
  COMPETITORS_NAMED, listing them.
- Synthesis: a denial of working for any competitor (or for a firm it names), against a post of
  the speaker's at a competitor (or at that firm) that runs after the day the denial speaks from
  (its "since …", else the posts still held): HIGH.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import cite
from holmes_backend.llm.local.facts.dates import MONTHS, month_end, since_day
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

EMPLOYMENT_HELD = "employment_held"
COMPETITORS_NAMED = "competitors_named"

_MONTH = r"(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+\d{4}"
_POST = re.compile(
    rf"^\s*(?P<title>[^|\u2013\u2014]{{3,80}}?)\s+[-|\u2013\u2014]\s+(?P<org>[^|\u2013\u2014]{{3,80}}?)"
    rf"\s+[-|\u2013\u2014]\s+(?P<start>{_MONTH})\s*[-\u2013\u2014]\s*(?P<end>present|current|now|{_MONTH})"
    r"\s*$",
    re.IGNORECASE,
)
_COMPETITORS = re.compile(
    r"\bcompetitors?\b[^:]{0,80}?\b(?:include|includes|including|are|means|mean|is)\b\s*:?\s*"
    r"(?P<list>.+)$",
    re.IGNORECASE,
)
_NOT_WORKED_FOR = re.compile(
    r"\b(?:(?:have|has|had)\s*(?:not|n['\u2019]t)|never|not)\s+(?:worked|been\s+(?:employed|"
    r"engaged|working))\s+(?:for|by|with)\s+(?P<who>any\s+(?:other\s+)?competitors?|"
    r"[A-Z][\w&'.-]*(?:\s+[A-Z][\w&'.-]*){0,4})",
)
_TITLE = re.compile(
    r"^(?P<person>.+?) employed by (?P<org>.+?) from (?P<start>\S+) to (?P<end>\S+)$"
)
_LIST_SEPARATOR = re.compile(r"\s*(?:,|;|\band\b|\bor\b)\s*")
_HEAD = 3
_WORDS = 6


def employments(doc: EvidenceDoc) -> list[Finding]:
    """The posts a profile or CV lists for the person it is headed by."""
    doc_units = units(doc)
    person = next(
        (
            n.text
            for u in doc_units[:_HEAD]
            for n in find_names(u.text)
            if n.kind == "person" and len(n.text) >= len(u.text.strip()) - 1
        ),
        None,
    )
    if person is None:
        return []
    found: list[Finding] = []
    # Line by line: a profile's posts stand one a line, however its text wraps into sentences.
    for chunk in doc.chunks:
        post = _POST.match(chunk.text)
        start = _month(post["start"], first=True) if post else None
        if post is None or start is None:
            continue
        end = _month(post["end"], first=False)
        org = " ".join(post["org"].split())
        found.append(
            Finding(
                finding_type=EMPLOYMENT_HELD,
                title=f"{person} employed by {org} from {start.isoformat()} to "
                f"{end.isoformat() if end else 'present'}",
                summary=chunk.text[:300],
                confidence=0.7,
                severity="LOW",
                entities=[person, org],
                sources=[cite(doc.file_id, chunk.location, chunk.text)],
            )
        )
    return found


def _month(text: str, *, first: bool) -> date | None:
    words = text.replace(".", " ").split()
    if len(words) != 2 or words[0][:3].lower() not in MONTHS:
        return None
    year, month = int(words[1]), MONTHS[words[0][:3].lower()]
    return date(year, month, 1) if first else month_end(year, month)


def competitors_named(doc: EvidenceDoc) -> list[Finding]:
    found: list[Finding] = []
    for unit in units(doc):
        match = _COMPETITORS.search(unit.text)
        listed = _LIST_SEPARATOR.split(match["list"]) if match else []
        # Each item of the list is a firm, named with its suffix or without ("Kestrel Cargo").
        names = [
            name
            for part in listed
            if (name := part.strip(" .;:")) and name[0].isupper() and len(name.split()) <= _WORDS
        ]
        if names:
            found.append(
                Finding(
                    finding_type=COMPETITORS_NAMED,
                    title=f"Competitors named: {'; '.join(names)}",
                    summary=unit.text[:300],
                    confidence=0.75,
                    severity="LOW",
                    entities=names,
                    sources=[unit.ref],
                )
            )
    return found


def competitor_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    competitors = [e for f in findings if f.finding_type == COMPETITORS_NAMED for e in f.entities]
    posts = [
        (m, f)
        for f in findings
        if f.finding_type == EMPLOYMENT_HELD and (m := _TITLE.match(f.title))
    ]
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        denial = _NOT_WORKED_FOR.search(said)
        if not claim.speaker or denial is None or not posts:
            continue
        who = denial["who"]
        firms = competitors if who.lower().startswith("any") else [who]
        since = since_day(said)
        held = [
            (m, f)
            for m, f in posts
            if same_party(claim.speaker, m["person"])
            and f.sources[0].file_id != claim.source.file_id
            and any(same_party(firm, m["org"]) for firm in firms)
            and (m["end"] == "present" if since is None else _runs_after(m["end"], since))
        ]
        if not held:
            continue
        listed = "; ".join(f"{m['org']} from {m['start']} to {m['end']}" for m, _ in held[:3])
        named = " (named among the competitors)" if who.lower().startswith("any") else ""
        found.append(
            refuted(
                claim,
                [f.sources[0] for _, f in held][:6],
                f"{claim.speaker} says they have not worked for {who}, yet a record of their "
                f"posts has them at {listed}{named}.",
                "HIGH",
            )
        )
    return found


# Out of work now: "I am currently taking a career break", "I am not working at the moment".
_NOT_WORKING_NOW = re.compile(
    r"\b(?:(?:am|is)\s+(?:currently\s+|now\s+|still\s+)?(?:taking\s+a\s+career\s+break|on\s+a\s+career"
    r"\s+break|unemployed|out\s+of\s+work|between\s+jobs|not\s+(?:currently\s+)?(?:working|employed))|"
    r"(?:do|does)\s*(?:not|n['\u2019]t)\s+(?:currently\s+)?have\s+a\s+job)\b",
    re.IGNORECASE,
)


def current_post_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """ "I am currently taking a career break" against a post of theirs a record has running to
    the present (HIGH)."""
    posts = [
        (m, f)
        for f in findings
        if f.finding_type == EMPLOYMENT_HELD
        and (m := _TITLE.match(f.title))
        and m["end"] == "present"
    ]
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker or not _NOT_WORKING_NOW.search(answer_of(claim).said):
            continue
        held = [
            (m, f)
            for m, f in posts
            if same_party(claim.speaker, m["person"])
            and f.sources[0].file_id != claim.source.file_id
        ]
        if held:
            listed = "; ".join(f"{m['org']} from {m['start']}" for m, _ in held[:3])
            found.append(
                refuted(
                    claim,
                    [f.sources[0] for _, f in held][:6],
                    f"{claim.speaker} says they are not working now, yet a record of their posts "
                    f"has them in a post to the present: {listed}.",
                    "HIGH",
                )
            )
    return found


def _runs_after(end: str, since: date) -> bool:
    return end == "present" or date.fromisoformat(end) >= since


__all__ = [
    "COMPETITORS_NAMED",
    "EMPLOYMENT_HELD",
    "competitor_contradictions",
    "competitors_named",
    "current_post_contradictions",
    "employments",
]
