"""The FastAPI application: create_app() wires settings, database, storage and routes."""

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.routing import APIRoute

from holmes_backend import __version__
from holmes_backend.api.errors import install_error_handlers
from holmes_backend.api.middleware import BodyLimitMiddleware, SecurityHeadersMiddleware
from holmes_backend.api.openapi import install_openapi
from holmes_backend.api.routes import (
    auth,
    cases,
    chat,
    conflicts,
    corrections,
    events,
    files,
    graph,
    health,
    numeric,
    processing,
)
from holmes_backend.api.routes.ui import ui_router
from holmes_backend.config import Settings
from holmes_backend.jobs.worker import work
from holmes_backend.llm.provider import check_models
from holmes_backend.runtime import Runtime
from holmes_backend.services.numeric import resume_interrupted_runs
from holmes_backend.services.processing import resume_interrupted, watch_interrupted
from holmes_backend.storage.local import LocalStorage


def _operation_id(route: APIRoute) -> str:
    # Stable operation ids (the route function's name) keep the generated UI client stable.
    return route.name


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # A model that does not exist or a thinking level it refuses makes the server refuse
        # to start (ModelConfigurationError), not every agent fall back to Flash later.
        await check_models(settings)
        runtime = Runtime.create(settings)
        await runtime.start()
        app.state.runtime = runtime
        if runtime.job_app is None:
            # Embedded: this process runs the jobs, and resumes those a stopped one left.
            await resume_interrupted(runtime)
            await resume_interrupted_runs(runtime)
            runtime.spawn(watch_interrupted(runtime), name="watch-interrupted-jobs")
        elif settings.serve_worker_concurrency:
            runtime.spawn(
                work(
                    runtime,
                    concurrency=settings.serve_worker_concurrency,
                    install_signal_handlers=False,
                ),
                name="worker",
            )
        if isinstance(runtime.storage, LocalStorage):
            # Uploads never take a day; older temporary files are leftovers of a crash.
            await runtime.storage.sweep_incoming(older_than_seconds=24 * 3600)
        # What start-up built (modules, the agent framework's and SDK's type tables) lives as
        # long as the process. Left to the cycle collector, every full collection walks it
        # again: while a 20,000-row file was indexed the event loop then stalled for 0.26-0.33 s
        # at a time instead of 0.05-0.11 s (tests/services/test_loop_lag.py), which every open
        # page and event stream waits out. Frozen, a full collection walks only what came since.
        gc.collect()
        gc.freeze()
        try:
            yield
        finally:
            await runtime.close()

    app = FastAPI(
        title="Holmes API",
        version=__version__,
        description="Legal and investigation intelligence: cases, evidence, agents, graph, chat.",
        lifespan=lifespan,
        generate_unique_id_function=_operation_id,
    )
    install_error_handlers(app)
    install_openapi(app)
    app.add_middleware(
        BodyLimitMiddleware,
        max_bytes=settings.max_json_body_bytes,
        streaming_paths=("/api/cases/",),
    )
    app.add_middleware(SecurityHeadersMiddleware)
    app.include_router(health.router)
    app.include_router(auth.router)
    app.include_router(cases.router)
    app.include_router(files.router)
    app.include_router(events.router)
    app.include_router(processing.router)
    app.include_router(graph.router)
    app.include_router(chat.router)
    app.include_router(conflicts.router)
    app.include_router(corrections.router)
    app.include_router(numeric.router)
    # Last: the UI's catch-all must not shadow an API route.
    if settings.resolved_ui_dir.is_dir():
        app.include_router(ui_router(settings.resolved_ui_dir))
    return app
