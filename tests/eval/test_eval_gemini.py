"""`make eval` against the fake Gemini server: the scorer starts Holmes on the gemini provider
(pointed at the fake, which answers with the local analyst's analysis of each request it gets),
runs a dev case through it and prints recall, precision and the grounding rate."""

import os
import re
import subprocess
import sys
from collections.abc import Iterator

import pytest

from tests.fake_gemini import FakeGemini, JsonDict, Step, json_reply
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    instruction_of,
    pipeline_schema,
    serve_fake,
)
from tests.support import LLM_ENV, REPO_ROOT


def responder(model: str, body: JsonDict) -> Step | None:
    result = analyse(pipeline_schema(instruction_of(body)), body)
    return json_reply(result.output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="eval-key") as served:
        yield served


def test_make_eval_on_the_fake_gemini_prints_recall_precision_and_grounding(
    fake: tuple[FakeGemini, str],
) -> None:
    gemini, url = fake
    settings = {
        "HOLMES_LLM_PROVIDER": "gemini",
        "HOLMES_GEMINI_API_KEY": "eval-key",
        "HOLMES_GEMINI_BASE_URL": url,
        "HOLMES_GEMINI_PRO_MODEL": PRO_MODEL,
        "HOLMES_GEMINI_FLASH_MODEL": FLASH_MODEL,
    }
    # What a developer with a key does: the model in the environment, the scorer picks it up.
    env = {k: v for k, v in os.environ.items() if k not in LLM_ENV} | settings
    done = subprocess.run(
        [sys.executable, "-m", "tests.eval.score", "--split", "dev", "--case", "10"],
        cwd=REPO_ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=850,
        check=False,
    )
    print(done.stdout)  # the table, in the test's output
    assert done.returncode == 0, done.stderr[-3000:]

    assert gemini.requests_for(PRO_MODEL), "the scorer's server did not run on Gemini"
    assert "10-kleinmond-trust-round-trip [READY]" in done.stdout
    table = done.stdout[done.stdout.index("group") :]
    for group in ("contradictions", "gaps", "findings", "links", "people"):
        row = re.search(rf"^{group}\s+(\S+)\s+(\S+)\s+(\d+)/(\d+)\s+(\d+)/(\d+)$", table, re.M)
        assert row, group
        assert row.group(1) != "-"  # every group has key items: a recall
    rate = re.search(r"^grounding rate (\d\.\d+) \((\d+)/(\d+) cited excerpts held", table, re.M)
    assert rate, table
    held, cited = int(rate.group(2)), int(rate.group(3))
    assert cited > 0
    assert float(rate.group(1)) == pytest.approx(held / cited, abs=0.001)
