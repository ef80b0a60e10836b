"""Conditions a record reports and a statement denies: a defect (a fault, damage, a repair the
thing needs) or arrears (a payment returned unpaid, overdue, missed).

"The vehicle had no mechanical problems" or "No, the loan is fully up to date [asked: are you
behind on any payments?]" deny one; a garage's "the transmission needs a full replacement" or a
statement's "LOAN PMT - NSF RETURNED" reports one. What the thing is (a vehicle, a building, a
machine) is read by the words of its kind, so a denial about a car is not met by a leaking roof.
"""

import re
from typing import Literal

from holmes_backend.analysis.facts.answers import answer_of
from holmes_backend.analysis.facts.lexicon import wordset

Condition = Literal["defect", "arrears"]

_DEFECT_RECORD = re.compile(
    r"\b(?:needs?|needed|requires?|required)\s+(?:an?\s+)?(?:full\s+|complete\s+|new\s+|urgent\s+|"
    r"major\s+|immediate\s+)?(?:replacement|repairs?|rebuild|overhaul|replacing|repairing)\b"
    r"|\b(?:faulty|defective|malfunction\w*|seized|cracked|corroded|leaking|not working|"
    r"write-off|written off|total loss|fault (?:code|found)|broken|damaged|slipped|"
    r"rotten|rot|damp|stain(?:ed|s)?|subsidence|water ingress|tide marks?|"
    r"flood(?:ing)?\s+damage|damaged\s+by\s+(?:flood|floodwater|fire)|fire\s+damage|"
    r"(?:was|were|been|had)\s+flooded|overheat(?:ing|ed|s)?|scorch(?:ed|ing)|melt(?:ed|ing)|"
    r"short[- ]circuit(?:ed|ing)?|caught\s+fire|burn(?:ed|t)\s+out)\b"
    # A leak of water, oil or gas, not of documents.
    r"|\b(?:water|roof|pipe|oil|gas|fuel|valley|ceiling|radiator|tank|coolant)\s+leaks?\b"
    r"|\bleaks?\s+(?:in|from|through|under)\s+the\b"
    r"|\b(?:mechanical|engine|structural|electrical|transmission|brake|gearbox)\s+"
    r"(?:failure|fault|problem|defect)s?\b"
    # An instrument's or a machine's log: "Out of service", "Pump seal failure".
    r"|\bout\s+of\s+(?:service|order|action)\b|\bbroke(?:n)?\s+down\b|\boff-?line\b"
    r"|\b(?:feeder|paper|belt|tape|line)\s+jam(?:med|s)?\b|\bjammed\b"
    r"|\b(?:seal|pump|motor|power|hardware|component|valve|compressor|sensor|battery|bearing|"
    r"detector|lamp|controller|circuit)\s+(?:failure|fault)s?\b"
    # A check's result: "Reversing alarm: FAIL - not sounding", "inoperative", "U/S".
    r"|\bnot\s+(?:sounding|functioning|operating|operational|responding|lighting)\b"
    r"|\binoperative\b|\bunserviceable\b|\bresult\s*:\s*fail(?:ed)?\b|\bfail(?:ed)?\s*[-\u2013:]\s",
    re.IGNORECASE,
)
_ARREARS_RECORD = re.compile(
    r"\b(?:nsf|non-sufficient funds|insufficient funds|bounced|dishonou?red|refer to drawer|"
    r"returned (?:item|payment|unpaid|cheque|check|debit|dd|d/d|direct debit|standing order)|"
    r"unpaid (?:item|direct debit|dd|d/d|cheque)|"
    r"late (?:fee|charge|payment)|overdue|in arrears|arrears|past due|"
    r"missed (?:payment|instal+ment)|final (?:notice|demand)|default notice|in default|"
    r"collections? agency|repossess\w*|paid\s+late)\b"
    # A rent or loan ledger's status cell: "Status: Unpaid", "Late".
    r"|\bstatus\s*:\s*(?:unpaid|late|overdue|missed|in\s+arrears)\b"
    r"|\b(?:pmt|payment|debit|cheque|check)\b[^.;]{0,40}\breturned\b",
    re.IGNORECASE,
)
_NEGATION = r"(?:\bno|\bnone|\bnever|\bnot|\bnothing|\bwithout|n['\u2019]t)\b"
# A state that denies by itself: "ran perfectly", "up to date", "in good condition".
_GOOD_STATE = re.compile(
    r"\bperfect(?:ly)?\b|\bflawless\w*\b|\bup[ -]to[ -]date\b"
    r"|\bin good (?:condition|order|repair|standing)\b"
    r"|\b(?:ran|runs|worked|works|working) (?:fine|well|perfectly)\b",
    re.IGNORECASE,
)
# "I paid every month's rent on time": no payment late (not "I did not pay on time").
_PAID_ON_TIME = re.compile(
    r"\b(?:paid|pay|made|kept\s+up)\b[^.;]{0,40}?\b(?:on\s+time|promptly|when\s+(?:it\s+was|they\s+"
    r"were)\s+due)\b",
    re.IGNORECASE,
)
# A sound state that says what it denies by itself: "the oven was in full working order", "the
# carpets were clean and undamaged".
_SOUND = re.compile(
    r"\bin\s+(?:full|good|perfect|proper|complete)\s+working\s+order\b|\bundamaged\b|"
    r"\b(?:fully|perfectly)\s+(?:functional|operational|working)\b|\bfree\s+(?:of|from)\s+"
    r"(?:any\s+)?(?:defects?|damage|faults?|stains?)\b|\bin\s+(?:excellent|pristine|immaculate)\s+"
    r"condition\b"
    # "the reversing alarm on FL-03 was working": a thing's, not a person's, working.
    r"|\b(?:the|its|their|his|her|my|our)\s+[\w-]+(?:\s+[\w-]+){0,5}?\s+(?:was|were|is|are)\s+"
    r"(?:fully\s+|all\s+|still\s+)?(?:working|functioning|operational|sounding)\b"
    r"(?!\s+(?:on|at|for|with|in|from|as|a|an|the|shifts?|late|overtime)\b)",
    re.IGNORECASE,
)
# A bare answer's own denial ("No, none at all.").
# Between a negation and what it denies, at most a few words and no verb of saying: "had no
# mechanical problems", "never missed a payment"; not "never told him to stop reporting issues".
_SAYING = r"(?:told|tell|said|say|asked|ask|report\w*|mentioned|complained|informed)"
# A question about talking of a thing ("Did you speak to him about the accident?") is not
# answered by the thing's state.
_TALK = re.compile(
    rf"\b(?:{_SAYING}|speak|spoke|spoken|talk\w*|discuss\w*|call\w*|e-?mail\w*|wr[io]te)\b",
    re.IGNORECASE,
)
_GAP = rf"(?:\W+(?!{_SAYING}\b)\w+){{0,4}}?\W+"
_DEFECT_TOPIC = re.compile(
    r"\b(?:problems?|faults?|defects?|damaged?|issues?|repairs?|accidents?|breakdowns?|broken|"
    r"mechanical|condition|ran perfectly|leaks?|cracks?|wear|flood(?:ed|ing|s)?|subsidence|"
    r"damp|rot|water\s+ingress|fire\s+damage|stains?|marks?|burns?|scorch\w*|scratch\w*|"
    r"chips?|dents?|wrong)\b",
    re.IGNORECASE,
)
_ARREARS_TOPIC = re.compile(
    r"\b(?:behind|arrears|up to date|up-to-date|debts?|owed?|owing|late|missed|overdue|bounced|"
    r"financial (?:difficult\w*|problems?|troubles?|hardship)|money (?:problems?|troubles?)|"
    r"struggling|good standing|(?:trouble|difficult(?:y|ies))\s+(?:in\s+)?paying)\b",
    re.IGNORECASE,
)
# The kinds of thing a defect is of, by the words for it and its parts.
_KINDS = {
    "vehicle": wordset(
        "vehicle vehicles car cars truck van suv lorry motorcycle motorbike engine transmission "
        "gearbox clutch brake brakes tyre tyres tire tires bumper windscreen windshield radiator "
        "exhaust suspension axle odometer mileage ignition"
    ),
    "building": wordset(
        "house home roof building property premises basement foundation foundations wall walls "
        "ceiling boiler furnace plumbing pipe pipes wiring kitchen bathroom flat apartment "
        "cellar floor floors brickwork plaster plastering replastering rooms garden buildings"
    ),
    "equipment": wordset(
        "machine machinery equipment device generator compressor pump server laptop computer "
        "phone handset instrument press printer analyser analyzer scanner alarm alarms horn "
        "beacon siren hoist crane guard guards interlock forklift"
    ),
}
_WORD = re.compile(r"[a-z]+")


