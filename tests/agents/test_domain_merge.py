"""The per-domain merge of PRD §4.7 on the model, against the fake Gemini server.

With a small request budget, a domain's files are read in several work units (its workers); the
domain's output is then its merge agent's plan ("<domain>_synthesis") applied by code: the
model is sent compact rows (id, kind, one line, the places cited) of the items several workers
may share, never their whole JSON, and answers which rows are the same and which disagree. The
fake model merges what the local analyst would and, in each request, also declares one pair of
rows the same and another pair in disagreement, so the stored findings show the plan applied.
"""

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from holmes_backend.agents.domains import merge as domain_merge
from holmes_backend.agents.phases.findings import union as merge_outputs
from holmes_backend.contracts.agents import (
    Disagreement,
    DomainMergePlan,
    FinancialOutput,
    Finding,
    HypothesisAssessment,
    SameItems,
    SourceRef,
)
from holmes_backend.demo import write_synthetic_case
from holmes_backend.demo.formats import mime_type_of
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import agent_runs, wait_done
from tests.fake_gemini import FakeGemini, JsonDict, Reply, Step, text
from tests.gemini_support import (
    FLASH_MODEL,
    MERGE_PREFIX,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    merge_domain_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

BUDGET = 12_000
MARK = "[disagreement marked by the fake] "
# Per merge request: the pair of findings rows the fake declared the same, and the pair it
# declared in disagreement (each a pair of rows, kept first).
PLANNED: list[dict[str, Any]] = []


def _pair(rows: list[dict[str, Any]], taken: set[str]) -> tuple[dict[str, Any], ...] | None:
    """Two findings rows of different workers with different lines, the second citing a place
    the first does not."""
    findings = [r for r in rows if r["id"].split(".")[1] == "findings" and r["id"] not in taken]
    for first in findings:
        for second in findings:
            if (
                first["id"].split(".")[0] != second["id"].split(".")[0]
                and first["says"] != second["says"]
                and set(second["cites"]) - set(first["cites"])
            ):
                return first, second
    return None


def responder(model: str, body: JsonDict) -> Step | None:
    schema = pipeline_schema(instruction_of(body))
    output = analyse(schema, body).output
    if isinstance(output, DomainMergePlan):
        rows = [row for block in parse_blocks(user_text_of(body))[1] for row in block.data]
        taken = {i for group in output.same for i in group.ids}
        planned: dict[str, Any] = {"rows": rows}
        if same := _pair(rows, taken):
            output.same.append(SameItems(ids=[r["id"] for r in same]))
            planned["same"] = same
            taken |= {r["id"] for r in same}
        if apart := _pair(rows, taken):
            note = MARK + f"{apart[0]['says']} against {apart[1]['says']}"
            output.disagreements.append(Disagreement(ids=[r["id"] for r in apart], note=note))
            planned["apart"] = apart
        PLANNED.append(planned)
    return Reply(parts=[text(output.model_dump_json())])


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="merge-key") as served:
        yield served


@pytest.fixture(scope="module")
def server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("merge-data"),
        fake_url=fake[1],
        api_key="merge-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_request_budget_tokens=BUDGET,
        triage_preview_tokens=300,
    ) as live:
        yield live


def test_merge_groups_keep_each_request_under_the_room() -> None:
    assert domain_merge.groups([10, 10, 10], 30) == [[0, 1, 2]]
    assert domain_merge.groups([10, 15, 10, 25], 30) == [[0, 1], [2], [3]]
    assert domain_merge.groups([40, 5, 5], 30) == [[0], [1, 2]]  # over the room: alone


async def test_a_domain_read_in_several_units_is_merged_by_the_model_under_the_budget(
    server: LiveServer, fake: tuple[FakeGemini, str], tmp_path: Path
) -> None:
    gemini = fake[0]
    first = len(gemini.requests)
    PLANNED.clear()
    paths = sorted(write_synthetic_case(tmp_path / "case", 16, 5))
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "merge@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=server.base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "merge"})).json()["id"]
        files = [("files", (p.name, p.read_bytes(), mime_type_of(p.name))) for p in paths]
        assert (await client.post(f"/api/cases/{case_id}/files", files=files)).status_code == 201
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=600)
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()

    assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
    requests = gemini.requests[first:]
    merges = [r for r in requests if instruction_of(r.body).startswith(MERGE_PREFIX)]
    assert merges, "no domain was read in several units: lower BUDGET"
    assert max(r.prompt_tokens for r in merges) <= BUDGET
    names = {a["agent_name"]: a for a in agents}
    merged_domains = set()
    for request in merges:
        domain = merge_domain_of(instruction_of(request.body))
        merged_domains.add(domain)
        (block,) = parse_blocks(user_text_of(request.body))[1]
        assert block.header["domain"] == domain
        # Compact rows, never a worker's JSON, from at least two workers.
        assert all(set(row) == {"id", "kind", "says", "cites"} for row in block.data)
        assert len({row["id"].split(".")[0] for row in block.data}) >= 2
        assert all(len(row["says"]) <= 160 for row in block.data)
        workers = [n for n in names if n.startswith(f"{domain}_worker_")]
        assert len(workers) >= 2
        # "<domain>_synthesis", or "<domain>_synthesis_<round>_<group>" when the rows do not
        # fit one request together.
        mergers = [a for n, a in names.items() if n.startswith(f"{domain}_synthesis")]
        assert mergers
        assert all(a["status"] == "COMPLETED" for a in mergers)
    # A domain read in one unit has no merge.
    for domain in {"financial", "legal", "evidence", "strategy"} - merged_domains:
        assert f"{domain}_synthesis" not in names
    assert json.dumps(status["job"]["errors"]).count("_synthesis") == 0

    # The plans were applied by code to the workers' items.
    stored = [f for f in findings if f["finding_type"] != "numeric_mismatch"]
    same = [p["same"] for p in PLANNED if "same" in p]
    apart = [p["apart"] for p in PLANNED if "apart" in p]
    assert same, "no merge request had two findings rows to plan on"
    assert apart, "no merge request had two findings rows left to plan on"
    for kept, dropped in same:
        # The kept item carries the places of both (as rows show them: at least as many).
        holders = [f for f in stored if f["title"].startswith(kept["says"][:60])]
        assert holders, kept
        assert max(len(f["content"]["sources"]) for f in holders) >= len(
            set(kept["cites"]) | set(dropped["cites"])
        )
    for pair in apart:
        for row in pair:
            noted = [f for f in stored if f["title"].startswith(row["says"][:60])]
            assert any(MARK in f["summary"] for f in noted), row


