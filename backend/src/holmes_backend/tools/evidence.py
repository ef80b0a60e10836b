"""The domain agents' tools (PRD §4.9), bound to one job's case and evidence.

Plain async methods that ADK turns into function declarations (`FunctionTool`): their
docstrings and type hints are what the model reads. They search the case's evidence index
(full text), read a source at its location, work on tables and ledgers, compute statistics on
amounts (thresholds, duplicates, Benford's first digits), look up time zones and places, and
run the offline engine's deterministic analyses (`holmes_backend.analysis`, called, never
changed here) as leads the model weighs. A tool never raises: a failure is its answer's
`error`, so the model carries on. Bounds and the TOOL_INVOKED events are the runner's
(agents.tool_calls), which wraps every call.
"""

import functools
import math
import re
import statistics
import uuid
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Mapping
from datetime import datetime
from typing import Any, ParamSpec, Protocol
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

from anyio import to_thread
from google.adk.tools.base_tool import BaseTool
from google.adk.tools.function_tool import FunctionTool
from pydantic import BaseModel
from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from holmes_backend.analysis.domains.evidence import analyse_evidence
from holmes_backend.analysis.domains.financial import analyse_financial
from holmes_backend.analysis.domains.ledger import ledger
from holmes_backend.analysis.domains.legal import analyse_legal
from holmes_backend.analysis.facts.cells import row_fields
from holmes_backend.analysis.facts.geo import (
    describe,
    distance_km,
    find_coordinates,
    metadata_position,
)
from holmes_backend.analysis.facts.money import to_number
from holmes_backend.contracts.agents import Transaction
from holmes_backend.extraction.models import Chunk, Location
from holmes_backend.llm.evidence import EvidenceDoc, parse_blocks
from holmes_backend.repositories import chunks as chunk_repo

_MAX_LIMIT = 50
_TEXT_CHARS = 600
_LEADS = 25  # items of each kind a detector run returns
# Benford's expected share of each first digit, and Nigrini's MAD bands for first digits.
_BENFORD = {d: math.log10(1 + 1 / d) for d in range(1, 10)}
_MAD_BANDS = (
    (0.006, "close conformity"),
    (0.012, "acceptable conformity"),
    (0.015, "marginal conformity"),
)
_BENFORD_LEAST = 50  # fewer amounts say nothing about their first digits
_NEAR_BELOW = 0.1  # "just under a threshold": within 10 % below it
_ROUND = 1000.0

P = ParamSpec("P")


def _guarded(
    tool: Callable[P, Awaitable[dict[str, Any]]],
) -> Callable[P, Awaitable[dict[str, Any]]]:
    """A tool's failure as its answer (the model reads it and carries on), never a raise."""

    @functools.wraps(tool)
    async def run(*args: P.args, **kwargs: P.kwargs) -> dict[str, Any]:
        try:
            return await tool(*args, **kwargs)
        except Exception as exc:  # a tool's error is the model's to read
            return {"error": f"{type(exc).__name__}: {exc}"[:500]}

    return run


def _limit(value: int | None, default: int) -> int:
    return max(1, min(int(value or default), _MAX_LIMIT))


def _location(chunk: Chunk) -> dict[str, Any]:
    return chunk.location.model_dump(mode="json", exclude_none=True)


def _clip(text: str) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= _TEXT_CHARS else flat[: _TEXT_CHARS - 1] + "\u2026"


def _json(model: BaseModel) -> dict[str, Any]:
    return model.model_dump(mode="json", exclude_none=True, exclude={"verified", "detector"})


def _first_digit(amount: float) -> int | None:
    digits = re.sub(r"[^1-9]", "", f"{abs(amount):.2f}".lstrip("0.").replace(".", ""))
    return int(digits[0]) if digits and abs(amount) >= 1 else None


