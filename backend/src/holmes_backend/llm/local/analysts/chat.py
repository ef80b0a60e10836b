"""Chat analyst: the chat agent's turns offline, and a domain agent's answer to an escalation.

First turn: look the question up in the graph, the findings and the evidence passages. Next: the
knowledge answers when its best item covers enough of what the question names; when the passages
cover more, their files are escalated to the domain agents; with nothing covering it, it says so.
"""

from dataclasses import dataclass

from holmes_backend.analysis.facts.cite import excerpt
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.text import units
from holmes_backend.analysis.nlp import sentence_spans
from holmes_backend.contracts.agents import DomainAnswer, Finding, SourceRef
from holmes_backend.contracts.requests import CHAT_AGENT_NAME as AGENT_NAME
from holmes_backend.contracts.requests import DOMAIN_HEADING, QUESTION_HEADING
from holmes_backend.llm.chat_context import (
    INTENTS,
    ContextItem,
    Question,
    rank,
    read_question,
    terms,
)
from holmes_backend.llm.local.registry import (
    Analysis,
    AnalysisRequest,
    Reply,
    ToolCall,
    ToolResult,
    analyst,
    responder,
)
from holmes_backend.llm.local.registry import where as _where

_ITEMS = 3
_FOCUS_CHARS = 280
# Items far below the best one are noise, not support.
_RELATIVE_FLOOR = 0.35
# Share of what the question names that one item must cover to answer it.
ENOUGH = 0.6
# Words that frame a question without saying what it is about.
_FRAMING = frozenset(
    terms(
        "say says said tell told know show shows describe mention mentions mentioned file files "
        "document documents evidence case record records happen happened anything something "
        "please give list find found there"
    )
)
_KNOWLEDGE_TOOLS = ("query_knowledge_graph", "search_findings")
_ESCALATE = "escalate_to_domain"
_SOURCES = "get_source_context"
_NOTHING = (
    "Nothing in the case knowledge or the evidence answers this question: no finding, graph "
    "item or passage of the files speaks to it."
)


@dataclass(frozen=True)
class Needs:
    """What a question names, weighted: people and dates count double."""

    names: list[str]
    days: frozenset[str]
    words: frozenset[str]
    kinds: frozenset[str]  # item kinds a specific intent wants (gaps, contradictions)

    @property
    def weight(self) -> float:
        return 2 * len(self.names) + 2 * len(self.days) + len(self.words) + (1 if self.kinds else 0)


def needs(question: Question) -> Needs:
    name_words = {t for n in question.names for t in terms(n)}
    cues = {t for name in question.intents for t in terms(" ".join(INTENTS[name][0]))}
    words = {
        t
        for t in question.terms
        if t not in name_words and t not in cues and t not in _FRAMING and not t.isdigit()
    }
    specific = [INTENTS[name][1] for name in question.intents if len(INTENTS[name][1]) == 1]
    return Needs(
        names=question.names,
        days=question.days,
        words=frozenset(words),
        kinds=frozenset().union(*specific) if specific else frozenset(),
    )


def coverage(need: Needs, item: ContextItem) -> float:
    """The share of what the question names that the item speaks to (1.0 when it names
    nothing in particular)."""
    if not need.weight:
        return 1.0
    lowered = item.text.lower()
    said = set(terms(item.text))
    got = 0.0
    for name in need.names:
        parts = name.lower().split()
        if name.lower() in lowered or (len(parts) > 1 and parts[-1] in lowered):
            got += 2
    for day in need.days:
        stated = (item.date or "")[:10] == day or day in item.text
        if stated or any(m.day.isoformat() == day for m in find_moments(item.text)):
            got += 2
    got += len(need.words & said)
    if need.kinds and item.kind in need.kinds:
        got += 1
    return got / need.weight


def _best(need: Needs, question: Question, items: list[ContextItem]) -> float:
    ranked = rank(question, items, 5)
    return max((coverage(need, item) for _, item in ranked), default=0.0)


def _items(results: list[ToolResult], names: tuple[str, ...]) -> list[ContextItem]:
    found: list[ContextItem] = []
    for result in results:
        if result.name in names:
            for key in ("items", "new_findings"):
                found += [ContextItem.from_json(d) for d in result.response.get(key) or []]
    return found


def _focus(text: str, question: Question) -> str:
    """The sentences of a long item that carry the question's names, dates or words."""
    flat = " ".join(text.split())
    if len(flat) <= _FOCUS_CHARS:
        return flat
    sentences = [flat[a:b].strip() for a, b in sentence_spans(flat) if flat[a:b].strip()]
    wanted = [n.lower() for n in question.names] + sorted(question.days)
    words = set(question.terms)

    def weight(sentence: str) -> int:
        lowered = sentence.lower()
        return 3 * sum(w in lowered for w in wanted) + len(words & set(terms(sentence)))

    best = sorted(range(len(sentences)), key=lambda i: (-weight(sentences[i]), i))[:2]
    kept = " ".join(sentences[i] for i in sorted(best) if weight(sentences[i]) > 0)
    return excerpt(kept or sentences[0], _FOCUS_CHARS)


def _line(item: ContextItem, question: Question) -> str:
    text = _focus(item.text, question).rstrip(".")
    sources = item.sources[:2]
    where = "; ".join(_where(str(s.get("file") or "a case file"), s) for s in sources)
    refs = "".join(f"[{s['ref']}]" for s in sources if s.get("ref"))
    return f"- {text}." + (f" ({where})" if where else "") + (f" {refs}" if refs else "")