def _finding(title: str, file_id: str, line: int, entity: str = "Acme Ltd") -> Finding:
    return Finding(
        finding_type="payment",
        title=title,
        summary=f"{title}.",
        confidence=0.6,
        severity="LOW",
        entities=[entity],
        sources=[SourceRef(file_id=file_id, line=line, excerpt=f"line {line}")],
    )


def test_only_items_that_may_overlap_are_rows_and_a_plan_is_applied_by_code() -> None:
    one = FinancialOutput(
        findings=[_finding("Paid 5,000 to Acme", "f-a", 3), _finding("Lunch", "f-a", 9, "Bob")],
        counterparties=["Acme Ltd"],
    )
    two = FinancialOutput(
        findings=[
            _finding("Acme paid 5,000", "f-b", 4).model_copy(update={"severity": "HIGH"}),
            _finding("Payment of 5,100 to Acme", "f-b", 7),
            _finding("Taxi", "f-c", 2, "Carol"),
        ],
        counterparties=["Acme Ltd", "Bank"],
    )
    files: dict[str, str] = {}
    rows = [*domain_merge.rows_of(1, one, files), *domain_merge.rows_of(2, two, files)]
    shared = domain_merge.overlapping(rows)
    # Acme's three findings, from two workers, may be one; lunch (Bob) and taxi (Carol) may not.
    assert [r.id for r in shared] == ["1.findings.0", "2.findings.0", "2.findings.1"]
    assert shared[0].cites == ("F1 l3",)
    plan = DomainMergePlan(
        same=[
            SameItems(ids=["1.findings.0", "2.findings.0"]),
            SameItems(ids=["1.findings.0", "1.findings.1"]),  # one worker: kept
            SameItems(ids=["9.findings.0", "2.findings.9"]),  # no such items
        ],
        disagreements=[Disagreement(ids=["1.findings.0", "2.findings.1"], note="5,000 or 5,100")],
    )
    merged = domain_merge.apply(plan, [one, two], FinancialOutput, merge_outputs)
    assert isinstance(merged, FinancialOutput)
    titles = [f.title for f in merged.findings]
    assert titles == ["Paid 5,000 to Acme", "Lunch", "Payment of 5,100 to Acme", "Taxi"]
    kept = merged.findings[0]
    assert [(s.file_id, s.line) for s in kept.sources] == [("f-a", 3), ("f-b", 4)]
    assert kept.severity == "HIGH"
    assert kept.summary.endswith("Disagreement: 5,000 or 5,100")
    assert merged.findings[2].summary.endswith("Disagreement: 5,000 or 5,100")
    assert merged.counterparties == ["Acme Ltd", "Bank"]
    # The workers' outputs are left as they were.
    assert len(one.findings[0].sources) == 1


def test_opposite_stances_on_a_hypothesis_are_never_one_item() -> None:
    def assessed(stance: str, line: int) -> HypothesisAssessment:
        return HypothesisAssessment(
            hypothesis="Acme was paid twice",
            stance=stance,  # type: ignore[arg-type]
            rationale="r",
            sources=[SourceRef(file_id="f", line=line, excerpt="x")],
        )

    one = FinancialOutput(hypotheses=[assessed("supports", 1)])
    two = FinancialOutput(hypotheses=[assessed("contradicts", 2), assessed("supports", 3)])
    rows = domain_merge.overlapping(
        [*domain_merge.rows_of(1, one, {}), *domain_merge.rows_of(2, two, {})]
    )
    assert len(rows) == 3
    plan = DomainMergePlan(
        same=[
            SameItems(ids=["1.hypotheses.0", "2.hypotheses.0"]),
            SameItems(ids=["1.hypotheses.0", "2.hypotheses.1"]),
        ]
    )
    merged = domain_merge.apply(plan, [one, two], FinancialOutput, merge_outputs)
    assert isinstance(merged, FinancialOutput)
    assert [(h.stance, len(h.sources)) for h in merged.hypotheses] == [
        ("supports", 2),
        ("contradicts", 1),
    ]
