"""The numeric verifiers: each document's statements in one request (one FIGURES block each),
the lines several statements share in one of their own, and on a model consecutive documents
together up to VERIFIER_TOKENS. One verifier per statement sent its document again for every
statement, which cost more than the document itself (the bench's 50-file case: 25 requests,
161k input tokens, against 73k evidence tokens); one per document sent its instruction 20 times,
half of what the verifiers sent.

A verifier's model proposes relations beside the ones the engine finds from the figures; every
relation is evaluated by the engine, never by a model."""

import logging
import uuid

from holmes_backend.agents.numeric.blocks import document, figures_block
from holmes_backend.agents.numeric.specs import verifier_spec
from holmes_backend.agents.numeric.step import step
from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.llm import budget
from holmes_backend.numeric import engine
from holmes_backend.numeric.expr import ExpressionError, parse
from holmes_backend.numeric.relations import Relation
from holmes_backend.numeric.schemas import NumericCheck, StatementRelations, VerifierOutput
from holmes_backend.numeric.schemas import Relation as ProposedRelation

logger = logging.getLogger(__name__)


# The most tokens of documents and figures one verifier reads on a model: its answer lists every
# relation of every statement it reads, and must stay well short of its output limit.
VERIFIER_TOKENS = 8_000


def readings(
    plans: list[engine.Plan], extracted: engine.Extracted, on_model: bool
) -> list[list[engine.Plan]]:
    """The verifiers to run: each document's statements together (its tables and narrative),
    the lines across statements (no document) on their own; on a model, consecutive
    documents' statements together while their parts stay under VERIFIER_TOKENS."""
    by_file: dict[str, list[engine.Plan]] = {}
    across: list[list[engine.Plan]] = []
    for plan in plans:
        if plan.doc is None:
            across.append([plan])
        else:
            by_file.setdefault(plan.file_id, []).append(plan)
    if not on_model:
        return [*by_file.values(), *across]
    packed: list[list[engine.Plan]] = []
    tokens = 0
    for group in by_file.values():
        size = budget.estimate_tokens("\n".join(parts(group, extracted)))
        if packed and tokens + size <= VERIFIER_TOKENS:
            packed[-1] += group
            tokens += size
        else:
            packed.append(list(group))
            tokens = size
    return [*packed, *across]


def parts(plans: list[engine.Plan], extracted: engine.Extracted) -> list[str]:
    """A verifier's request: each document's sentences that state figures, then its
    statements' FIGURES blocks (the lines across statements: their blocks alone)."""
    figures = list(extracted.book.figures.values())
    made: list[str] = []
    shown: set[str] = set()
    for plan in plans:
        if plan.doc is not None and plan.file_id not in shown:
            shown.add(plan.file_id)
            made.append(document(plan.doc, figures))
        made.append(figures_block(extracted, plan))
    return made


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
    sent = parts(plans, extracted) if on_model else None
    files = list(dict.fromkeys(plan.file_id for plan in plans))
    proposed: list[StatementRelations] = []
    execution_id: uuid.UUID | None = None
    try:
        output, execution_id = await step(
            ctx,
            verifier_spec(number),
            sent,
            parent,
            {"files": files, "statements": [plan.name for plan in plans]},
            lambda: _engine_answer(plans, found),
        )
    except AgentFailedError as exc:
        if sent is None:
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
    """Which of the verifier's statements a proposed relation belongs to: the table its stated
    figure sits in (figure ids are the case's, while statements of several documents may share
    a title), else the statement the answer names, else its figure's document's narrative,
    else the last."""
    target = extracted.book.figures.get(relation.expression.partition("=")[0].strip())
    if target is not None and target.table:
        for index, plan in enumerate(plans):
            if plan.table is not None and plan.table.key == target.table:
                return index
    names = [plan.name for plan in plans]
    if name in names:
        return names.index(name)
    for index, plan in enumerate(plans):
        narrative = plan.doc is not None and plan.table is None
        if target is not None and narrative and plan.file_id == target.file_id:
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
