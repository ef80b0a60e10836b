"""Scheduled acts a record leaves unrecorded: a medication chart's 22:00 dose with no time given
and no one giving it, a patrol sheet's 03:00 round with no initials, a checklist's item with no
sign-off, where the chart's other rows record theirs.

A row counts when it has a field of what was scheduled ("Scheduled", "Due", "Planned time")
and lacks every field the table's other rows use to record the act done ("Administered at",
"Given by", "Completed", "Signed", "Initials"), which at least two of its other rows fill in.
One evidence finding per file, citing each such row (MEDIUM: the act may have been done and not
written down, which is itself what the record exists to prevent)."""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.facts.cells import row_fields
from holmes_backend.llm.local.facts.text import Unit, units

NOT_RECORDED_DONE = "not_recorded_done"
_SCHEDULED = re.compile(
    r"^\s*(?:scheduled|due|planned|expected)(?:\s+(?:time|at|date|for))?\s*$", re.I
)
_DONE = re.compile(
    r"^\s*(?:(?:administered|given|completed|done|performed|checked|signed|actual)(?:\s+(?:at|by|"
    r"time|on))?|time\s+(?:given|done|completed)|initials|sign(?:ature|ed\s+off)?|by)\s*$",
    re.IGNORECASE,
)
_MIN_DONE_ROWS = 2
_MAX_ROWS = 50


def not_recorded_done(doc: EvidenceDoc) -> list[Finding]:
    rows = [(u, row_fields(u.text)) for u in units(doc) if u.kind == "row"]
    scheduled = [(u, f) for u, f in rows if any(_SCHEDULED.match(k) for k in f)]
    done_keys = {k for _, f in scheduled for k in f if _DONE.match(k)}
    if not done_keys:
        return []
    missing: list[tuple[Unit, dict[str, str]]] = []
    done_rows = 0
    for unit, fields in scheduled:
        if any(k in done_keys and v.strip() for k, v in fields.items()):
            done_rows += 1
        else:
            missing.append((unit, fields))
    if not missing or done_rows < _MIN_DONE_ROWS:
        return []
    first_unit, first = missing[0]
    when = "; ".join(
        f"{k}: {v}" for k, v in first.items() if _SCHEDULED.match(k) or "date" in k.lower()
    )
    return [
        Finding(
            finding_type=NOT_RECORDED_DONE,
            title=f"{len(missing)} scheduled {'entry' if len(missing) == 1 else 'entries'} in "
            f"{doc.filename} not recorded as done",
            summary=(
                f"No {', '.join(sorted(done_keys))} recorded, where {done_rows} other row(s) "
                f"record theirs. First: {when or first_unit.text[:160]}"
            ),
            confidence=0.7,
            severity="MEDIUM",
            sources=[u.ref for u, _ in missing[:_MAX_ROWS]],
        )
    ]