def benford(amounts: list[float]) -> dict[str, Any]:
    """First digits against Benford's law: each digit's observed and expected share, the mean
    absolute deviation (MAD) and Nigrini's reading of it."""
    digits = [d for a in amounts if (d := _first_digit(a)) is not None]
    if len(digits) < _BENFORD_LEAST:
        return {
            "amounts": len(digits),
            "conformity": f"too few amounts (fewer than {_BENFORD_LEAST}) to test",
        }
    counts = Counter(digits)
    observed = {d: counts[d] / len(digits) for d in range(1, 10)}
    mad = statistics.fmean(abs(observed[d] - _BENFORD[d]) for d in range(1, 10))
    conformity = next((label for bound, label in _MAD_BANDS if mad <= bound), "nonconformity")
    return {
        "amounts": len(digits),
        "digits": {
            str(d): {"observed": round(observed[d], 4), "expected": round(_BENFORD[d], 4)}
            for d in range(1, 10)
        },
        "mad": round(mad, 5),
        "conformity": conformity,
    }


class RenderedDocs:
    """A processing job's evidence as its agents read it (file id -> rendered evidence part),
    parsed back into located chunks the first time a file is read."""

    def __init__(self, evidence: Mapping[str, str]) -> None:
        self.evidence = evidence
        self._docs: dict[str, EvidenceDoc | None] = {}

    def file_ids(self) -> list[str]:
        return list(self.evidence)

    async def doc(self, file_id: str) -> EvidenceDoc | None:
        if file_id not in self._docs:
            part = self.evidence.get(file_id)
            docs = parse_blocks(part)[0] if part else []
            self._docs[file_id] = docs[0] if docs else None
        return self._docs[file_id]


class IndexedDocs:
    """A case's evidence as its full-text index holds it (chat reads no rendered evidence): each
    file's indexed chunks, read once. `prepare` indexes what is not yet indexed."""

    def __init__(
        self,
        session_factory: async_sessionmaker[AsyncSession],
        files: Mapping[str, tuple[str, str]],
        prepare: Callable[[], Awaitable[None]],
    ) -> None:
        self.session_factory = session_factory
        self.files = files  # file id -> (filename, mime type)
        self.prepare = prepare
        self._docs: dict[str, EvidenceDoc | None] = {}

    def file_ids(self) -> list[str]:
        return list(self.files)

    def loaded(self, file_id: str) -> EvidenceDoc | None:
        """The file's chunks if already read (by `doc`)."""
        return self._docs.get(file_id)

    async def doc(self, file_id: str) -> EvidenceDoc | None:
        if file_id not in self._docs:
            named = self.files.get(file_id)
            if named is None:
                return None
            await self.prepare()
            async with self.session_factory() as session:
                rows = await chunk_repo.for_file(session, uuid.UUID(file_id))
            chunks = [
                Chunk(text=r.text, location=Location(**r.location), speaker=r.speaker) for r in rows
            ]
            self._docs[file_id] = EvidenceDoc(file_id, named[0], named[1], chunks=chunks)
        return self._docs[file_id]


class DocSource(Protocol):
    def file_ids(self) -> list[str]: ...

    async def doc(self, file_id: str) -> EvidenceDoc | None: ...


