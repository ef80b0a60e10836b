"""Corrections (PRD §3.3, §4.13): a user flags a wrong value, the verification agent checks it
against the sources the item cites, and a confirmed correction changes the case knowledge.

- submit: the target must exist in the case and state the original value; the case must have a
  graph and no processing running. The verification agent answers CONFIRMED, REJECTED or
  AMBIGUOUS. Every verdict is stored (so it is listed) and announced (CORRECTION_VERIFIED). A
  CONFIRMED one is applied at once; a REJECTED or AMBIGUOUS one changes nothing.
- apply (the merge step): a new graph version with the value rewritten where the target's fact
  is stated and the items that draw on it marked stale; each finding stating it is superseded by
  a corrected copy (`superseded_by`), findings drawing on it turn `stale`; GRAPH_UPDATED and
  STALE_ITEMS_MARKED are recorded. Applying on request is for an AMBIGUOUS verdict the user
  stands by; applying an applied correction again returns it unchanged; a REJECTED one is
  refused (409): the source contradicts it, so the user should submit a new correction.
- a chat message is corrected through what it cites: the items resting on its citations that
  state the value are corrected, the message itself stays as it was said.
- delete: a correction not applied is removed. An applied one is reverted first (a new graph
  version restoring the one before it, the superseded findings current again, stale ones
  restored), provided nothing has changed the graph since; otherwise 409.

Everything a request changes (the correction, the graph version, findings and events) commits
together, in the request's transaction. The agent runs before the first write, on sessions of
its own.
"""

import logging
import uuid
from dataclasses import dataclass
from typing import Any

from sqlalchemy.exc import IntegrityError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents.runner import AgentFailedError, PipelineContext
from holmes_backend.agents.verification import agent as verification_agent
from holmes_backend.agents.verification.apply import FindingView, Plan, plan
from holmes_backend.agents.verification.items import (
    GRAPH_LISTS,
    citations,
    holds,
    places,
)
from holmes_backend.agents.verification.kept import applied_for_case, graph_lists, what_corrected
from holmes_backend.db.types import utcnow
from holmes_backend.events import log as event_service
from holmes_backend.events.hub import EventHub
from holmes_backend.extraction.errors import ExtractionError
from holmes_backend.extraction.loading import load_extraction
from holmes_backend.extraction.models import Chunk
from holmes_backend.llm.passages import Passage, passages
from holmes_backend.models import Correction, File, Finding, KnowledgeGraph
from holmes_backend.numeric.compare import compare_values as compare
from holmes_backend.numeric.compare import read_value
from holmes_backend.repositories import corrections as correction_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import findings as finding_repo
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_backend.runtime import Runtime
from holmes_backend.services.cases import require_case
from holmes_backend.storage import Storage
from holmes_shared.enums import FindingStatus, VerificationStatus
from holmes_shared.errors import (
    ConflictError,
    ErrorCode,
    HolmesError,
    NotFoundError,
    ValidationFailedError,
)
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)

# Target type → the graph list its items live in (findings and messages are rows).
TARGET_LISTS: dict[str, tuple[str, ...]] = {
    **{kind: (name,) for name, kind in GRAPH_LISTS.items()},
    "insight": ("contradictions", "evidence_gaps", "cross_modal_links"),
}
_FINDING_FACTS = ("title", "summary", "content", "entities", "relationships", "cross_modal_links")
_AGENT = {
    "agent_id": verification_agent.SPEC.name,
    "agent_type": verification_agent.SPEC.agent_type,
}


class VerificationUnavailableError(HolmesError):
    status_code = 503
    code = ErrorCode.SYSTEM_ERROR
    recoverable = True
    suggested_action = "retry the correction"


@dataclass
class Target:
    type: str
    id: str
    facts: Any  # the fields that state the item's facts
    refs: list[dict[str, Any]]  # the citations it rests on
    graph_list: str | None = None
    finding: Finding | None = None


# --- reading ----------------------------------------------------------------------------------


async def _processed_graph(session: AsyncSession, case_id: uuid.UUID) -> KnowledgeGraph:
    if await job_repo.active_for_case(session, case_id) is not None:
        raise ConflictError(
            "The case is being processed; corrections wait until processing has finished.",
            details={"case_id": str(case_id)},
            suggested_action="wait for processing to finish, then retry",
        )
    graph = await graph_repo.latest(session, case_id)
    if graph is None:
        raise ConflictError(
            "The case has not been processed yet, so there is nothing to correct.",
            details={"case_id": str(case_id)},
            suggested_action="process the case",
        )
    return graph


