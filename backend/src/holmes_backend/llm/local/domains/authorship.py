"""Rival firms' documents written by one hand: two "independent" tenders whose files give the
same author or last editor in their properties ("Author: Liam Carver" in Ardent Civils' bid and
in Kestrel Groundworks' bid), the classic trace of cover pricing.

- Evidence: a document whose properties name a person as its author or last editor, and whose
  heading names the organisation it speaks for (its letterhead, "Tender submitted by: …"), is a
  finding naming both; its declaration of independent preparation ("this tender has been
  prepared independently", "without consultation or collusion with any other tenderer"), when
  it makes one, is its summary.
- Synthesis: documents of different organisations sharing an author or editor contradict the
  independence they declare (HIGH), or, declaring none, the separateness of the rivals (MEDIUM).
"""

import re
from collections import defaultdict

from holmes_backend.agents.schemas import Contradiction, Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.names import find_names, same_party
from holmes_backend.llm.local.facts.text import units

DOCUMENT_AUTHOR = "document_author"

_INDEPENDENT = re.compile(
    r"\b(?:prepared|arrived\s+at|compiled|drawn\s+up)\s+independently\b|\bindependently\s+"
    r"(?:prepared|arrived|calculated)\b|\bwithout\s+(?:any\s+)?(?:consultation|collusion|"
    r"communication)\b|\bnon-?collusion\b|\bnot\s+(?:been\s+)?(?:communicated|disclosed)\s+to\s+"
    r"any\s+other\s+(?:tenderer|bidder|person)",
    re.IGNORECASE,
)
_FOR = re.compile(
    r"^\s*(?:tender|bid|quotation|proposal|offer)?\s*(?:submitted|made|prepared)\s+by\s*:\s*(?P<v>.+)$"
    r"|^\s*(?:tenderer|bidder|company|supplier|contractor)\s*:\s*(?P<v2>.+)$",
    re.IGNORECASE,
)
_TITLE = re.compile(r"^(?P<file>.+?) for (?P<org>.+?), written by (?P<people>.+)$")
_HEAD = 8
_LETTERHEAD = 2
_TABLES = frozenset(
    (
        "text/csv",
        "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
        "application/vnd.ms-excel",
    )
)


def document_authors(doc: EvidenceDoc) -> list[Finding]:
    people = [
        str(value).strip()
        for key in ("author", "creator", "last_modified_by")
        if (value := doc.metadata.get(key)) and _person(str(value))
    ]
    people = [p for i, p in enumerate(people) if not any(same_party(p, q) for q in people[:i])]
    if not people or doc.mime_type in _TABLES:
        return []  # a spreadsheet speaks for no one firm: its rows are many parties'
    doc_units = units(doc)
    head = doc_units[:_HEAD]
    org = (
        next(
            (
                n.text
                for u in head
                if (m := _FOR.match(u.text))
                for n in find_names(m["v"] or m["v2"] or "")
                if n.kind == "organization"
            ),
            None,
        )
        or next(  # its letterhead or title
            (
                n.text
                for u in head[:_LETTERHEAD]
                for n in find_names(u.text)
                if n.kind == "organization"
            ),
            None,
        )
    )
    if org is None:
        return []
    declared = next((u for u in doc_units if _INDEPENDENT.search(u.text)), None)
    cited = declared or head[0]
    return [
        Finding(
            finding_type=DOCUMENT_AUTHOR,
            title=f"{doc.filename} for {org}, written by {' and '.join(people)}",
            summary=cited.text[:300],
            confidence=0.7,
            severity="LOW" if declared is None else "MEDIUM",
            entities=[org, *people],
            sources=[cited.ref],
        )
    ]


def _person(value: str) -> bool:
    return any(n.kind == "person" for n in find_names(value))


def shared_authorship_contradictions(findings: list[Finding]) -> list[Contradiction]:
    written = list(
        {
            m["file"]: (f, m["file"], m["org"], m["people"].split(" and "))
            for f in findings
            if f.finding_type == DOCUMENT_AUTHOR and (m := _TITLE.match(f.title))
        }.values()
    )  # a document once, whichever agents read it
    by_person: dict[str, list[tuple[Finding, str, str]]] = defaultdict(list)
    for finding, file, org, people in written:
        for person in people:
            key = next((k for k in by_person if same_party(k, person)), person)
            by_person[key].append((finding, file, org))
    found: list[Contradiction] = []
    for person, docs in by_person.items():
        orgs: list[str] = []
        for _, _, org in docs:
            if not any(same_party(org, o) for o in orgs):
                orgs.append(org)
        if len(orgs) < 2:
            continue
        declaring = [d for d in docs if _INDEPENDENT.search(d[0].summary)]
        claim, file, org = (declaring or docs)[0]
        others = [d for d in docs if not same_party(d[2], org)]
        listed = "; ".join(f"{f} for {o}" for _, f, o in others[:3])
        said = "declares it was prepared independently" if declaring else "is its own"
        found.append(
            Contradiction(
                claim=claim.summary,
                claim_source=claim.sources[0],
                evidence_against=unique_refs([d[0].sources[0] for d in others], 6),
                explanation=(
                    f"{file}, for {org}, {said}, yet its file properties name {person} as "
                    f"its author or editor, as they do for the rival document(s): {listed}."
                ),
                severity="HIGH" if declaring else "MEDIUM",
            )
        )
    return found