def reported(text: str) -> Condition | None:
    """The condition a record reports, if any (arrears first: "payment returned" is no defect)."""
    if _ARREARS_RECORD.search(text):
        return "arrears"
    if _DEFECT_RECORD.search(text):
        return "defect"
    return None


def denied(text: str) -> Condition | None:
    """The condition a statement denies, if any: a negation governing the condition's words
    ("had no mechanical problems"), a good state ("ran perfectly", "is up to date"), or a bare
    "No, none." to a question asking about it ("… [asked: Any problems with the car?]")."""
    answer = answer_of(text)
    said, asked = answer.said, answer.question
    if (paid := _PAID_ON_TIME.search(said)) and not re.search(
        _NEGATION, said[: paid.end()], re.IGNORECASE
    ):
        return "arrears"
    if _SOUND.search(said) and not re.search(f"{_NEGATION}{_GAP}(?:{_SOUND.pattern})", said, re.I):
        return "defect"
    for topic, kind in ((_ARREARS_TOPIC, "arrears"), (_DEFECT_TOPIC, "defect")):
        negated = re.compile(_NEGATION + _GAP + topic.pattern, re.IGNORECASE)
        if negated.search(said) or (_GOOD_STATE.search(said) and topic.search(text)):
            return kind  # type: ignore[return-value]
        if answer.no and topic.search(asked) and not _TALK.search(asked):
            return kind  # type: ignore[return-value]
    return None
