"""Employed there longer than the records say: "I was employed as Finance Director of Halden
Pumps Ltd from January 2016 until December 2021" against the tax authority's employment history
(Halden Pumps Ltd, 2017-09-04 to 2020-03-31).

- Evidence: a table's row giving an employer (or company, organisation) with a start date and
  an end date (or none: still there) is a finding (TENURE: "Halden Pumps Ltd from 2017-09-04 to
  2020-03-31"), naming the row's person when it has one.
- Synthesis: the speaker's own period at an organisation ("employed by / worked for / was … of
  X from January 2016 until December 2021", "between …") against the tenures at that
  organisation of theirs: rows naming them, or a file whose name carries their surname (their
  own history). Starting more than a month before the record's start, or ending more than a
  month after its end, contradicts it: HIGH when both ends or six months or more are out,
  MEDIUM otherwise.
"""

import re
from datetime import date, timedelta

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.claims import is_testimony
from holmes_backend.llm.local.domains.interests import person_in
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.dates import MONTHS, find_moments, month_end
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

TENURE = "tenure"
_EMPLOYER = re.compile(
    r"^\s*(?:employer|company|organi[sz]ation|firm|business)(?:\s+name)?\s*$", re.I
)
_START = re.compile(
    r"^\s*(?:start(?:ed)?|from|joined|appointed|commenced)(?:\s+date|\s+on)?\s*$", re.I
)
_END = re.compile(
    r"^\s*(?:end(?:ed)?|to|left|leaving|resigned|ceased|until)(?:\s+date|\s+on)?\s*$", re.I
)
_PERSON = re.compile(r"^\s*(?:name|employee|person|officer|director)(?:\s+name)?\s*$", re.I)
_TITLE = re.compile(
    r"^(?P<org>.+?) from (?P<start>\d{4}-\d{2}-\d{2}) (?:to (?P<end>\d{4}-\d{2}-\d{2})|onwards)"
    r"(?: \((?P<who>[^)]+)\))?$"
)
_MON = (
    r"(?:jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?"
    r"|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)"
)
_MONTH_RANGE = re.compile(
    rf"\b(?:from|between)\s+(?P<m1>{_MON})\s+(?P<y1>(?:19|20)\d{{2}})\s+"
    rf"(?:until|till|to|and|through)\s+(?P<m2>{_MON})\s+(?P<y2>(?:19|20)\d{{2}})\b",
    re.IGNORECASE,
)
_SERVED = re.compile(
    r"\b(?:employed|worked|working|served|was\s+(?:the\s+)?[A-Za-z ]{2,40}?\s+(?:of|at|for))\b",
    re.I,
)
_SLACK = timedelta(days=31)
_FAR = timedelta(days=182)


def tenures(doc: EvidenceDoc) -> list[Finding]:
    if is_testimony(doc):
        return []
    found: list[Finding] = []
    for unit in units(doc):
        if unit.kind != "row":
            continue
        fields = row_fields(unit.text)
        org = next((v for k, v in fields.items() if _EMPLOYER.match(k) and v), None)
        start = next(
            (m[0].day for k, v in fields.items() if _START.match(k) if (m := find_moments(v))), None
        )
        if org is None or start is None:
            continue
        end = next(
            (m[0].day for k, v in fields.items() if _END.match(k) if (m := find_moments(v))), None
        )
        who = next((p for k, v in fields.items() if _PERSON.match(k) if (p := person_in(v))), None)
        span = f"to {end.isoformat()}" if end else "onwards"
        found.append(
            Finding(
                finding_type=TENURE,
                title=f"{org.strip()} from {start.isoformat()} {span}"
                + (f" ({who})" if who else ""),
                summary=" ".join(unit.text.split())[:300],
                confidence=0.8,
                severity="LOW",
                entities=[who] if who else [],
                sources=[unit.ref],
            )
        )
    return found


def _claimed(text: str) -> tuple[str, date, date] | None:
    """(organisation, first day, last day) of a claimed period at an organisation."""
    period = _MONTH_RANGE.search(text)
    if period is None or not _SERVED.search(text[: period.start()]):
        return None
    orgs = [n.text for n in find_names(text[: period.start()]) if n.kind == "organization"]
    if not orgs:
        return None
    first = date(int(period["y1"]), MONTHS[period["m1"][:3].lower()], 1)
    last = month_end(int(period["y2"]), MONTHS[period["m2"][:3].lower()])
    # "Finance Director of Halden Pumps Ltd": the organisation after the role.
    org = re.split(r"\s+(?:of|at|for|by|with)\s+", orgs[-1])[-1]
    return org, first, last


def tenure_contradictions(
    claims: list[SwornClaim], findings: list[Finding], filenames: dict[str, str]
) -> list[Contradiction]:
    records = [(f, m) for f in findings if f.finding_type == TENURE if (m := _TITLE.match(f.title))]
    found: list[Contradiction] = []
    for claim in claims if records else []:
        claimed = _claimed(answer_of(claim).said)
        if claimed is None or not claim.speaker:
            continue
        org, first, last = claimed
        surname = claim.speaker.split()[-1].lower()
        for record, m in records:
            file_id = record.sources[0].file_id
            theirs = (
                same_party(m["who"], claim.speaker)
                if m["who"]
                else (surname in filenames.get(file_id, "").lower())
            )
            if not theirs or not same_party(m["org"], org) or file_id == claim.source.file_id:
                continue
            start = date.fromisoformat(m["start"])
            end = date.fromisoformat(m["end"]) if m["end"] else None
            early = start - first if first < start - _SLACK else timedelta(0)
            late = last - end if end and last > end + _SLACK else timedelta(0)
            if not early and not late:
                continue
            ends = f"to {end.isoformat()}" if end else "onwards"
            found.append(
                refuted(
                    claim,
                    [record.sources[0]],
                    (
                        f"{claim.speaker} puts their time at {org} from {first.isoformat()} to "
                        f"{last.isoformat()}; the record of it runs from {start.isoformat()} "
                        f"{ends}: {record.summary[:120]}."
                    ),
                    "HIGH" if (early and late) or max(early, late) >= _FAR else "MEDIUM",
                )
            )
    return found


__all__ = ["TENURE", "tenure_contradictions", "tenures"]
