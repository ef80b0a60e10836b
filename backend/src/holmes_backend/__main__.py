"""Command line: ``python -m holmes_backend migrate|serve|worker|openapi``."""

import argparse
import asyncio
import ipaddress
import json
import logging
from typing import Any

import uvicorn

from holmes_backend.config import DEV_SECRET_KEY, Settings
from holmes_backend.db.migrate import upgrade
from holmes_backend.runtime import Runtime
from holmes_backend.services.auth import ensure_local_user
from holmes_backend.workers import keep_memory_returnable


def main() -> None:
    parser = argparse.ArgumentParser(prog="holmes_backend")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("migrate", help="apply database migrations")
    sub.add_parser("serve", help="serve the API and UI")
    worker = sub.add_parser(
        "worker", help="run jobs from the queue (PostgreSQL; SQLite runs them in `serve`)"
    )
    worker.add_argument(
        "--concurrency",
        type=int,
        default=None,
        help="jobs run at once (default: HOLMES_WORKER_CONCURRENCY, 4)",
    )
    worker.add_argument(
        "--health-port",
        type=int,
        default=None,
        help="answer GET with 200 while the worker is alive (e.g. Cloud Run's $PORT)",
    )
    sub.add_parser(
        "openapi", help="print the OpenAPI document (the UI client is generated from it)"
    )
    args = parser.parse_args()
    settings = Settings()
    if args.command == "openapi":
        from holmes_backend.main import create_app  # noqa: PLC0415

        print(json.dumps(create_app(settings).openapi(), indent=2, sort_keys=True))
    elif args.command == "worker":
        if settings.is_sqlite:
            raise SystemExit(
                "workers take jobs from PostgreSQL (set DATABASE_URL); with SQLite, "
                "`serve` runs them itself"
            )
        from holmes_backend.jobs.worker import run_worker  # noqa: PLC0415

        keep_memory_returnable()
        logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(message)s")
        concurrency = settings.worker_concurrency if args.concurrency is None else args.concurrency
        if concurrency < 1:
            raise SystemExit("--concurrency must be at least 1")
        asyncio.run(run_worker(settings, concurrency=concurrency, health_port=args.health_port))
    elif args.command == "migrate":
        asyncio.run(upgrade(settings))
        print(f"database at head: {_redacted(settings.resolved_database_url)}")
    else:
        if not _is_loopback(settings.host) and settings.secret_key == DEV_SECRET_KEY:
            # The development key is in the repository: anyone can sign a token with it.
            raise SystemExit(
                f"refusing to serve on {settings.host} with the development signing key: "
                "set HOLMES_SECRET_KEY (e.g. `openssl rand -hex 32`), or listen on 127.0.0.1"
            )
        keep_memory_returnable()
        if settings.environment == "development":
            asyncio.run(_first_start(settings))
        uvicorn.run(
            "holmes_backend.main:create_app",
            factory=True,
            host=settings.host,
            port=settings.port,
            log_level="info",
            **proxy_options(settings),
        )


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name: it may resolve to anything
        return False


def proxy_options(settings: Settings) -> dict[str, Any]:
    """uvicorn's handling of X-Forwarded-For/-Proto: only from HOLMES_TRUSTED_PROXIES.

    uvicorn's own default believes them from 127.0.0.1, so any local process (or a request
    relayed through one) could choose its client address and walk around the login limits."""
    if not settings.trusted_proxies:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": list(settings.trusted_proxies)}


async def _first_start(settings: Settings) -> None:
    """A fresh embedded install gets one account, so one command is enough to start working."""
    runtime = Runtime.create(settings)
    try:
        async with runtime.session_factory() as session:
            created = await ensure_local_user(session)
            await session.commit()
    finally:
        await runtime.close()
    if created is not None:
        email, password = created
        print(
            "\n  First start: an account was created for you (shown only this once).\n"
            f"    email:    {email}\n    password: {password}\n"
            "  Sign in at the UI or POST /api/auth/login; change it by signing up your own.\n",
            flush=True,
        )


def _redacted(url: str) -> str:
    from sqlalchemy.engine import make_url  # noqa: PLC0415

    return make_url(url).render_as_string(hide_password=True)


if __name__ == "__main__":
    main()