def _not_found(target_type: str, target_id: str) -> NotFoundError:
    label = target_type.replace("_", " ").capitalize()
    return NotFoundError(
        f"{label} not found in this case.",
        details={"target_type": target_type, "target_id": target_id},
        suggested_action="check the target type and id",
    )


def _uuid(target_type: str, target_id: str) -> uuid.UUID:
    try:
        return uuid.UUID(target_id)
    except ValueError:
        raise _not_found(target_type, target_id) from None


def finding_facts(finding: Finding) -> dict[str, Any]:
    return {name: getattr(finding, name) for name in _FINDING_FACTS}


def finding_refs(finding: Finding) -> list[dict[str, Any]]:
    refs = list(citations(finding.source_location)) + list(citations(finding.content))
    if not refs and finding.file_id is not None:
        refs = [{"file_id": str(finding.file_id)}]
    return refs


async def _target(
    session: AsyncSession,
    *,
    case_id: uuid.UUID,
    owner_id: uuid.UUID,
    graph: KnowledgeGraph,
    target_type: str,
    target_id: str,
) -> Target:
    if target_type == "finding":
        finding = await finding_repo.get_in_case(session, case_id, _uuid(target_type, target_id))
        if finding is None:
            raise _not_found(target_type, target_id)
        if finding.superseded_by is not None or finding.status == FindingStatus.SUPERSEDED:
            raise ConflictError(
                "This finding has been superseded; correct the finding that replaced it.",
                details={
                    "finding_id": target_id,
                    "superseded_by": str(finding.superseded_by) if finding.superseded_by else None,
                },
                suggested_action="correct the current finding",
            )
        return Target(
            target_type, target_id, finding_facts(finding), finding_refs(finding), None, finding
        )
    if target_type == "message":
        message = await correction_repo.chat_message(
            session,
            message_id=_uuid(target_type, target_id),
            case_id=case_id,
            user_id=owner_id,
        )
        if message is None:
            raise _not_found(target_type, target_id)
        return Target(target_type, target_id, {"content": message.content}, list(message.citations))
    for name in TARGET_LISTS[target_type]:
        for item in getattr(graph, name):
            if isinstance(item, dict) and str(item.get("id")) == target_id:
                return Target(target_type, target_id, item, list(citations(item)), name)
    raise _not_found(target_type, target_id)


def _check_values(target: Target, original: str, proposed: str) -> None:
    if compare(original, proposed, "").same_value:
        raise ValidationFailedError(
            "The proposed value is the same as the original one.",
            details={"original_value": original, "proposed_value": proposed},
        )
    if not holds(target.facts, read_value(original)):
        raise ValidationFailedError(
            "The target does not state the original value; quote the value as the item shows it.",
            details={
                "target_type": target.type,
                "target_id": target.id,
                "original_value": original,
            },
        )


async def _chunks(storage: Storage, file: File) -> list[Chunk]:
    try:
        return (await load_extraction(storage, file)).chunks
    except (ExtractionError, FileNotFoundError):
        return []  # an unreadable file has no passages; the citation's own excerpt stands in


async def _context(
    session: AsyncSession, storage: Storage, case_id: uuid.UUID, refs: list[dict[str, Any]]
) -> tuple[list[dict[str, Any]], list[Passage]]:
    """The target's citations of the case's own files, and the passages they point at."""
    wanted: set[uuid.UUID] = set()
    for ref in refs:
        try:
            wanted.add(uuid.UUID(str(ref["file_id"])))
        except ValueError:
            continue
    files = [f for f in await file_repo.get_many(session, list(wanted)) if f.case_id == case_id]
    known = {str(f.id): f for f in files}
    kept = [ref for ref in refs if str(ref["file_id"]) in known]
    chunks = {file_id: await _chunks(storage, file) for file_id, file in known.items()}
    names = {file_id: file.filename for file_id, file in known.items()}
    return kept, passages(kept, chunks, names)


# --- submitting -------------------------------------------------------------------------------


