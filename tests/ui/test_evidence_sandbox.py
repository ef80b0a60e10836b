"""Uploaded evidence cannot act as Holmes, in a real browser (Debian's chromium, issue 41).

`make run`'s server, as in test_browser.py; e2e/evidence.spec.ts uploads a web page whose script
reads the API with the session cookie and opens it every way the UI and a user can.
"""

import os
import signal
import subprocess
from pathlib import Path

from tests.support import free_port
from tests.ui.test_browser import FRONTEND, OUTPUT, _clean_env, _start_make_run


def test_uploaded_html_cannot_read_the_api_in_a_real_browser(tmp_path: Path) -> None:
    port = free_port()
    server, email, password = _start_make_run(tmp_path / "data", port)
    try:
        result = subprocess.run(
            [
                "npx",
                "--no-install",
                "playwright",
                "test",
                "--config",
                "e2e/playwright.config.ts",
                "evidence.spec.ts",
            ],
            cwd=FRONTEND,
            check=False,
            env=_clean_env(
                HOLMES_E2E_EVIDENCE="1",
                HOLMES_E2E_BASE_URL=f"http://127.0.0.1:{port}",
                HOLMES_E2E_EMAIL=email,
                HOLMES_E2E_PASSWORD=password,
                HOLMES_E2E_OUTPUT=str(OUTPUT / "evidence"),
                HOLMES_E2E_CHROMIUM=os.environ.get("HOLMES_E2E_CHROMIUM", "/usr/bin/chromium"),
            ),
            capture_output=True,
            text=True,
            timeout=600,
        )
        print(result.stdout[-6000:])
        assert result.returncode == 0, result.stdout[-12000:] + result.stderr[-4000:]
        assert "1 passed" in result.stdout, result.stdout[-4000:]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        server.wait(timeout=30)
