"""Media evidence reaches the model as parts, against the fake Gemini server.

A case of a JPEG, an MP3, a 25-minute MP4 and a scanned (image-only) PDF, made here: the
small JPEG and MP3 go inline, the scanned PDF and the video through the File API (triage sees
the video's first seconds; the workers all of it, in time ranges under the token budget, as
segments of at most 10 minutes with start/end offsets of one upload), each behind a line saying
how to cite it.
The model (the fake, answering with the local analyst's analysis) cites the video at 754 s:
the finding keeps the second. Run again after one upload is dropped by the File API and the
other's recorded expiry has passed: both are uploaded again and the new URIs sent. And once
more with the uploads dropped in the middle of the job: the refused requests are redone with the
files uploaded again.
"""

import io
import itertools
import json
import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from PIL import Image
from sqlalchemy import select, update

from holmes_backend.agents.pipeline import DOMAIN_SCHEMAS
from holmes_backend.contracts.agents import Finding, SourceRef
from holmes_backend.db.engine import create_engine, create_session_factory
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.llm.local import analysts  # noqa: F401 - registers the analysts
from holmes_backend.models import MediaUpload
from tests.agents.helpers import agent_runs, wait_done
from tests.conftest import make_settings
from tests.extraction.builders import make_mp4
from tests.fake_gemini import FakeGemini, JsonDict, Received, Step, get, json_reply
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

CITED_SECOND = 754.0
INLINE_MAX = 40_000  # the JPEG and the MP3 are under it, the scanned PDF over it


def _jpeg() -> bytes:
    image = Image.new("RGB", (96, 64), "white")
    image.paste((200, 30, 30), (10, 10, 50, 40))
    out = io.BytesIO()
    image.save(out, "JPEG")
    return out.getvalue()


def _mp3(frames: int = 40) -> bytes:
    """MPEG-1 Layer III frames (128 kbit/s, 44.1 kHz) of silence: about a second."""
    return (bytes.fromhex("FFFB9064") + bytes(413)) * frames


def _scanned_pdf() -> bytes:
    """One page that is only an image (noise, so it does not compress below the inline size)."""
    rng = random.Random(44)
    image = Image.frombytes("L", (320, 320), bytes(rng.getrandbits(8) for _ in range(320 * 320)))
    out = io.BytesIO()
    image.convert("RGB").save(out, "PDF")
    return out.getvalue()


FILES = {
    "scene.jpg": (_jpeg(), "image/jpeg"),
    "call.mp3": (_mp3(), "audio/mpeg"),
    "cctv.mp4": (make_mp4(datetime(2024, 3, 1, 22, 0, tzinfo=UTC), 1500.0), "video/mp4"),
    "scan.pdf": (_scanned_pdf(), "application/pdf"),
}


def _video_id(body: JsonDict) -> str | None:
    documents, _, _ = parse_blocks(user_text_of(body))
    return next((d.file_id for d in documents if d.mime_type == "video/mp4"), None)


# Set by the mid-job test: the File API drops every upload once triage is answered.
EXPIRE_AFTER_TRIAGE = {"on": False}
SERVED: list[FakeGemini] = []


def responder(model: str, body: JsonDict) -> Step | None:
    """The local analyst's analysis (Pro and Flash alike); a domain worker that was sent the
    video cites a moment in it, as a model watching it would."""
    if EXPIRE_AFTER_TRIAGE["on"] and instruction_of(body).startswith("You are the triage"):
        for stored in list(SERVED[0].files.values()):
            SERVED[0].expire(stored.name)
    schema = pipeline_schema(instruction_of(body))
    result = analyse(schema, body)
    output = result.output
    video = _video_id(body)
    if schema in DOMAIN_SCHEMAS.values() and video and hasattr(output, "findings"):
        output.findings.append(
            Finding(
                finding_type="observation",
                title="A person leaves through the side door",
                summary="Seen on the camera at 12:34.",
                confidence=0.8,
                severity="MEDIUM",
                sources=[
                    SourceRef(
                        file_id=video,
                        cue_start=CITED_SECOND,
                        cue_end=CITED_SECOND + 6,
                        excerpt="a person leaves through the side door",
                    )
                ],
            )
        )
    return json_reply(output.model_dump(mode="json"), thoughts=result.thoughts)


@pytest.fixture(scope="module")
def fake() -> Iterator[tuple[FakeGemini, str]]:
    with serve_fake(responder, api_key="media-key") as served:
        served[0].max_request_bytes = 20_000_000  # the API's inline request limit
        SERVED[:] = [served[0]]
        yield served


