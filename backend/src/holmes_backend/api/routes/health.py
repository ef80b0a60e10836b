from typing import Literal

from fastapi import APIRouter
from sqlalchemy import text

from holmes_backend import __version__
from holmes_backend.api.deps import RuntimeDep
from holmes_backend.api.schemas.health import HealthOut

router = APIRouter(tags=["health"])


@router.get("/api/health", response_model=HealthOut)
async def get_health(runtime: RuntimeDep) -> HealthOut:
    database: Literal["ok", "unavailable"] = "ok"
    try:
        async with runtime.engine.connect() as connection:
            await connection.execute(text("SELECT 1"))
    except Exception:
        database = "unavailable"
    return HealthOut(
        status="ok" if database == "ok" else "degraded",
        database=database,
        storage=runtime.storage.name,
        version=__version__,
    )
