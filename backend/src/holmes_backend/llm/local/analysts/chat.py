"""Chat analyst: answers a question from the ranked case knowledge it is given, with its sources.

It reads the question's names, dates and intent, re-ranks the context items by overlap with it,
and states the best few items as the answer, each with the file and place it rests on.
"""

import json
import re
from typing import Any

from holmes_backend.agents.chat.context import (
    CONTEXT_KIND,
    ContextItem,
    Question,
    decode,
    rank,
    read_question,
    terms,
    to_ref,
)
from holmes_backend.agents.chat.prompt import QUESTION_HEADING
from holmes_backend.agents.schemas import ChatAnswer, SourceRef
from holmes_backend.llm.local.registry import Analysis, AnalysisRequest, analyst

_ITEMS = 3
_FOCUS_CHARS = 280
_SENTENCE = re.compile(r"(?<=[.!?;])\s+(?=[A-Z0-9\"\u201c(])")
_CITATIONS = 6
# Items far below the best one are noise, not support.
_RELATIVE_FLOOR = 0.35
_NOTHING = (
    "The case knowledge holds nothing that answers this question yet; it would need fresh "
    "analysis of the evidence."
)


def _question(text: str) -> str:
    _, _, after = text.partition(QUESTION_HEADING)
    return (after or text).strip()


def _context(request: AnalysisRequest) -> tuple[list[ContextItem], dict[str, str]]:
    for block in request.findings:
        if block.header.get("kind") == CONTEXT_KIND:
            files = block.header.get("files") or {}
            return decode(block.data), {str(k): str(v) for k, v in files.items()}
    return [], {}


def _where(source: dict[str, Any], files: dict[str, str]) -> str:
    parts = [files.get(str(source.get("file_id")), "a case file")]
    if source.get("sheet"):
        parts.append(f"sheet {source['sheet']}")
    for key in ("page", "row", "line"):
        if source.get(key) is not None:
            parts.append(f"{key} {source[key]}")
    if source.get("cue_start") is not None:
        seconds = int(float(source["cue_start"]))
        parts.append(f"at {seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}")
    return ", ".join(parts)


def _places(item: ContextItem) -> list[dict[str, Any]]:
    return [{k: v for k, v in source.items() if k != "excerpt"} for source in item.sources]


def _lead(question: Question) -> str:
    if "contradiction" in question.intents:
        return "The case record shows these contradictions:"
    if "gap" in question.intents:
        return "These elements are missing or weak in the evidence:"
    about = " and ".join(question.names)
    days = ", ".join(sorted(question.days))
    lead = "Here is what the case record shows"
    lead += f" about {about}" if about else ""
    lead += f" on {days}" if days else ""
    return lead + ":"


def _focus(text: str, question: Question) -> str:
    """The sentences of a long item that carry the question's names, dates or words."""
    flat = re.sub(r"\s+", " ", text).strip()
    if len(flat) <= _FOCUS_CHARS:
        return flat
    sentences = [s.strip() for s in _SENTENCE.split(flat) if s.strip()]
    wanted = [n.lower() for n in question.names] + sorted(question.days)
    words = set(question.terms)

    def weight(sentence: str) -> int:
        lowered = sentence.lower()
        return 3 * sum(w in lowered for w in wanted) + len(words & set(terms(sentence)))

    best = sorted(range(len(sentences)), key=lambda i: (-weight(sentences[i]), i))[:2]
    kept = " ".join(sentences[i] for i in sorted(best) if weight(sentences[i]) > 0)
    kept = kept or sentences[0]
    return kept if len(kept) <= _FOCUS_CHARS else kept[: _FOCUS_CHARS - 1] + "\u2026"


def _sentence(item: ContextItem, files: dict[str, str], question: Question) -> str:
    text = _focus(item.text, question).rstrip(".")
    where = "; ".join(_where(s, files) for s in item.sources[:2])
    return f"- {text}." + (f" (source: {where})" if where else "")


@analyst(ChatAnswer)
def chat(request: AnalysisRequest) -> Analysis:
    question = read_question(_question(request.text))
    items, files = _context(request)
    ranked = rank(question, items, _ITEMS * 3)
    best = ranked[0][0] if ranked else 0.0
    chosen: list[ContextItem] = []
    places: set[str] = set()
    for score, item in ranked:
        # One statement per cited place: a timeline entry and the graph edges built from it
        # rest on the same line, and saying it three times answers nothing more.
        keys = {json.dumps(s, sort_keys=True, default=str) for s in _places(item)}
        if score < best * _RELATIVE_FLOOR or len(chosen) == _ITEMS or (keys and keys <= places):
            continue
        places |= keys
        chosen.append(item)
    intent = ", ".join(sorted(question.intents)) or "general facts"
    thoughts = [
        f"Read the question: names {question.names or 'none'}, dates "
        f"{sorted(question.days) or 'none'}, asking about {intent}.",
        f"Ranked {len(items)} context item(s) by overlap of words, names and dates; best: "
        + (", ".join(f"{item.id} ({score:.1f})" for score, item in ranked[:5]) or "none")
        + ".",
    ]
    if not chosen:
        thoughts.append("Nothing in the case knowledge overlaps the question.")
        return Analysis(output=ChatAnswer(answer=_NOTHING, escalated=True), thoughts=thoughts)
    citations: list[SourceRef] = []
    seen: set[str] = set()
    for item in chosen:
        for source in item.sources[:2]:
            ref = to_ref(source)
            key = ref.model_dump_json(exclude={"excerpt"})
            if key not in seen and len(citations) < _CITATIONS:
                seen.add(key)
                citations.append(ref)
    answer = "\n".join([_lead(question), *(_sentence(item, files, question) for item in chosen)])
    thoughts.append(
        f"Answered from {len(chosen)} item(s) ({', '.join(i.kind for i in chosen)}), "
        f"citing {len(citations)} source(s)."
    )
    return Analysis(
        output=ChatAnswer(
            answer=answer, citations=citations, used_context=[item.id for item in chosen]
        ),
        thoughts=thoughts,
    )
