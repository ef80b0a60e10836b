"""Who the minutes of a meeting list as attending, against their word that they were not there.

- Evidence: minutes or a note of a meeting, hearing or interview (its title or file name says
  so) that list who attended, in a table ("Attendee: Kezia Mbatha; Role: Employee") or a line
  ("Present: Howard Pell, Kezia Mbatha"), give a finding per person listed: the meeting as its
  title names it and its day (the first date of the document's head). Those listed under
  apologies or as absent are findings of their absence.
- Synthesis: "I did not attend any disciplinary hearing" (or "was not present at", "never went
  to") by a person the minutes list is contradicted (HIGH) when the kind of meeting denied
  (hearing, meeting, interview …) and any word qualifying it ("disciplinary") are in the
  meeting's title; the same denial by a person the minutes list as absent is corroborated by
  them (no corroboration gap)."""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.lexicon import STOPWORDS, act_stem
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import Unit, units

MEETING_ATTENDED = "meeting_attended"
MEETING_MISSED = "meeting_missed"

_KINDS = (
    r"meeting|hearing|interview|conference|session|appeal|review|call|briefing|inquiry|"
    r"enquiry|panel|tribunal|consultation|board|committee|investigation"
)
_KIND = re.compile(rf"\b(?:{_KINDS})s?\b", re.IGNORECASE)
_RECORD = re.compile(r"\b(?:minutes|note|notes|record|attendance|attendees|present)\b", re.I)
_ATTENDEE_COLUMN = re.compile(
    r"^(?:attendees?|present|participants?|in\s+attendance|name|attended\s+by)$", re.I
)
_PRESENT_LINE = re.compile(
    r"^\s*(?:present|attendees?|in\s+attendance|attended\s+by|participants?)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_ABSENT_LINE = re.compile(
    r"^\s*(?:apologies(?:\s+for\s+absence)?|absent|not\s+present)\s*(?:received)?\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
_ABSENT = re.compile(r"\b(?:apologies|absent|not\s+present|unable\s+to\s+attend)\b", re.I)
_HEAD = 8
_DENIED = re.compile(
    r"\b(?:did\s+not|didn['\u2019]t|never|was\s+not|wasn['\u2019]t|have\s+not|haven['\u2019]t)"
    r"\s+(?:ever\s+)?(?:attend(?:ed)?|go\s+to|went\s+to|been\s+to|present\s+at|take\s+part\s+in|"
    r"took\s+part\s+in|participate\s+in|at)\b",
    re.IGNORECASE,
)
# The meeting a denial names: "any disciplinary hearing", "the board meeting".
_DENIED_KIND = re.compile(
    rf"\b(?:any|the|a|an|that|this|my)\s+(?P<q>(?:[a-z-]+\s+){{0,2}}?)(?P<kind>{_KINDS})s?\b",
    re.IGNORECASE,
)


def meetings_attended(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    title = _title(doc, doc_units)
    if title is None:
        return []
    day = next((m.day for u in doc_units[:_HEAD] for m in find_moments(u.text)), None)
    if day is None:
        return []
    found: dict[str, Finding] = {}
    for unit in doc_units:
        present, people = _listed(unit)
        for person in people:
            if person.lower() in found or any(same_party(person, p) for p in found):
                continue
            did = "attended" if present else "was absent from"
            found[person] = Finding(
                finding_type=MEETING_ATTENDED if present else MEETING_MISSED,
                title=f"{person} {did} the {title} on {day.isoformat()}",
                summary=f"{title} \u2014 {unit.text[:140]}",
                confidence=0.85,
                severity="LOW",
                entities=[person],
                sources=unique_refs([unit.ref], 1),
            )
    return list(found.values())


def _title(doc: EvidenceDoc, doc_units: list[Unit]) -> str | None:
    """The meeting a record is the minutes of, by its heading or its file name."""
    heads = [u.text for u in doc_units[:_HEAD] if u.heading or u.index == 0]
    for text in [*heads, doc.filename.rsplit(".", 1)[0].replace("_", " ").replace("-", " ")]:
        kind = _KIND.search(text)
        if kind and (_RECORD.search(text) or text in heads):
            cleaned = re.split(r"\s+[\u2014\u2013-]\s+|:\s", text)
            part = next((p for p in cleaned if _KIND.search(p)), text)
            return part.strip()[:80]
    return None


def _listed(unit: Unit) -> tuple[bool, list[str]]:
    """Whether a unit lists people as attending (or as absent), and whom."""
    if unit.kind == "row":
        fields = row_fields(unit.text)
        absent = any(_ABSENT.search(v) for v in fields.values())
        names = [v for k, v in fields.items() if _ATTENDEE_COLUMN.match(k.strip())]
        return not absent, [n.text for v in names[:1] for n in find_names(v) if n.kind == "person"][
            :1
        ]
    if line := _PRESENT_LINE.match(unit.text):
        people = [n.text for n in find_names(line["v"]) if n.kind == "person"]
        return not _ABSENT.search(unit.text), people
    if line := _ABSENT_LINE.match(unit.text):
        return False, [n.text for n in find_names(line["v"]) if n.kind == "person"]
    return True, []


def _qualifiers(text: str) -> set[str]:
    return {act_stem(w) for w in re.findall(r"[a-z]{4,}", text.lower()) if w not in STOPWORDS}


def attendance_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    # A record read by two agents is in both their findings: once here.
    listed = list(
        {f.title: f for f in findings if f.finding_type == MEETING_ATTENDED and f.entities}.values()
    )
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        if not claim.speaker or not _DENIED.search(body):
            continue
        kinds = [m for m in _DENIED_KIND.finditer(body)]
        if not kinds:
            continue
        span = parse_span(claim.claimed_time)
        for record in listed:
            if not same_party(claim.speaker, record.entities[0]):
                continue
            if record.sources[0].file_id == claim.source.file_id:
                continue
            meeting = record.summary.partition(" \u2014 ")[0]
            on = re.search(r"on (\d{4}-\d{2}-\d{2})$", record.title)
            if (
                span is not None
                and on
                and not (span[0].date().isoformat() <= on.group(1) <= span[1].date().isoformat())
            ):
                continue
            named = _qualifiers(meeting)
            if not any(
                act_stem(k["kind"].lower()) in named and _qualifiers(k["q"]) <= named for k in kinds
            ):
                continue
            found.append(
                refuted(
                    claim,
                    record.sources,
                    (
                        f"{claim.speaker} denies attending, yet the minutes list them: "
                        f"{record.title}."
                    ),
                    "HIGH",
                )
            )
            break
    return found


def corroborated_absences(
    claims: list[SwornClaim], findings: list[Finding]
) -> set[tuple[str, int | None, int | None]]:
    """The claims of not attending that minutes listing the speaker as absent bear out."""
    missed = [f for f in findings if f.finding_type == MEETING_MISSED and f.entities]
    found: set[tuple[str, int | None, int | None]] = set()
    for claim in claims:
        body = answer_of(claim).said
        if not claim.speaker or not _DENIED.search(body):
            continue
        kinds = list(_DENIED_KIND.finditer(body))
        for record in missed:
            named = _qualifiers(record.summary.partition(" \u2014 ")[0])
            if same_party(claim.speaker, record.entities[0]) and any(
                act_stem(k["kind"].lower()) in named for k in kinds
            ):
                found.add((claim.source.file_id, claim.source.line, claim.source.page))
    return found
