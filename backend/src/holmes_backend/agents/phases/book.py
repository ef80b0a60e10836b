"""The job's row as one run keeps it: its phase outputs (agent_states), completed phases, errors,
and its end (PRD §4.3.1).

The run is the job's only writer while it runs, so the row is read once and kept here. The next
model call never waits for the writes that record the previous one: they go behind
(`WriteBehind`), and a phase counts as completed only once every write of it has landed, in phase
order (`close`).
"""

import asyncio
import logging
import uuid
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.ext.asyncio import AsyncSession

from holmes_backend.agents.context import PipelineContext, WriteBehind, drain, record_event
from holmes_backend.db import transaction
from holmes_backend.db.types import utcnow
from holmes_backend.repositories import cases as case_repo
from holmes_backend.repositories import files as file_repo
from holmes_backend.repositories import jobs as job_repo
from holmes_shared.enums import CaseStatus, FileStatus, JobStatus
from holmes_shared.events import EventType

logger = logging.getLogger(__name__)


def shown(cause: BaseException | None) -> str:
    """A failure as the user reads it in the job's errors: a database error's statement and
    parameters stay in the server's log (logged above), never in what the user sees."""
    if isinstance(cause, SQLAlchemyError):
        return f"{type(cause).__name__}: the database refused a write (details in the server log)"
    return f"{type(cause).__name__}: {cause}"[:2000]


class PhaseWriteError(RuntimeError):
    """A write behind a phase failed: the phase is not completed (a new run redoes it)."""

    def __init__(self, phase: str, cause: Exception) -> None:
        super().__init__(f"the {phase} phase's results could not be stored: {shown(cause)}")
        self.phase = phase


class JobBook:
    def __init__(self, ctx: PipelineContext, job_id: uuid.UUID, writes: WriteBehind) -> None:
        self.ctx = ctx
        self.job_id = job_id
        self.writes = writes
        # agent_states in particular is large (every phase's output); decoding it per step was
        # most of the orchestration's CPU.
        self.states: dict[str, Any] = {}
        self.completed: list[str] = []
        self.errors: list[dict[str, Any]] = []
        self.resumed = False
        self.ended = False  # the job's end was recorded with the graph version
        # The phases completed so far, in order, once their writes have landed.
        self.closing: asyncio.Task[None] | None = None
        self._job_write: asyncio.Task[None] | None = None
        self._state_saves: Counter[str] = Counter()  # saves of each state key so far

    async def update(self, **changes: Any) -> None:
        async with self.ctx.session_factory() as session:
            await job_repo.update_fields(session, self.job_id, **changes)
            await transaction.commit(session)

    def save_state(self, key: str, value: Any) -> None:
        """Keeps a phase output in memory now and writes it behind. Agent outputs may be kept
        as their models: they are encoded when written, off the path to the next request.
        A save followed by a later one of the same key, queued behind it before it ran, leaves
        the writing to that one (the domains' state grows domain by domain: written once per
        burst, not re-encoded whole for each domain)."""
        self.states[key] = value
        self._state_saves[key] += 1
        save = self._state_saves[key]

        async def write(session: AsyncSession) -> None:
            if self._state_saves[key] == save:
                await job_repo.set_state(session, self.job_id, key, self.states[key])

        self._write_job_behind(write)

    def _write_job_behind(self, write: Callable[[AsyncSession], Awaitable[None]]) -> None:
        """A write of the job's row, behind, after the job writes before it (so a value
        written twice ends as its last)."""
        previous = self._job_write

        async def run() -> None:
            if previous is not None:
                await previous
            async with self.ctx.session_factory() as session:
                await write(session)
                await transaction.commit(session)

        self._job_write = self.writes.add(run())

    def note_phase(self, phase: str) -> None:
        async def write(session: AsyncSession) -> None:
            await job_repo.update_fields(session, self.job_id, current_phase=phase)

        self._write_job_behind(write)

    def close_behind(self, phase: str, *, record: bool) -> None:
        """The phase's writes so far are its own: it is closed once they (and the phases before
        it) have landed, while the next phase goes on."""
        self.closing = asyncio.create_task(
            self._close(phase, self.writes.take(), self.closing, record=record)
        )

    async def _close(
        self,
        phase: str,
        writes: list[asyncio.Task[None]],
        previous: asyncio.Task[None] | None,
        *,
        record: bool = True,
    ) -> None:
        """The phase is completed once its writes (and the phases before it) are; the last
        phase's completion is recorded with the job's end (record=False)."""
        if previous is not None:
            await previous
        try:
            await drain(writes)
        except Exception as exc:
            raise PhaseWriteError(phase, exc) from exc
        if phase not in self.completed:
            self.completed.append(phase)
            if record:
                await self.update(completed_phases=list(self.completed))

    async def landed(self, phase: str) -> None:
        """Waits until the phases closed so far and every write since have landed (a graph
        version goes only on top of stored phases)."""
        if self.closing is not None:
            await self.closing
        try:
            await drain(self.writes.take())
        except Exception as exc:
            raise PhaseWriteError(phase, exc) from exc

    async def settle(self) -> None:
        """After a failure: lets the writes in flight end (what landed stays landed)."""
        pending = [t for t in (self.closing, *self.writes.take()) if t is not None]
        for result in await asyncio.gather(*pending, return_exceptions=True):
            if isinstance(result, Exception):
                logger.warning("a write of job %s failed: %s", self.job_id, result)

    async def set_case_status(self, status: CaseStatus) -> None:
        async with self.ctx.session_factory() as session:
            await case_repo.set_status(session, self.ctx.case_id, status)
            await transaction.commit(session)

    async def set_files(
        self, file_ids: list[str], status: FileStatus, error: str | None = None
    ) -> None:
        async with self.ctx.session_factory() as session:
            await file_repo.set_status(session, [uuid.UUID(f) for f in file_ids], status, error)
            await transaction.commit(session)

    async def record_error(self, error: dict[str, Any]) -> None:
        self.errors.append(error)
        await self.update(errors=list(self.errors))

    async def end_completed(self, session: AsyncSession, completed: list[str]) -> None:
        """The end of a job that ran through (READY, or PARTIAL after errors), in `session`."""
        partial = bool(self.errors)
        status = JobStatus.PARTIAL if partial else JobStatus.READY
        await self._end(
            session,
            status,
            CaseStatus.PARTIAL if partial else CaseStatus.READY,
            EventType.PROCESSING_COMPLETED,
            {
                "job_id": str(self.job_id),
                "status": status.value,
                "resumed": self.resumed,
                "errors": self.errors,
            },
            completed,
        )

    async def finish(
        self,
        status: JobStatus,
        case_status: CaseStatus,
        event_type: EventType,
        payload: dict[str, Any],
    ) -> None:
        async with self.ctx.session_factory() as session:
            await self._end(session, status, case_status, event_type, payload, self.completed)
            await transaction.commit(session)

    async def _end(
        self,
        session: AsyncSession,
        status: JobStatus,
        case_status: CaseStatus,
        event_type: EventType,
        payload: dict[str, Any],
        completed: list[str],
    ) -> None:
        """The job's end, the case's status and the event that announces them, in `session`
        (one commit with them)."""
        ended: dict[str, Any] = {
            "status": status,
            "errors": list(self.errors),
            "completed_phases": list(completed),
            "completed_at": utcnow(),
        }
        if status != JobStatus.ERROR:
            ended["current_phase"] = None
        await job_repo.update_fields(session, self.job_id, **ended)
        await case_repo.set_status(session, self.ctx.case_id, case_status)
        await record_event(session, self.ctx, event_type, payload, "orchestrator", "ORCHESTRATOR")
