"""Documents their recipients signed for, against their word that they never had them.

- Evidence: a document carrying an acknowledgement of its receipt ("I acknowledge that I have
  received this letter. Signed: K. Mbatha  Date: 3 June 2025", "Received by: …", "Signed for
  by …") is a finding naming who signed, the day, and what the document is: its subject line
  ("Re: …", "Subject: …"), else its first heading or capitalised title line.
- Synthesis: the signer's "I never received any written warning" (or "was never given / sent /
  served", "nobody told me that my attendance was a problem") is contradicted (HIGH) when what
  they deny having shares a word with what they signed for (the warning, the attendance)."""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import find_moments
from holmes_backend.llm.local.facts.lexicon import STOPWORDS, act_stem, wordset
from holmes_backend.llm.local.facts.names import find_names, leading_person, same_party
from holmes_backend.llm.local.facts.text import Unit, units

RECEIPT_ACKNOWLEDGED = "receipt_acknowledged"

_ACKNOWLEDGES = re.compile(
    r"\backnowledg(?:e|es|ed)\b[^.]{0,40}\b(?:receiv|receipt)|"
    r"\b(?:received|signed\s+for)\s+by\s*:?\s*[A-Z]|\breceipt\s+acknowledged\b",
    re.IGNORECASE,
)
_SIGNER = re.compile(
    r"\b(?:signed|signature|received\s+by|signed\s+for\s+by|name|print\s+name)\s*:?\s*"
    r"(?P<who>[^\n;:]{2,60})",
    re.IGNORECASE,
)
_SUBJECT = re.compile(r"^\s*(?:re|subject|subj)\s*[:\-]\s*(?P<v>.{4,120})$", re.IGNORECASE)
_TITLE_NOISE = re.compile(
    r"\b(?:private|confidential|acknowledg\w*|ltd|limited|inc|llc|plc|gmbh|dear|yours)\b|\d",
    re.IGNORECASE,
)
_FOLLOWING = 4  # units after the acknowledgement where its signature and date are
_HEAD = 30
_GENERIC = wordset("this that letter document documents copy item items thing things any")
# What a witness denies having had: "I never received any written warning", "I was not given
# the policy", "Nobody told me that my attendance was a problem".
_NOT_HAD = re.compile(
    r"\b(?:never|not|n['\u2019]t)\s+(?:ever\s+|once\s+)?(?:received?|got|seen|"
    r"been\s+(?:given|sent|served|handed|issued|shown|told|informed|warned))\b(?P<what>[^.;]{0,90})"
    r"|\b(?:nobody|no\s+one|never)\s+(?:ever\s+)?(?:gave|sent|handed|issued|served|showed|told|"
    r"informed|warned|notified|advised)\s+me\b(?P<what2>[^.;]{0,90})",
    re.IGNORECASE,
)


def acknowledged_receipts(doc: EvidenceDoc) -> list[Finding]:
    doc_units = units(doc)
    for index, unit in enumerate(doc_units):
        if not _ACKNOWLEDGES.search(unit.text):
            continue
        around = doc_units[index : index + _FOLLOWING + 1]
        signer = next((who for u in around if (who := _signer(u.text))), None)
        if signer is None:
            continue
        dated = next((u for u in around if find_moments(u.text)), None)
        subject = _subject(doc_units[:_HEAD]) or doc.filename.rsplit(".", 1)[0].replace("_", " ")
        day = find_moments(dated.text)[0].day.isoformat() if dated else None
        refs = [u.ref for u in (unit, dated) if u is not None]
        when = f" on {day}" if day else ""
        return [
            Finding(
                finding_type=RECEIPT_ACKNOWLEDGED,
                title=f"{signer} acknowledged receiving {subject}{when}",
                summary=f"{subject} \u2014 {unit.text[:160]}",
                confidence=0.85,
                severity="MEDIUM",
                entities=[signer],
                sources=unique_refs(refs, 2),
            )
        ]
    return []


def _signer(text: str) -> str | None:
    people = (leading_person(match["who"]) for match in _SIGNER.finditer(text))
    return next((person for person in people if person), None)


def _subject(head: list[Unit]) -> str | None:
    for unit in head:
        if match := _SUBJECT.match(unit.text):
            return match["v"].strip()
    for unit in head:
        text = unit.text.strip()
        words = re.findall(r"[^\W\d_]+", text)
        titled = unit.heading or (len(words) >= 2 and text.isupper())
        if titled and not _TITLE_NOISE.search(text) and not find_names(text.title()):
            return text
    return None


def _words(text: str) -> set[str]:
    return {
        act_stem(w)
        for w in re.findall(r"[a-z]{4,}", text.lower())
        if w not in STOPWORDS and w not in _GENERIC
    }


def receipt_contradictions(
    claims: list[SwornClaim], findings: list[Finding]
) -> list[Contradiction]:
    signed = [f for f in findings if f.finding_type == RECEIPT_ACKNOWLEDGED and f.entities]
    found: list[Contradiction] = []
    for claim in claims:
        body = answer_of(claim).said
        denied = _NOT_HAD.search(body)
        if not claim.speaker or denied is None:
            continue
        told = denied["what2"] is not None  # "nobody told me that …": what it said, not a copy
        wanted = _words(denied["what2"] if told else denied["what"])
        for record in signed:
            if not same_party(claim.speaker, record.entities[0]):
                continue
            if record.sources and record.sources[0].file_id == claim.source.file_id:
                continue
            shared = wanted & _words(record.summary)
            if not shared:
                continue
            found.append(
                refuted(
                    claim,
                    record.sources,
                    (
                        f"{claim.speaker} {'says no one told them' if told else 'denies having it'}"
                        f", yet {record.title} (their signed acknowledgement)."
                    ),
                    "MEDIUM" if told else "HIGH",
                )
            )
            break
    return found