class EvidenceTools:
    """The tools of one job's domain agents (or one chat turn): the case's evidence index and
    its evidence read back as located chunks (`docs`)."""

    def __init__(
        self,
        *,
        session_factory: async_sessionmaker[AsyncSession],
        case_id: uuid.UUID,
        docs: DocSource,
    ) -> None:
        self.session_factory = session_factory
        self.case_id = case_id
        self.docs = docs

    def function_tools(self) -> tuple[BaseTool, ...]:
        return tuple(
            FunctionTool(tool)
            for tool in (
                self.search_evidence,
                self.read_source,
                self.table_rows,
                self.sum_column,
                self.ledger_transactions,
                self.amount_statistics,
                self.time_zone,
                self.places,
                self.run_detectors,
            )
        )

    # ---- reading ----------------------------------------------------------------------------

    async def _doc(self, file_id: str) -> EvidenceDoc | None:
        return await self.docs.doc(file_id)

    async def _chosen(self, file_ids: list[str] | None) -> list[EvidenceDoc]:
        known = self.docs.file_ids()
        ids = [f for f in file_ids or [] if f in known] or known
        return [doc for f in ids if (doc := await self._doc(f)) is not None]

    @_guarded
    async def search_evidence(
        self, query: str, file_id: str = "", limit: int = 8
    ) -> dict[str, Any]:
        """Full-text search over every evidence file of the case (its indexed passages), most
        relevant first. Use it to find where a name, an amount, a reference or a phrase occurs
        in files other than the ones you are reading.

        Args:
          query: The words to look for (names, references, amounts, phrases).
          file_id: Only this file, when given.
          limit: How many passages to return (at most 50).

        Returns:
          passages: each with file_id, filename, location and its text.
        """
        file_ids = [uuid.UUID(file_id)] if file_id else None
        async with self.session_factory() as session:
            hits = await chunk_repo.search(
                session,
                case_id=self.case_id,
                query=query,
                file_ids=file_ids,
                limit=_limit(limit, 8),
            )
        passages = [
            {
                "file_id": str(hit.chunk.file_id),
                "location": dict(hit.chunk.location),
                "text": _clip(hit.chunk.text),
            }
            for hit in hits
        ]
        return {"passages": passages, "summary": f"{len(passages)} passage(s) for {query!r}"}

    @_guarded
    async def read_source(
        self,
        file_id: str,
        page: int | None = None,
        line: int | None = None,
        row: int | None = None,
        sheet: str | None = None,
        cue_start: float | None = None,
        around: int = 1,
    ) -> dict[str, Any]:
        """Read an evidence file at a location: the passage there and `around` passages before
        and after it. Use it to check a quote before you cite it.

        Args:
          file_id: The file, as in its EVIDENCE header.
          page: A page of a document.
          line: A line or paragraph number.
          row: A data row of a table (with sheet for a workbook).
          sheet: The sheet of a workbook.
          cue_start: Seconds from the start of a recording.
          around: Passages before and after the one found (0 to 5).

        Returns:
          passages: each with its location and text; error when the file or place is unknown.
        """
        doc = await self._doc(file_id)
        if doc is None:
            return {"error": f"no evidence file {file_id!r} in this case"}
        wanted = {
            k: v
            for k, v in {"page": page, "line": line, "row": row, "sheet": sheet}.items()
            if v is not None and v != ""
        }
        at = [
            i
            for i, chunk in enumerate(doc.chunks)
            if all(getattr(chunk.location, k) == v for k, v in wanted.items())
            and (cue_start is None or _in_cue(chunk, cue_start))
        ]
        if not at:
            return {"passages": [], "error": "nothing at that location", "summary": "not found"}
        span = max(0, min(int(around), 5))
        picked = sorted({j for i in at[:3] for j in range(i - span, i + span + 1)})
        passages = [
            {"location": _location(doc.chunks[j]), "text": _clip(doc.chunks[j].text)}
            for j in picked
            if 0 <= j < len(doc.chunks)
        ]
        return {"filename": doc.filename, "passages": passages}

    # ---- tables and ledgers -------------------------------------------------------------------

    async def _rows(
        self, file_id: str, sheet: str
    ) -> tuple[EvidenceDoc | None, list[tuple[Chunk, dict[str, str]]]]:
        doc = await self._doc(file_id)
        if doc is None:
            return None, []
        rows = [
            (chunk, fields)
            for chunk in doc.chunks
            if chunk.location.row is not None
            and (not sheet or chunk.location.sheet == sheet)
            and (fields := row_fields(chunk.text))
        ]
        return doc, rows

    @_guarded
    async def table_rows(
        self,
        file_id: str,
        sheet: str = "",
        column: str = "",
        contains: str = "",
        offset: int = 0,
        limit: int = 20,
    ) -> dict[str, Any]:
        """The rows of a table or spreadsheet file as column -> value, optionally only those
        whose `column` (any column when empty) contains `contains` (case-insensitive).

        Args:
          file_id: The table's file.
          sheet: The sheet of a workbook (all sheets when empty).
          column: The column to filter on.
          contains: Text the cell must contain.
          offset: Matching rows to skip (to page through a long table).
          limit: How many rows to return (at most 50).

        Returns:
          columns: the table's columns; matched: how many rows match; rows: each with its row
          number, sheet and cells.
        """
        doc, rows = await self._rows(file_id, sheet)
        if doc is None:
            return {"error": f"no evidence file {file_id!r} in this case"}
        needle = contains.casefold()
        matched = [
            (chunk, fields)
            for chunk, fields in rows
            if not needle
            or any(
                needle in value.casefold()
                for key, value in fields.items()
                if not column or key.casefold() == column.casefold()
            )
        ]
        columns = list(dict.fromkeys(key for _, fields in rows for key in fields))
        start = max(0, int(offset))
        shown = matched[start : start + _limit(limit, 20)]
        return {
            "columns": columns,
            "matched": len(matched),
            "rows": [
                {"row": c.location.row, "sheet": c.location.sheet, "cells": fields}
                for c, fields in shown
            ],
            "summary": f"{len(matched)} of {len(rows)} row(s) match",
        }

    @_guarded
    async def sum_column(
        self, file_id: str, column: str, group_by: str = "", sheet: str = ""
    ) -> dict[str, Any]:
        """Add up a numeric column of a table, overall or per value of another column (per
        payee, per month ...), to check a stated total or find who received the most.

        Args:
          file_id: The table's file.
          column: The column of amounts.
          group_by: The column to group by (no grouping when empty).
          sheet: The sheet of a workbook (all sheets when empty).

        Returns:
          total, rows (how many had a number in the column), groups: {value: {total, rows}}.
        """
        doc, rows = await self._rows(file_id, sheet)
        if doc is None:
            return {"error": f"no evidence file {file_id!r} in this case"}
        key = {k.casefold(): k for _, fields in rows for k in fields}
        amount_key, group_key = key.get(column.casefold()), key.get(group_by.casefold())
        if amount_key is None:
            return {"error": f"no column {column!r}; the columns are {sorted(set(key.values()))}"}
        total, counted = 0.0, 0
        groups: dict[str, list[float]] = defaultdict(list)
        for _, fields in rows:
            value = to_number(fields.get(amount_key, ""))
            if value is None:
                continue
            total += value
            counted += 1
            if group_key:
                groups[fields.get(group_key, "")].append(value)
        ranked = sorted(groups.items(), key=lambda kv: -abs(sum(kv[1])))[:_MAX_LIMIT]
        return {
            "total": round(total, 2),
            "rows": counted,
            "groups": [
                {"value": name, "total": round(sum(values), 2), "rows": len(values)}
                for name, values in ranked
            ],
            "summary": f"{amount_key}: {round(total, 2)} over {counted} row(s)",
        }

    async def _transactions(self, file_ids: list[str] | None) -> list[Transaction]:
        docs = await self._chosen(file_ids)
        return await to_thread.run_sync(_ledgers, docs)

    @_guarded
    async def ledger_transactions(
        self, file_ids: list[str] | None = None, party: str = "", limit: int = 30
    ) -> dict[str, Any]:
        """The transactions Holmes's deterministic ledger reader finds in the files (statements,
        ledgers, invoices), each with its source row, and the totals per payer and payee.
        A reading to check, not a finding: cite the rows themselves.

        Args:
          file_ids: The files to read (every file of the job when omitted).
          party: Only transactions whose payer or payee contains this name.
          limit: How many transactions to return (at most 50).

        Returns:
          transactions, count, totals: per (payer, payee, currency).
        """
        found = await self._transactions(file_ids)
        needle = party.casefold()
        if needle:
            found = [
                t
                for t in found
                if needle in (t.from_party or "").casefold()
                or needle in (t.to_party or "").casefold()
            ]
        totals: dict[tuple[str, str, str], float] = defaultdict(float)
        for tx in found:
            totals[(tx.from_party or "", tx.to_party or "", tx.currency or "")] += tx.amount
        ranked = sorted(totals.items(), key=lambda kv: -kv[1])[:_MAX_LIMIT]
        return {
            "count": len(found),
            "transactions": [_json(t) for t in found[: _limit(limit, 30)]],
            "totals": [
                {"from": f, "to": t, "currency": c or None, "total": round(v, 2)}
                for (f, t, c), v in ranked
            ],
            "summary": f"{len(found)} transaction(s)",
        }

    @_guarded
    async def amount_statistics(
        self, file_ids: list[str] | None = None, threshold: float | None = None
    ) -> dict[str, Any]:
        """Statistics on the amounts of the files' transactions: count, total, largest, round
        amounts, amounts just under a threshold (within 10 % below it: possible structuring),
        repeated amounts to one payee (possible duplicates) and the first digits against
        Benford's law (at least 50 amounts). Leads to weigh, never findings by themselves.

        Args:
          file_ids: The files to read (every file of the job when omitted).
          threshold: A reporting or approval threshold the evidence states.

        Returns:
          count, total, largest, round_amounts, near_threshold, duplicates, benford.
        """
        found = await self._transactions(file_ids)
        amounts = [t.amount for t in found]
        if not amounts:
            return {"count": 0, "summary": "no transactions found"}
        near = (
            [
                _json(t)
                for t in found
                if threshold and threshold * (1 - _NEAR_BELOW) <= t.amount < threshold
            ]
            if threshold
            else []
        )
        repeated: dict[tuple[float, str], list[Transaction]] = defaultdict(list)
        for tx in found:
            repeated[(round(tx.amount, 2), (tx.to_party or "").casefold())].append(tx)
        duplicates = [
            {
                "amount": amount,
                "to": group[0].to_party,
                "times": len(group),
                "sources": [_json(t.source) for t in group[:5]],
            }
            for (amount, _), group in repeated.items()
            if len(group) > 1
        ]
        digits = benford(amounts)
        result: dict[str, Any] = {
            "count": len(amounts),
            "total": round(sum(amounts), 2),
            "largest": round(max(amounts), 2),
            "median": round(statistics.median(amounts), 2),
            "round_amounts": sum(1 for a in amounts if a >= _ROUND and a % _ROUND == 0),
            "near_threshold": near[:_LEADS],
            "duplicates": duplicates[:_LEADS],
            "benford": digits,
        }
        result["summary"] = (
            f"{len(amounts)} amount(s), {len(duplicates)} repeated, {len(near)} just under "
            f"the threshold; Benford: {digits['conformity']}"
        )
        return result

    # ---- time and place -----------------------------------------------------------------------

    @_guarded
    async def time_zone(self, zone_or_place: str, local_time: str = "") -> dict[str, Any]:
        """The IANA time zone of a zone name ("Europe/Amsterdam") or a city that names one
        ("Chicago", "Sao Paulo"), its UTC offset, and a local time converted to UTC. Use it
        before comparing times written in different zones.

        Args:
          zone_or_place: An IANA zone, or a city.
          local_time: An ISO 8601 local time ("2024-06-12T14:30") to convert (now if empty).

        Returns:
          zone, utc_offset, local_time, utc_time; candidates when the place is ambiguous.
        """
        zones = _zones_for(zone_or_place)
        if not zones:
            return {"error": f"no time zone known for {zone_or_place!r}", "candidates": []}
        zone = ZoneInfo(zones[0])
        moment = datetime.fromisoformat(local_time) if local_time else datetime.now(zone)
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=zone)
        moment = moment.astimezone(zone)
        offset = moment.utcoffset()
        return {
            "zone": zones[0],
            "candidates": zones[1:5],
            "utc_offset": moment.strftime("%z")[:3] + ":" + moment.strftime("%z")[3:],
            "local_time": moment.isoformat(),
            "utc_time": (moment - offset).replace(tzinfo=None).isoformat() + "Z"
            if offset is not None
            else None,
            "summary": f"{zones[0]} (UTC{moment.strftime('%z')})",
        }

    @_guarded
    async def places(
        self,
        file_ids: list[str] | None = None,
        latitude: float | None = None,
        longitude: float | None = None,
    ) -> dict[str, Any]:
        """The coordinates the files state (GPS metadata of photos, positions written in
        logs), each with its distance in km from a given point when latitude and longitude are
        given (to check whether someone or something was where a claim puts it).

        Args:
          file_ids: The files to read (every file of the job when omitted).
          latitude: The point to measure from (decimal degrees).
          longitude: The point to measure from (decimal degrees).

        Returns:
          places: each with file_id, location, latitude, longitude, described, distance_km.
        """
        point = (latitude, longitude) if latitude is not None and longitude is not None else None
        found: list[dict[str, Any]] = []
        for doc in await self._chosen(file_ids):
            if position := metadata_position(doc.metadata):
                found.append(_place(doc.file_id, {"metadata": "gps"}, position, point))
            for chunk in doc.chunks:
                for lat, lon, _, _ in find_coordinates(chunk.text):
                    found.append(_place(doc.file_id, _location(chunk), (lat, lon), point))
        return {"places": found[:_MAX_LIMIT], "summary": f"{len(found)} position(s)"}

    # ---- the offline engine's analyses --------------------------------------------------------

    @_guarded
    async def run_detectors(self, domain: str, file_ids: list[str] | None = None) -> dict[str, Any]:
        """Run Holmes's deterministic detectors (the offline engine) over the files and return
        what they flag, each item with its sources: for "financial" the anomalies (structuring,
        round trips, duplicate payments, amount or payee mismatches, caps exceeded, shared
        accounts and addresses); for "legal" the clauses and dated obligations; for
        "evidence" the timed events and sworn claims. These are rule-based leads: weigh each
        against the evidence, keep what holds (citing the evidence itself), drop what does not.

        Args:
          domain: financial, legal or evidence.
          file_ids: The files to analyse (every file of the job when omitted).

        Returns:
          items: {kind: [...]} of the detectors' output; thoughts: what the engine noticed.
        """
        docs = await self._chosen(file_ids)
        items: dict[str, list[dict[str, Any]]]
        if domain == "financial":
            money = await to_thread.run_sync(analyse_financial, docs)
            items = {"anomalies": [_json(a) for a in money.output.anomalies[:_LEADS]]}
            thoughts = money.thoughts
        elif domain == "legal":
            law = await to_thread.run_sync(analyse_legal, docs)
            items = {
                "clauses": [_json(c) for c in law.output.clauses[:_LEADS]],
                "dates": [_json(d) for d in law.output.dates[:_LEADS]],
            }
            thoughts = law.thoughts
        elif domain == "evidence":
            seen = await to_thread.run_sync(analyse_evidence, docs)
            items = {
                "events": [_json(e) for e in seen.output.events[:_LEADS]],
                "sworn_claims": [_json(c) for c in seen.output.sworn_claims[:_LEADS]],
            }
            thoughts = seen.thoughts
        else:
            return {"error": "domain must be financial, legal or evidence"}
        count = sum(len(v) for v in items.values())
        return {
            "items": items,
            "thoughts": thoughts[:6],
            "summary": f"{count} lead(s) from the {domain} detectors",
        }


