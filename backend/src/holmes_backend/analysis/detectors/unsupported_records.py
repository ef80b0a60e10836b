"""Records a pattern or payment rests on that the case lacks: bank records behind a payment
pattern, the basis for payments to a counterparty, receipts for claimed expenses, and the
chain of custody of a recording (only when the case keeps custody records at all)."""

from collections.abc import Iterable

from holmes_backend.agents.schemas import EvidenceGap
from holmes_backend.analysis.domains.gaps import (
    counterparty_gaps,
    custody_gaps,
    money_gaps,
    receipt_gaps,
)
from holmes_backend.analysis.engine import CaseFacts, detector


@detector("unsupported_records", phase="gaps", requires={"view"}, produces=EvidenceGap)
def unsupported_records(facts: CaseFacts) -> Iterable[EvidenceGap]:
    yield from money_gaps(facts.view)
    yield from counterparty_gaps(facts.view)
    yield from receipt_gaps(facts.view)
    yield from custody_gaps(facts.view)
