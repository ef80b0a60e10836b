"""The signing key in the repository is never the key of a reachable server: the image runs in
production mode (which refuses to start without HOLMES_SECRET_KEY), and `serve` on any address
but loopback refuses the development key whatever the mode."""

import os
import re
import subprocess
import sys

from tests.support import LLM_ENV, REPO_ROOT

_SCRUBBED = ("HOLMES_SECRET_KEY", "HOLMES_ENVIRONMENT", "DATABASE_URL", *LLM_ENV)


def _image_env() -> dict[str, str]:
    """The ENV the Dockerfile's runtime stage sets (KEY=value pairs, continued lines joined)."""
    text = (REPO_ROOT / "infrastructure" / "Dockerfile").read_text()
    runtime_stage = text.split("AS runtime", 1)[1]
    env: dict[str, str] = {}
    for block in re.findall(r"^ENV\s+((?:.*\\\n)*.*)$", runtime_stage, flags=re.M):
        for key, value in re.findall(r'(\w+)=("[^"]*"|\S+)', block.replace("\\\n", " ")):
            env[key] = value.strip('"')
    return env


def _serve(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in _SCRUBBED}
    return subprocess.run(
        [sys.executable, "-m", "holmes_backend", "serve"],
        env=base | env,
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_image_refuses_to_start_without_a_secret_key(tmp_path: object) -> None:
    image = _image_env()
    assert image["HOLMES_ENVIRONMENT"] == "production"
    env = {k: v for k, v in image.items() if k.startswith("HOLMES_") and k != "HOLMES_UI_DIR"} | {
        "HOLMES_DATA_DIR": str(tmp_path),
        "HOLMES_PORT": "1",
    }
    result = _serve(env)
    assert result.returncode != 0
    assert "HOLMES_SECRET_KEY" in result.stderr


def test_serving_beyond_loopback_refuses_the_development_key(tmp_path: object) -> None:
    env = {
        "HOLMES_HOST": "0.0.0.0",
        "HOLMES_PORT": "1",
        "HOLMES_ENVIRONMENT": "development",
        "HOLMES_DATA_DIR": str(tmp_path),
    }
    result = _serve(env)
    assert result.returncode != 0
    assert "development signing key" in result.stderr
