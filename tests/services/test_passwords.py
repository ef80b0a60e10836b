"""The password policy: length and zxcvbn's estimate, the account's own words included; the
first-start account's generated password meets it."""

import pytest

from holmes_backend.config import Settings
from holmes_backend.db.migrate import upgrade
from holmes_backend.runtime import Runtime
from holmes_backend.services import auth as auth_service
from holmes_backend.services.passwords import MIN_LENGTH, check_password
from holmes_shared.errors import ValidationFailedError

MIN_SCORE = Settings().password_min_score


@pytest.mark.parametrize(
    "password",
    ["password", "12345678", " " * 8, "short1!", "Tr0ub4dor&3"],
)
def test_short_passwords_are_refused(password: str) -> None:
    with pytest.raises(ValidationFailedError, match=f"at least {MIN_LENGTH} characters") as err:
        check_password(password, min_score=MIN_SCORE)
    assert err.value.status_code == 422
    assert err.value.suggested_action


@pytest.mark.parametrize(
    "password",
    [" " * 12, "passwordpassword", "123456789012", "Password1234", "qwertyuiop12", "a" * 200],
)
def test_common_and_patterned_passwords_are_refused(password: str) -> None:
    with pytest.raises(ValidationFailedError, match="too easy to guess") as err:
        check_password(password, min_score=MIN_SCORE)
    assert err.value.details["field"] == "password"
    assert err.value.details["score"] < MIN_SCORE


def test_the_accounts_own_words_count_against_it() -> None:
    check_password("quintessamarlowe", min_score=MIN_SCORE)
    with pytest.raises(ValidationFailedError, match="too easy to guess"):
        check_password(
            "quintessamarlowe",
            min_score=MIN_SCORE,
            user_inputs=("quintessa.marlowe@holmes.example", "Q. Marlowe"),
        )


def test_strong_passwords_pass() -> None:
    for password in ("correct horse battery", "amber kettle lantern orbit", "pw-3f9c1b7e2d4a"):
        check_password(password, min_score=MIN_SCORE)


async def test_the_first_start_password_meets_the_policy(fresh_database_url: str) -> None:
    settings = Settings(database_url=fresh_database_url, environment="test")
    await upgrade(settings)
    runtime = Runtime.create(settings)
    try:
        async with runtime.session_factory() as session:
            created = await auth_service.ensure_local_user(session)
            await session.commit()
    finally:
        await runtime.close()
    assert created is not None
    check_password(created[1], min_score=4)
