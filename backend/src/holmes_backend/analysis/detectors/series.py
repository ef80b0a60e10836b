"""Missing numbers in a series: a column of distinct numbers of one form (prefix and width)
that fills most of its range, with a hole no document names; and payments that cite an
invoice of a series the case lacks."""

import re
from collections import defaultdict
from collections.abc import Iterable, Iterator

from holmes_backend.analysis.domains.case import CaseView
from holmes_backend.analysis.domains.gaps import invoice_gaps
from holmes_backend.analysis.engine import CaseFacts, detector
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.text import units
from holmes_backend.contracts.agents import EvidenceGap, SourceRef

_IDENTIFIER = re.compile(r"^(?P<prefix>(?:[A-Z]{1,6}[-/ ]?)(?:\d{2}[-/])?|)(?P<number>\d{3,8})$")
_LEAST = 4  # numbers seen before a run is a series
_HOLES_PER = 8  # at most one hole per this many numbers seen
_MAX_GAPS = 3


@detector("series", phase="gaps", requires={"view"}, produces=EvidenceGap)
def series(facts: CaseFacts) -> Iterable[EvidenceGap]:
    yield from _holes(facts.view)
    yield from invoice_gaps(facts.view)


def _holes(view: CaseView) -> Iterator[EvidenceGap]:
    text = ""  # the case's words, read once and only when a hole needs explaining
    found = 0
    for doc in view.documents:
        columns: dict[tuple[str, str, int], list[tuple[int, SourceRef]]] = defaultdict(list)
        for unit in (u for u in units(doc) if u.kind == "row"):
            for header, value in row_fields(unit.text).items():
                match = _IDENTIFIER.match(value.strip().upper())
                if match is not None:
                    key = (header, match["prefix"], len(match["number"]))
                    columns[key].append((int(match["number"]), unit.ref))
        for (header, prefix, width), seen in columns.items():
            numbers = sorted({n for n, _ in seen})
            if len(numbers) < _LEAST or len(numbers) != len(seen):
                continue  # too few, or one number on several rows: not a record's own number
            holes = [n for n in range(numbers[0], numbers[-1] + 1) if n not in set(numbers)]
            if not holes or len(holes) > max(1, len(numbers) // _HOLES_PER):
                continue
            text = text or " ".join(u.text for d in view.documents for u in units(d))
            unexplained = ", ".join(
                f"{prefix}{str(n).zfill(width)}"
                for n in holes
                if not re.search(rf"(?<![\d.,]){str(n).zfill(width)}(?![\d.,]\d)", text)
            )
            if not unexplained:
                continue
            first = f"{prefix}{str(numbers[0]).zfill(width)}"
            last = f"{prefix}{str(numbers[-1]).zfill(width)}"
            yield EvidenceGap(
                element=f"Number {unexplained} of the series {first} to {last} ({header}) "
                f"in {doc.filename}",
                current_strength="MISSING",
                recommendation=f"{doc.filename} numbers its records {first} to {last} without "
                f"{unexplained}; obtain the record(s), or the reason they were voided or not "
                "issued.",
                sources=[ref for _, ref in seen[:2]],
            )
            found += 1
            if found >= _MAX_GAPS:
                return
