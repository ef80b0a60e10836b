"""Evidence chunks and full-text search over them: PostgreSQL tsvector (GIN), SQLite FTS5.

One function, `search`, hides the dialect: both match any of the query's words (stemmed by the
index's own English rules) and order by the index's relevance rank (ts_rank_cd on PostgreSQL,
bm25 on SQLite), best first.
"""

import re
import uuid
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, TypedDict

from sqlalchemy import Float, Integer, func, literal_column, select, text
from sqlalchemy.dialects.postgresql import insert as pg_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.models import EvidenceChunk
from holmes_backend.models.chunk import SEARCH_CONFIG
from holmes_backend.repositories import files as file_repo

_WORD = re.compile(r"[^\W_]+")
_MAX_WORDS = 32
# PostgreSQL's english configuration drops these from a query; FTS5 has no stop words, so the
# query leaves them out on both and "the" never matches every passage.
_STOP_TEXT = (
    "a about above after again against all am an and any are as at be because been before "
    "being below between both but by can did do does doing down during each few for from "
    "further had has have having he her here hers herself him himself his how i if in into is "
    "it its itself just me more most my myself no nor not now of off on once only or other "
    "our ours ourselves out over own same she should so some such than that the their theirs "
    "them themselves then there these they this those through to too under until up very was "
    "we were what when where which while who whom why will with you your yours yourself "
    "yourselves"
)
_STOP_WORDS = frozenset(_STOP_TEXT.split())
# The very expression the GIN index is built on (migration 0004), so the planner uses it.
_PG_VECTOR = func.to_tsvector(literal_column(f"'{SEARCH_CONFIG}'::regconfig"), EvidenceChunk.text)
# The FTS5 table of migration 0004, matched on a bound query.
_SQLITE_MATCH = text(
    "SELECT rowid AS id, bm25(evidence_chunks_fts) AS score "
    "FROM evidence_chunks_fts WHERE evidence_chunks_fts MATCH :match"
)


class ChunkValues(TypedDict):
    """A chunk's columns as inserted: plain values, not ORM objects, so a 20,000-row sheet's
    chunks are not 20,000 tracked instances whose garbage collection holds the event loop."""

    case_id: uuid.UUID
    file_id: uuid.UUID
    position: int
    text: str
    location: dict[str, Any]
    speaker: str | None


@dataclass(frozen=True)
class ChunkHit:
    chunk: EvidenceChunk
    rank: float  # larger is better, comparable only within one search


def words(query: str) -> list[str]:
    """The query's words, lower-cased and deduplicated, safe to place in either query syntax."""
    seen: dict[str, None] = {}
    for word in _WORD.findall(query.lower()):
        if word not in _STOP_WORDS:
            seen.setdefault(word, None)
    return list(seen)[:_MAX_WORDS]


async def add(session: AsyncSession, rows: Iterable[ChunkValues]) -> None:
    """Insert chunks; a chunk already stored (same file and position) is left as it is, so two
    writers indexing the same file at once both succeed, and chunks of a file deleted
    meanwhile are dropped."""
    rows = list(rows)
    stored = await file_repo.hold_stored(session, {r["file_id"] for r in rows})
    values = [r for r in rows if r["file_id"] in stored]
    if not values:
        return
    dialect = session.get_bind().dialect.name
    insert = pg_insert if dialect == "postgresql" else sqlite_insert
    statement = insert(EvidenceChunk).on_conflict_do_nothing(
        index_elements=[EvidenceChunk.file_id, EvidenceChunk.position]
    )
    await session.execute(statement, values)


async def indexed_files(session: AsyncSession, case_id: uuid.UUID) -> set[uuid.UUID]:
    result = await session.scalars(
        select(EvidenceChunk.file_id).where(EvidenceChunk.case_id == case_id).distinct()
    )
    return set(result.all())


async def for_file(session: AsyncSession, file_id: uuid.UUID) -> Sequence[EvidenceChunk]:
    result = await session.scalars(
        select(EvidenceChunk)
        .where(EvidenceChunk.file_id == file_id)
        .order_by(EvidenceChunk.position)
    )
    return result.all()


async def search(
    session: AsyncSession,
    *,
    case_id: uuid.UUID,
    query: str,
    file_ids: Sequence[uuid.UUID] | None = None,
    limit: int = 20,
) -> list[ChunkHit]:
    """The case's chunks matching any word of the query, most relevant first."""
    terms = words(query)
    if not terms or limit <= 0:
        return []
    if session.get_bind().dialect.name == "postgresql":
        return await _search_postgres(session, case_id, terms, file_ids, limit)
    return await _search_sqlite(session, case_id, terms, file_ids, limit)


async def _search_postgres(
    session: AsyncSession,
    case_id: uuid.UUID,
    terms: list[str],
    file_ids: Sequence[uuid.UUID] | None,
    limit: int,
) -> list[ChunkHit]:
    # Words joined with OR (`|`); to_tsquery stems them and drops stop words. Each word is
    # quoted as a lexeme so no character of it can be read as tsquery syntax.
    query = func.to_tsquery(
        literal_column(f"'{SEARCH_CONFIG}'::regconfig"), " | ".join(f"'{t}'" for t in terms)
    )
    # Normalisation 1 divides by 1 + log(length): a long page does not win by length alone.
    rank = func.ts_rank_cd(_PG_VECTOR, query, 1).label("rank")
    statement = (
        select(EvidenceChunk, rank)
        .where(EvidenceChunk.case_id == case_id, _PG_VECTOR.op("@@")(query))
        .order_by(rank.desc(), EvidenceChunk.id)
        .limit(limit)
    )
    if file_ids is not None:
        statement = statement.where(EvidenceChunk.file_id.in_(list(file_ids)))
    rows = (await session.execute(statement)).all()
    return [ChunkHit(chunk, float(score)) for chunk, score in rows]


async def _search_sqlite(
    session: AsyncSession,
    case_id: uuid.UUID,
    terms: list[str],
    file_ids: Sequence[uuid.UUID] | None,
    limit: int,
) -> list[ChunkHit]:
    # Each word a quoted FTS5 string (inner quotes doubled), joined with OR; the Porter
    # tokenizer stems the query as it stemmed the text. bm25() is lower for better matches.
    match = " OR ".join('"' + t.replace('"', '""') + '"' for t in terms)
    fts = _SQLITE_MATCH.columns(id=Integer, score=Float).subquery("fts")
    statement = (
        select(EvidenceChunk, fts.c.score)
        .join(fts, fts.c.id == EvidenceChunk.id)
        .where(EvidenceChunk.case_id == case_id)
        .order_by(fts.c.score, EvidenceChunk.id)
        .limit(limit)
    )
    if file_ids is not None:
        statement = statement.where(EvidenceChunk.file_id.in_(list(file_ids)))
    rows = (await session.execute(statement, {"match": match})).all()
    return [ChunkHit(chunk, -float(score)) for chunk, score in rows]
