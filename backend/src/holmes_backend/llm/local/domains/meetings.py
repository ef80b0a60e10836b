"""Who the minutes of a meeting list as attending, against their word that they were not there.

- Evidence: minutes or a note of a meeting, hearing or interview (its title or file name says
  so) that list who attended, in a table ("Attendee: Kezia Mbatha; Role: Employee") or a line
  ("Present: Howard Pell, Kezia Mbatha") or a role's line ("Chair: Gareth Lloyd", "Note taker:
  Aoife Walsh"), give a finding per person listed: the meeting as its title names it and its
  day (the first date of the document's head). Those listed under apologies or as absent are
  findings of their absence; a role the record gives as filled by no one ("Companion: none")
  is a finding of its own.
- Synthesis: "I did not attend any disciplinary hearing" (or "was not present at", "never went
  to") by a person the minutes list is contradicted (HIGH) when the kind of meeting denied
  (hearing, meeting, interview …) and any word qualifying it ("disciplinary") are in the
  meeting's title; the same denial by a person the minutes list as absent is corroborated by
  them (no corroboration gap).
- Synthesis: a witness's word that someone was there, "Ms Boyle was accompanied by her union
  representative, Tom Keane" or "Tom Keane attended the hearing", about a meeting of a kind and
  day the minutes record (the claim's day, its kind in their title) is contradicted by minutes
  that do not list that person among three or more they do list (MEDIUM), or that give the
  role the claim names as filled by no one ("Companion: none": HIGH).
- Synthesis: how long a witness says the meeting lasted ("The hearing lasted over an hour")
  against the times its record gives ("Time: 14:00 - 14:25", "Duration: 25 minutes"): "over"
  or "at least" an hour against less, "under" against more, "about" an hour (or no word)
  against a length off by half of it and by a quarter of an hour at least (HIGH)."""

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
# A meeting's role filled by no one ("Companion: none") and its length ("Time: 14:00 - 14:25"):
# what they are is in their titles ("No companion at …", "… lasted 25 minutes on …"), their
# entities none (a role or a number is nobody the graph should hold).
ROLE_UNFILLED = "meeting_role_unfilled"
MEETING_LENGTH = "meeting_length"

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
# The people a meeting's record names by their part in it: "Chair: Gareth Lloyd".
_ROLE_LINE = re.compile(
    r"^\s*(?P<role>chair(?:person|man|woman)?|chaired\s+by|employee|companion|accompanied\s+by|"
    r"(?:(?:union|trade\s+union|employee['\u2019]?s?|staff)\s+)?rep(?:resentative)?|"
    r"(?:note|minute)[\s-]?taker|witness(?:es)?|interviewer|interviewee|investigat(?:or|ing\s+"
    r"officer)|(?:hr|human\s+resources)(?:\s+(?:adviser|advisor|representative|officer))?|"
    r"(?:hearing\s+)?manager|panel(?:\s+members?)?|solicitor|counsel|interpreter)\s*:\s*(?P<v>.+)$",
    re.IGNORECASE,
)
# "Time: 14:00 - 14:25", "Duration: 25 minutes".
_TIMES_LINE = re.compile(
    r"^\s*(?:time|times|start\s*(?:and|/|-)\s*end|duration|length)\s*:\s*(?:(?P<h1>\d{1,2})[:.]"
    r"(?P<m1>\d{2})\s*(?:-|\u2013|\u2014|to|until)\s*(?P<h2>\d{1,2})[:.](?P<m2>\d{2})|"
    r"(?P<n>\d{1,3})\s*(?:minutes|mins?)\b)",
    re.IGNORECASE,
)
_NO_ONE = re.compile(
    r"^(?:none|no\s+one|nobody|not\s+present|not\s+accompanied|unaccompanied|n/?a|nil|-+|"
    r"\u2014|declined)\b",
    re.IGNORECASE,
)
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
    unfilled: list[Finding] = []
    for unit in doc_units:
        if (said := _of_the_meeting(unit, title, day.isoformat())) is not None:
            unfilled.append(said)
            continue
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
    return [*found.values(), *unfilled]


def _of_the_meeting(unit: Unit, title: str, day: str) -> Finding | None:
    """A line of the record telling the meeting's length, or a role in it no one filled."""
    if unit.kind == "row":
        return None
    role = _ROLE_LINE.match(unit.text)
    if (length := _minutes_given(unit.text)) is not None:
        kind, said = MEETING_LENGTH, f"The {title} lasted {length} minutes on {day}"
    elif role is not None and _NO_ONE.match(role["v"].strip()):
        name = re.sub(r"\brep$", "representative", " ".join(role["role"].lower().split()))
        kind, said = ROLE_UNFILLED, f"No {name} at the {title} on {day}"
    else:
        return None
    return Finding(
        finding_type=kind,
        title=said,
        summary=f"{title} \u2014 {unit.text[:140]}",
        confidence=0.85,
        severity="LOW",
        entities=[],
        sources=unique_refs([unit.ref], 1),
    )


