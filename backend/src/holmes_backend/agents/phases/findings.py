"""The domain outputs the later phases read: this job's, merged with the case's earlier jobs'
when the job builds on them, each rendered once per run (as the findings block synthesis and
the graph read, or the text summary strategy reads), fitted into a request's budget; and the
deterministic union of several outputs of one domain (its workers', or its jobs')."""

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from pydantic import BaseModel

from holmes_backend.agents import regeneration
from holmes_backend.agents.domains.agent import DOMAIN_SCHEMAS
from holmes_backend.agents.spec import AgentSpec
from holmes_backend.llm import budget
from holmes_backend.llm.evidence import render_findings
from holmes_backend.llm.summaries import render_summary

if TYPE_CHECKING:
    from holmes_backend.agents.phases.state import JobRun


class Findings:
    def __init__(self, run: "JobRun") -> None:
        self.run = run
        self.models: dict[str, BaseModel] = {}  # this run's, as the domain agents gave them
        self._outputs: dict[str, BaseModel] | None = None
        # (form, domain) -> (output, its rendering)
        self._rendered: dict[tuple[str, str], tuple[BaseModel, str]] = {}
        # The findings blocks synthesis and the graph both start with (agents.phases.synthesis).
        self.shared: list[str] | None = None

    async def outputs(self) -> dict[str, BaseModel]:
        """This job's domain outputs; an incremental job adds those of the case's earlier jobs,
        so synthesis and the new graph version cover every file, not only the new ones (a
        regeneration has none of its own). What the case already knew is read as corrected.
        Read once per run: nothing changes them once the domains phase is over."""
        if self._outputs is not None:
            return self._outputs
        run = self.run
        states = [run.book.states.get("domains", {})]
        if run.building_on:
            states += await regeneration.earlier_states(run.ctx, run.job)
        outputs: dict[str, BaseModel] = {}
        for domain, schema in DOMAIN_SCHEMAS.items():
            found = (
                [self.models.get(domain) or schema.model_validate(states[0][domain])]
                if states[0].get(domain)
                else []
            )
            found += [schema.model_validate(st[domain]) for st in states[1:] if st.get(domain)]
            if found:
                outputs[domain] = union(found, schema)
        if run.building_on:
            outputs = await regeneration.corrected(run.ctx, outputs)
        self._outputs = outputs
        return outputs

    def fitted(
        self,
        spec: AgentSpec,
        fixed: list[str],
        outputs: dict[str, BaseModel],
        form: str,
        *,
        share: float = 1.0,
    ) -> list[str]:
        """Earlier stages' outputs rendered as `form` ("block": findings blocks, "summary":
        text summaries; an output keyed by a stage, not a domain, as that stage's block) in
        `share` of the request budget left beside the agent's fixed parts, and on a model in a
        digest's size of the evidence (budget.digest_tokens; summaries in SUMMARY_SHARE of it;
        the offline analyst pays nothing for more, and a job that builds on earlier jobs'
        findings has read only its new files, so their size does not bound it): each list cut
        to its strongest items when they would not fit, with a note of how many were left out."""

        def render(key: str, output: BaseModel) -> str:
            if key not in DOMAIN_SCHEMAS:
                return render_findings({"stage": key}, output)
            if outputs.get(key) is output:
                return self.rendering(form, key, output)
            if form == "block":
                return render_findings({"domain": key}, output)
            return render_summary(key, output)

        whole = budget.request_budget_tokens(self.run.ctx.settings)
        room = int(share * whole) - budget.fixed_tokens(spec.instruction, spec.schema, fixed)
        if self.run.on_model and not self.run.building_on:
            share_of_evidence = budget.SUMMARY_SHARE if form == "summary" else budget.DIGEST_SHARE
            room = min(room, budget.digest_tokens(self.run.evidence_tokens(), share_of_evidence))
        kept, left_out = budget.fit_outputs(outputs, render, room)
        parts = [render(key, output) for key, output in kept.items()]
        return [*parts, budget.left_out_note(left_out)] if left_out else parts

    def rendering(self, form: str, domain: str, output: BaseModel) -> str:
        """A domain output rendered once per run (it is read by several phases)."""
        cached = self._rendered.get((form, domain))
        if cached is None or cached[0] is not output:
            text = (
                render_findings({"domain": domain}, output)
                if form == "block"
                else render_summary(domain, output)
            )
            cached = self._rendered[(form, domain)] = (output, text)
        return cached[1]

    async def render_block(self, domain: str, output: BaseModel) -> None:
        """The domain's findings block, made ahead (behind the next request's way out)."""
        self.rendering("block", domain, output)


def union(outputs: list[BaseModel], schema: type[BaseModel]) -> BaseModel:
    """Several outputs of one schema as one: list fields concatenated, duplicates dropped."""
    if len(outputs) == 1:
        return outputs[0]
    merged: dict[str, Any] = {}
    for name in schema.model_fields:
        values = [getattr(o, name) for o in outputs]
        if all(isinstance(v, list) for v in values):
            merged[name] = _distinct(item for value in values for item in value)
        else:
            merged[name] = next((v for v in values if v), values[0])
    return schema.model_validate(merged)


_SCALARS = frozenset((str, int, float, bool, type(None)))


def _distinct(items: Iterable[Any]) -> list[Any]:
    """The items in order, each equal one once. Items are bucketed by their scalar fields and
    compared whole only within a bucket: serialising every item to compare them was most of a
    merge's cost, on the path from the domains' answers to strategy's request."""
    buckets: dict[tuple[Any, ...], list[Any]] = {}
    kept: list[Any] = []
    for item in items:
        if isinstance(item, BaseModel):
            key = (type(item), *[v for v in item.__dict__.values() if v.__class__ in _SCALARS])
        else:
            key = (type(item), repr(item))
        bucket = buckets.get(key)
        if bucket is None:
            buckets[key] = [item]
        elif any(item == other for other in bucket):
            continue
        else:
            bucket.append(item)
        kept.append(item)
    return kept
