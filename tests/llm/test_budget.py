"""Token budgets (llm.budget) and cost (llm.cost), without a server: work units under the budget
(page, time and row ranges of long files, small files together), halving, previews, prices."""

import itertools
import json

from google.genai import types

from holmes_backend.config import ModelPrice, Settings
from holmes_backend.contracts.agents import FinancialOutput, Finding, SourceRef
from holmes_backend.extraction.models import Chunk, Extraction, Location
from holmes_backend.llm import budget
from holmes_backend.llm.cost import Usage, cost_usd
from holmes_backend.llm.evidence import parse_blocks, render_evidence
from holmes_backend.llm.provider import generate_config


def _block(file_id: str, chunks: list[Chunk], mime_type: str = "application/pdf") -> str:
    return render_evidence(
        file_id=file_id,
        filename=f"{file_id}.bin",
        mime_type=mime_type,
        extraction=Extraction(kind="x", chunks=chunks),
    )


def _pdf(file_id: str, pages: int, words: int = 60) -> str:
    return _block(
        file_id,
        [
            Chunk(
                text=f"Page {p}: " + "the witness signed the ledger " * (words // 5),
                location=Location(page=p),
            )
            for p in range(1, pages + 1)
        ],
    )


def _header(piece: str) -> dict[str, object]:
    first = piece.split("\n", 1)[0]
    header: dict[str, object] = json.loads(first[len("<<<EVIDENCE ") : -len(">>>")])
    return header


def test_a_300_page_pdf_is_cut_into_page_ranges_under_the_budget_covering_every_page() -> None:
    block = _pdf("big", 300)
    assert budget.estimate_tokens(block) > 25_000

    pieces = budget.split_block(block, 8_000)

    assert len(pieces) >= 4
    assert all(budget.estimate_tokens(p) <= 8_000 for p in pieces)
    pages = [c.location.page for p in pieces for c in parse_blocks(p)[0][0].chunks]
    assert pages == list(range(1, 301))  # every page once, in order
    headers = [_header(p) for p in pieces]
    assert (
        headers[0]["range"] == f"pages 1-{parse_blocks(pieces[0])[0][0].chunks[-1].location.page}"
    )
    assert [h["piece"] for h in headers] == [
        f"{i}/{len(pieces)}" for i in range(1, len(pieces) + 1)
    ]
    assert all(h["file_id"] == "big" for h in headers)


def test_a_two_hour_transcript_is_cut_into_time_ranges() -> None:
    cues = [
        Chunk(
            text=f"I was at the depot at {i} past, with the driver and the keys to the van.",
            location=Location(cue_start=float(i * 10), cue_end=float(i * 10 + 10)),
            speaker="Witness",
        )
        for i in range(720)  # 2 hours of 10-second cues
    ]
    block = _block("rec", cues, "text/vtt")

    pieces = budget.split_block(block, 3_000)

    assert len(pieces) >= 3
    assert all(budget.estimate_tokens(p) <= 3_000 for p in pieces)
    ranges = [str(_header(p)["range"]) for p in pieces]
    assert ranges[0].startswith("seconds 0.0-")
    assert ranges[-1].endswith("-7200.0")
    starts = [c.location.cue_start for p in pieces for c in parse_blocks(p)[0][0].chunks]
    assert starts == [float(i * 10) for i in range(720)]


def test_rows_of_a_sheet_are_cut_into_row_ranges() -> None:
    rows = [
        Chunk(
            text=f"Date: 2024-01-{i % 28 + 1:02d}; Amount: {i}.00",
            location=Location(row=i, sheet="Ledger"),
        )
        for i in range(1, 2001)
    ]
    pieces = budget.split_block(_block("sheet", rows, "text/csv"), 4_000)
    assert len(pieces) >= 2
    assert str(_header(pieces[0])["range"]).startswith("rows 1-")
    assert str(_header(pieces[0])["range"]).endswith("of sheet Ledger")


def test_small_files_share_a_unit_and_a_long_one_is_spread_over_units_under_the_budget() -> None:
    blocks = {f"s{i}": _pdf(f"s{i}", 2) for i in range(6)} | {"big": _pdf("big", 300)}
    small = budget.estimate_tokens(blocks["s0"])

    units = budget.pack([[f] for f in blocks], blocks, 8_000)

    assert all(u.tokens <= 8_000 for u in units)
    assert units[0].files == [f"s{i}" for i in range(6)]  # six small files, one request
    assert units[0].tokens == 6 * small
    assert {f for u in units[1:] for f in u.files} == {"big"}
    assert len(units) >= 5


def test_a_group_of_related_files_starts_a_new_unit_rather_than_be_cut() -> None:
    blocks = {name: _pdf(name, 10) for name in ("a", "b", "c")}
    one = budget.estimate_tokens(blocks["a"])
    units = budget.pack([["a"], ["b", "c"]], blocks, 2 * one + 10)
    assert [u.files for u in units] == [["a"], ["b", "c"]]


def test_a_calibrated_file_is_cut_by_its_counted_tokens() -> None:
    blocks = {"big": _pdf("big", 100)}
    estimated = budget.estimate_tokens(blocks["big"])
    # The model counted twice the estimate: the file needs twice as many units.
    plain = budget.pack([["big"]], blocks, 4_000)
    counted = budget.pack([["big"]], blocks, 4_000, budget.Calibration({"big": 2.0}))
    assert estimated < 4_000 * len(plain)
    assert len(counted) >= 2 * len(plain) - 1
    assert all(u.tokens <= 4_000 for u in counted)


def test_halving_a_unit() -> None:
    parts = [_pdf(f"f{i}", 10) for i in range(5)]
    halves = budget.halve(parts)
    assert halves is not None
    first, second = halves
    assert first + second == parts
    assert first
    assert second

    one = budget.halve([_pdf("long", 40)])
    assert one is not None
    pages = [c.location.page for half in one for p in half for c in parse_blocks(p)[0][0].chunks]
    assert pages == list(range(1, 41))
    assert budget.estimate_tokens("".join(one[0])) < budget.estimate_tokens(_pdf("long", 40))

    # One long chunk (a page of dense text) is cut in two slices of its text.
    dense = budget.halve([_pdf("dense", 1, words=2_000)])
    assert dense is not None
    texts = [c.text for half in dense for p in half for c in parse_blocks(p)[0][0].chunks]
    assert "".join(texts).replace(" ", "") == (
        parse_blocks(_pdf("dense", 1, words=2_000))[0][0].chunks[0].text.replace(" ", "")
    )
    # Too little to be worth cutting: the cut-off stays a failure.
    assert budget.halve([_pdf("single", 1)]) is None


def test_preview_keeps_the_header_and_first_chunks() -> None:
    block = _pdf("big", 300)
    preview = budget.preview(block, 500)
    assert budget.estimate_tokens(preview) <= 560
    documents, _, _ = parse_blocks(preview)
    assert documents[0].file_id == "big"
    assert documents[0].chunks[0].location.page == 1
    assert "left out" in preview


def test_max_output_tokens_per_role_reach_the_request_config() -> None:
    settings = Settings(max_output_tokens={"domain": 1234})
    assert generate_config("domain", settings).max_output_tokens == 1234
    assert (
        generate_config("triage", settings).max_output_tokens
        == budget.DEFAULT_MAX_OUTPUT_TOKENS["triage"]
    )


def test_request_budget_of_a_local_server_is_its_context_less_its_answer() -> None:
    settings = Settings(
        llm_provider="openai_compat",
        llm_base_url="http://127.0.0.1:1/v1",
        llm_pro_model="m",
        llm_context_tokens=32_768,
        llm_max_output_tokens=8_192,
    )
    tokens = budget.request_budget_tokens(settings)
    assert 20_000 < tokens < 32_768 - 8_192
    assert budget.request_budget_tokens(Settings(gemini_request_budget_tokens=50_000)) == 50_000


def test_cost_counts_cached_tokens_at_the_cached_price_and_thinking_as_output() -> None:
    settings = Settings(llm_prices={"m": ModelPrice(input=2.0, output=12.0, cached=0.2)})
    usage = Usage.of(
        types.GenerateContentResponseUsageMetadata(
            prompt_token_count=1_000_000,
            cached_content_token_count=400_000,
            candidates_token_count=10_000,
            thoughts_token_count=5_000,
        )
    )
    assert usage == Usage(input=1_000_000, output=10_000, thinking=5_000, cached=400_000)
    # 600k fresh at $2, 400k cached at $0.2, 15k output at $12 (per 1M).
    assert abs(cost_usd("m", usage, settings) - (1.2 + 0.08 + 0.18)) < 1e-9
    assert cost_usd("unpriced", usage, settings) == 0.0
    assert usage + usage == Usage(2_000_000, 20_000, 10_000, 800_000)


def test_the_default_price_table_prices_the_default_models() -> None:
    settings = Settings()
    assert settings.gemini_pro_model in settings.llm_prices
    assert settings.gemini_flash_model in settings.llm_prices


def _recording(file_id: str, seconds: int, mime_type: str = "audio/wav") -> str:
    """A recording's evidence block: its length in the header, a transcript line every minute."""
    return render_evidence(
        file_id=file_id,
        filename=f"{file_id}.wav",
        mime_type=mime_type,
        extraction=Extraction(
            kind="audio",
            metadata={"duration": float(seconds)},
            chunks=[
                Chunk(
                    text=f"At minute {t // 60} the caller named the depot.",
                    location=Location(cue_start=float(t), cue_end=float(t + 5)),
                )
                for t in range(0, seconds, 60)
            ],
        ),
    )


def test_a_recording_with_its_media_is_cut_into_time_ranges_each_with_its_seconds() -> None:
    part = _recording("call", 7200)
    cost = budget.MediaCost(per_second=32.0, duration=7200.0)  # 230,400 tokens of audio
    assert cost.tokens(part) == 230_400
    units = budget.pack([["call"]], {"call": part}, 60_000, media=lambda _p: cost)
    assert len(units) >= 4
    assert max(u.tokens for u in units) <= 60_000
    windows = [_header(u.parts[0])["segment"] for u in units]
    assert windows[0][0] == 0.0  # type: ignore[index]
    assert windows[-1][1] == 7200.0  # type: ignore[index]
    for before, after in itertools.pairwise(windows):
        assert before[1] == after[0]  # type: ignore[index]
    # Each range holds the transcript lines that start in it, every line once.
    heard = []
    for unit in units:
        (doc,) = parse_blocks(unit.parts[0])[0]
        start, end = _header(unit.parts[0])["segment"]  # type: ignore[misc]
        assert all(start <= c.location.cue_start < end for c in doc.chunks)
        heard += [c.location.cue_start for c in doc.chunks]
    assert heard == [float(t) for t in range(0, 7200, 60)]
    # Counted without its media, the same block is one unit: the media are what cut it.
    assert len(budget.pack([["call"]], {"call": part}, 60_000)) == 1


def test_a_cut_off_time_range_is_halved_in_time() -> None:
    cost = budget.MediaCost(per_second=32.0, duration=7200.0)
    (piece, *_) = budget.split_recording(_recording("call", 7200), 60_000, cost)
    start, end = _header(piece)["segment"]  # type: ignore[misc]
    halves = budget.halve([piece])
    assert halves is not None
    first, second = (_header(h[0])["segment"] for h in halves)
    assert first == [start, (start + end) / 2]
    assert second == [(start + end) / 2, end]


def test_a_recordings_preview_is_its_first_seconds() -> None:
    cost = budget.MediaCost(per_second=290.0, duration=7200.0)
    preview = budget.preview(_recording("cctv", 7200, "video/mp4"), 1_000, cost)
    assert _header(preview)["segment"] == [0.0, 10.0]  # at least ten seconds
    assert cost.tokens(preview) == 2_900


def test_a_domain_gets_no_more_workers_than_its_evidence_is_worth() -> None:
    # Each worker carries at least MIN_EVIDENCE_PER_FIXED times its fixed tokens.
    assert budget.useful_workers(15, 35_000, 2_200) == 35_000 // (
        budget.MIN_EVIDENCE_PER_FIXED * 2_200
    )
    assert budget.useful_workers(6, 100_000, 2_000) == 6  # as many as asked, when worth it
    assert budget.useful_workers(4, 3_000, 2_000) == 1  # too little for two
    assert budget.useful_workers(1, 0, 2_000) == 1


