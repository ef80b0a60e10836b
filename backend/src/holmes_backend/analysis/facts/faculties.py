"""A person's state of mind or sobriety, as a witness vouches for it and as a record observes it.

A witness vouches: "Mrs Hollis was perfectly lucid throughout our meeting", "she knew the date
and understood the extent of her property", "he was stone-cold sober", "I had not been
drinking". A record observes: a care note's "Disorientated to time and place. Could not say
what day it was", a doctor's "she does not have capacity", a custody record's "strong smell of
alcohol, slurred speech". Each is read for its topic, so a word about sobriety is not met by a
note of confusion: "mind" (lucidity, orientation, understanding, capacity) or "sobriety".
A record's own negation ("not confused", "no smell of alcohol") observes nothing against.
"""

import re
from typing import Literal

Topic = Literal["mind", "sobriety"]

_SOUND: dict[Topic, re.Pattern[str]] = {
    "mind": re.compile(
        r"\b(?:lucid|compos\s+mentis|of\s+sound\s+mind|clear[- ]headed|"
        r"(?:fully\s+|well\s+)?(?:alert|orient(?:at)?ed)\s+(?:and|to|throughout)|"
        r"(?:fully\s+|perfectly\s+|completely\s+|entirely\s+)(?:alert|orient(?:at)?ed|rational|"
        r"coherent|aware)|"
        r"(?:had|has|with|of)\s+(?:full\s+)?(?:mental\s+|testamentary\s+)?capacity|"
        r"in\s+(?:full\s+)?(?:possession|command)\s+of\s+(?:her|his|their|my)\s+faculties|"
        r"knew\s+(?:who\s+(?:I|we|he|she)\s+(?:was|were)|where\s+(?:she|he|they)\s+w(?:as|ere)|"
        r"(?:exactly\s+)?what\s+(?:she|he|they)\s+(?:was|were)\s+(?:doing|signing)|"
        r"the\s+(?:date|day|time)|what\s+day)|"
        r"understood\s+(?:exactly\s+|fully\s+|perfectly\s+|clearly\s+)?(?:what|the|everything|"
        r"its|her|his))\b",
        re.IGNORECASE,
    ),
    "sobriety": re.compile(
        r"\b(?:(?:completely|perfectly|stone[- ]cold|totally|entirely)\s+)?sober\b|"
        r"\b(?:not|never|wasn['\u2019]t|weren['\u2019]t)\s+(?:at\s+all\s+)?(?:drunk|intoxicated|"
        r"under\s+the\s+influence|been\s+drinking|had\s+(?:anything|a\s+drop)\s+to\s+drink)\b|"
        r"\b(?:had|have)\s+(?:not|never)\s+(?:been\s+drinking|had\s+(?:a|any)\s+(?:drink|alcohol))|"
        r"\b(?:had|drank)\s+(?:nothing|no\s+alcohol)\b",
        re.IGNORECASE,
    ),
}
_UNSOUND: dict[Topic, re.Pattern[str]] = {
    "mind": re.compile(
        r"\b(?:confus(?:ed|ion)|disorient(?:at)?ed|delirious|delirium|incoherent|"
        r"not\s+(?:oriented|orientated)|"
        r"(?:did|could|does|do|can)\s*(?:not|n['\u2019]t)\s+(?:know\s+(?:where|who|what)|"
        r"recogni[sz]e|recall\s+(?:the\s+names|her|his|who)|say\s+what\s+day|"
        r"remember\s+(?:who|her|his|the\s+names))|"
        r"(?:lacks?|lacked|lacking|without|(?:does|did)\s+not\s+have|no\s+longer\s+has)\s+"
        r"(?:the\s+)?(?:mental\s+|testamentary\s+)?capacity|"
        r"(?:advanced|severe|moderate)\s+(?:\w+['\u2019]s\s+)?dementia|"
        r"mmse\D{0,20}(?:[0-9]|1[0-9]|2[0-3])\s*/\s*30)\b",
        re.IGNORECASE,
    ),
    "sobriety": re.compile(
        r"\b(?:intoxicated|inebriated|drunk|smell(?:ed|t|ing)?\s+(?:strongly\s+)?of\s+"
        r"(?:alcohol|intoxicants|drink)|slurr(?:ed|ing)\s+(?:speech|(?:his|her)\s+words)|"
        r"unsteady\s+on\s+(?:his|her|their)\s+feet|under\s+the\s+influence|"
        r"(?:breath|blood)\s+(?:test|sample|alcohol)\w*[^.;]{0,40}\b(?:positive|over\s+the\s+"
        r"(?:legal\s+)?limit|fail(?:ed)?))\b",
        re.IGNORECASE,
    ),
}
# A negation a few words before the term: "not confused", "no smell of alcohol".
_NEGATED = re.compile(
    r"\b(?:no|not|nor|never|without|denies|denied|no\s+signs?\s+of|no\s+evidence\s+of)"
    r"(?:\W+\w+){0,2}\W+$",
    re.IGNORECASE,
)


def vouched(text: str) -> Topic | None:
    """The topic of a person's sound state the text vouches for, if any."""
    for topic, pattern in _SOUND.items():
        if pattern.search(text):
            return topic
    return None
