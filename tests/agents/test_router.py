"""Routing and worker splits (PRD §4.7)."""

from holmes_backend.agents.phases.routing import checked_plan
from holmes_backend.analysis.routing import route, split
from holmes_backend.contracts.agents import DomainAssignment, DomainScores, RoutingPlan, TriageFile


def _file(file_id: str, financial: float, complexity: float) -> TriageFile:
    return TriageFile(
        file_id=file_id,
        filename=f"{file_id}.txt",
        classification="Evidence",
        domain_scores=DomainScores(financial=financial, legal=0.1, evidence=0.5, strategy=0.1),
        complexity_score=complexity,
        primary_domain="financial",
    )


def test_route_by_threshold_and_workers_by_complexity() -> None:
    files = [_file(f"f{i}", 0.9 if i < 5 else 0.2, 0.9) for i in range(8)]
    plan = {a.domain: a for a in route(files, 0.4)}
    assert plan["financial"].file_ids == [f"f{i}" for i in range(5)]
    assert plan["financial"].workers == 3  # ceil(4.5 / 1.5)
    assert plan["evidence"].workers == 5  # ceil(7.2 / 1.5)
    assert "legal" not in plan
    assert plan["strategy"].file_ids == []
    small = {a.domain: a for a in route(files[:2], 0.4)}
    assert small["financial"].workers == 1  # complexity 1.8 < 2.0


def test_split_keeps_related_files_in_one_worker() -> None:
    ids = [f"f{i}" for i in range(8)]
    shares = split(ids, 3, {"f0": {"f7"}, "f3": {"f5", "f6"}})
    assert sorted(f for share in shares for f in share) == ids
    assert len(shares) == 3
    by_file = {f: i for i, share in enumerate(shares) for f in share}
    assert by_file["f0"] == by_file["f7"]
    assert by_file["f3"] == by_file["f5"] == by_file["f6"]
    assert max(len(s) for s in shares) - min(len(s) for s in shares) <= 1


def test_split_without_relations_spreads_evenly() -> None:
    shares = split([f"f{i}" for i in range(7)], 3)
    assert sorted(len(s) for s in shares) == [2, 2, 3]


def test_a_file_no_domain_reaches_goes_to_its_primary_domain() -> None:
    letter = TriageFile(
        file_id="letter",
        filename="letter.docx",
        classification="Legal/Contract",
        domain_scores=DomainScores(financial=0.0, legal=0.28, evidence=0.1, strategy=0.0),
        complexity_score=0.3,
        primary_domain="legal",
    )
    files = [_file("ledger", 0.9, 0.5), letter]
    plan = {a.domain: a for a in route(files, 0.4)}
    assert plan["legal"].file_ids == ["letter"]
    assert "letter" not in plan["evidence"].file_ids  # reached nowhere else: its primary only
    assert plan["financial"].file_ids == ["ledger"]
    assert plan["evidence"].file_ids == ["ledger"]


def test_a_models_plan_that_leaves_a_file_out_gives_it_to_its_primary_domain() -> None:
    files = [_file("a", 0.9, 0.5), _file("b", 0.9, 0.5)]
    plan = RoutingPlan(
        assignments=[
            DomainAssignment(domain="financial", file_ids=["a"], complexity=0.5, workers=1),
            DomainAssignment(domain="evidence", file_ids=["a"], complexity=0.5, workers=1),
        ],
        reasoning="a only",
    )
    checked = {a.domain: a for a in checked_plan(plan, files).assignments}
    assert checked["financial"].file_ids == ["a", "b"]  # b's primary domain
    assert checked["evidence"].file_ids == ["a"]