SOURCE = SourceRef(file_id="f", excerpt="an excerpt")


def test_outputs_cut_to_fit_keep_their_strongest_items_in_order() -> None:
    findings = [
        Finding(
            finding_type="note",
            title=f"f{i}",
            summary="x" * 400,
            confidence=c,
            severity=s,
            sources=[SOURCE],
        )
        for i, (s, c) in enumerate(
            [("LOW", 0.9), ("HIGH", 0.6), ("MEDIUM", 0.9), ("HIGH", 0.95), ("LOW", 0.2)]
        )
    ]
    output = FinancialOutput(findings=findings)

    def render(key: str, o: FinancialOutput) -> str:
        return o.model_dump_json()

    whole = budget.estimate_tokens(render("financial", output))
    kept, left_out = budget.fit_outputs({"financial": output}, render, whole * 7 // 10)
    # The two HIGH items and the MEDIUM one, in the order the agent gave them.
    assert [f.title for f in kept["financial"].findings] == ["f1", "f2", "f3"]
    assert left_out == 2
    assert budget.fit_outputs({"financial": output}, render, whole) == ({"financial": output}, 0)


def test_findings_read_by_a_later_phase_are_a_digest_of_the_evidence() -> None:
    assert budget.digest_tokens(73_000) == 36_500
    # A small case's findings are never cut below the floor.
    assert budget.digest_tokens(2_000) == budget.DIGEST_FLOOR_TOKENS
    # Strategy's summaries, sent fresh beside its cached evidence, take half the share.
    assert budget.digest_tokens(200_000, budget.SUMMARY_SHARE) == 50_000
