"""PRD §4.7 routing: files to every domain scoring at or above the threshold, workers by load."""

import math

from holmes_backend.agents.schemas import DomainAssignment, TriageFile

DOMAINS = ("financial", "legal", "evidence", "strategy")
SINGLE_WORKER_BELOW = 2.0
COMPLEXITY_PER_WORKER = 1.5


def route(files: list[TriageFile], threshold: float) -> list[DomainAssignment]:
    assignments: list[DomainAssignment] = []
    for domain in DOMAINS:
        chosen = [f for f in files if getattr(f.domain_scores, domain) >= threshold]
        if domain != "strategy" and not chosen:
            continue
        complexity = round(sum(f.complexity_score for f in chosen), 3)
        workers = (
            1 if complexity < SINGLE_WORKER_BELOW else math.ceil(complexity / COMPLEXITY_PER_WORKER)
        )
        assignments.append(
            DomainAssignment(
                domain=domain,
                file_ids=[f.file_id for f in chosen],
                complexity=complexity,
                workers=min(workers, max(1, len(chosen))),
            )
        )
    return assignments


def split(file_ids: list[str], workers: int) -> list[list[str]]:
    """Round-robin split, so each worker gets a similar share."""
    return [file_ids[i::workers] for i in range(workers) if file_ids[i::workers]]
