"""One chat session per case and user: concurrent first messages, and older duplicate rows."""

import asyncio
import json
import uuid
from datetime import UTC, datetime, timedelta

import httpx
import sqlalchemy as sa

from holmes_backend.config import Settings
from holmes_backend.db.engine import create_engine
from holmes_backend.db.migrate import upgrade
from holmes_backend.models import ChatSession, KnowledgeGraph
from holmes_backend.repositories import graphs as graph_repo
from holmes_backend.runtime import Runtime
from tests.api.helpers import new_case
from tests.chat.test_chat import ask
from tests.db.tables import case_row, cases, chat_sessions, messages, users


async def test_two_firstmessages_at_once_share_one_chat_session(
    client: httpx.AsyncClient, runtime: Runtime
) -> None:
    case_id = (await new_case(client, "Racing chat"))["id"]
    async with runtime.session_factory() as session:
        await graph_repo.add_version(
            session,
            KnowledgeGraph(
                case_id=uuid.UUID(case_id),
                nodes=[{"id": "p1", "name": "Ada Quill", "type": "person", "sources": []}],
            ),
        )
        await session.commit()

    answers = await asyncio.gather(
        *(ask(client, case_id, f"Who is Ada Quill? ({n})") for n in range(3))
    )
    assert all(events[-1].event == "CHAT_COMPLETE" for events, _ in answers)
    async with runtime.session_factory() as session:
        rows = (
            await session.scalars(
                sa.select(ChatSession).where(ChatSession.case_id == uuid.UUID(case_id))
            )
        ).all()
    assert len(rows) == 1
    history = (await client.get(f"/api/cases/{case_id}/chat/history")).json()
    assert sorted(m["role"] for m in history) == ["assistant"] * 3 + ["user"] * 3
    ids = {json.loads(events[-1].data)["message_id"] for events, _ in answers}
    assert ids == {m["id"] for m in history if m["role"] == "assistant"}


async def test_the_migration_merges_duplicate_chatchat_sessions(fresh_database_url: str) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings, "0003")
    now = datetime.now(UTC)
    user, case, other_case = uuid.uuid4(), uuid.uuid4(), uuid.uuid4()
    first, second, third, alone = (uuid.uuid4() for _ in range(4))
    engine = create_engine(settings)
    try:
        async with engine.begin() as connection:
            await connection.execute(
                users.insert().values(id=user, email="dup@holmes.example", created_at=now)
            )
            for case_id in (case, other_case):
                await connection.execute(
                    cases.insert().values(case_row(case_id, now, user_id=user, name="dup"))
                )
            for number, (session_id, case_id) in enumerate(
                [(second, case), (first, case), (third, case), (alone, other_case)]
            ):
                created = now + timedelta(seconds=1 if session_id == second else 0)
                if session_id == third:
                    created = now + timedelta(seconds=2)
                await connection.execute(
                    chat_sessions.insert().values(
                        id=session_id,
                        case_id=case_id,
                        user_id=user,
                        adk_session_id=f"s{number}",
                        created_at=created,
                    )
                )
            for number, session_id in enumerate([first, second, second, third, alone]):
                await connection.execute(
                    messages.insert().values(
                        id=uuid.uuid4(),
                        session_id=session_id,
                        role="user",
                        content=f"m{number}",
                        citations=[],
                        created_at=now + timedelta(seconds=number),
                    )
                )
        await upgrade(settings)
        async with engine.connect() as connection:
            sessions = (await connection.execute(sa.select(chat_sessions.c.id))).scalars().all()
            moved = (
                await connection.execute(
                    sa.select(messages.c.session_id, messages.c.content).order_by(
                        messages.c.content
                    )
                )
            ).all()
    finally:
        await engine.dispose()
    assert sorted(sessions) == sorted([first, alone])
    assert [(s, c) for s, c in moved] == [
        (first, "m0"),
        (first, "m1"),
        (first, "m2"),
        (first, "m3"),
        (alone, "m4"),
    ]
