"""Database rules that hold on both backends: cascades, one active job, the event log's ids."""

import uuid

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError

from holmes_backend.models import Case, CaseEvent, File, Finding, ProcessingJob
from holmes_backend.runtime import Runtime
from holmes_shared.enums import JobStatus


async def _case(runtime: Runtime) -> uuid.UUID:
    async with runtime.session_factory() as session:
        case = Case(name="constraints")
        session.add(case)
        await session.commit()
        return case.id


async def test_deleting_a_case_cascades_to_its_rows(runtime: Runtime) -> None:
    case_id = await _case(runtime)
    async with runtime.session_factory() as session:
        file = File(
            case_id=case_id,
            storage_key=f"k/{uuid.uuid4()}",
            filename="a.txt",
            mime_type="text/plain",
            size_bytes=1,
            sha256="0" * 64,
        )
        session.add(file)
        await session.flush()
        session.add(Finding(case_id=case_id, file_id=file.id, agent_id="t", domain="legal"))
        session.add(CaseEvent(case_id=case_id, type="FILES_UPLOADED"))
        await session.commit()

    async with runtime.session_factory() as session:
        await session.delete(await session.get(Case, case_id))
        await session.commit()

    async with runtime.session_factory() as session:
        for model in (File, Finding, CaseEvent):
            count = await session.scalar(
                select(func.count()).select_from(model).where(model.case_id == case_id)
            )
            assert count == 0, model.__tablename__


async def test_only_one_active_job_per_case(runtime: Runtime) -> None:
    case_id = await _case(runtime)
    async with runtime.session_factory() as session:
        session.add(ProcessingJob(case_id=case_id, status=JobStatus.READY))
        session.add(ProcessingJob(case_id=case_id, status=JobStatus.PROCESSING))
        await session.commit()
    async with runtime.session_factory() as session:
        session.add(ProcessingJob(case_id=case_id, status=JobStatus.PENDING))
        with pytest.raises(IntegrityError):
            await session.commit()


async def test_event_ids_only_grow(runtime: Runtime) -> None:
    case_id = await _case(runtime)
    ids: list[int] = []
    for n in range(3):
        async with runtime.session_factory() as session:
            event = CaseEvent(case_id=case_id, type="AGENT_PROGRESS", payload={"n": n})
            session.add(event)
            await session.commit()
            ids.append(event.id)
    # Deleting the newest must not let its id be handed out again.
    async with runtime.session_factory() as session:
        await session.delete(await session.get(CaseEvent, ids[-1]))
        await session.commit()
    async with runtime.session_factory() as session:
        event = CaseEvent(case_id=case_id, type="AGENT_PROGRESS")
        session.add(event)
        await session.commit()
    assert ids == sorted(ids)
    assert event.id > ids[-1]
