"""Documents as citable units: sentences of prose, table rows, transcript cues, OCR lines.
Hard-wrapped lines are joined into paragraphs before spaCy cuts sentences; each sentence cites
the chunk it starts in."""

import re
from dataclasses import dataclass, replace
from typing import Literal

from holmes_backend.analysis.facts.cite import cite
from holmes_backend.analysis.facts.lexicon import (
    EVIDENCE_WORDS,
    FINANCIAL_WORDS,
    LEGAL_WORDS,
    STOPWORDS,
    wordset,
)
from holmes_backend.analysis.facts.memo import memo
from holmes_backend.analysis.facts.names import LETTER, UPPER
from holmes_backend.analysis.nlp import sentence_spans
from holmes_backend.contracts.agents import SourceRef
from holmes_backend.extraction.models import Chunk
from holmes_backend.llm.evidence import EvidenceDoc

UnitKind = Literal["prose", "row", "cells", "cue", "ocr"]

_WRAPPED_MIMES = ("text/plain", "text/markdown", "application/pdf", "message/rfc822")
# A letter's or an e-mail's greeting ends its line with a comma and is a line of its own.
_SALUTATION = re.compile(
    r"^(?:(?:dear|hi|hello|to whom it may concern|good (?:morning|afternoon|evening))\b[^.!?]{0,60}"
    rf"|[{UPPER}][\w'\u2019-]+(?:\s+[{UPPER}][\w'\u2019-]+){{0,2}}),$",
    re.IGNORECASE,
)
_TERMINAL = re.compile(r"[.!?;:\"\u201d\u2019)\]]$")
_MAX_UNIT = 1500
_PARAGRAPH_NUMBER = re.compile(r"\s*\(?(?:\d{1,3}(?:\.\d{1,3})*|[a-z]|[ivx]{1,5})[.)]\s+")
_BARE_ANSWER = re.compile(
    r"(?:[QA][.:]\s*)?(?:no|yes|never|correct|right|not at all|none)[.!]?", re.IGNORECASE
)
_CLOSED = re.compile(r"[.!?;\"\u201d\u2019)\]\u2026]$")
_WIDTH_SAMPLE = 2000  # lines read for a document's wrapping width
_WIDTH_SHARE = 0.9  # the share of its lines no longer than that width
_WORD = re.compile(rf"[{LETTER}][{LETTER}'\u2019-]*")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_TAG = re.compile(r"</?([A-Za-z][\w:.-]*)[^>]*>")
_MARKDOWN_HEADING = re.compile(r"^#{1,6}\s+\S")
# A line that opens a field, a list item or a speaker's turn starts anew.
_LINE_OPENS = re.compile(
    rf"^(?:[{UPPER}][\w .'\u2019/&()#+-]{{0,30}}:\s"
    r"|[-*\u2022\u2013]\s|\(?\d{1,3}[.)]\s|\(?[a-z][.)]\s"
    rf"|\d{{1,3}}(?:\.\d{{1,3}})+\s+[{UPPER}])"
)
# A line led by its date and time ("09/03/2025, 19:05 - Name: …", "[2025-03-09 19:05] …").
_STAMPED = re.compile(
    r"^\[?(?:\d{1,4}[/.-]\d{1,2}[/.-]\d{2,4},?\s*(?:T|\s)\s*)?\d{1,2}:\d{2}(?::\d{2})?"
    r"(?:\s?[AaPp][Mm])?\]?\s*[-\u2013,:\]]?\s"
)
# Who wrote a chat export's line: "12/03/2025, 22:14 - Connor Walsh: It's done."
_STAMPED_SPEAKER = re.compile(r"(?P<name>[^:\d][^:]{1,40}?):\s")
_DEVICE = re.compile(
    r"(?:camera|cam|cctv|reader|door|gate|sensor|terminal|till|device|unit|channel|zone)\b|"
    r".*\d",
    re.IGNORECASE,
)
_WRAP_SHARE = 0.75  # a line this share of the longest one was wrapped, not ended
_MIN_WRAP_WIDTH = 50


@dataclass(frozen=True)
class Unit:
    file_id: str
    text: str
    kind: UnitKind
    index: int  # position of the chunk it starts in
    ref: SourceRef
    speaker: str | None = None
    heading: bool = False  # a document's title or section heading, not a sentence


def chunk_kind(chunk: Chunk) -> UnitKind:
    location = chunk.location
    if location.row is not None:
        return "row"
    if location.cue_start is not None:
        return "cue"
    if location.bbox is not None:
        return "ocr"
    if chunk.text.count(" | ") >= 1:
        return "cells"
    return "prose"


def is_stamped(text: str) -> bool:
    """Whether a line is led by its date and time, as a log's or a chat export's lines are."""
    return bool(_STAMPED.match(text))


def units(doc: EvidenceDoc) -> list[Unit]:
    """The document cut into units, each with its citation (computed once per document)."""
    return memo(doc, "units", lambda: _units(doc.file_id, doc.mime_type, doc.chunks))


