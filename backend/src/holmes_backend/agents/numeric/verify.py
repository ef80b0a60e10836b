"""The numeric verifiers: one per document, all its statements in one request (one FIGURES
block each), plus one for the lines several statements share. One verifier per statement sent
its document again for every statement, which cost more than the document itself (the bench's
50-file case: 25 requests, 161k input tokens, against 73k evidence tokens).

A verifier's model proposes relations beside the ones the engine finds from the figures; every
relation is evaluated by the engine, never by a model."""

import logging
import uuid

from holmes_backend.agents.numeric.blocks import document, figures_block
from holmes_backend.agents.numeric.specs import verifier_spec
from holmes_backend.agents.numeric.step import step
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.numeric import engine
from holmes_backend.numeric.expr import ExpressionError, parse
from holmes_backend.numeric.relations import Relation
from holmes_backend.numeric.schemas import NumericCheck, StatementRelations, VerifierOutput
from holmes_backend.numeric.schemas import Relation as ProposedRelation

logger = logging.getLogger(__name__)


def readings(plans: list[engine.Plan]) -> list[list[engine.Plan]]:
    """The verifiers to run: each document's statements together (its tables and narrative),
    and the lines across statements (no document) on their own."""
    by_file: dict[str, list[engine.Plan]] = {}
    across: list[list[engine.Plan]] = []
    for plan in plans:
        if plan.doc is None:
            across.append([plan])
        else:
            by_file.setdefault(plan.file_id, []).append(plan)
    return [*by_file.values(), *across]


def _engine_answer(plans: list[engine.Plan], found: list[list[Relation]]) -> VerifierOutput:
    return VerifierOutput(
        statements=[
            StatementRelations(
                statement=plan.name,
                relations=[
                    ProposedRelation(
                        check_type=r.check_type,
                        expression=r.expression,
                        subject=r.subject,
                        period=r.period,
                    )
                    for r in relations
                ],
            )
            for plan, relations in zip(plans, found, strict=True)
        ]
    )


async def verify(
    ctx: PipelineContext,
    number: int,
    plans: list[engine.Plan],
    extracted: engine.Extracted,
    parent: uuid.UUID,
    on_model: bool,
) -> tuple[list[NumericCheck], uuid.UUID | None]:
    """The checks of a document's statements and its verifier's execution. A verifier whose
    model fails (its record says so) still leaves the relations found from the figures,
    evaluated."""
    found = [engine.relations_of(plan, extracted) for plan in plans]
    parts: list[str] | None = None
    if on_model:
        doc = plans[0].doc
        figures = list(extracted.book.figures.values())
        parts = [document(doc, figures)] if doc is not None else []
        parts += [figures_block(extracted, plan) for plan in plans]
    proposed: list[StatementRelations] = []
    execution_id: uuid.UUID | None = None
    try:
        output, execution_id = await step(
            ctx,
            verifier_spec(number),
            parts,
            parent,
            {"file": plans[0].file_id, "statements": [plan.name for plan in plans]},
            lambda: _engine_answer(plans, found),
        )
    except AgentFailedError as exc:
        if parts is None:
            raise
        logger.warning(
            "numeric verifier %d failed, its statements checked without it: %s", number, exc.reason
        )
    else:
        assert isinstance(output, VerifierOutput)
        proposed = output.statements
    known = {r.expression for relations in found for r in relations}
    for answer in proposed:
        for relation in answer.relations:
            index = _statement_of(answer.statement, relation, plans, extracted)
            made = _proposed(relation, plans[index], extracted)
            if made is not None and made.expression not in known:
                found[index].append(made)
                known.add(made.expression)
    book = extracted.book
    return [
        engine.evaluate_relation(r, book, engine.file_of(r, plan, book))
        for plan, relations in zip(plans, found, strict=True)
        for r in relations
    ], execution_id


def _statement_of(
    name: str, relation: ProposedRelation, plans: list[engine.Plan], extracted: engine.Extracted
) -> int:
    """Which of the verifier's statements a proposed relation belongs to: the one the answer
    names, else the table its stated figure sits in, else the narrative (the last)."""
    names = [plan.name for plan in plans]
    if name in names:
        return names.index(name)
    target = extracted.book.figures.get(relation.expression.partition("=")[0].strip())
    for index, plan in enumerate(plans):
        if target is not None and plan.table is not None and plan.table.key == target.table:
            return index
    return len(plans) - 1


def _proposed(
    proposed: ProposedRelation, plan: engine.Plan, extracted: engine.Extracted
) -> Relation | None:
    """A model's relation, if it reads as "<figure> = <expression>" over known figures."""
    target, equals, formula = proposed.expression.partition("=")
    target = target.strip()
    try:
        names = parse(formula).names() if equals else []
    except ExpressionError:
        return None
    figures = extracted.book.figures
    if target not in figures or not names or any(n not in figures for n in [target, *names]):
        return None
    statement = plan.table.title if plan.table else plan.name if plan.doc is None else "narrative"
    return Relation(
        proposed.check_type,
        target,
        " ".join(formula.split()),
        statement,
        proposed.subject,
        proposed.period,
    )
