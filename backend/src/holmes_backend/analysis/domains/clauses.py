"""Contract clauses by their operative words: obligations, prohibitions, caps ("shall not exceed
$X"), approval requirements (the approver is their party) and governing law."""

import re

from holmes_backend.analysis.facts.money import find_money
from holmes_backend.analysis.facts.names import UPPER, clean
from holmes_backend.analysis.facts.text import Unit
from holmes_backend.contracts.agents import Clause, ClauseKind

_CAP = re.compile(
    r"\b(?:shall|will|may|must)\s+not\s+(?:exceed|be\s+more\s+than|be\s+greater\s+than)|"
    r"\bnot\s+to\s+exceed\b|\bcapped\s+at\b|\bceiling\s+of\b|"
    r"\bin\s+no\s+event\s+(?:shall|will)\b.*\bexceed\b|\bcap\s+of\b",
    re.IGNORECASE,
)
# A bound that is a cap ("fees of up to £8,000") unless the sentence, or the header of its
# table, speaks of signing or authority (a tier of approval limits).
LIMIT = re.compile(
    r"\bup\s+to\b|\bno\s+more\s+than\b|\bmaximum\s+(?:of|amount)\b|\blimited\s+to\b", re.IGNORECASE
)
_AUTHORITY = re.compile(
    r"\b(?:sign\w*|authori[sz]\w*|approv\w*|delegat\w*|mandate\w*)\b|"
    r"\bmay\s+be\s+\w+ed\s+by\b",  # "… up to £5,000 may be released by any one user"
    re.IGNORECASE,
)
_COLUMNS = re.compile(r"\S(?:\s{2,}|\t|\s\|\s)\S")  # a table's row, its cells apart
_APPROVAL = re.compile(
    r"\b(?:requires?|required|subject\s+to|without|conditional\s+(?:up)?on|only\s+with)\s+"
    # Another condition first ("requires three written quotes and approval by the CFO").
    r"(?:[\w ,-]{1,60}?\s(?:and|plus|as\s+well\s+as)\s+)?"
    r"(?:the\s+)?(?:express\s+|prior\s+|advance\s+|written\s+|unanimous\s+|formal\s+)*"
    r"(?:approval|consent|authori[sz]ation|sign[- ]?off|ratification|(?:counter-?|co-?)?"
    r"signatures?)\s+(?:of|from|by)\s+"
    r"(?:the\s+|its\s+|a\s+)?(?P<approver>[\w .,'&-]{2,60}?)(?=[,.;:(]|\s+(?:and|or|if|for|to|"
    r"before|prior|which|that|in|on|as|where|when|unless|shall|will)\b|$)"
    r"|\bmust\s+be\s+(?:pre-?)?(?:approved|authori[sz]ed|ratified|(?:counter-?|co-?)?signed)\s+"
    r"(?:in\s+advance\s+)?by\s+"
    r"(?:the\s+)?(?P<approver2>[\w .,'&-]{2,60}?)(?=[,.;:(]|\s+(?:and|or|if|before|prior)\b|$)",
    re.IGNORECASE,
)
_PROHIBITION = re.compile(
    r"\b(?:shall|will|may|must)\s+not\b|\bagrees?\s+not\s+to\b|\bis\s+prohibited\s+from\b|"
    r"\bare\s+prohibited\s+from\b|\bshall\s+refrain\s+from\b|\bno\s+party\s+(?:shall|may)\b|"
    r"\bis\s+not\s+permitted\s+to\b",
    re.IGNORECASE,
)
_OBLIGATION = re.compile(
    r"\b(?P<modal>shall|must|agrees?\s+to|undertakes?\s+to|covenants?\s+to|is\s+required\s+to|"
    r"are\s+required\s+to|is\s+obligated\s+to|will\s+be\s+responsible\s+for)\b",
    re.IGNORECASE,
)
_GOVERNING = re.compile(
    r"\bgoverned\s+by\s+(?:and\s+construed\s+in\s+accordance\s+with\s+)?(?:the\s+)?(?:internal\s+)?"
    r"laws?\s+of\s+(?:the\s+)?(?P<law>(?:State|Commonwealth|Province|Republic|Kingdom)\s+of\s+"
    rf"[{UPPER}][\w ]+?|[{UPPER}][\w ]+?)"
    rf"(?=\s*[,.;(]|\s+(?:without|excluding|applicable|exclusive|as)\b|\s+and\s+(?![{UPPER}])|$)"
    r"|\bgoverning\s+law\s*[:.-]\s*(?:the\s+laws?\s+of\s+)?(?:the\s+)?"
    rf"(?P<law2>[{UPPER}][\w ]{{2,40}}?)"
    r"(?=\s*[,.;(]|$)"
)
_MAX_TEXT = 600
_DOCUMENT_WORDS = re.compile(r"\b(agreement|contract|amendment|schedule|exhibit|policy)\b", re.I)
_DOCUMENT_SUBJECT = re.compile(r"\b(?:this|the)\s+(?:agreement|contract|amendment)\b", re.I)
_SUBJECT_STOP = re.compile(r"[,;:()]|\b(?:and|or|if|that|which|when|unless|provided)\b", re.I)
_DEFINED = re.compile(
    rf"(?:^|\s)(?:the\s+|each\s+|any\s+)?(?P<term>(?:[{UPPER}][\w'\u2019-]*\s?){{1,4}})$"
)


