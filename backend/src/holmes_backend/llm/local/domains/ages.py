"""A stated age against a date of birth: "I was only 17 when I signed it" (on 14 March 2024)
against the passport's "Date of birth: 02 NOV 2004" (19 that day).

- Evidence: a record (not testimony) giving a person's date of birth is a finding (BORN:
  "Jordan Lee Pike born 2004-11-02"): a "Date of birth:" / "DOB:" / "Born:" field with the
  record's name fields ("Name:", "Surname:" with "Given names:" or "Forenames:"), a table's row
  with a name and a date-of-birth column, or a sentence naming a person with "date of birth …".
- Synthesis: the speaker's own age as they state it ("I was 17 when …", "I am 45") at the time
  the claim is of, against their date of birth: a different age that day is HIGH.
"""

import re
from datetime import date

from holmes_backend.agents.schemas import Contradiction, Finding, SourceRef, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.interests import person_in
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.names import same_party
from holmes_backend.llm.local.facts.text import units

BORN = "born"
_TITLE = re.compile(r"^(?P<who>.+) born (?P<day>\d{4}-\d{2}-\d{2})$")
_BIRTH_KEY = re.compile(
    r"^\s*(?:date\s+of\s+birth|d\.?o\.?b\.?|birth\s*date|born(?:\s+on)?)\s*$", re.I
)
_BIRTH_FIELD = re.compile(
    r"^\s*(?:date\s+of\s+birth|d\.?o\.?b\.?|birth\s*date|born(?:\s+on)?)\s*[:.]\s*(?P<v>.+)$", re.I
)
_BIRTH_INLINE = re.compile(
    r"(?P<who>[A-Z][\w'.-]+(?:\s+[A-Z][\w'.-]+){1,3}),?\s+(?:date\s+of\s+birth|d\.?o\.?b\.?|"
    r"born(?:\s+on)?)\s*:?\s*(?P<v>[^,;()]{6,30})",
)
_NAME = re.compile(r"^\s*(?:full\s+)?name\s*:\s*(?P<v>.+)$", re.IGNORECASE)
_SURNAME = re.compile(r"^\s*(?:surname|family\s+name|last\s+name)\s*:\s*(?P<v>.+)$", re.I)
_GIVEN = re.compile(r"^\s*(?:given\s+names?|forenames?|first\s+names?)\s*:\s*(?P<v>.+)$", re.I)
_NAME_KEY = re.compile(r"\b(?:name|employee|person|subject|applicant|holder)\b", re.IGNORECASE)
_WORDS = {"sixteen": 16, "seventeen": 17, "eighteen": 18, "fifteen": 15, "fourteen": 14}
_WORDS |= {"nineteen": 19, "twenty": 20, "thirteen": 13, "twelve": 12}
_AGE = re.compile(
    r"\bI\s+(?:was|am|['\u2019]m)\s+(?:only\s+|just\s+|still\s+|then\s+)?"
    r"(?P<n>\d{1,2}|sixteen|seventeen|eighteen|fifteen|fourteen|nineteen|twenty|thirteen|twelve)"
    r"(?:\s+years?\s+(?:old|of\s+age))?"
    r"(?=\s*(?:when|at\s+the\s+time|at\s+that\s+time|then|in\s|on\s|and\b|so\b|[,.;]|$))",
    re.IGNORECASE,
)


def _record_name(texts: list[str]) -> str | None:
    name = next((m["v"] for t in texts if (m := _NAME.match(t))), None)
    if name is None:
        surname = next((m["v"].strip() for t in texts if (m := _SURNAME.match(t))), None)
        given = next((m["v"].strip() for t in texts if (m := _GIVEN.match(t))), None)
        name = f"{given} {surname}" if surname and given else None
    if name is None:
        return None
    return person_in(name.title() if name.isupper() else name)


def _finding(who: str, born: date, ref: SourceRef, text: str) -> Finding:
    return Finding(
        finding_type=BORN,
        title=f"{who} born {born.isoformat()}",
        summary=" ".join(text.split())[:200],
        confidence=0.85,
        severity="LOW",
        entities=[who],
        sources=[ref],
    )


def births(doc: EvidenceDoc) -> list[Finding]:
    if is_testimony(doc):
        return []
    doc_units = units(doc)
    texts = [u.text.strip() for u in doc_units]
    found: list[Finding] = []
    name = None
    for unit, text in zip(doc_units, texts, strict=True):
        if unit.kind == "row":
            fields = row_fields(text)
            day = next(
                (
                    m[0].day
                    for k, v in fields.items()
                    if _BIRTH_KEY.match(k)
                    if (m := find_moments(v))
                ),
                None,
            )
            who = next(
                (p for k, v in fields.items() if _NAME_KEY.search(k) if (p := person_in(v))), None
            )
            if day and who:
                found.append(_finding(who, day, unit.ref, text))
            continue
        if (field := _BIRTH_FIELD.match(text)) and (moments := find_moments(field["v"])):
            name = name or _record_name(texts)
            if name:
                found.append(_finding(name, moments[0].day, unit.ref, text))
            continue
        for inline in _BIRTH_INLINE.finditer(text):
            who = person_in(inline["who"])
            if who and (moments := find_moments(inline["v"])):
                found.append(_finding(who, moments[0].day, unit.ref, text))
    return found


def _age_on(born: date, day: date) -> int:
    return day.year - born.year - ((day.month, day.day) < (born.month, born.day))


def age_contradictions(claims: list[SwornClaim], findings: list[Finding]) -> list[Contradiction]:
    births_of = [
        (f, m["who"], date.fromisoformat(m["day"]))
        for f in findings
        if f.finding_type == BORN and (m := _TITLE.match(f.title))
    ]
    found: list[Contradiction] = []
    for claim in claims if births_of else []:
        match = _AGE.search(answer_of(claim).said)
        span = parse_span(claim.claimed_time)
        if match is None or span is None or not claim.speaker:
            continue
        n = match["n"].lower()
        stated = int(n) if n.isdigit() else _WORDS[n]
        first, last = span[0].date(), span[1].date()
        for record, who, born in births_of:
            if (
                not same_party(who, claim.speaker)
                or record.sources[0].file_id == claim.source.file_id
            ):
                continue
            ages = {_age_on(born, first), _age_on(born, last)}
            if stated in ages:
                continue
            actual = " to ".join(str(a) for a in sorted(ages))
            found.append(
                refuted(
                    claim,
                    [record.sources[0]],
                    (
                        f"{claim.speaker} gives their age as {stated} on {first.isoformat()}; "
                        f"{record.summary[:100]} makes them {actual} that day."
                    ),
                    "HIGH",
                )
            )
            break
    return found


__all__ = ["BORN", "age_contradictions", "births"]
