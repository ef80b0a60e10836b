"""chat search: evidence chunk index with full-text search; one chat session per case and user

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-23 10:00:00.000000
"""

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

import holmes_backend.db.types

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Two first messages sent at once could each create a chat session; the earliest one keeps the
# conversation (every message moves to it) before a unique index forbids a second.
_MERGE_MESSAGES = """
    UPDATE messages SET session_id = (
        SELECT k.id FROM chat_sessions s JOIN chat_sessions k
            ON k.case_id = s.case_id AND k.user_id = s.user_id
        WHERE s.id = messages.session_id
        ORDER BY k.created_at, k.id LIMIT 1
    )
    WHERE session_id IN (
        SELECT s.id FROM chat_sessions s JOIN chat_sessions k
            ON k.case_id = s.case_id AND k.user_id = s.user_id AND k.id <> s.id
    )
"""
_DROP_DUPLICATES = """
    DELETE FROM chat_sessions WHERE NOT EXISTS (
        SELECT 1 FROM messages m WHERE m.session_id = chat_sessions.id
    ) AND EXISTS (
        SELECT 1 FROM chat_sessions k
        WHERE k.case_id = chat_sessions.case_id AND k.user_id = chat_sessions.user_id
            AND k.id <> chat_sessions.id
            AND (k.created_at < chat_sessions.created_at
                 OR (k.created_at = chat_sessions.created_at AND k.id < chat_sessions.id))
    )
"""
# External-content FTS5: the text is stored once, in evidence_chunks; triggers keep the index in
# step (chunks are written and deleted, never updated, but an update is kept right as well).
_SQLITE_SEARCH = (
    "CREATE VIRTUAL TABLE evidence_chunks_fts USING fts5(text, content='evidence_chunks', "
    "content_rowid='id', tokenize='porter unicode61 remove_diacritics 2')",
    "CREATE TRIGGER evidence_chunks_fts_insert AFTER INSERT ON evidence_chunks BEGIN "
    "INSERT INTO evidence_chunks_fts(rowid, text) VALUES (new.id, new.text); END",
    "CREATE TRIGGER evidence_chunks_fts_delete AFTER DELETE ON evidence_chunks BEGIN "
    "INSERT INTO evidence_chunks_fts(evidence_chunks_fts, rowid, text) "
    "VALUES ('delete', old.id, old.text); END",
    "CREATE TRIGGER evidence_chunks_fts_update AFTER UPDATE ON evidence_chunks BEGIN "
    "INSERT INTO evidence_chunks_fts(evidence_chunks_fts, rowid, text) "
    "VALUES ('delete', old.id, old.text); "
    "INSERT INTO evidence_chunks_fts(rowid, text) VALUES (new.id, new.text); END",
)
_SQLITE_SEARCH_DROP = (
    "DROP TRIGGER IF EXISTS evidence_chunks_fts_insert",
    "DROP TRIGGER IF EXISTS evidence_chunks_fts_delete",
    "DROP TRIGGER IF EXISTS evidence_chunks_fts_update",
    "DROP TABLE IF EXISTS evidence_chunks_fts",
)
# The expression must stay exactly what the search query uses, or the index is not used.
_PG_SEARCH = (
    "CREATE INDEX ix_evidence_chunks_search ON evidence_chunks "
    "USING gin (to_tsvector('english'::regconfig, text))"
)
_PG_SEARCH_DROP = "DROP INDEX IF EXISTS ix_evidence_chunks_search"


def upgrade() -> None:
    op.create_table(
        "evidence_chunks",
        sa.Column(
            "id",
            sa.BigInteger().with_variant(sa.Integer(), "sqlite"),
            autoincrement=True,
            nullable=False,
        ),
        sa.Column("case_id", sa.Uuid(), nullable=False),
        sa.Column("file_id", sa.Uuid(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("location", holmes_backend.db.types.JSONType, nullable=False),
        sa.Column("speaker", sa.Text(), nullable=True),
        sa.ForeignKeyConstraint(
            ["case_id"],
            ["cases.id"],
            name=op.f("fk_evidence_chunks_case_id_cases"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["file_id"],
            ["files.id"],
            name=op.f("fk_evidence_chunks_file_id_files"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_evidence_chunks")),
        sa.UniqueConstraint("file_id", "position", name=op.f("uq_evidence_chunks_file_id")),
    )
    with op.batch_alter_table("evidence_chunks", schema=None) as batch_op:
        batch_op.create_index(batch_op.f("ix_evidence_chunks_case_id"), ["case_id"], unique=False)
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_SEARCH)
    else:
        for statement in _SQLITE_SEARCH:
            op.execute(statement)

    op.execute(_MERGE_MESSAGES)
    op.execute(_DROP_DUPLICATES)
    # An index, not a constraint: SQLite adds it in place, where a constraint would rebuild the
    # table (and dropping the old one would cascade to every message).
    op.create_index(
        "ix_chat_sessions_case_user", "chat_sessions", ["case_id", "user_id"], unique=True
    )


def downgrade() -> None:
    op.drop_index("ix_chat_sessions_case_user", table_name="chat_sessions")
    if op.get_bind().dialect.name == "postgresql":
        op.execute(_PG_SEARCH_DROP)
    else:
        for statement in _SQLITE_SEARCH_DROP:
            op.execute(statement)
    with op.batch_alter_table("evidence_chunks", schema=None) as batch_op:
        batch_op.drop_index(batch_op.f("ix_evidence_chunks_case_id"))
    op.drop_table("evidence_chunks")
