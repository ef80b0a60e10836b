"""Long recordings are read in time-range work units under the token budget, against the fake
Gemini server, which bills media as the real API does (a second of video 290 tokens, of audio
32, read from the media themselves: the videoMetadata offsets of a video part, the length of an
audio part's bytes).

A case of a 2-hour video (MP4) and a 2-hour audio recording (WAV), at Gemini's request budget
of 120k tokens: the whole video is ~2.1M tokens and the audio ~230k, so neither fits one
request. Each domain that reads them reads every second once, in units under the budget: the
video as VideoMetadata offsets into its one upload, the audio as clips cut from the file, each
labelled with the second it starts at so that cited seconds are the recording's own. Triage
reads each recording's first seconds only.
"""

import io
import json
from collections.abc import Iterator
from datetime import UTC, datetime
from typing import Any

import httpx
import mutagen
import pytest

from holmes_backend.agents.triage.prompt import INSTRUCTION as TRIAGE
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from tests.agents.helpers import wait_done
from tests.extraction.builders import make_mp4, make_wav
from tests.fake_gemini import (
    AUDIO_TOKENS_PER_SECOND,
    VIDEO_TOKENS_PER_SECOND,
    FakeGemini,
    JsonDict,
    Received,
    Reply,
    Step,
    get,
    text,
)
from tests.gemini_support import (
    FLASH_MODEL,
    PRO_MODEL,
    analyse,
    holmes_on_fake,
    instruction_of,
    pipeline_schema,
    serve_fake,
    user_text_of,
)
from tests.support import LiveServer

BUDGET = 120_000  # input tokens per request: Holmes's default on Gemini
HOURS_2 = 7200.0


FILES = {
    "patrol.mp4": (make_mp4(datetime(2024, 3, 1, 22, 0, tzinfo=UTC), HOURS_2), "video/mp4"),
    "interview.wav": (make_wav(HOURS_2), "audio/wav"),
}


def responder(model: str, body: JsonDict) -> Step | None:
    result = analyse(pipeline_schema(instruction_of(body)), body)
    return Reply(parts=[text(result.output.model_dump_json())])


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="recording-key") as served:
        yield served


@pytest.fixture(scope="module")
def server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("recording-data"),
        fake_url=fake[1],
        api_key="recording-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_request_budget_tokens=BUDGET,
        max_upload_bytes=8 * 1024 * 1024,
    ) as live:
        yield live


def _headers(request: Received, filename: str) -> list[dict[str, Any]]:
    return [
        json.loads(line[len("<<<EVIDENCE ") : -3])
        for line in user_text_of(request.body).splitlines()
        if line.startswith("<<<EVIDENCE ") and f'"filename": "{filename}"' in line
    ]


def _covered(spans: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """The spans merged where they touch."""
    merged: list[tuple[float, float]] = []
    for start, end in sorted(spans):
        if merged and start <= merged[-1][1] + 1e-6:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _seconds(value: object) -> float:
    return float(str(value).removesuffix("s"))


async def test_two_hour_recordings_are_read_in_time_ranges_under_the_budget(
    server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    gemini = fake[0]
    first = len(gemini.requests)  # the fake serves each database's run in turn
    async with httpx.AsyncClient(base_url=server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "recordings@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=server.base_url, timeout=60, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "recordings"})).json()["id"]
        uploaded = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", (name, data, mime)) for name, (data, mime) in FILES.items()],
        )
        assert uploaded.status_code == 201, uploaded.text
        assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
        status = await wait_done(client, case_id, seconds=600)

    assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
    requests = gemini.requests[first:]
    # Media are billed by the fake as the API bills them, and no request is over the budget.
    assert any(r.media_tokens > 0 for r in requests)
    over = [
        (instruction_of(r.body)[:40], r.prompt_tokens) for r in requests if r.prompt_tokens > BUDGET
    ]
    assert not over, over

    triage = [r for r in requests if instruction_of(r.body).startswith(TRIAGE[:60])]
    assert triage
    workers = [r for r in requests if r not in triage and r.media_parts]

    # --- the video: VideoMetadata offsets into one upload, every second read, by range -----
    video_uris = {p["uri"] for r in requests for p in r.file_parts if p["mime_type"] == "video/mp4"}
    assert len(video_uris) == 1  # one upload for the whole job
    for request in triage:  # triage watched the first seconds only
        for part in request.file_parts:
            if part["mime_type"] == "video/mp4":
                assert _seconds(get(part["video"], "endOffset")) <= 60
    video_units = [r for r in workers if any(p["mime_type"] == "video/mp4" for p in r.file_parts)]
    assert len(video_units) >= HOURS_2 * VIDEO_TOKENS_PER_SECOND / BUDGET
    spans: list[tuple[float, float]] = []
    for request in video_units:
        mine = [
            (_seconds(get(p["video"], "startOffset")), _seconds(get(p["video"], "endOffset")))
            for p in request.file_parts
            if p["mime_type"] == "video/mp4"
        ]
        assert sum(end - start for start, end in mine) * VIDEO_TOKENS_PER_SECOND <= BUDGET
        (header,) = _headers(request, "patrol.mp4")
        start, end = header["segment"]
        assert _covered(mine) == [(start, end)]  # the unit's parts are its range
        assert f"seconds {mine[0][0]:g} to {mine[0][1]:g} of" in user_text_of(request.body)
        spans += mine
    assert _covered(spans) == [(0.0, HOURS_2)]

    # --- the audio: clips cut from the file, each labelled with where it starts ------------
    audio_units = [r for r in workers if any(p["mime_type"] == "audio/wav" for p in r.inline_parts)]
    assert len(audio_units) >= 2
    heard: list[tuple[float, float]] = []
    for request in audio_units:
        (clip,) = [p["data"] for p in request.inline_parts if p["mime_type"] == "audio/wav"]
        length = mutagen.File(io.BytesIO(clip)).info.length
        assert length * AUDIO_TOKENS_PER_SECOND <= BUDGET
        (header,) = _headers(request, "interview.wav")
        start, end = header["segment"]
        assert length == pytest.approx(end - start, abs=1.0)
        assert f"This clip starts at second {start:g} of the recording" in user_text_of(
            request.body
        )
        heard.append((start, end))
    assert _covered(heard) == [(0.0, HOURS_2)]
    # Each unit's evidence block says which seconds it holds; the transcript-less blocks parse.
    for request in audio_units + video_units:
        assert parse_blocks(user_text_of(request.body))[0]
