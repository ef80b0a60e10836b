"""The chat agent's tools (PRD §4.12), bound to one case and one chat turn.

`query_knowledge_graph` and `search_findings` rank the persisted knowledge for a query;
`get_source_context` reads evidence passages (by location, or by full-text search over the
case's indexed chunks); `escalate_to_domain` runs domain agents for fresh analysis. Every source
a tool returns is numbered in the turn's `SourceBook`, so the answer can cite it as [n]. Beside
them chat has the domain agents' tools (tools.evidence) over the same index: tables, ledgers,
statistics on amounts, time zones, places and the offline detectors. Calls are bounded and
logged (TOOL_INVOKED) by the agent's tool callbacks (agents.tool_calls).
"""

import uuid
from collections import OrderedDict
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from google.adk.tools.base_tool import BaseTool
from google.adk.tools.function_tool import FunctionTool

from holmes_backend.agents.chat.citations import SourceBook
from holmes_backend.agents.chat.escalation import Escalation, escalate
from holmes_backend.agents.runner import AgentSpec, PipelineContext, emit
from holmes_backend.extraction.index import ensure_indexed
from holmes_backend.llm.chat_context import (
    GRAPH_KINDS,
    ContextItem,
    finding_items,
    graph_items,
    passage_item,
    rank,
    read_question,
)
from holmes_backend.models import Case, EvidenceChunk, File, Finding
from holmes_backend.repositories import chat as chat_repo
from holmes_backend.repositories import chunks as chunk_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.storage import Storage
from holmes_backend.tools.evidence import EvidenceTools, IndexedDocs
from holmes_shared.enums import FileStatus
from holmes_shared.events import EventType

DOMAINS = ("financial", "legal", "evidence", "strategy")
_MAX_LIMIT = 20
# Full-text candidates re-ranked with the rest of the knowledge, per search.
_POOL = 60
# Files an escalation analyses when the model names none: those with the best passages.
_ESCALATION_FILES = 3
_DEFAULT_DOMAIN = "evidence"
# Graph versions read lately, by id and last update: every question reads the newest, and a
# version that has not changed need not be read (and parsed) again.
_GRAPHS: OrderedDict[tuple[uuid.UUID, datetime], dict[str, list[Any]]] = OrderedDict()
_GRAPHS_KEPT = 16


def _limit(value: int, default: int) -> int:
    return max(1, min(int(value or default), _MAX_LIMIT))


def _finding_row(f: Finding) -> dict[str, Any]:
    return {
        "id": str(f.id),
        "file_id": str(f.file_id) if f.file_id else None,
        "domain": f.domain,
        "title": f.title,
        "summary": f.summary,
        "source_location": f.source_location,
    }


def _at(chunk: EvidenceChunk, where: dict[str, Any]) -> bool:
    """Whether a chunk sits at the given place (a cue time falls inside the chunk's cue)."""
    loc = chunk.location
    cue = where.get("cue_start")
    if cue is not None:
        start, end = loc.get("cue_start"), loc.get("cue_end")
        if start is None or not start <= cue <= (end if end is not None else start):
            return False
    return all(loc.get(k) == v for k, v in where.items() if k != "cue_start")