def _ledgers(docs: list[EvidenceDoc]) -> list[Transaction]:
    return [tx for doc in docs for tx in ledger(doc).transactions]


def _in_cue(chunk: Chunk, cue: float) -> bool:
    start, end = chunk.location.cue_start, chunk.location.cue_end
    if start is None:
        return False
    return start - 1 <= cue <= (end if end is not None else start) + 1


def _place(
    file_id: str,
    location: dict[str, Any],
    position: tuple[float, float],
    point: tuple[float, float] | None,
) -> dict[str, Any]:
    return {
        "file_id": file_id,
        "location": location,
        "latitude": position[0],
        "longitude": position[1],
        "described": describe(*position),
        "distance_km": round(distance_km(position, point), 3) if point else None,
    }


@functools.cache
def _zone_names() -> dict[str, list[str]]:
    """Each IANA zone by its own name and by its city's ("America/Sao_Paulo": "sao paulo")."""
    names: dict[str, list[str]] = defaultdict(list)
    for zone in sorted(available_timezones()):
        names[zone.casefold()].append(zone)
        city = zone.rsplit("/", 1)[-1].replace("_", " ").casefold()
        if "/" in zone:
            names[city].append(zone)
    return dict(names)


def _zones_for(text: str) -> list[str]:
    wanted = " ".join(text.replace("_", " ").split()).casefold()
    if not wanted:
        return []
    try:
        ZoneInfo(text.strip())
        return [text.strip()]
    except (ZoneInfoNotFoundError, ValueError):
        pass
    names = _zone_names()
    if wanted in names:
        return names[wanted]
    # "Chicago, IL" or "Amsterdam (NL)": the first word group that names a city.
    for piece in re.split(r"[,()/;]", wanted):
        if (key := piece.strip()) in names:
            return names[key]
    return []
