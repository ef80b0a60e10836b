"""What a debtor (or anyone asked) denies giving away, against the records of it.

- Financial: a register or transfer record that names a property's previous owner and its new
  one ("Previous proprietor: GRAHAM PETTIFER-HOLT", "PROPRIETOR: SANDRA PETTIFER-HOLT", a
  registered keeper, a transferor and a transferee, a seller and a buyer) is an ownership change:
  a finding naming both, the day the new owner's line gives (else the record's first date), the
  property and any price it states ("The price stated to have been paid … was GBP 1").
- Financial: a record naming one owner of a thing and no previous one ("Registered keeper:
  Daniel Mercer" beside "Make/Model: Ford Focus Zetec", "Colour: Grey") is an ownership held:
  a finding naming the owner, what the record describes and from when ("Keeper since: …").
- Synthesis: "I do not own a grey Ford Focus" against an ownership held by the speaker of a
  thing the record describes in the denial's own words (HIGH), unless it began after the time
  the denial is about.
- Synthesis: "Have you sold, transferred or given away any property …? No." against an ownership
  change whose previous owner is the speaker (HIGH); "Have you made any
  payments to relatives …? No." against payments to the speaker's relatives: those a relation
  finding ties to them, or people of their own surname with another given name (HIGH when the
  speaker's own account paid them, MEDIUM from an account the records do not name).
"""

import re

from holmes_backend.agents.schemas import Finding
from holmes_backend.analysis.facts.lexicon import wordset
from holmes_backend.analysis.facts.names import (
    person_parts,
    same_party,
)

OWNERSHIP_CHANGE = "ownership_change"

_PREVIOUS = re.compile(
    r"\b(?:previous|former|prior|old)\s+(?:registered\s+)?(?:proprietor|owner|keeper|holder)s?"
    r"|\btransferors?\b|\bsellers?\b|\bvendors?\b|\bdonors?\b",
    re.IGNORECASE,
)
_NEW = re.compile(
    r"\b(?:new\s+)?(?:registered\s+)?(?:proprietor|owner|keeper)s?\b|\btransferees?\b|"
    r"\bbuyers?\b|\bpurchasers?\b|\bdonees?\b",
    re.IGNORECASE,
)
_LABELLED = re.compile(r"(?P<label>[A-Za-z][A-Za-z ]{2,40}?)\s*:\s*(?P<rest>.+)$")
_PROPERTY = re.compile(
    r"^\s*(?:property|address|premises|land|vehicle|asset)\s*:\s*(?P<v>.+)$", re.IGNORECASE
)
_PRICE = re.compile(r"\b(?:price|consideration|paid|value)\b", re.IGNORECASE)
_HEAD = 15

_DENIED = re.compile(r"^\s*(?:no|none|never|not\s+once|nothing)\b|\b(?:not|never|no)\b", re.I)
_DISPOSAL = re.compile(
    r"\b(?:sold|sell|transferred|transfer|given\s+away|gave\s+away|give\s+away|disposed|"
    r"dispose|gifted|conveyed)\b",
    re.IGNORECASE,
)
_ASSET = re.compile(
    r"\b(?:property|properties|assets?|house|home|land|flat|real\s+estate|vehicles?|shares)\b",
    re.IGNORECASE,
)
_KIN = re.compile(
    r"\b(?:relatives?|family|kin|spouse|wife|husband|partner|brothers?|sisters?|sons?|"
    r"daughters?|children|parents?|siblings?)\b",
    re.IGNORECASE,
)
_PAYING = re.compile(r"\b(?:pay|paid|payments?|transfers?|transferred|money|gifts?|loans?)\b", re.I)


# A record's owner field: "Registered keeper", "Owner", "Proprietor", "Registered owner".
_OWNER = re.compile(
    r"^\s*(?:registered\s+)?(?:keeper|owner|proprietor|title\s+holder)s?\s*$", re.IGNORECASE
)
_SINCE_LABEL = re.compile(r"\b(?:since|from|acquired|purchased|registered\s+on)\b", re.I)
# The fields that say what the record is of ("Make/Model", "Colour", "Registration", "VIN").
_DESCRIBING = re.compile(
    r"^\s*(?:make|model|make\s*/\s*model|colou?r|registration(?:\s+(?:no|number|mark))?|"
    r"reg(?:\.|istration)?\s*(?:no\.?|mark)?|vin|chassis\s+no|vehicle|property|title\s+no|"
    r"description|type|hull|vessel|serial\s+(?:no|number))\.?\s*$",
    re.IGNORECASE,
)


# "I do not own", "I have never owned", "I don't have", "I was never the owner of".
_OWNING_DENIED = re.compile(
    r"\b(?:(?:do|did|have|had)\s+not|don't|didn't|haven't|hadn't|never)\s+"
    r"(?:(?:been\s+)?(?:the\s+)?(?:registered\s+)?(?:owner|keeper)\s+of|own(?:ed)?|possess(?:ed)?|"
    r"kept|had|have)\s+(?P<thing>[^.;]{3,80})",
    re.IGNORECASE,
)
_GENERIC_THING = wordset(
    "a an any the one such this that my own car vehicle motor property house thing anything "
    "ever and or of in"
)
_WORD = re.compile(r"[A-Za-z][A-Za-z'-]+")
_ONE_THING = re.compile(r"[,(]|\s+(?:and|but|or|nor|which|that|because|when|since)\s+", re.I)


def _relatives(speaker: str, relations: list[Finding], people: set[str]) -> set[str]:
    """The speaker's relatives: tied to them by a relation finding, or of their surname with
    another given name ("N Pettifer-Holt" beside "Graham Pettifer-Holt")."""
    kin = {f.entities[1] for f in relations if same_party(f.entities[0], speaker)}
    kin |= {f.entities[0] for f in relations if same_party(f.entities[1], speaker)}
    mine = person_parts(speaker)
    for person in people:
        theirs = person_parts(person)
        if (
            mine
            and theirs
            and mine[2] == theirs[2]
            and theirs[0][:1] != mine[0][:1]
            and not same_party(person, speaker)
        ):
            kin.add(person)
    return kin
