"""Who decided a court's opinion, how they divided, and what it held, as a US slip opinion's
syllabus sets them out: "KENNEDY, J., delivered the opinion of the Court, in which ROBERTS, C.
J., and SCALIA, THOMAS, BREYER, ALITO, and SOTOMAYOR, JJ., joined. SCALIA, J., and THOMAS, J.,
filed concurring opinions. GINSBURG, J., filed a dissenting opinion. KAGAN, J., took no part
...", and "Held: Because the Fifth Circuit did not hold the University to the demanding burden
of strict scrutiny ..., its decision ... was incorrect."

- Legal: the opinion's author and the judges who joined it, the separate opinions by kind, who
  took no part, and the division that makes when every judge of the majority is named (the
  author and those joining against those dissenting: 7-1) are one finding (OPINION_BENCH);
  the syllabus's "Held:" sentence another (HOLDING). A judge's name is the surname the
  syllabus writes in capitals, in title case.
"""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.text import Unit

OPINION_BENCH = "opinion_bench"
HOLDING = "holding"

_JUDGE = r"[A-Z][A-Z'\u2019-]{1,}"
_DELIVERED = re.compile(
    rf"^(?:(?:CHIEF\s+)?JUSTICE\s+)?(?P<author>{_JUDGE})(?:,\s+(?:C\.\s?J\.|J\.))?,?\s+delivered\s+"
    r"the\s+opinion\s+of\s+the\s+Court\b(?:,\s+in\s+which\s+(?P<joined>.+?)\s+joined)?",
)
_FILED = re.compile(
    rf"(?P<judges>(?:{_JUDGE},\s+(?:C\.\s?)?J\.,?\s+(?:and\s+)?)+)filed\s+(?:a\s+|an\s+)?"
    r"(?P<kind>concurring\s+and\s+dissenting|concurring|dissenting)\s+opinions?"
)
_NO_PART = re.compile(rf"^(?:JUSTICE\s+)?(?P<judge>{_JUDGE})(?:,\s+J\.,)?\s+took\s+no\s+part\b")
_HELD = re.compile(r"^\s*Held\s*:\s*(?P<held>\S.{20,})$", re.DOTALL)
_TITLES = frozenset({"J", "JJ", "C"})
_HEAD = 200  # the syllabus comes first
_HELD_CHARS = 400


def _judges(text: str) -> list[str]:
    return [
        name.title()
        for name in re.findall(rf"\b{_JUDGE}\b", text)
        if name.strip(".") not in _TITLES
    ]


def bench_findings(doc_units: list[Unit]) -> list[Finding]:
    head = doc_units[:_HEAD]
    found: list[Finding] = []
    held = next((u for u in head if _HELD.match(u.text)), None)
    if held is not None:
        found.append(
            Finding(
                finding_type=HOLDING,
                title="Held: " + " ".join(held.text.split())[6:_HELD_CHARS].strip(),
                summary=held.text[:_HELD_CHARS],
                confidence=0.85,
                severity="MEDIUM",
                sources=[held.ref],
            )
        )
    delivered = next(((m, u) for u in head if (m := _DELIVERED.match(u.text))), None)
    if delivered is None:
        return found
    match, unit = delivered
    author = match["author"].title()
    joined = _judges(match["joined"] or "")
    separate: dict[str, list[str]] = {}
    cited = [unit.ref]
    for other in head:
        for filed in _FILED.finditer(other.text):
            separate.setdefault(filed["kind"], []).extend(_judges(filed["judges"]))
            cited.append(other.ref)
    absent: list[str] = []
    for other in head:
        if (no_part := _NO_PART.match(other.text)) is not None:
            absent.append(no_part["judge"].title())
            cited.append(other.ref)
    absent = list(dict.fromkeys(absent))
    dissenting = separate.get("dissenting", []) + separate.get("concurring and dissenting", [])
    by = f"opinion of the Court by {author}"
    # "in which all other Members joined": joined by the court, named no one by one.
    said = " ".join((match["joined"] or "").split())
    parts = [f"{by}, joined by {', '.join(joined) if joined else said}" if said else by]
    parts += [f"{kind}: {', '.join(dict.fromkeys(names))}" for kind, names in separate.items()]
    if absent:
        parts.append(f"took no part: {', '.join(absent)}")
    # The division, when the syllabus names every judge of the majority.
    division = f"Decided {len({author, *joined})}\u2013{len(set(dissenting))}: " if joined else ""
    text = "; ".join(parts)
    found.append(
        Finding(
            finding_type=OPINION_BENCH,
            title=division + (text if division else text[0].upper() + text[1:]),
            summary=unit.text[:300],
            confidence=0.85,
            severity="LOW",
            entities=list(dict.fromkeys([author, *joined, *dissenting])),
            sources=unique_refs(cited, 4),
        )
    )
    return found


__all__ = ["HOLDING", "OPINION_BENCH", "bench_findings"]
