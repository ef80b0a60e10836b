"""What an examiner looked for and did not find: "no sign of forced entry on the patio door
frame or lock", "no evidence of water damage", "no trace of accelerant" in a police, surveyor's
or loss adjuster's record, against a claimant's "rear patio door forced while the house was
empty".

- Evidence: each such sentence of a record (not testimony) is a finding naming what was not
  found and the day the record was written.
- Synthesis: a claim asserting what the record found no sign of (the words of the thing not
  found, by their stems: "forced" in "forced entry"; a bare thing's own word when it is all the
  record gives, "damage") and not itself denying it, in another file, is contradicted (MEDIUM:
  an examiner's observation, not a record of the act).

The mirror: a record that something was there ("Wet floor sign was in place at the dock door
from 08:00") is a finding too, held against a witness's "There was no warning sign near the
water" (the thing's own noun in both; MEDIUM).
"""

import re

from holmes_backend.agents.schemas import Contradiction, Finding, SwornClaim
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.records import sentences
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.lexicon import act_stem, wordset

OBSERVED_ABSENCE = "observed_absence"

_NOT_FOUND = re.compile(
    r"\bno\s+(?:visible\s+|obvious\s+|apparent\s+)?(?:signs?|evidence|traces?|indications?|marks?)"
    r"\s+of\s+(?P<what>[a-z][a-z -]{2,40}?)(?=\s+(?:on|to|at|in|from|around|near|by|and)\b|[.;,]|$)"
    r"|\b(?:found|noted|observed)\s+no\s+(?P<what2>[a-z][a-z -]{2,40}?)"
    r"(?=\s+(?:on|to|at|in|from|around|near|by|and)\b|[.;,]|$)"
    # "No water or spillage was found when the area was checked"
    r"|^\W*no\s+(?P<what3>[a-z][a-z -]{2,40}?)\s+(?:was|were)\s+(?:found|seen|observed|noted|"
    r"present|visible|detected)\b",
    re.IGNORECASE,
)
_KIND_OF_SIGN = re.compile(r"^(?:signs?|evidence|traces?|indications?|marks?)\s+of\s+")
_TITLE = re.compile(r"^No sign of (?P<what>.+?) recorded in ")
# Words naming the kind of thing rather than what it was: "forced entry" is known by "forced".
_GENERIC = wordset(
    "entry damage activity disturbance interference tampering sign signs evidence trace any "
    "the a an of recent previous"
)
_NEGATED = re.compile(r"\b(?:no|not|never|without|none)\b|n['\u2019]t\b", re.IGNORECASE)
_PER_FILE = 4


def observed_absences(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, _NOT_FOUND.search, _PER_FILE):
        found_what = said.found["what"] or said.found["what2"] or said.found["what3"]
        what = " ".join(found_what.lower().split())
        what = _KIND_OF_SIGN.sub("", what)  # "noted no sign of forced entry"
        when = f" on {said.written}" if said.written else ""
        found.append(
            said.finding(
                OBSERVED_ABSENCE,
                f"No sign of {what} recorded in {said.doc.filename}{when}",
                "MEDIUM",
                0.6,
                concerns_people=False,
            )
        )
    return found


OBSERVED_PRESENCE = "observed_presence"
_IN_PLACE = re.compile(
    r"^(?!.*\b(?:no|not|never|without)\b)(?P<what>(?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)\s+"
    r"(?:was|were|had\s+been)\s+(?:in\s+place|present|displayed|on\s+display|put\s+out|placed|"
    r"erected|fitted|provided|visible|in\s+position|switched\s+on|working)\b",
    re.IGNORECASE,
)
_DENIED_THERE = re.compile(
    r"\bthere\s+(?:was|were)\s+no\s+(?P<what>[a-z][a-z -]{2,30}?)\s*(?=\b(?:near|at|on|in|by|"
    r"around|beside|next\s+to|anywhere)\b|[.;,]|$)|\bno\s+(?P<what2>[a-z][a-z -]{2,30}?)\s+"
    r"(?:was|were|had\s+been)\s+(?:in\s+place|displayed|put\s+out|provided|there)\b",
    re.IGNORECASE,
)


def observed_presences(docs: list[EvidenceDoc]) -> list[Finding]:
    """Records (not testimony) that a thing was there: "Wet floor sign was in place at …"."""
    found: list[Finding] = []
    for said in sentences(docs, _IN_PLACE.search, _PER_FILE):
        what = " ".join(said.found["what"].split())
        when = f" on {said.written}" if said.written else ""
        found.append(
            said.finding(
                OBSERVED_PRESENCE,
                f"{what[:1].upper()}{what[1:]} recorded as there in {said.doc.filename}{when}",
                "LOW",
                0.6,
                concerns_people=False,
            )
        )
    return found


# "There was no way / time / need": no thing a record could show there.
_NOT_THINGS = wordset("way time need reason point doubt chance one problem question answer")


def _thing_stems(title: str) -> set[str]:
    return {act_stem(w) for w in re.findall(r"[a-z]+", title.lower().split(" recorded as ")[0])}


def presence_contradictions(
    findings: list[Finding], claims: list[SwornClaim]
) -> list[Contradiction]:
    """A witness's "there was no warning sign" against a record that one was in place."""
    records = [f for f in findings if f.finding_type == OBSERVED_PRESENCE]
    found: list[Contradiction] = []
    for claim in claims if records else []:
        denied = _DENIED_THERE.search(answer_of(claim).said)
        if denied is None:
            continue
        thing = (denied["what"] or denied["what2"]).split()
        if not thing or thing[-1].lower() in _NOT_THINGS:
            continue
        noun = act_stem(thing[-1].lower())
        against = [
            r
            for r in records
            if r.sources[0].file_id != claim.source.file_id and noun in _thing_stems(r.title)
        ]
        if not against:
            continue
        found.append(
            refuted(
                claim,
                [r.sources[0] for r in against],
                f"{claim.speaker or 'The witness'} says there was no {' '.join(thing)}, yet a "
                f"record says one was there: \u201c{against[0].summary[:200].rstrip('.')}\u201d.",
                "MEDIUM",
            )
        )
    return found


def _stems(what: str) -> set[str]:
    words = [w for w in re.findall(r"[a-z]{4,}", what.lower())]
    telling = [w for w in words if w not in _GENERIC] or words
    return {act_stem(w) for w in telling}


def observation_contradictions(
    findings: list[Finding], claims: list[SwornClaim]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for record in findings:
        match = _TITLE.match(record.title) if record.finding_type == OBSERVED_ABSENCE else None
        if match is None:
            continue
        # "water or spillage": either one said is what the record found no sign of.
        options = [_stems(part) for part in re.split(r"\s+or\s+", match["what"])]
        for claim in claims:
            body = answer_of(claim).said
            if claim.source.file_id == record.sources[0].file_id or _NEGATED.search(body):
                continue
            said = {act_stem(w) for w in re.findall(r"[a-z]{4,}", body.lower())}
            if not any(stems and stems <= said for stems in options):
                continue
            found.append(
                Contradiction(
                    claim=claim.claim,
                    claim_source=claim.source,
                    evidence_against=[record.sources[0]],
                    explanation=(
                        f"{claim.speaker or 'The claimant'} gives {match['what']} as what "
                        f"happened, yet the examining record found no sign of it: "
                        f"\u201c{record.summary[:200].rstrip('.')}\u201d."
                    ),
                    severity="MEDIUM",
                )
            )
    return found
