"""An act the speaker denies doing, against a record in another file that names them with it.

"I have never withdrawn cash from her account" against a bank's note that "the withdrawals of 4
and 5 September … were made by … Liam Aldous"; "I did not delete the files" against a log line
"files deleted by j.moreau". The act is known by its verb's stem (withdrawn, withdrawals →
withdraw); the record must name the speaker among its people, in its own words (not relaying
what someone said, not itself a denial).
"""

import re
from datetime import timedelta

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cells import ACTED_BY
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments, parse_span
from holmes_backend.llm.local.facts.lexicon import act_stem, wordset
from holmes_backend.llm.local.facts.names import find_names, same_party

_DENIED_ACT = re.compile(
    r"\b(?:never|did\s+not|didn['\u2019]t|have\s+not|haven['\u2019]t|had\s+not|hadn['\u2019]t)"
    r"\s+(?:ever\s+|once\s+|personally\s+)?(?:been\s+)?(?P<verb>[a-z]{4,})\b",
    re.IGNORECASE,
)
# Verbs of being, knowing, meeting, being somewhere and paying are read by their own rules.
_OTHER_RULES = wordset(
    "been were know knew known meet met seen spoke spoken talk talked contact contacted "
    "received receive paid pay sent send went gone go visit visited attend attended have had "
    "make made take taken give given hear heard tell told said think thought remember recall "
    "realise realize leave left stay stayed come came discuss discussed call called work worked "
    "use used"
)
_RELAYED = re.compile(
    r"\b(?:says?|said|stated|claims?|claimed|denies|denied|according\s+to|alleges?|alleged)\b",
    re.IGNORECASE,
)
# Not "Vendor no: V-3377", "No. 4": a number's label.
_NEGATED = re.compile(r"\b(?:no(?!\s*[:.#]|\s+\d)|not|never|none)\b|n['\u2019]t\b", re.IGNORECASE)


def _text(item: Item) -> str:
    """A record's words: a payment's row as written, else the event's description."""
    return (
        (item.source.excerpt or item.description)
        if item.kind == "transaction"
        else item.description
    )


def _names(item: Item, speaker: str) -> bool:
    """A record of the speaker's: naming them among its people, or a payment's row naming them
    in a role of its own ("Approved by: Marcus Feld")."""
    if item.kind != "transaction":
        return any(same_party(speaker, p) for p in item.people)
    return any(
        n.kind == "person" and same_party(speaker, n.text)
        for field in ACTED_BY.finditer(_text(item))
        for n in find_names(field["who"])
    )


_BEYOND = re.compile(
    r"\s+(?:[a-z]+\s+){0,2}?(?:for\s+)?(?:more|longer|over|beyond)\b", re.IGNORECASE
)
# A bare "No." to "Did you set up Brightwater Supplies as a vendor?" denies the asked act.
_ASKED_ACT = re.compile(
    r"\b(?:did|have|had)\s+you\s+(?:ever\s+|personally\s+)?(?P<verb>[a-z]{3,})(?P<up>\s+up)?\b",
    re.IGNORECASE,
)
_ASKED_WHO = re.compile(r"\bwho\s+(?P<verb>[a-z]{3,})(?P<up>\s+up)?\b", re.IGNORECASE)
_NOT_ME = re.compile(r"^\W*(?:it\s+was(?:n['\u2019]t|\s+not)\s+me|not\s+me)\b", re.IGNORECASE)
# Acts records write in other words: a vendor "set up" is "Created by" in its master file.
_SAME_ACT = {
    "set up": ("set up", "creat", "regist", "onboard"),
    "creat": ("creat", "set up"),
    # A record opened, as an audit log writes it: viewed, opened, printed, exported.
    "acces": ("acces", "view", "open", "print", "export", "download"),
}