def _units(file_id: str, mime_type: str, chunks: list[Chunk]) -> list[Unit]:
    result: list[Unit] = []
    wrapped = mime_type in _WRAPPED_MIMES
    paragraph: list[tuple[int, str]] = []
    width = _width(chunks) if wrapped else 0

    def flush() -> None:
        if paragraph:
            result.extend(_sentences(file_id, chunks, paragraph))
            paragraph.clear()

    def whole(index: int, text: str, kind: UnitKind, speaker: str | None) -> None:
        flush()
        text = " ".join(text.split())
        ref = cite(file_id, chunks[index].location, text)
        result.append(Unit(file_id, text, kind, index, ref, speaker))

    def own_paragraph(index: int, text: str, heading: bool) -> None:
        flush()
        result.extend(
            replace(u, heading=heading) for u in _sentences(file_id, chunks, [(index, text)])
        )

    for index, chunk in enumerate(chunks):
        kind = chunk_kind(chunk)
        if kind != "prose":
            whole(index, chunk.text, kind, chunk.speaker)
            continue
        lines = [line.strip() for line in chunk.text.splitlines() if line.strip()]
        if not wrapped and len(lines) <= 1:
            own_paragraph(index, " ".join(chunk.text.split()), _is_section_title(chunk))
            continue
        for line in lines:
            if stamp := _STAMPED.match(line):
                # A chat export's or a log's line: one message, whatever its punctuation.
                who = _STAMPED_SPEAKER.match(line, stamp.end())
                name = who["name"].strip() if who else ""
                # A writer, not a log's level ("INFO:") or a device ("Camera TS-3:").
                writer = name[:1].isupper() and not name.isupper() and not _DEVICE.match(name)
                whole(index, line, "prose", name if writer else None)
                continue
            if _MARKDOWN_HEADING.match(line):
                own_paragraph(index, line, True)
                continue
            if paragraph and (
                _blank_between(chunks, paragraph[-1][0], index)
                or not _continues(paragraph[-1][1], line, width)
            ):
                flush()
            paragraph.append((index, line))
    flush()
    return result


# A line ending on a word that needs what follows: the sentence runs on.
_OPEN_END = re.compile(
    r"\s(?:of|the|to|in|on|at|for|and|or|a|an|with|from|by|that|my|your|his|her|their|our|"
    r"reference|ref\.?|number|no\.|account|invoice|was|were|is|are)$",
    re.IGNORECASE,
)


def _blank_between(chunks: list[Chunk], before: int, index: int) -> bool:
    """A blank line between two lines of a text file: a paragraph ends there."""
    if before == index:
        return False
    last, line = chunks[before].location.line, chunks[index].location.line
    return last is not None and line is not None and line > last + 1


def _is_section_title(chunk: Chunk) -> bool:
    """A heading of an HTML page or a Word document: the chunk is its own section's title."""
    section = chunk.location.section
    return bool(section) and " ".join(chunk.text.split()) == " ".join((section or "").split())


_FIELD_LINE = re.compile(r"^[\w][\w ()/.'-]{0,40}:\s+\S")
_ALIGNED = re.compile(r"\S {3,}\S")


def _width(chunks: list[Chunk]) -> int:
    """The width a document's lines were wrapped at (not the one line that ran past it)."""
    lengths = sorted(
        len(line.strip()) for c in chunks[:_WIDTH_SAMPLE] for line in c.text.splitlines()
    )
    return lengths[int(_WIDTH_SHARE * (len(lengths) - 1))] if lengths else 0


def _continues(previous: str, line: str, width: int) -> bool:
    # A line set out in columns stands alone.
    if _TERMINAL.search(previous) or _SALUTATION.match(previous) or _ALIGNED.search(line):
        return False
    if previous.endswith(("-", ",")) or _OPEN_END.search(previous):
        return True  # "… where were you on the evening of" / "January 9, 2025?"
    if line[:1].islower():
        return not (_FIELD_LINE.match(line) and _FIELD_LINE.match(previous))
    if previous.isupper() and line.isupper():
        return True
    wrapped_at = max(_MIN_WRAP_WIDTH, _WRAP_SHARE * width)
    if len(previous) < wrapped_at or _LINE_OPENS.match(line) or _ALIGNED.search(previous):
        return False
    # Lines opening alike ("Number …" / "Number …") are records of a list, not one sentence.
    return previous.split(maxsplit=1)[0].lower() != line.split(maxsplit=1)[0].lower()


def _sentences(file_id: str, chunks: list[Chunk], paragraph: list[tuple[int, str]]) -> list[Unit]:
    text = ""
    starts: list[tuple[int, int]] = []  # (offset in text, chunk index)
    for index, line in paragraph:
        if text.endswith("-") and line[:1].islower():
            text = text[:-1]  # a word hyphenated across lines
        elif text:
            text += " "
        starts.append((len(text), index))
        text += line
    found: list[Unit] = []
    for start, end in _sentence_spans(text):
        sentence = text[start:end].strip()
        if not sentence:
            continue
        index = max((i for offset, i in starts if offset <= start), default=starts[0][1])
        ref = cite(file_id, chunks[index].location, sentence)
        found.append(Unit(file_id, sentence, "prose", index, ref))
    return found