async def submit(
    session: AsyncSession,
    *,
    runtime: Runtime,
    owner_id: uuid.UUID,
    case_id: uuid.UUID,
    target_type: str,
    target_id: str,
    original_value: str,
    proposed_value: str,
    justification: str,
) -> Correction:
    await require_case(session, case_id, owner_id)
    graph = await _processed_graph(session, case_id)
    target = await _target(
        session,
        case_id=case_id,
        owner_id=owner_id,
        graph=graph,
        target_type=target_type,
        target_id=target_id,
    )
    _check_values(target, original_value, proposed_value)
    refs, context = await _context(session, runtime.storage, case_id, target.refs)
    check = verification_agent.CorrectionCheck(
        target_type=target_type,
        target_id=target_id,
        target=target.facts,
        original_value=original_value,
        proposed_value=proposed_value,
        justification=justification,
        passages=context,
    )
    ctx = PipelineContext(
        settings=runtime.settings,
        session_factory=runtime.session_factory,
        hub=runtime.hub,
        case_id=case_id,
        job_id=None,
    )
    try:
        verified = await verification_agent.verify(ctx, check)
    except AgentFailedError as exc:
        logger.warning("verification failed: %s", exc.reason)
        raise VerificationUnavailableError(
            "The verification agent could not check the correction; nothing was changed.",
            details={"target_type": target_type, "target_id": target_id},
        ) from exc
    output = verified.output
    evidence = [
        _citation(ref.model_dump(mode="json", exclude_none=True)) for ref in output.evidence
    ]
    correction = await correction_repo.add(
        session,
        Correction(
            case_id=case_id,
            user_id=owner_id,
            target_type=target_type,
            target_id=target_id,
            original_value=original_value,
            corrected_value=proposed_value,
            user_justification=justification,
            verification_status=VerificationStatus(output.verdict),
            verification_evidence={
                "reasoning": output.reasoning,
                "evidence": evidence,
                "original_in_source": output.original_in_source,
                "proposed_in_source": output.proposed_in_source,
                "confidence": output.confidence,
                "kind": compare(original_value, proposed_value, "").kind,
                "cited": [_citation(ref) for ref in refs],
                "execution_id": str(verified.execution_id),
                "thoughts": verified.thoughts,
                "changes": None,
            },
        ),
    )
    await _record(
        session,
        runtime,
        case_id,
        EventType.CORRECTION_VERIFIED,
        {
            "correction_id": str(correction.id),
            "verdict": output.verdict,
            "target_type": target_type,
            "target_id": target_id,
            "original_value": original_value,
            "proposed_value": proposed_value,
            "reasoning": output.reasoning,
            "evidence": evidence,
        },
        **_AGENT,
    )
    if output.verdict == VerificationStatus.CONFIRMED:
        await _apply(session, runtime=runtime, owner_id=owner_id, correction=correction)
    return correction


def _citation(ref: dict[str, Any]) -> dict[str, Any]:
    """PRD §6 citation shape: {file_id, location, excerpt}."""
    location = ref.get("location") if isinstance(ref.get("location"), dict) else ref
    assert isinstance(location, dict)
    fields = ("page", "line", "row", "sheet", "cue_start", "cue_end", "bbox")
    return {
        "file_id": str(ref["file_id"]),
        "location": {k: location[k] for k in fields if location.get(k) is not None},
        "excerpt": str(ref.get("excerpt") or ""),
    }


async def _record(
    session: AsyncSession,
    runtime: Runtime,
    case_id: uuid.UUID,
    kind: EventType,
    payload: dict[str, Any],
    agent_id: str | None = None,
    agent_type: str | None = None,
) -> None:
    await event_service.record(
        session,
        hub=runtime.hub,
        case_id=case_id,
        type=kind,
        payload=payload,
        agent_id=agent_id,
        agent_type=agent_type,
    )


# --- applying (the merge step) ----------------------------------------------------------------


async def _add_version(session: AsyncSession, graph: KnowledgeGraph) -> KnowledgeGraph:
    try:
        return await graph_repo.add_version(session, graph)
    except IntegrityError as exc:
        raise ConflictError(
            "The knowledge graph changed while the correction was applied; try again.",
            details={"case_id": str(graph.case_id)},
            suggested_action="retry",
        ) from exc


