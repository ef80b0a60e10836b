"""PRD §4.7 routing: files to every domain scoring at or above the threshold, workers by load."""

import math

from holmes_backend.contracts.agents import DomainAssignment, TriageFile

DOMAINS = ("financial", "legal", "evidence", "strategy")
SINGLE_WORKER_BELOW = 2.0
COMPLEXITY_PER_WORKER = 1.5


def route(files: list[TriageFile], threshold: float) -> list[DomainAssignment]:
    """Each file to every domain scoring at or above the threshold; a file no domain reaches
    goes to its primary domain, so nothing uploaded goes unread (a short letter, a log of
    edits scoring 0.3 everywhere)."""
    assignments: list[DomainAssignment] = []
    reached = {
        f.file_id for f in files if any(getattr(f.domain_scores, d) >= threshold for d in DOMAINS)
    }
    for domain in DOMAINS:
        chosen = [
            f
            for f in files
            if getattr(f.domain_scores, domain) >= threshold
            or (f.primary_domain == domain and f.file_id not in reached)
        ]
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


def unassigned(files: list[TriageFile], assignments: list[DomainAssignment]) -> list[TriageFile]:
    """The files a plan gives to no domain."""
    assigned = {f for a in assignments for f in a.file_ids}
    return [f for f in files if f.file_id not in assigned]


def split(
    file_ids: list[str],
    workers: int,
    related: dict[str, set[str]] | None = None,
    tokens: dict[str, int] | None = None,
) -> list[list[str]]:
    """Share files among workers, keeping related files (one names the other) together for
    cross-document findings: groups, largest first, go to the emptiest worker. Sizes are the
    files' tokens when given, else one per file."""
    parent = {f: f for f in file_ids}

    def root(f: str) -> str:
        while parent[f] != f:
            parent[f] = parent[parent[f]]
            f = parent[f]
        return f

    for f, others in (related or {}).items():
        for other in others:
            if f in parent and other in parent:
                parent[root(f)] = root(other)
    groups: dict[str, list[str]] = {}
    for f in file_ids:
        groups.setdefault(root(f), []).append(f)

    def size(files: list[str]) -> int:
        return sum(tokens.get(f, 1) for f in files) if tokens is not None else len(files)

    shares: list[list[str]] = [[] for _ in range(workers)]
    for group in sorted(groups.values(), key=size, reverse=True):
        min(shares, key=size).extend(group)
    return [share for share in shares if share]