def _top(question: Question, items: list[ContextItem]) -> list[ContextItem]:
    """The best-ranked items, less those far below the best one (noise, not support)."""
    ranked = rank(question, items, _ITEMS * 3)
    best = ranked[0][0] if ranked else 0.0
    return [item for score, item in ranked if score >= best * _RELATIVE_FLOOR]


def _choose(question: Question, items: list[ContextItem]) -> list[ContextItem]:
    """The top items, one per cited place: a timeline entry and the graph edges built from it
    rest on the same line, and saying it three times answers nothing more."""
    chosen: list[ContextItem] = []
    seen: set[str] = set()
    for item in _top(question, items):
        places = {
            repr(sorted((k, v) for k, v in s.items() if k not in ("excerpt", "ref", "file")))
            for s in item.sources
        }
        if len(chosen) < _ITEMS and not (places and places <= seen):
            seen |= places
            chosen.append(item)
    return chosen


@responder(AGENT_NAME)
def chat(request: AnalysisRequest) -> Reply:
    text = (request.text.partition(QUESTION_HEADING)[2] or request.text).strip()
    results = request.tool_results
    if not results:
        look_up = (
            "Knowledge first: looking the question up in the graph and the findings, and in "
            "the evidence passages to see what the sources themselves say."
        )
        tools = (*_KNOWLEDGE_TOOLS, _SOURCES)
        return Reply([look_up], calls=[ToolCall(name, {"query": text}) for name in tools])
    question = read_question(text)
    need = needs(question)
    escalations = [r.response for r in results if r.name == _ESCALATE]
    knowledge = _items(results, (*_KNOWLEDGE_TOOLS, _ESCALATE))
    passages = _items(results, (_SOURCES,))
    known = _best(need, question, knowledge)
    found = _best(need, question, passages)
    intent = ", ".join(sorted(question.intents)) or "general facts"
    thoughts = [
        f"The question names {question.names or 'no one'}, dates "
        f"{sorted(question.days) or 'none'}, words {sorted(need.words) or 'none'}; it asks "
        f"about {intent}.",
        f"The knowledge ({len(knowledge)} item(s)) covers {known:.0%} of it at best; the "
        f"evidence passages ({len(passages)}) cover {found:.0%}.",
    ]
    if not escalations and known < ENOUGH and found > known and found >= ENOUGH / 2:
        best = [i for _, i in rank(question, passages, 5) if coverage(need, i) >= found]
        files = list(dict.fromkeys(s["file_id"] for i in best for s in i.sources))
        thoughts.append(
            "The knowledge is too weak to answer, but the evidence speaks to the question: "
            f"asking the domain analysts to read {len(files)} file(s) for it."
        )
        return Reply(
            thoughts=thoughts, calls=[ToolCall(_ESCALATE, {"question": text, "file_ids": files})]
        )
    weak = max(known, found) < ENOUGH
    pool = knowledge + passages if weak or escalations else knowledge
    chosen = _choose(question, pool) if max(known, found) > 0 or not need.weight else []
    if not chosen:
        thoughts.append("Nothing in the knowledge or the evidence covers the question.")
        return Reply(thoughts=thoughts, text=_NOTHING)
    about = " and ".join([*question.names, *sorted(question.days)])
    lead = f"Here is what the case record shows{' about ' + about if about else ''}:"
    if weak:
        lead = "The case record does not answer this directly; the closest it holds:"
    if escalations:
        found_more = "this:" if escalations[0].get("new_findings") else "nothing more:"
        lead = f"Fresh analysis of the evidence found {found_more}"
    lines = [lead]
    lines += [_line(item, question) for item in chosen]
    thoughts.append(
        f"Answered from {len(chosen)} item(s) ({', '.join(i.kind for i in chosen)})"
        + (", found by the escalation." if escalations else ".")
    )
    return Reply(thoughts=thoughts, text="\n".join(lines))


def _section(text: str, heading: str) -> str:
    _, _, after = text.partition(heading)
    return after.split("\n---", 1)[0].strip()


@analyst(DomainAnswer)
def answer_question(request: AnalysisRequest) -> Analysis:
    text = _section(request.text, QUESTION_HEADING)
    domain = _section(request.text, DOMAIN_HEADING) or "domain"
    question = read_question(text)
    need = needs(question)
    passages: list[ContextItem] = []
    refs: dict[str, SourceRef] = {}
    for doc in request.documents:
        for number, unit in enumerate(units(doc)):
            said = f"{unit.speaker}: {unit.text}" if unit.speaker else unit.text
            item_id = f"{doc.file_id}#{number}"
            refs[item_id] = unit.ref
            passages.append(ContextItem(item_id, "passage", said))
    shares = [(item, coverage(need, item)) for item in _top(question, passages)]
    findings = [
        Finding(
            finding_type="answer",
            title=f"On: {text[:120]}",
            summary=item.text,
            confidence=round(min(0.9, 0.4 + 0.5 * share), 2),
            severity="MEDIUM",
            sources=[refs[item.id]],
        )
        for item, share in shares
        if share >= ENOUGH / 2
    ][:_ITEMS]
    thoughts = [
        f"Read {len(passages)} passage(s) of {len(request.documents)} file(s) as the {domain} "
        f"analyst, for: {text[:160]}",
        f"{len(findings)} passage(s) speak to it.",
    ]
    return Analysis(
        output=DomainAnswer(answered=bool(findings), findings=findings), thoughts=thoughts
    )