async def _apply(
    session: AsyncSession, *, runtime: Runtime, owner_id: uuid.UUID, correction: Correction
) -> None:
    case_id = correction.case_id
    graph = await _processed_graph(session, case_id)
    try:
        target = await _target(
            session,
            case_id=case_id,
            owner_id=owner_id,
            graph=graph,
            target_type=correction.target_type,
            target_id=correction.target_id,
        )
    except NotFoundError as exc:
        raise ConflictError(
            "The corrected item is no longer part of the case knowledge.",
            details=exc.details,
            suggested_action="flag the correction again on the current item",
        ) from exc
    original = read_value(str(correction.original_value))
    proposed = read_value(str(correction.corrected_value))
    if not holds(target.facts, original):
        raise ConflictError(
            "The corrected item no longer states the original value.",
            details={"target_type": target.type, "target_id": target.id},
            suggested_action="flag the correction again on the current item",
        )
    current = list(await finding_repo.current_for_case(session, case_id))
    by_id = {f.id: f for f in current}
    correction_id = str(correction.id)
    changes = plan(
        graph=graph_lists(graph),
        findings=[FindingView(f.id, finding_facts(f), places(finding_refs(f))) for f in current],
        target_list=target.graph_list,
        target_id=target.id,
        target_finding=target.finding.id if target.finding is not None else None,
        corrected_places=places(target.refs),
        original=original,
        proposed=proposed,
        correction_id=correction_id,
    )
    before = graph.version
    new_graph = await _add_version(
        session,
        KnowledgeGraph(
            case_id=case_id,
            **changes.graph,
            change={
                "kind": "correction",
                "correction_id": correction_id,
                "target_type": target.type,
                "target_id": target.id,
            },
        ),
    )
    superseded, stale_findings = await _change_findings(session, changes, by_id)
    record = {
        "graph_version_before": before,
        "graph_version_after": new_graph.version,
        "corrected_items": changes.corrected_items,
        "stale_items": changes.stale_items,
        "superseded_findings": superseded,
        "stale_findings": stale_findings,
    }
    correction.verification_evidence = {
        **(correction.verification_evidence or {}),
        "changes": record,
    }
    correction.applied_at = utcnow()
    await session.flush()
    await _record(
        session,
        runtime,
        case_id,
        EventType.GRAPH_UPDATED,
        {
            "version": new_graph.version,
            "nodes": len(new_graph.nodes),
            "edges": len(new_graph.edges),
            "reason": "correction",
            "correction_id": correction_id,
        },
    )
    await _record(
        session,
        runtime,
        case_id,
        EventType.STALE_ITEMS_MARKED,
        {
            "correction_id": correction_id,
            "graph_version": new_graph.version,
            **_stale_payload(changes, superseded, stale_findings),
        },
    )


async def _change_findings(
    session: AsyncSession, changes: Plan, by_id: dict[uuid.UUID, Finding]
) -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
    """Each corrected finding superseded by a corrected copy; findings drawing on it stale."""
    superseded = []
    for finding_id, facts in changes.corrected_findings.items():
        old = by_id[finding_id]
        fresh = await finding_repo.add(session, _corrected_copy(old, facts))
        superseded.append({"id": str(old.id), "superseded_by": str(fresh.id), "status": old.status})
        old.superseded_by = fresh.id
        old.status = FindingStatus.SUPERSEDED
    stale_findings = []
    for finding_id in changes.stale_findings:
        finding = by_id[finding_id]
        stale_findings.append({"id": str(finding.id), "status": finding.status})
        finding.status = FindingStatus.STALE
    await session.flush()
    return superseded, stale_findings


def _stale_payload(
    changes: Plan, superseded: list[dict[str, Any]], stale_findings: list[dict[str, Any]]
) -> dict[str, Any]:
    """What STALE_ITEMS_MARKED says changed: corrected and stale items, superseded findings."""
    return {
        "corrected_items": changes.corrected_items,
        "stale_items": changes.stale_items,
        "superseded_findings": [
            {"id": s["id"], "superseded_by": s["superseded_by"]} for s in superseded
        ],
        "stale_findings": [s["id"] for s in stale_findings],
        "count": len(changes.stale_items) + len(stale_findings),
    }


def _fresh_status(finding: Finding) -> FindingStatus:
    synthesized = finding.domain == "synthesis"
    return FindingStatus.SYNTHESIZED if synthesized else FindingStatus.INTERIM