@pytest.fixture(scope="module")
def media_server(
    module_database: str, fake: tuple[FakeGemini, str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[LiveServer]:
    with holmes_on_fake(
        database_url=module_database,
        data_dir=tmp_path_factory.mktemp("media-data"),
        fake_url=fake[1],
        api_key="media-key",
        pro=PRO_MODEL,
        flash=FLASH_MODEL,
        gemini_inline_max_bytes=INLINE_MAX,
        media_segment_seconds=600.0,
    ) as live:
        yield live


async def _process(client: httpx.AsyncClient, case_id: str) -> dict[str, Any]:
    assert (await client.post(f"/api/cases/{case_id}/process")).status_code == 202
    return await wait_done(client, case_id, seconds=180)


def _with_media(requests: list[Received]) -> list[Received]:
    return [r for r in requests if r.media_parts]


async def test_media_go_inline_and_through_the_file_api_and_expired_uploads_are_renewed(
    media_server: LiveServer, fake: tuple[FakeGemini, str], module_database: str
) -> None:
    gemini = fake[0]
    async with httpx.AsyncClient(base_url=media_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "media@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    headers = {"Authorization": f"Bearer {token}"}
    async with httpx.AsyncClient(
        base_url=media_server.base_url, timeout=30, headers=headers
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "media"})).json()["id"]
        uploaded = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", (name, data, mime)) for name, (data, mime) in FILES.items()],
        )
        assert uploaded.status_code == 201, uploaded.text
        ids = {f["filename"]: f["id"] for f in uploaded.json()}
        first = len(gemini.requests)
        status = await _process(client, case_id)
        assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
        findings = (await client.get(f"/api/cases/{case_id}/findings")).json()

        # --- the first run: what the requests carried -----------------------------------------
        run = _with_media(gemini.requests[first:])
        triage = next(r for r in run if instruction_of(r.body).startswith("You are the triage"))
        inline = {p["mime_type"]: p["data"] for p in triage.inline_parts}
        assert inline == {
            "image/jpeg": FILES["scene.jpg"][0],
            "audio/mp3": FILES["call.mp3"][0],  # uploaded as audio/mpeg: Gemini's name for it
        }
        by_type: dict[str, list[JsonDict]] = {}
        for part in triage.file_parts:
            by_type.setdefault(part["mime_type"], []).append(part)
        assert set(by_type) == {"application/pdf", "video/mp4"}
        (pdf,) = by_type["application/pdf"]
        assert pdf["video"] is None
        # Triage watches the video's first seconds (its preview). The workers watch all of it:
        # 1500 s of video (~435k tokens) is over the request budget (120k), so it is read in
        # time ranges, each sent as parts of at most 600 s with their offsets, all of one upload.
        assert [
            (get(p["video"], "startOffset"), get(p["video"], "endOffset"))
            for p in by_type["video/mp4"]
        ] == [("0s", "10s")]
        videos = [
            p for r in run if r is not triage for p in r.file_parts if p["mime_type"] == "video/mp4"
        ]
        spans = sorted(
            (float(get(p["video"], "startOffset")[:-1]), float(get(p["video"], "endOffset")[:-1]))
            for p in videos
        )
        assert all(end - start <= 600 for start, end in spans)
        assert spans[0][0] == 0
        assert spans[-1][1] == 1500
        assert all(a[1] >= b[0] for a, b in itertools.pairwise(spans))
        assert len({p["uri"] for p in videos + by_type["video/mp4"]}) == 1
        text = user_text_of(triage.body)
        assert "cite moments with cue_start and cue_end in seconds" in text
        assert "pages 1 have no text layer" in text
        # The domain workers get them too; each file was uploaded once for the whole job.
        assert any(not instruction_of(r.body).startswith("You are the triage") for r in run)
        stored = {f.display_name: f for f in gemini.files.values()}
        assert set(stored) == {"scan.pdf", "cctv.mp4"}
        assert bytes(stored["scan.pdf"].data) == FILES["scan.pdf"][0]
        first_uris = {pdf["uri"], by_type["video/mp4"][0]["uri"]}
        for request in run:
            assert {p["uri"] for p in request.file_parts} <= first_uris

        # The model's citation of the video's second is kept with the finding.
        cited = [
            f
            for f in findings
            if f["file_id"] == ids["cctv.mp4"]
            and (f.get("source_location") or {}).get("cue_start") == CITED_SECOND
        ]
        assert cited, [f.get("source_location") for f in findings]
        assert cited[0]["source_location"]["cue_end"] == CITED_SECOND + 6

        # --- expiry: the PDF dropped by the File API, the video's recorded expiry passed -------
        pdf_name = stored["scan.pdf"].name
        video_name = stored["cctv.mp4"].name
        gemini.expire(pdf_name)
        settings = make_settings(
            database_url=module_database, storage="local", data_dir=Path("."), emulator_host=None
        )
        engine = create_engine(settings)
        try:
            async with create_session_factory(engine)() as session:
                rows = list(await session.scalars(select(MediaUpload)))
                assert {r.name for r in rows} == {pdf_name, video_name}
                assert all(r.expires_at > datetime.now(UTC) + timedelta(hours=47) for r in rows)
                await session.execute(
                    update(MediaUpload)
                    .where(MediaUpload.name == video_name)
                    .values(expires_at=datetime.now(UTC) - timedelta(minutes=1))
                )
                await session.commit()
            gets = len(gemini.file_gets)
            second = len(gemini.requests)
            status = await _process(client, case_id)
            assert status["job"]["status"] in ("READY", "PARTIAL"), status["job"]
            async with create_session_factory(engine)() as session:
                renewed = {r.mime_type: r for r in await session.scalars(select(MediaUpload))}
        finally:
            await engine.dispose()

    # The PDF was looked up (and found gone); the expired video was not even looked up.
    assert gemini.file_gets[gets:].count(pdf_name) == 1
    assert video_name not in gemini.file_gets[gets:]
    new_names = {renewed["application/pdf"].name, renewed["video/mp4"].name}
    assert not new_names & {pdf_name, video_name}
    new_uris = {renewed["application/pdf"].uri, renewed["video/mp4"].uri}
    rerun = _with_media(gemini.requests[second:])
    assert rerun
    sent = {p["uri"] for r in rerun for p in r.file_parts}
    assert sent == new_uris
    # Triage and the domain workers had them; none was refused for a file the API had dropped.
    assert any(not instruction_of(r.body).startswith("You are the triage") for r in rerun)
    assert "may not exist" not in json.dumps(status["job"]["errors"])


