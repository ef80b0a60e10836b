"""SQLite's write-ahead log copied into the database off the path of any commit
(db.engine.checkpoint)."""

import sqlite3
from pathlib import Path

from holmes_backend.config import Settings
from holmes_backend.db.engine import checkpoint, create_engine
from tests.support import create_pg_database, drop_pg_database


def in_database_file(path: Path, query: str, *args: object) -> list[tuple[object, ...]]:
    """Rows as the database file alone holds them (the log is not read: immutable)."""
    with sqlite3.connect(f"file:{path}?immutable=1", uri=True) as connection:
        return connection.execute(query, args).fetchall()


async def test_checkpoint_copies_the_log_into_the_database(tmp_path: Path) -> None:
    path = tmp_path / "holmes.db"
    engine = create_engine(
        Settings(environment="test", data_dir=tmp_path, database_url=f"sqlite+aiosqlite:///{path}")
    )
    try:
        async with engine.begin() as connection:
            await connection.exec_driver_sql("CREATE TABLE notes (text TEXT)")
            await connection.exec_driver_sql("INSERT INTO notes VALUES ('written')")
        assert (tmp_path / "holmes.db-wal").stat().st_size > 0
        assert in_database_file(path, "SELECT name FROM sqlite_master WHERE name = 'notes'") == []
        await checkpoint(engine)
        assert in_database_file(path, "SELECT text FROM notes") == [("written",)]
    finally:
        await engine.dispose()


async def test_checkpoint_is_nothing_on_other_databases() -> None:
    url = await create_pg_database()
    engine = create_engine(Settings(environment="test", database_url=url))
    try:
        await checkpoint(engine)  # PostgreSQL would reject the PRAGMA
    finally:
        await engine.dispose()
        await drop_pg_database(url)