def _corrected_copy(old: Finding, facts: dict[str, Any]) -> Finding:
    return Finding(
        case_id=old.case_id,
        file_id=old.file_id,
        job_id=old.job_id,
        agent_id=old.agent_id,
        domain=old.domain,
        finding_type=old.finding_type,
        title=str(facts["title"])[:500],
        summary=str(facts["summary"]),
        content=facts["content"],
        entities=facts["entities"],
        relationships=facts["relationships"],
        source_location=old.source_location,
        confidence=old.confidence,
        cross_modal_links=facts["cross_modal_links"],
        version=old.version + 1,
        # A corrected finding stands where the old one stood (a later re-analysis supersedes it
        # like any other), unless the old one had gone stale: the correction refreshes it.
        status=old.status if old.status != FindingStatus.STALE else _fresh_status(old),
    )


# --- the correction-scoped operations ---------------------------------------------------------


async def _owned(
    session: AsyncSession, owner_id: uuid.UUID, correction_id: uuid.UUID
) -> Correction:
    correction = await correction_repo.get_owned(session, correction_id, owner_id)
    if correction is None:
        raise NotFoundError("Correction not found.", details={"correction_id": str(correction_id)})
    return correction


async def list_corrections(
    session: AsyncSession, *, owner_id: uuid.UUID, case_id: uuid.UUID
) -> list[Correction]:
    await require_case(session, case_id, owner_id)
    return list(await correction_repo.for_case(session, case_id))


async def apply(
    session: AsyncSession, *, runtime: Runtime, owner_id: uuid.UUID, correction_id: uuid.UUID
) -> Correction:
    """Apply a verified correction the user stands by (see the module docstring)."""
    correction = await _owned(session, owner_id, correction_id)
    if correction.applied_at is not None:
        return correction
    if correction.verification_status == VerificationStatus.REJECTED:
        raise ConflictError(
            "The sources contradict this correction, so it cannot be applied.",
            details={
                "correction_id": str(correction_id),
                "verification_status": correction.verification_status,
            },
            suggested_action="submit a new correction with more context",
        )
    await _apply(session, runtime=runtime, owner_id=owner_id, correction=correction)
    return correction


async def delete(
    session: AsyncSession, *, runtime: Runtime, owner_id: uuid.UUID, correction_id: uuid.UUID
) -> None:
    """Remove a correction; an applied one is reverted first (see the module docstring)."""
    correction = await _owned(session, owner_id, correction_id)
    if correction.applied_at is not None:
        await _revert(session, runtime=runtime, correction=correction)
    await correction_repo.delete_by_id(session, correction.id)


async def _revert(session: AsyncSession, *, runtime: Runtime, correction: Correction) -> None:
    case_id = correction.case_id
    record: dict[str, Any] = (correction.verification_evidence or {}).get("changes") or {}
    graph = await _processed_graph(session, case_id)
    after = record.get("graph_version_after")
    left = await graph_repo.get_version(session, case_id, int(after or 0))
    # Undo is safe while the graph is as this correction left it (a later change undone since
    # counts as no change); otherwise it would silently discard what came after.
    if left is None or graph_lists(graph) != graph_lists(left):
        raise ConflictError(
            "The knowledge graph has changed since this correction was applied, so it cannot be "
            "undone; flag a new correction instead.",
            details={
                "correction_id": str(correction.id),
                "applied_in_version": after,
                "current_version": graph.version,
            },
            suggested_action="submit a correction that restores the value",
        )
    earlier = await graph_repo.get_version(session, case_id, int(record["graph_version_before"]))
    assert earlier is not None  # versions are never deleted while their case exists
    restored = await _add_version(
        session,
        KnowledgeGraph(
            case_id=case_id,
            **graph_lists(earlier),
            change={
                "kind": "correction_reverted",
                "correction_id": str(correction.id),
                "restores_version": earlier.version,
            },
        ),
    )
    for entry in record.get("superseded_findings", []):
        old = await finding_repo.get_in_case(session, case_id, uuid.UUID(entry["id"]))
        if old is not None:
            old.superseded_by = None
            old.status = entry["status"]
    await session.flush()
    for entry in record.get("superseded_findings", []):
        await finding_repo.delete_by_id(session, uuid.UUID(entry["superseded_by"]))
    for entry in record.get("stale_findings", []):
        finding = await finding_repo.get_in_case(session, case_id, uuid.UUID(entry["id"]))
        if finding is not None and finding.status == FindingStatus.STALE:
            finding.status = entry["status"]
    await session.flush()
    await _record(
        session,
        runtime,
        case_id,
        EventType.GRAPH_UPDATED,
        {
            "version": restored.version,
            "nodes": len(restored.nodes),
            "edges": len(restored.edges),
            "reason": "correction_reverted",
            "correction_id": str(correction.id),
        },
    )