def _minutes_given(text: str) -> int | None:
    """How long a record's line says the meeting lasted, in minutes."""
    line = _TIMES_LINE.match(text)
    if line is None:
        return None
    if line["n"]:
        return int(line["n"])
    start = int(line["h1"]) * 60 + int(line["m1"])
    end = int(line["h2"]) * 60 + int(line["m2"])
    return end - start if end > start else None


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
    if line := _ROLE_LINE.match(unit.text):
        return True, [n.text for n in find_names(line["v"]) if n.kind == "person"]
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


# "was accompanied by her union representative, Tom Keane", "attended with his rep, Lena Fischer";
# "Tom Keane attended the hearing".
_ACCOMPANIED = re.compile(
    r"\b(?:accompanied\s+by|attended\s+with|came\s+with|brought)\s+(?:(?:her|his|their|a|an|the)\s+)?"
    r"(?P<rest>[^.;]{2,100})",
    re.IGNORECASE,
)
_THERE = re.compile(
    r"\b(?:attended|was\s+(?:also\s+)?(?:present|there)|sat\s+in|joined\s+(?:the|us|them))\b",
    re.IGNORECASE,
)
_MIN_LISTED = 3  # minutes listing fewer may list only some
_COMPANION = _qualifiers("companion accompanied representative")


def _unfilled_role(record: Finding) -> str:
    """The role a ROLE_UNFILLED finding is of, from its title ("No companion at the …")."""
    return record.title.removeprefix("No ").split(" at the ", 1)[0]


def _length_of(record: Finding) -> int:
    """The minutes a MEETING_LENGTH finding gives, from its title ("… lasted 25 minutes on …")."""
    found = re.search(r" lasted (\d+) minutes on ", record.title)
    return int(found.group(1)) if found else 0


def _line_of(record: Finding) -> str:
    """The record's own line a finding of a meeting quotes ("Companion: none")."""
    return record.summary.partition(" \u2014 ")[2]


def _day_of(record: Finding) -> str | None:
    on = re.search(r"on (\d{4}-\d{2}-\d{2})$", record.title)
    return on.group(1) if on else None


def _said_there(body: str) -> tuple[list[str], set[str]]:
    """The people the claim says were there, and the words of the role it gives them."""
    if with_ := _ACCOMPANIED.search(body):
        rest = with_["rest"]
        names = [n for n in find_names(rest) if n.kind == "person"]
        head = rest[: names[0].start] if names else rest
        # Whoever accompanies someone is their companion, whatever else the claim calls them.
        return [n.text for n in names], _qualifiers(head) | _COMPANION
    there = _THERE.search(body)
    if there is None:
        return [], set()
    return [n.text for n in find_names(body[: there.start()]) if n.kind == "person"][-1:], set()


def accompaniment_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    """A witness's word that someone was at a meeting, against its minutes (see the module)."""
    records: dict[tuple[str, str], list[Finding]] = {}
    for f in findings:
        if f.finding_type in (MEETING_ATTENDED, ROLE_UNFILLED) and (day := _day_of(f)):
            meeting = f.summary.partition(" \u2014 ")[0]
            kept = records.setdefault((meeting, day), [])
            if all(k.title != f.title for k in kept):
                kept.append(f)
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        people, role = _said_there(body)
        span = parse_span(claim.claimed_time)
        kinds = {act_stem(k.group().lower().rstrip("s")) for k in _KIND.finditer(body)}
        if not (people or role) or span is None or not kinds:
            continue
        for (meeting, day), listed in records.items():
            if listed[0].sources[0].file_id == claim.source.file_id:
                continue
            if not span[0].date().isoformat() <= day <= span[1].date().isoformat():
                continue
            if not kinds & _qualifiers(meeting):
                continue
            attended = [f.entities[0] for f in listed if f.finding_type == MEETING_ATTENDED]
            missing = [p for p in people if not any(same_party(p, a) for a in attended)]
            unfilled = [
                f
                for f in listed
                if f.finding_type == ROLE_UNFILLED and _qualifiers(_unfilled_role(f)) & role
            ]
            if not (unfilled and (missing or not people)) and not (
                missing and len(attended) >= _MIN_LISTED
            ):
                continue
            said = f"{missing[0]} was there" if missing else "someone accompanied them"
            given = f" and gives \u201c{_line_of(unfilled[0])}\u201d" if unfilled else ""
            found.append(
                refuted(
                    claim,
                    unique_refs([s for f in [*unfilled, *listed] for s in f.sources], 6),
                    f"{claim.speaker or 'The witness'} says {said}; the record of the {meeting} "
                    f"on {day} lists {', '.join(attended) or 'no one'}{given}.",
                    "HIGH" if unfilled else "MEDIUM",
                )
            )
            break
    return found