def _denied(claim: SwornClaim) -> tuple[str, str] | None:
    """The act a claim denies (its words as said, its stem), in its words or as an answer."""
    answer = answer_of(claim)
    match = _DENIED_ACT.search(answer.said)
    if match is not None:
        if _BEYOND.match(answer.said, match.end()):
            return None  # a limit kept ("did not drive for more than four hours"), not the act
        return match.group().strip(), match["verb"]
    question = _ASKED_ACT.search(answer.question) if answer.no else None
    if question is None and _NOT_ME.match(answer.said):
        # "It wasn't me.", asked "Who set up Coldharbour Consulting as a vendor?"
        question = _ASKED_WHO.search(answer.question)
    if question is None:
        return None
    verb = f"{question['verb']} up" if question["up"] else question["verb"]
    return f"no to \u201c{question.group()}\u201d", verb


# Leaving a thing somewhere, not leaving a place: "I did not leave it on the doorstep".
_LEFT_THING = re.compile(
    r"\b(?:leave|left)\s+(?:it|them|the\s+[a-z]+|a\s+[a-z]+|any\s+[a-z]+)\s+"
    r"(?:on|at|in|by|outside|behind|under|with|beside|next\s+to)\s+(?:the\s+|a\s+|my\s+)?"
    r"(?P<where>[a-z]{4,})",
    re.IGNORECASE,
)


_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_NEVER = re.compile(r"\bnever\b", re.IGNORECASE)
_MIN_STEM = 4  # "play" of "played"; shorter stems ("go", "see") say too little
_DAY = timedelta(days=1)


def act_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    theirs: dict[str, list[Item]] = {}  # each speaker's records, found once
    for claim in claims:
        speaker = claim.speaker
        denied = _denied(claim)
        left = _LEFT_THING.search(answer_of(claim).said) if denied else None
        if not speaker or denied is None or (denied[1].lower() in _OTHER_RULES and not left):
            continue
        said, verb = denied
        stem = verb.lower() if verb.lower() == "set up" else act_stem(verb)
        if len(stem) < _MIN_STEM and not left:
            continue
        forms = "|".join(re.escape(f) for f in _SAME_ACT.get(stem, (stem,)))
        act = re.compile(rf"\b(?:{forms})\w*", re.IGNORECASE)
        if left:
            # The thing left where the claim says it was not: the record names the place too.
            where = re.escape(left["where"])
            act = re.compile(rf"\b(?:left|leav\w*)\b(?=.*\b{where})", re.IGNORECASE)
        # What the act was done to, when the claim names a firm: records of it alone; whom,
        # when it names another person ("I did not access Mr Callum Reyes's record"): records
        # naming them too.
        named = find_names(claim.claim)
        firms = [n.text for n in named if n.kind == "organization"]
        others = [n.text for n in named if n.kind == "person" and not same_party(n.text, speaker)]
        if speaker not in theirs:
            theirs[speaker] = [item for item in items if _names(item, speaker)]
        span = parse_span(claim.claimed_time)
        if _NEVER.search(answer_of(claim).said) and not find_moments(answer_of(claim).said):
            span = None  # "I have never deleted any files": at no time, whatever the question's
        done = [
            item
            for item in theirs[speaker]
            if item.file_id != claim.source.file_id
            # "I did not approve the invoices in August": not those approved in October; nor,
            # of a period ("since the accident"), those before it.
            and (span is None or item.when.date() <= span[1].date())
            and (span is None or span[1] - span[0] <= _DAY or item.when.date() >= span[0].date())
            and act.search(_CAMEL.sub(" ", _text(item)))  # a log's "FileDeleted"
            and not _RELAYED.search(_text(item))
            and not _NEGATED.search(_text(item))
            and (not firms or any(f.lower() in _text(item).lower() for f in firms))
            and (not others or any(same_party(o, p) for o in others for p in item.people))
        ]
        if not done:
            continue
        first = done[0]
        records = unique_refs([item.source for item in done], 50)
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=records[:6],
                explanation=(
                    f"{speaker} denies it ({said}), yet {len(records)} record(s) "
                    f"in other files name them with it, first on {first.when.date().isoformat()}"
                    f": {_text(first)[:160]}."
                ),
                severity="HIGH" if len(records) > 1 else "MEDIUM",
            )
        )
    return found