async def test_an_upload_dropped_in_the_middle_of_a_job_is_uploaded_again(
    media_server: LiveServer, fake: tuple[FakeGemini, str]
) -> None:
    gemini = fake[0]
    async with httpx.AsyncClient(base_url=media_server.base_url, timeout=30) as anon:
        token = (
            await anon.post(
                "/api/auth/signup",
                json={"email": "midjob@holmes.example", "password": "long enough password"},
            )
        ).json()["access_token"]
    async with httpx.AsyncClient(
        base_url=media_server.base_url, timeout=30, headers={"Authorization": f"Bearer {token}"}
    ) as client:
        case_id = (await client.post("/api/cases", json={"name": "mid-job expiry"})).json()["id"]
        names = ("cctv.mp4", "scan.pdf")
        uploaded = await client.post(
            f"/api/cases/{case_id}/files",
            files=[("files", (name, *FILES[name])) for name in names],
        )
        assert uploaded.status_code == 201, uploaded.text
        first = len(gemini.requests)
        # The File API drops every upload once triage has been answered: the domain workers'
        # requests name files it no longer has.
        EXPIRE_AFTER_TRIAGE["on"] = True
        try:
            status = await _process(client, case_id)
        finally:
            EXPIRE_AFTER_TRIAGE["on"] = False
        agents = list(agent_runs((await client.get(f"/api/cases/{case_id}/agents")).json()))

    assert status["job"]["status"] == "READY", status["job"]["errors"]
    run = _with_media(gemini.requests[first:])
    triage = [r for r in run if instruction_of(r.body).startswith("You are the triage")]
    dropped = {p["uri"] for r in triage for p in r.file_parts}
    assert dropped
    workers = [r for r in run if r not in triage]
    refused = [r for r in workers if {p["uri"] for p in r.file_parts} & dropped]
    assert refused  # the first asks, refused by the fake with the API's 403
    again = [a for a in agents if a["agent_name"].endswith("_again")]
    assert again
    assert all(a["status"] == "COMPLETED" for a in again)
    redone = [r for r in workers if r not in refused]
    sent = {p["uri"] for r in redone for p in r.file_parts}
    assert sent
    assert not sent & dropped
    assert {f.display_name for f in gemini.files.values()} >= set(names)
