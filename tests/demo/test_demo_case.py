"""The demo case and the benchmark case generator: files that extract, and an answer key that holds.

Every citation in answers.json is checked against what extraction really returns for that file,
so the key can be used to score the pipeline without a wrong location counting against it.
"""

import json
import math
from collections.abc import Iterator
from datetime import date, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from holmes_backend.config import Settings
from holmes_backend.demo import ANSWERS_FILENAME, write_demo_case, write_synthetic_case
from holmes_backend.demo.__main__ import main as demo_main
from holmes_backend.extraction import Extraction, extract, sidecar_for
from holmes_backend.services.file_types import detect_mime_type

CHICAGO = (41.8781, -87.6298)


def _mime(filename: str) -> str:
    return detect_mime_type(filename, None, Settings().allowed_mime_types)


def _evidence(directory: Path) -> list[Path]:
    return sorted(p for p in directory.iterdir() if p.name != ANSWERS_FILENAME)


def _squash(text: str) -> str:
    return " ".join(text.split())


def _km(a: tuple[float, float], b: tuple[float, float]) -> float:
    lat1, lon1, lat2, lon2 = map(math.radians, (*a, *b))
    h = (
        math.sin((lat2 - lat1) / 2) ** 2
        + math.cos(lat1) * math.cos(lat2) * math.sin((lon2 - lon1) / 2) ** 2
    )
    return 2 * 6371 * math.asin(math.sqrt(h))


@pytest.fixture(scope="module")
def case_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    directory = tmp_path_factory.mktemp("demo-case")
    assert write_demo_case(directory) == directory / ANSWERS_FILENAME
    return directory