def _sentence_spans(text: str) -> list[tuple[int, int]]:
    """spaCy's sentences, cut at _MAX_UNIT characters; a boundary stands only after closing
    punctuation, without a paragraph's number, and a bare answer ("No.") joins the next."""
    spans: list[tuple[int, int]] = []
    pending: int | None = None
    for parsed, end in sentence_spans(text):
        start = parsed
        if pending is not None:
            start, pending = pending, None
        elif (number := _PARAGRAPH_NUMBER.match(text, start)) and number.end() < end:
            start = number.end()
        piece = text[start:end].strip()
        if _BARE_ANSWER.fullmatch(piece) or not _CLOSED.search(piece):
            pending = start
            continue
        spans.extend(_hard_split(start, end))
    if pending is not None:
        spans.extend(_hard_split(pending, len(text)))
    return spans


def first_sentence(text: str) -> str:
    """The text's first sentence (the whole text when it has one)."""
    spans = sentence_spans(text)
    return text[: spans[0][1]].rstrip() if spans else text


def _hard_split(start: int, end: int) -> list[tuple[int, int]]:
    return [(s, min(s + _MAX_UNIT, end)) for s in range(start, end, _MAX_UNIT)]


# A text table's columns: cells set apart by two spaces or more, or a tab.
COLUMN_GAP = re.compile(r"\s{2,}|\t")
_MIN_COLUMNS = 3
_MIN_ROWS = 2


def column_rows(doc: EvidenceDoc) -> dict[int, str]:
    """The rows of the tables a document lays out in spaced columns ("Day: Monday; Date: …"),
    by unit position: under a header of three labels or more, two rows at least."""
    return memo(doc, "column rows", lambda: _column_rows(doc.chunks, units(doc)))


def _column_rows(chunks: list[Chunk], doc_units: list[Unit]) -> dict[int, str]:
    found: dict[int, str] = {}
    cells = [_line_cells(chunks, u) for u in doc_units]
    at = 0
    while at < len(doc_units):
        header = cells[at]
        labels = len(header) >= _MIN_COLUMNS and all(
            any(ch.isalpha() for ch in c) and not any(ch.isdigit() for ch in c) for c in header
        )
        end = at + 1
        while labels and end < len(doc_units) and len(cells[end]) == len(header):
            end += 1
        if end - at - 1 < _MIN_ROWS:
            at += 1
            continue
        for index in range(at + 1, end):
            pairs = zip(header, cells[index], strict=True)
            found[index] = "; ".join(f"{name}: {value}" for name, value in pairs)
        at = end
    return found


def _line_cells(chunks: list[Chunk], unit: Unit) -> list[str]:
    """A prose unit's cells, as its line was laid out (a unit is a whole line of its chunk)."""
    line = chunks[unit.index].text.strip() if unit.kind == "prose" else ""
    if not line or line.split() != unit.text.split():
        return []
    return COLUMN_GAP.split(line)


def words(text: str) -> list[str]:
    """Lower-case words, with camelCase and XML tag names split ("transactionDate" → two)."""
    plain = _TAG.sub(lambda m: " " + m.group(1) + " ", text)
    return [w.lower() for w in _WORD.findall(_CAMEL.sub(" ", plain))]


_MIN_WORD = 3
# One word that says what happened on a date ("Argued", "Effective", "Due").
_DATE_LABELS = wordset(
    "dated effective due deadline expiry expires expiration commencement termination closing "
    "hearing trial term renewal start end birth death born died incorporated formed"
)
_TELLING = EVIDENCE_WORDS | FINANCIAL_WORDS | LEGAL_WORDS | _DATE_LABELS


def is_thin(description: str) -> bool:
    """Whether a description says too little to stand alone ("Hale.", "by J. Roe")."""
    content = [
        w.lower()
        for w in _WORD.findall(description)
        if len(w) >= _MIN_WORD and w.lower() not in STOPWORDS
    ]
    if len(content) != 1:
        return not content
    word = content[0]
    return not (word in _TELLING or word.endswith(("ed", "ing")))


def around(text: str, start: int, end: int, limit: int = 160) -> str:
    """The sentence around text[start:end], cut to about `limit` characters at word boundaries."""
    if len(text) <= limit:
        return " ".join(text.split()).strip(" [](")
    spare = max(0, limit - (end - start))
    left = max(0, start - spare // 2)
    right = min(len(text), left + limit)
    left = max(0, right - limit)
    window = text[left:right]
    if left > 0 and " " in window:
        window = window.split(" ", 1)[1]
    if right < len(text) and " " in window:
        window = window.rsplit(" ", 1)[0]
    window = " ".join(window.split()).strip(" [](")
    return ("\u2026" if left > 0 else "") + window + ("\u2026" if right < len(text) else "")
