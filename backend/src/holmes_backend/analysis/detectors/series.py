"""Missing numbers in a series: invoices, cheques or other numbered records of one series
with a number the case's records skip, and payments that cite an invoice the case lacks."""

from collections.abc import Iterable

from holmes_backend.agents.schemas import EvidenceGap
from holmes_backend.analysis.domains.gaps import invoice_gaps
from holmes_backend.analysis.engine import CaseFacts, detector


@detector("series", phase="gaps", requires={"view"}, produces=EvidenceGap)
def series(facts: CaseFacts) -> Iterable[EvidenceGap]:
    return invoice_gaps(facts.view)