@pytest.fixture(scope="module")
def answers(case_dir: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((case_dir / ANSWERS_FILENAME).read_text(encoding="utf-8"))
    return data


@pytest.fixture(scope="module")
async def extractions(case_dir: Path) -> dict[str, Extraction]:
    return {
        path.name: await extract(path, _mime(path.name), path.name) for path in _evidence(case_dir)
    }


def _citations(node: object) -> Iterator[dict[str, Any]]:
    """Every {"file": ...} citation anywhere in the answers, however deeply nested."""
    if isinstance(node, dict):
        if isinstance(node.get("location"), dict) or isinstance(node.get("metadata"), dict):
            yield node
        for value in node.values():
            yield from _citations(value)
    elif isinstance(node, list):
        for value in node:
            yield from _citations(value)


def _chunks_at(extraction: Extraction, location: dict[str, Any]) -> list[str]:
    return [
        chunk.text
        for chunk in extraction.chunks
        if all(getattr(chunk.location, key) == value for key, value in location.items())
    ]


def test_twelve_to_fifteen_files_of_at_least_eight_types(
    case_dir: Path, answers: dict[str, Any]
) -> None:
    files = _evidence(case_dir)
    assert 12 <= len(files) <= 15
    types = {_mime(path.name) for path in files}
    assert len(types) >= 8, types
    assert {"application/pdf", "text/csv", "image/jpeg", "video/mp4", "message/rfc822"} <= types
    emails = [path for path in files if path.suffix == ".eml"]
    assert 2 <= len(emails) <= 3
    listed = {entry["filename"]: entry["mime_type"] for entry in answers["files"]}
    assert listed == {path.name: _mime(path.name) for path in files}
    names = [path.name for path in files]
    for video, transcript in answers["sidecars"].items():
        assert sidecar_for(video, names) == transcript


async def test_every_file_extracts_cleanly(
    case_dir: Path, extractions: dict[str, Extraction]
) -> None:
    assert set(extractions) == {path.name for path in _evidence(case_dir)}
    for name, extraction in extractions.items():
        if extraction.kind == "image":
            # OCR is optional (Tesseract may be absent); a night photo has no printed text anyway.
            assert all(error.startswith("OCR") for error in extraction.errors), extraction.errors
            continue
        assert extraction.errors == [], (name, extraction.errors)
        if extraction.kind != "video":
            assert extraction.chunks, name


async def test_every_citation_in_the_answers_is_where_it_says(
    answers: dict[str, Any], extractions: dict[str, Extraction]
) -> None:
    citations = list(_citations(answers))
    assert len(citations) > 40
    for citation in citations:
        extraction = extractions[citation["file"]]
        if "metadata" in citation:
            for key, expected in citation["metadata"].items():
                actual = extraction.metadata.get(key)
                if isinstance(expected, float):
                    assert actual == pytest.approx(expected, abs=1e-6), (citation, actual)
                else:
                    assert actual == expected, (citation, actual)
            continue
        texts = _chunks_at(extraction, citation["location"])
        assert texts, f"nothing at {citation['location']} in {citation['file']}"
        excerpt = _squash(citation["excerpt"])
        assert any(excerpt in _squash(text) for text in texts), (citation, texts)


async def test_the_alibi_is_contradicted_by_the_photo(
    answers: dict[str, Any], extractions: dict[str, Extraction]
) -> None:
    alibi = next(c for c in answers["contradictions"] if c["id"] == "alibi")
    source = alibi["claim_source"]
    [cue] = [
        chunk
        for chunk in extractions[source["file"]].chunks
        if chunk.location.cue_start == source["location"]["cue_start"]
    ]
    assert cue.speaker == source["speaker"] == "Mr. Hale"
    assert "I was in Chicago all evening on March 14, 2024" in cue.text
    assert cue.location.start_time == datetime.fromisoformat(source["time"])

    photo = next(ref for ref in alibi["evidence_against"] if ref["file"].endswith(".jpg"))
    metadata = extractions[photo["file"]].metadata
    taken = datetime.fromisoformat(metadata["capture_time"])
    assert taken.utcoffset() == timedelta(hours=-5)
    assert taken.date() == date.fromisoformat(alibi["claimed_date"])
    assert taken.hour >= 18  # in the evening the claim covers
    where = (metadata["gps_latitude"], metadata["gps_longitude"])
    assert _km(where, CHICAGO) > 100  # Milwaukee, not Chicago
    assert _km(where, tuple(alibi["claimed_place_coordinates"])) > 100


async def test_photo_and_venue_log_are_twenty_minutes_apart(
    answers: dict[str, Any], extractions: dict[str, Extraction]
) -> None:
    link = next(link for link in answers["cross_modal_links"] if link["id"] == "photo_cctv")
    taken = datetime.fromisoformat(extractions[link["a"]["file"]].metadata["capture_time"])
    log = extractions[link["b"]["file"]]
    [row] = _chunks_at(log, link["b"]["location"])
    logged = datetime.fromisoformat(row.split("Timestamp: ")[1].split(";")[0])
    delta = (taken - logged).total_seconds()
    assert delta == link["time_delta_seconds"]
    assert 15 * 60 <= delta <= 25 * 60

    video = next(link for link in answers["cross_modal_links"] if link["id"] == "video_cctv")
    [cue] = [
        chunk
        for chunk in extractions[video["a"]["file"]].chunks
        if chunk.location.cue_start == video["a"]["location"]["cue_start"]
    ]
    assert cue.location.start_time is not None
    assert abs((cue.location.start_time - logged).total_seconds()) < 60


async def test_structuring_and_round_trip_rows_are_rows_of_the_statement(
    answers: dict[str, Any], extractions: dict[str, Extraction]
) -> None:
    anomalies = {anomaly["id"]: anomaly for anomaly in answers["anomalies"]}
    structuring = anomalies["structuring"]["sources"]
    [table] = extractions[structuring[0]["file"]].tables
    column = {name: index for index, name in enumerate(table.header)}
    rows = [table.rows[ref["location"]["row"] - 1] for ref in structuring]
    amounts = [float(row[column["Debit"]]) for row in rows]
    days = [date.fromisoformat(row[column["Date"]]) for row in rows]
    assert len(rows) >= 3
    assert all(9000 <= amount < 10000 for amount in amounts)
    assert (max(days) - min(days)).days <= 7
    assert sum(amounts) == anomalies["structuring"]["total_amount"]

    out, back = (
        table.rows[ref["location"]["row"] - 1] for ref in anomalies["round_trip"]["sources"]
    )
    assert out[column["Debit"]] == back[column["Credit"]]
    assert date.fromisoformat(out[column["Date"]]) < date.fromisoformat(back[column["Date"]])


async def test_invoice_and_ledger_disagree_and_the_minutes_hold_no_approval(
    answers: dict[str, Any], extractions: dict[str, Extraction]
) -> None:
    mismatch = next(a for a in answers["anomalies"] if a["id"] == "invoice_amount_mismatch")
    by_file = {ref["file"]: ref for ref in mismatch["sources"]}
    invoice = next(name for name in by_file if name.endswith(".pdf"))
    ledger = next(name for name in by_file if name.endswith(".xlsx"))
    assert "TOTAL DUE: USD 48,500.00" in extractions[invoice].chunks[0].text
    [ledger_row] = _chunks_at(extractions[ledger], by_file[ledger]["location"])
    assert "Invoice No: LCG-2024-017" in ledger_row
    assert "Amount (USD): 84500" in ledger_row

    gap = next(g for g in answers["evidence_gaps"] if g["id"] == "board_approval")
    assert gap["current_strength"] == "MISSING"
    minutes = {ref["file"] for ref in gap["searched"]}
    assert len(minutes) == 1
    pages = extractions[minutes.pop()].chunks
    assert len(pages) == 2
    assert not any("Lakeshore" in page.text for page in pages)


def test_the_demo_case_is_the_same_every_time(case_dir: Path, tmp_path: Path) -> None:
    write_demo_case(tmp_path)
    # Text formats, and the binary ones too: answers.json records every file's sha256.
    for path in [*_evidence(case_dir), case_dir / ANSWERS_FILENAME]:
        assert (tmp_path / path.name).read_bytes() == path.read_bytes(), path.name


def test_demo_command_writes_the_case(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOLMES_DATA_DIR", str(tmp_path / "data"))
    demo_main([])
    output = capsys.readouterr().out
    written = tmp_path / "data" / "demo-case"
    assert str(written) in output
    assert (written / ANSWERS_FILENAME).is_file()
    for path in _evidence(written):
        assert path.name in output


async def test_synthetic_case_files_all_extract(tmp_path: Path) -> None:
    paths = write_synthetic_case(tmp_path / "a", 20, seed=11)
    assert len(paths) == 20
    assert sorted(paths) == _evidence(tmp_path / "a")
    assert len({path.suffix for path in paths}) >= 8
    for path in paths:
        extraction = await extract(path, _mime(path.name), path.name)
        if extraction.kind != "video":
            assert extraction.chunks or extraction.metadata.get("capture_time"), path.name

    same = write_synthetic_case(tmp_path / "b", 20, seed=11)
    assert [p.read_bytes() for p in same] == [p.read_bytes() for p in paths]
    other = write_synthetic_case(tmp_path / "c", 20, seed=12)
    assert [p.name for p in other] != [p.name for p in paths]
