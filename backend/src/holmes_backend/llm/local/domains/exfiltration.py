"""Company data taken: a departing employee's "I have not copied any company files" against the
device logs of their own login (USB writes, downloads, uploads to a personal cloud), and "I
have never sent work documents to my personal e-mail" against their e-mail from the work address
to a free-mail address of their own name.

Whose a log row is comes from the timeline (its people, logins resolved by facts.identifiers).
A personal address is one at a free-mail provider whose local part or display name carries the
sender's first name or surname. Both are HIGH: the records are the speaker's own."""

import re

from holmes_backend.agents.schemas import Contradiction, SwornClaim
from holmes_backend.llm.local.domains.links import Item
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.lexicon import fold
from holmes_backend.llm.local.facts.names import person_parts, same_party

_DENIAL = re.compile(r"^\s*(?:no|never|not\s+once)\b|\b(?:not|never|n['\u2019]t)\b", re.IGNORECASE)
_COPY_TOPIC = re.compile(
    r"\b(?:cop(?:y|ied|ying)|download(?:ed|ing)?|took|taken|take|kept|keep|removed?|"
    r"transferr?(?:ed|ing)?|export(?:ed|ing)?|upload(?:ed|ing)?|sav(?:e|ed|ing)|mov(?:e|ed))\b"
    r"[^.?]{0,40}?\b(?:files?|documents?|data|information|records|folders?|spreadsheets?)\b",
    re.IGNORECASE,
)
_MAIL_TOPIC = re.compile(
    r"\b(?:sen[dt]|sending|forward(?:ed|ing)?|e-?mail(?:ed|ing)?|mail(?:ed|ing)?)\b[^.?]{0,60}?"
    r"\b(?:personal|private|home|own)\s+(?:e-?mail|email|account|address|inbox|gmail)",
    re.IGNORECASE,
)
_COPY_ACTION = re.compile(
    r"\b(?:usb|removable|external\s+(?:drive|disk|storage)|thumb\s*drive|copy|copied|"
    r"download(?:ed)?|upload(?:ed)?|export(?:ed)?|sync(?:ed)?|dropbox|google\s+drive|onedrive|"
    r"icloud|we\s*transfer|mass\s+download)\b",
    re.IGNORECASE,
)
_FREE_MAIL = re.compile(
    r"[\w.+-]+@(?:gmail|googlemail|outlook|hotmail|live|yahoo|icloud|me|proton(?:mail)?|pm|gmx|"
    r"web|aol|mail|yandex|zoho|fastmail|tutanota|seznam|wp|o2|orange|free|laposte|libero|"
    r"t-online|btinternet|sky|virginmedia|bigpond|qq|163)\.[a-z.]{2,6}\b",
    re.IGNORECASE,
)
_OBJECT = re.compile(r"\b(?:object|file(?:\s*name)?|document|path)\s*:\s*(?P<v>[^;]+)", re.I)


def exfiltration_contradictions(claims: list[SwornClaim], items: list[Item]) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        if not claim.speaker or not _DENIAL.search(claim.claim):
            continue
        if _COPY_TOPIC.search(claim.claim):
            copies = [
                i
                for i in items
                if i.kind != "e-mail"
                and i.file_id != claim.source.file_id
                and _COPY_ACTION.search(i.description)
                and any(same_party(claim.speaker, p) for p in i.people)
            ]
            if copies:
                found.append(_copied(claim, copies))
        if _MAIL_TOPIC.search(claim.claim):
            sent = [i for i in items if i.kind == "e-mail" and _to_own_address(i, claim.speaker)]
            if sent:
                found.append(
                    Contradiction(
                        claim=claim.claim,
                        claim_source=claim.source,
                        evidence_against=unique_refs([i.source for i in sent], 6),
                        explanation=(
                            f"{claim.speaker} denies it, yet {len(sent)} e-mail(s) went from "
                            f"their address to a personal address in their name, the first on "
                            f"{sent[0].at()}: {sent[0].description[:160]}."
                        ),
                        severity="HIGH",
                    )
                )
    return found


def _copied(claim: SwornClaim, copies: list[Item]) -> Contradiction:
    copies = sorted(copies, key=lambda i: i.when)
    objects = [m["v"].strip() for i in copies if (m := _OBJECT.search(i.description))]
    what = f": {', '.join(objects[:5])}" if objects else ""
    return Contradiction(
        claim=claim.claim,
        claim_source=claim.source,
        evidence_against=unique_refs([i.source for i in copies], 6),
        explanation=(
            f"{claim.speaker} denies it, yet the logs of their own account record "
            f"{len(copies)} copy, download or upload event(s) from {copies[0].at()}{what}."
        ),
        severity="HIGH",
    )


def _to_own_address(item: Item, person: str) -> bool:
    """An e-mail the person sent to a free-mail address carrying their own name."""
    if not item.description.startswith("E-mail from "):
        return False
    sender, _, rest = item.description.removeprefix("E-mail from ").partition(" to ")
    if not same_party(sender.split("<", 1)[0].strip().strip('"'), person):
        return False
    recipients = rest.split(": ", 1)[0]
    parts = person_parts(person)
    names = {fold(p.lower()) for p in ((parts[0], parts[2]) if parts else person.split()) if p}
    for address in _FREE_MAIL.findall(recipients):
        local = fold(address.split("@", 1)[0].lower())
        if any(len(n) > 2 and n in local for n in names):
            return True
    return False