def governing_law(text: str) -> str | None:
    match = _GOVERNING.search(text)
    if not match:
        return None
    law = (match["law"] or match["law2"] or "").strip()
    return law or None


def _party_before(text: str, position: int) -> str | None:
    """The subject of a modal verb: the capitalised term just before it."""
    head = text[:position].rstrip()
    pieces = _SUBJECT_STOP.split(head)
    tail = pieces[-1].strip() if pieces else ""
    match = _DEFINED.search(tail)
    if not match:
        return None
    term = clean(match["term"])
    if not term or term.lower() in ("it", "this", "such", "no", "each"):
        return None
    return None if _DOCUMENT_WORDS.search(term) else term


def requires_approval(text: str) -> bool:
    """Whether a text sets an approval its subject needs."""
    return _APPROVAL.search(text) is not None


def _approver(match: re.Match[str]) -> str:
    raw = match["approver"] or match["approver2"] or ""
    return clean(re.sub(r"\s+", " ", raw)).strip(" .")


def clauses_in(unit: Unit, operative: bool = True, lead: str = "") -> list[Clause]:
    """Clauses of one sentence; not `operative` (an opinion, a letter): only caps, approvals
    and governing law. `lead`: the header line of a run of limits."""
    text = unit.text[:_MAX_TEXT]
    found: list[Clause] = []
    money = find_money(text)
    amount = abs(money[0].value) if money else None

    def add(kind: ClauseKind, party: str | None, value: float | None = amount) -> None:
        found.append(Clause(kind=kind, text=text, party=party, amount=value, source=unit.ref))

    if approval := _APPROVAL.search(text):
        add("approval_requirement", _approver(approval))
    cap = _CAP.search(text)
    if cap is None and not _AUTHORITY.search(f"{lead if _COLUMNS.search(text) else ''} {text}"):
        cap = LIMIT.search(text)
    if cap and money:
        after = [m for m in money if m.start >= cap.start()] or money
        add("cap", _party_before(text, cap.start()), abs(after[0].value))
    if law := governing_law(text):
        add("governing_law", law, None)
    if not operative or (cap and money):
        return found
    prohibition = _PROHIBITION.search(text)
    if prohibition and not (approval and prohibition.start() > approval.start()):
        add("prohibition", _party_before(text, prohibition.start()))
    elif (obligation := _OBLIGATION.search(text)) and not approval:
        party = _party_before(text, obligation.start())
        if party is not None or not _DOCUMENT_SUBJECT.search(text[: obligation.start()]):
            add("obligation", party)
    return found