_NUMBER = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "ten": 10}
_NUMBER |= {"fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "forty-five": 45}
_LASTED = re.compile(
    r"\b(?:lasted|went\s+on\s+for|took|ran\s+for|was\s+over\s+after)\s+(?P<q>over|more\s+than|at\s+"
    r"least|about|around|roughly|approximately|nearly|almost|under|less\s+than|no\s+more\s+than)?"
    r"\s*(?P<n>an?|one|two|three|four|five|ten|fifteen|twenty|thirty|forty(?:-five)?|\d{1,3})"
    r"(?:\s+and\s+a\s+half)?\s+(?P<u>hours?|minutes?|mins?)\b",
    re.IGNORECASE,
)
_AT_LEAST = re.compile(r"over|more|least", re.IGNORECASE)
_AT_MOST = re.compile(r"under|less|no\s+more|nearly|almost", re.IGNORECASE)


def _claimed_minutes(lasted: re.Match[str]) -> int:
    n = _NUMBER.get(lasted["n"].lower()) or int(lasted["n"])
    minutes = n * 60 if lasted["u"].lower().startswith("hour") else n
    return minutes + (30 if "half" in lasted.group().lower() else 0)


def _off(claimed: int, recorded: int, qualifier: str) -> bool:
    if _AT_LEAST.search(qualifier):
        return recorded < claimed
    if _AT_MOST.search(qualifier):
        return recorded > claimed
    return abs(recorded - claimed) >= max(15, claimed / 2)


def length_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    """How long a witness says a meeting lasted, against its record (see the module)."""
    lengths = list(
        {f.title: f for f in findings if f.finding_type == MEETING_LENGTH and _day_of(f)}.values()
    )
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        lasted = _LASTED.search(body)
        span = parse_span(claim.claimed_time)
        kinds = {act_stem(k.group().lower().rstrip("s")) for k in _KIND.finditer(body)}
        if lasted is None or span is None or not kinds:
            continue
        claimed = _claimed_minutes(lasted)
        for record in lengths:
            day = _day_of(record) or ""
            meeting = record.summary.partition(" \u2014 ")[0]
            if (
                record.sources[0].file_id == claim.source.file_id
                or not span[0].date().isoformat() <= day <= span[1].date().isoformat()
                or not kinds & _qualifiers(meeting)
                or not _off(claimed, _length_of(record), lasted["q"] or "")
            ):
                continue
            found.append(
                refuted(
                    claim,
                    record.sources,
                    f"{claim.speaker or 'The witness'} says it lasted "
                    f"{' '.join(lasted.group().split()[1:])}; the record of the {meeting} on "
                    f"{day} gives \u201c{_line_of(record)}\u201d: {_length_of(record)} minutes.",
                    "HIGH",
                )
            )
            break
    return found


# The witness's own part in a meeting: "I chaired the disciplinary hearing on 24 March".
_OWN_PART = re.compile(
    r"\bI\s+(?:(?:also|then)\s+)?(?:chaired|attended|conducted|led|ran|held|took\s+part\s+in|sat\s+on|"
    r"was\s+(?:present\s+at|at|on\s+the\s+panel\s+(?:of|at|for)))\b",
    re.IGNORECASE,
)


def corroborated_presences(
    claims: list[SwornClaim], findings: list[Finding]
) -> set[tuple[str, int | None, int | None]]:
    """The claims of taking part in a meeting that its minutes, listing the witness among those
    there on the claim's day, bear out."""
    listed = [f for f in findings if f.finding_type == MEETING_ATTENDED and f.entities]
    found: set[tuple[str, int | None, int | None]] = set()
    for claim in claims:
        body = answer_of(claim).said
        span = parse_span(claim.claimed_time)
        if not claim.speaker or span is None or not _OWN_PART.search(body):
            continue
        kinds = {act_stem(k.group().lower().rstrip("s")) for k in _KIND.finditer(body)}
        for record in listed:
            day = _day_of(record) or ""
            if (
                same_party(claim.speaker, record.entities[0])
                and record.sources[0].file_id != claim.source.file_id
                and span[0].date().isoformat() <= day <= span[1].date().isoformat()
                and kinds & _qualifiers(record.summary.partition(" \u2014 ")[0])
            ):
                found.add((claim.source.file_id, claim.source.line, claim.source.page))
                break
    return found