# --- keeping applied corrections through later analyses --------------------------------------

REAPPLIED = "applied"
ALREADY_CURRENT = "already_current"
TARGET_MISSING = "target_missing"
_NOTES = {
    REAPPLIED: "The new analysis stated the original value again; the correction was applied to "
    "it.",
    ALREADY_CURRENT: "The new analysis already states the corrected value.",
    TARGET_MISSING: "Nothing in the new analysis states the original or the corrected value where "
    "this correction applied (the evidence it rested on may have been removed or read "
    "differently), so it was not applied again; flag a new correction on the current item if "
    "it is still wrong.",
}


async def reapply(
    session: AsyncSession, *, hub: EventHub, graph: KnowledgeGraph, job_id: uuid.UUID
) -> list[dict[str, Any]]:
    """After a full re-analysis has added ``graph`` (in this uncommitted transaction): every
    applied correction goes through the merge step again, on the new graph and the new findings.

    The ids of the items it was made on are gone with the old analysis, so it applies wherever
    an item states its original value resting only on the places it put right (the target and
    every retelling of that fact); what draws on it goes stale, as when it was first applied.
    A correction that finds nothing to apply to is not dropped: it is noted on the correction
    (``already_current`` when the new analysis states the corrected value there, else
    ``target_missing``) and announced (CORRECTION_REAPPLIED), like every outcome.
    """
    case_id = graph.case_id
    outcomes: list[dict[str, Any]] = []
    for correction in await applied_for_case(session, case_id):
        correction_id = str(correction.id)
        where, original, proposed = what_corrected(correction)
        current = list(await finding_repo.current_for_case(session, case_id))
        views = [FindingView(f.id, finding_facts(f), places(finding_refs(f))) for f in current]
        changes = plan(
            graph=graph_lists(graph),
            findings=views,
            target_list=None,
            target_id="",
            target_finding=None,
            corrected_places=where,
            original=original,
            proposed=proposed,
            correction_id=correction_id,
        )
        superseded: list[dict[str, Any]] = []
        stale_findings: list[dict[str, Any]] = []
        if where and (changes.corrected_items or changes.corrected_findings):
            outcome = REAPPLIED
            for name, items in changes.graph.items():
                setattr(graph, name, items)
            superseded, stale_findings = await _change_findings(
                session, changes, {f.id: f for f in current}
            )
        else:
            there = [
                item
                for items in graph_lists(graph).values()
                for item in items
                if isinstance(item, dict) and places(item) & where
            ] + [v.facts for v in views if v.places & where]
            outcome = ALREADY_CURRENT if any(holds(i, proposed) for i in there) else TARGET_MISSING
            changes = Plan(graph={})
        entry = {
            "job_id": str(job_id),
            "graph_version": graph.version,
            "outcome": outcome,
            "note": _NOTES[outcome],
            "corrected_items": changes.corrected_items,
            "stale_items": changes.stale_items,
            "superseded_findings": superseded,
            "stale_findings": stale_findings,
        }
        found = correction.verification_evidence or {}
        correction.verification_evidence = {
            **found,
            "reapplications": [*found.get("reapplications", []), entry],
        }
        outcomes.append({"correction_id": correction_id, **entry})
        common = {"correction_id": correction_id, "graph_version": graph.version}
        await event_service.record(
            session,
            hub=hub,
            case_id=case_id,
            type=EventType.CORRECTION_REAPPLIED,
            payload={
                **common,
                "job_id": str(job_id),
                "outcome": outcome,
                "note": _NOTES[outcome],
                "target_type": correction.target_type,
                "target_id": correction.target_id,
                "original_value": correction.original_value,
                "proposed_value": correction.corrected_value,
                "corrected_items": changes.corrected_items,
            },
        )
        if outcome == REAPPLIED:
            await event_service.record(
                session,
                hub=hub,
                case_id=case_id,
                type=EventType.STALE_ITEMS_MARKED,
                payload={
                    **common,
                    "reapplied": True,
                    **_stale_payload(changes, superseded, stale_findings),
                },
            )
    await session.flush()
    return outcomes