@dataclass
class CaseTools:
    ctx: PipelineContext
    storage: Storage
    book: SourceBook
    agent: AgentSpec  # whose tools these are: the events are logged as its
    files: dict[str, File]
    execution_id: uuid.UUID | None = None  # the calling agent's run: escalations nest under it
    escalations: list[Escalation] = field(default_factory=list)
    _indexed: bool = False
    evidence_docs: IndexedDocs = field(init=False)

    def __post_init__(self) -> None:
        files = {file_id: (f.filename, f.mime_type) for file_id, f in self.files.items()}
        self.evidence_docs = IndexedDocs(self.ctx.session_factory, files, self._ensure_index)

    def function_tools(self) -> list[BaseTool]:
        evidence = EvidenceTools(
            session_factory=self.ctx.session_factory,
            case_id=self.ctx.case_id,
            docs=self.evidence_docs,
        )
        return [
            FunctionTool(self.query_knowledge_graph),
            FunctionTool(self.search_findings),
            FunctionTool(self.get_source_context),
            FunctionTool(self.escalate_to_domain),
            *evidence.function_tools(),
        ]

    # ---- the tools (their docstrings are what the model reads) ----------------------------

    async def query_knowledge_graph(
        self,
        query: str,
        kinds: list[str] | None = None,
        entity_type: str | None = None,
        limit: int = 8,
    ) -> dict[str, Any]:
        """Search the case's knowledge graph: timeline entries, contradictions, evidence gaps,
        cross-modal links, entities and relationships, most relevant first.

        Args:
          query: What to look for, in words: names, dates (YYYY-MM-DD), places, amounts, topics.
          kinds: Only these kinds of item: timeline, contradiction, gap, link, entity,
            relationship. All kinds when omitted.
          entity_type: Only entities of this type (person, organization, account, place, amount,
            document, event, date) and the relationships that touch them.
          limit: How many items to return (at most 20).

        Returns:
          items: each with kind, text, date and sources; every source has a "ref" number to cite
          as [ref], its file name, file_id, location and a verbatim excerpt.
        """
        graph = await self._graph()
        if graph is None:
            return await self._answer([])
        version, data = graph
        items = graph_items(data, entity_type or None)
        wanted = {k for k in kinds or [] if k in GRAPH_KINDS}
        if wanted:
            items = [i for i in items if i.kind in wanted]
        ranked = rank(read_question(query), items, _limit(limit, 8))
        return await self._answer([i for _, i in ranked], graph_version=version)

    async def search_findings(
        self, query: str, domain: str | None = None, limit: int = 8
    ) -> dict[str, Any]:
        """Search the domain agents' findings (transactions, anomalies, clauses, dated items,
        timed events, sworn claims, custody facts, synthesis insights) for detailed facts.

        Args:
          query: What to look for, in words: names, dates (YYYY-MM-DD), amounts, topics.
          domain: Only findings of this domain: financial, legal, evidence, strategy, synthesis.
          limit: How many findings to return (at most 20).

        Returns:
          items: each with kind "finding", its text and its sources (each with a "ref" number to
          cite as [ref]).
        """
        async with self.ctx.session_factory() as session:
            current = await chat_repo.current_findings(session, self.ctx.case_id, domain or None)
        ranked = rank(read_question(query), finding_items(current), _limit(limit, 8))
        return await self._answer([i for _, i in ranked])

    async def get_source_context(
        self,
        file_id: str = "",
        query: str = "",
        page: int | None = None,
        line: int | None = None,
        row: int | None = None,
        sheet: str | None = None,
        cue_start: float | None = None,
        limit: int = 5,
    ) -> dict[str, Any]:
        """Read the exact source passages of the case's evidence files: the passage at a file's
        location (to check a cited fact), or the passages that best match some words (full-text
        search over every file, or over one file when file_id is given).

        Args:
          file_id: The evidence file to read (as given in a source); any file when omitted.
          query: Words to search the passages for.
          page: A page of the file (documents).
          line: A line or paragraph number of the file.
          row: A data row of a table or spreadsheet (with sheet for a workbook).
          sheet: The sheet of a workbook.
          cue_start: A time in seconds from the start of a recording or transcript.
          limit: How many passages to return (at most 20).

        Returns:
          items: passages of kind "passage" with their text and source (a "ref" to cite as
          [ref]); error when the file is not part of this case.
        """
        count = _limit(limit, 5)
        where = {
            k: v
            for k, v in {
                "page": page,
                "line": line,
                "row": row,
                "sheet": sheet,
                "cue_start": cue_start,
            }.items()
            if v is not None and v != ""
        }
        file = self.files.get(file_id) if file_id else None
        if file_id and file is None:
            return await self._answer([], error="no such file in this case")
        await self._ensure_index()
        items: list[ContextItem]
        if file is not None and (where or not query):
            async with self.ctx.session_factory() as session:
                chunks = await chunk_repo.for_file(session, file.id)
            at = [i for i, c in enumerate(chunks) if _at(c, where)] if where else [0]
            # The passage and its neighbours: a sentence often runs over a chunk boundary.
            around = sorted({j for i in at[:count] for j in (i - 1, i, i + 1)})
            picked = [chunks[j] for j in around if 0 <= j < len(chunks)]
            if where and not at:
                picked = []
            items = [self._passage(c) for c in picked][: count * 3]
        elif query:
            async with self.ctx.session_factory() as session:
                hits = await chunk_repo.search(
                    session,
                    case_id=self.ctx.case_id,
                    query=query,
                    file_ids=[file.id] if file else None,
                    limit=_POOL,
                )
            passages = [self._passage(h.chunk) for h in hits]
            ranked = [i for _, i in rank(read_question(query), passages, count)]
            # Index matches the ranker does not score (words it ignores) keep the index's order.
            items = ranked + [p for p in passages if p not in ranked][: count - len(ranked)]
        else:
            return await self._answer([], error="give words to search, or a file_id")
        return await self._answer(items)

    async def escalate_to_domain(
        self,
        question: str,
        domains: list[str] | None = None,
        file_ids: list[str] | None = None,
    ) -> dict[str, Any]:
        """Ask domain analysts for fresh analysis of the evidence, for a question the knowledge
        graph and findings cannot answer. Slow and costly: call it at most once per question,
        and only after the knowledge tools came back without an answer.

        Args:
          question: The question to analyse the evidence for, self-contained.
          domains: Which analysts: financial, legal, evidence, strategy. By default each file's
            own primary domain, as triage classified it.
          file_ids: Which evidence files to analyse. By default the files whose passages best
            match the question.

        Returns:
          new_findings: the findings the analysts added to the case, each with sources (a "ref"
          to cite as [ref]); domains: which analyst read which files; failed: analysts that
          could not answer.
        """
        if self.escalations:
            return await self._answer([], error="already escalated for this question")
        await self._ensure_index()
        chosen = [self.files[f] for f in dict.fromkeys(file_ids or []) if f in self.files]
        if not chosen:
            async with self.ctx.session_factory() as session:
                hits = await chunk_repo.search(
                    session, case_id=self.ctx.case_id, query=question, limit=_POOL
                )
            passages = [self._passage(h.chunk) for h in hits]
            owner = {p.id: str(h.chunk.file_id) for p, h in zip(passages, hits, strict=True)}
            best = [owner[i.id] for _, i in rank(read_question(question), passages, _POOL)]
            order = dict.fromkeys([*best, *(owner[p.id] for p in passages)])
            chosen = [self.files[f] for f in order if f in self.files][:_ESCALATION_FILES]
        chosen = [f for f in chosen if f.status != FileStatus.ERROR]
        if not chosen:
            return await self._answer(
                [],
                error="no evidence file matches the question, so there is nothing to analyse",
            )
        plan = self._plan(chosen, [d for d in domains or [] if d in DOMAINS])
        await emit(
            self.ctx,
            EventType.AGENT_PROGRESS,
            {
                "phase": "escalation",
                "question": question[:200],
                "plan": {d: [str(f.id) for f in fs] for d, fs in plan.items()},
            },
            agent_id=self.agent.name,
            agent_type=self.agent.agent_type,
        )
        async with self.ctx.session_factory() as session:
            case = await session.get(Case, self.ctx.case_id)
        assert case is not None
        result = await escalate(
            self.ctx,
            self.storage,
            parent_execution_id=self.execution_id,
            question=question,
            case=case,
            plan=plan,
        )
        self.escalations.append(result)
        items = finding_items([_finding_row(f) for f in result.findings])
        return await self._answer(
            items,
            key="new_findings",
            domains={
                d: [self.files[i].filename for i in ids if i in self.files]
                for d, ids in result.plan.items()
            },
            failed=result.failed,
        )

    # ---- helpers ----------------------------------------------------------------------------

    def _plan(self, files: list[File], domains: list[str]) -> dict[str, list[File]]:
        if domains:
            return {d: files for d in dict.fromkeys(domains)}
        plan: dict[str, list[File]] = {}
        for file in files:
            domain = (file.triage_metadata or {}).get("primary_domain")
            plan.setdefault(domain if domain in DOMAINS else _DEFAULT_DOMAIN, []).append(file)
        return plan

    async def _graph(self) -> tuple[int, dict[str, list[Any]]] | None:
        """The newest graph version's parts; read once per version and update, then kept."""
        async with self.ctx.session_factory() as session:
            stamp = await chat_repo.latest_graph_stamp(session, self.ctx.case_id)
            if stamp is None:
                return None
            graph_id, version, updated = stamp
            parts = _GRAPHS.get((graph_id, updated))
            if parts is None:
                parts = await chat_repo.graph_parts(session, graph_id)
        _GRAPHS[(graph_id, updated)] = parts
        _GRAPHS.move_to_end((graph_id, updated))
        while len(_GRAPHS) > _GRAPHS_KEPT:
            _GRAPHS.popitem(last=False)
        return version, parts

    def _passage(self, chunk: EvidenceChunk) -> ContextItem:
        return passage_item(
            chunk.id, str(chunk.file_id), chunk.text, dict(chunk.location), chunk.speaker
        )

    async def _ensure_index(self) -> None:
        if not self._indexed:
            files = list(self.files.values())
            await ensure_indexed(self.ctx.session_factory, self.storage, self.ctx.case_id, files)
            self._indexed = True

    async def _answer(
        self,
        items: list[ContextItem],
        *,
        key: str = "items",
        error: str | None = None,
        **extra: Any,
    ) -> dict[str, Any]:
        shown = [
            {**item.as_json(), "sources": [self.book.number(s) for s in item.sources]}
            for item in items
        ]
        answer: dict[str, Any] = {key: shown, **extra}
        if error:
            answer["error"] = error
        return answer


async def case_files(ctx: PipelineContext) -> dict[str, File]:
    async with ctx.session_factory() as session:
        return {str(f.id): f for f in await file_repo.list_for_case(session, ctx.case_id)}
