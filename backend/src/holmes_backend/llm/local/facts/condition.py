"""Conditions a record reports and a statement denies: a defect (a fault, damage, a repair the
thing needs) or arrears (a payment returned unpaid, overdue, missed).

"The vehicle had no mechanical problems" or "No, the loan is fully up to date [asked: are you
behind on any payments?]" deny one; a garage's "the transmission needs a full replacement" or a
statement's "LOAN PMT - NSF RETURNED" reports one. What the thing is (a vehicle, a building, a
machine) is read by the words of its kind, so a denial about a car is not met by a leaking roof.
"""

import re
from typing import Literal

from holmes_backend.llm.local.facts.lexicon import wordset

Condition = Literal["defect", "arrears"]

_DEFECT_RECORD = re.compile(
    r"\b(?:needs?|needed|requires?|required)\s+(?:an?\s+)?(?:full\s+|complete\s+|new\s+|urgent\s+|"
    r"major\s+|immediate\s+)?(?:replacement|repairs?|rebuild|overhaul|replacing|repairing)\b"
    r"|\b(?:faulty|defective|malfunction\w*|seized|cracked|corroded|leaking|not working|"
    r"write-off|written off|total loss|fault (?:code|found)|broken|damaged)\b"
    r"|\b(?:mechanical|engine|structural|electrical|transmission|brake|gearbox)\s+"
    r"(?:failure|fault|problem|defect)s?\b",
    re.IGNORECASE,
)
_ARREARS_RECORD = re.compile(
    r"\b(?:nsf|non-sufficient funds|insufficient funds|bounced|dishonou?red|refer to drawer|"
    r"returned (?:item|payment|unpaid|cheque|check|debit)|unpaid (?:item|direct debit|cheque)|"
    r"late (?:fee|charge|payment)|overdue|in arrears|arrears|past due|"
    r"missed (?:payment|instal+ment)|final (?:notice|demand)|default notice|in default|"
    r"collections? agency|repossess\w*)\b"
    r"|\b(?:pmt|payment|debit|cheque|check)\b[^.;]{0,40}\breturned\b",
    re.IGNORECASE,
)
_DENIED = re.compile(
    r"\b(?:no|none|never|not|nothing|without)\b|n['\u2019]t\b|\bperfect(?:ly)?\b|\bflawless\w*\b"
    r"|\bup to date\b|\bup-to-date\b|\bin good (?:condition|order|repair|standing)\b"
    r"|\b(?:ran|runs|worked|works|working) (?:fine|well|perfectly)\b",
    re.IGNORECASE,
)
_DEFECT_TOPIC = re.compile(
    r"\b(?:problems?|faults?|defects?|damaged?|issues?|repairs?|accidents?|breakdowns?|broken|"
    r"mechanical|condition|ran perfectly|leaks?|cracks?|wear)\b",
    re.IGNORECASE,
)
_ARREARS_TOPIC = re.compile(
    r"\b(?:behind|arrears|up to date|up-to-date|debts?|owed?|owing|late|missed|overdue|bounced|"
    r"financial (?:difficult\w*|problems?|troubles?|hardship)|money (?:problems?|troubles?)|"
    r"struggling|good standing)\b",
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
        "ceiling boiler furnace plumbing pipe pipes wiring kitchen bathroom flat apartment"
    ),
    "equipment": wordset(
        "machine machinery equipment device generator compressor pump server laptop computer "
        "phone handset"
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
    """The condition a statement denies, if any."""
    if not _DENIED.search(text):
        return None
    if _ARREARS_TOPIC.search(text):
        return "arrears"
    if _DEFECT_TOPIC.search(text):
        return "defect"
    return None


def kinds_of_thing(text: str) -> set[str]:
    words = set(_WORD.findall(text.lower()))
    return {kind for kind, vocabulary in _KINDS.items() if words & vocabulary}
