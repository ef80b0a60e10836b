"""A fresh embedded install gets exactly one account, whose password works."""

from holmes_backend.config import Settings
from holmes_backend.db.migrate import upgrade
from holmes_backend.runtime import Runtime
from holmes_backend.services import auth as auth_service


async def test_first_start_creates_one_working_account(fresh_database_url: str) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings)
    runtime = Runtime.create(settings)
    try:
        async with runtime.session_factory() as session:
            created = await auth_service.ensure_local_user(session)
            await session.commit()
        assert created is not None
        email, password = created
        async with runtime.session_factory() as session:
            assert await auth_service.ensure_local_user(session) is None
            user, issued = await auth_service.login(
                session,
                settings=settings,
                throttle=runtime.throttle,
                email=email,
                password=password,
                client="test",
            )
        assert user.email == email
        assert issued.token
    finally:
        await runtime.close()
