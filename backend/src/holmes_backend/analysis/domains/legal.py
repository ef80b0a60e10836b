"""Legal analysis: parties, clauses, dates, governing law, and what a lawyer would note first."""

import re
from collections import Counter

from holmes_backend.analysis.domains.clauses import LIMIT, clauses_in
from holmes_backend.analysis.domains.hypotheses import Analysis, Signal, finding_signals
from holmes_backend.analysis.domains.interests import register_findings
from holmes_backend.analysis.domains.parties import (
    contract_parties,
    labelled_parties,
    signatories,
    signing_for,
)
from holmes_backend.analysis.facts.cite import unique_refs
from holmes_backend.analysis.facts.dates import find_moments
from holmes_backend.analysis.facts.names import find_names, same_party
from holmes_backend.analysis.facts.text import Unit, around, is_thin, units
from holmes_backend.contracts.agents import Clause, DatedItem, Finding, LegalOutput, SourceRef
from holmes_backend.llm.evidence import EvidenceDoc

DEFINED_PARTIES = "defined_parties"  # the finding naming an agreement's parties
SIGNATURE = "signatures"  # a signer of a document, and the organisation signed for
AMENDMENT = re.compile(r"\b(amend(?:ment|ed|s)?|change order|addendum|variation|waiver)\b", re.I)
REQUIREMENT = re.compile(
    r"\b(shall|must|requires?|required|subject to|without|need(?:s|ed)? to|is to be)\b", re.I
)
_MAY = re.compile(r"\b(may|can|could)\s+(?:only\s+)?(?:be\s+)?(?:amend|vari|waiv|modif)", re.I)
_MAX_AMENDMENTS = 10
_NO_AMENDMENT = re.compile(
    r"\b(?:no|not|never|nor|any)\s+(?:\w+\s+){0,2}?(?:amend|addend|change order|variation|waiver)",
    re.IGNORECASE,
)
_CONTRACT = re.compile(
    r"\b(agreement|contract|hereby|whereas|in witness whereof|the parties|hereinafter|"
    r"terms and conditions|effective date)\b",
    re.IGNORECASE,
)
_DEFINED_ROLE = re.compile(r"\((?:the\s+)?[\"\u201c](?:the\s+)?[A-Z][\w ]{1,30}[\"\u201d]\)")
_RULES = re.compile(
    r"\b(?:polic(?:y|ies)|code\s+of\s+(?:conduct|practice|ethics)|procedures?|rules|"
    r"regulations|handbook|guidelines|standing\s+orders|by-?laws)\b",
    re.IGNORECASE,
)
_OPINION = re.compile(
    r"\b(opinion of the court|certiorari|petitioner|respondent|appellant|appellee|"
    r"dissenting|concurring|we hold|it is so ordered|the judgment of)\b",
    re.IGNORECASE,
)
_OPEN_END = re.compile(
    r"\b(?:on|by|until|till|from|to|since|of|dated|at|in|before|after|ended|ending|effective)$",
    re.I,
)
_DATE_CONTEXT = re.compile(r"[.;:\u2014\u2013()\[\]]")
_MAX_CLAUSES = 300


def _sample(doc: EvidenceDoc, count: int) -> str:
    return " ".join(u.text for u in units(doc)[:count])


def is_contract(doc: EvidenceDoc) -> bool:
    sample = _sample(doc, 200)
    # Parties defined by their roles (("Seller"), ("the Buyer")) are one more sign of a contract.
    signs = len(_CONTRACT.findall(sample)) + (len(_DEFINED_ROLE.findall(sample)) >= 2)
    return signs >= 2 and len(_OPINION.findall(sample)) < 3


def is_rulebook(doc: EvidenceDoc) -> bool:
    """A policy, code or procedure: rules its readers are bound by, read like a contract's."""
    named = _RULES.search(f"{doc.filename.replace('_', ' ')} {_sample(doc, 3)}")
    return bool(named) and len(REQUIREMENT.findall(_sample(doc, 200))) >= 2


def is_opinion(doc: EvidenceDoc) -> bool:
    return len(_OPINION.findall(_sample(doc, 300))) >= 3


def analyse_legal(docs: list[EvidenceDoc]) -> Analysis[LegalOutput]:
    parties: list[str] = []
    clauses: list[Clause] = []
    dates: list[DatedItem] = []
    findings: list[Finding] = []
    laws: list[tuple[str, SourceRef]] = []
    for doc in docs:
        doc_units = units(doc)
        operative = is_contract(doc) or is_rulebook(doc)
        found_parties, party_findings = _parties(doc, doc_units)
        _merge_parties(parties, found_parties)
        findings += party_findings
        doc_clauses = []
        lead = ""  # the line before a run of limits: the header of their table or list
        for unit in (u for u in doc_units if u.kind != "row"):
            doc_clauses += clauses_in(unit, operative, lead)
            if not LIMIT.search(unit.text):
                lead = unit.text
        clauses += doc_clauses
        laws += [(c.party, c.source) for c in doc_clauses if c.kind == "governing_law" and c.party]
        dates += _dates(doc_units)
        if not is_opinion(doc):  # an opinion's amendments are a constitution's
            findings += _amendments(doc_units)
        findings += register_findings(doc_units)
    clauses = clauses[:_MAX_CLAUSES]
    law = Counter(name for name, _ in laws).most_common(1)
    if law:
        refs = [ref for name, ref in laws if name == law[0][0]]
        findings.append(
            Finding(
                finding_type="governing_law",
                title=f"Governed by the laws of {law[0][0]}",
                summary=f"{len(refs)} clause(s) choose the law of {law[0][0]}.",
                confidence=0.9,
                severity="LOW",
                sources=unique_refs(refs, 3),
            )
        )
    output = LegalOutput(
        parties=parties,
        clauses=clauses,
        dates=sorted(dates, key=lambda d: d.date),
        governing_law=law[0][0] if law else None,
        findings=findings,
    )
    return Analysis(output, _thoughts(docs, output))


def agreement_parties(legal: LegalOutput, file_id: str) -> list[str]:
    """The parties a document defines as its own (an agreement's), when it defines them."""
    return [
        name
        for f in legal.findings
        if f.finding_type == DEFINED_PARTIES and any(s.file_id == file_id for s in f.sources)
        for name in f.entities
    ]


def _amendments(doc_units: list[Unit]) -> list[Finding]:
    """Amendments, addenda, change orders and waivers a document makes or records (an
    agreement's own "may be amended only in writing" is a requirement, not one)."""
    found: list[Finding] = []
    for unit in doc_units:
        if unit.kind in ("row", "cue") or not AMENDMENT.search(unit.text):
            continue
        text = unit.text.rstrip()
        # A question, a requirement, a permission or a denial: no amendment made.
        if text.endswith("?") or any(p.search(text) for p in (REQUIREMENT, _MAY, _NO_AMENDMENT)):
            continue
        found.append(
            Finding(
                finding_type="amendment",
                title=f"Amendment: {unit.text[:120]}",
                summary=unit.text[:400],
                confidence=0.7,
                severity="LOW",
                entities=[n.text for n in find_names(unit.text) if n.kind != "place"],
                sources=[unit.ref],
            )
        )
    return found[:_MAX_AMENDMENTS]


def _merge_parties(parties: list[str], found: list[str]) -> None:
    for name in found:
        match = next((i for i, p in enumerate(parties) if same_party(p, name)), None)
        if match is None:
            parties.append(name)
        elif len(name) > len(parties[match]):
            parties[match] = name


def _parties(doc: EvidenceDoc, doc_units: list[Unit]) -> tuple[list[str], list[Finding]]:
    names: list[str] = []
    findings: list[Finding] = []
    defined: dict[str, str | None] = {}  # the document's own parties, with their defined terms
    for unit in doc_units[:400]:
        for name, alias in contract_parties(unit):
            names.append(name)
            if alias or name not in defined:
                defined[name] = alias
        names += [name for name, _ in labelled_parties(unit)]
    if defined:
        listing = "; ".join(f"{n} (\u201c{a}\u201d)" if a else n for n, a in defined.items())
        findings.append(
            Finding(
                finding_type=DEFINED_PARTIES,
                title=f"Parties defined in {doc.filename or doc.file_id}",
                summary=listing,
                confidence=0.8,
                severity="LOW",
                entities=list(defined),
                sources=[doc_units[0].ref] if doc_units else [],
            )
        )
    findings += _signatures(doc, doc_units)
    unique: list[str] = []
    _merge_parties(unique, names)
    return unique, findings


def _signatures(doc: EvidenceDoc, doc_units: list[Unit]) -> list[Finding]:
    """One finding per signer (and the organisation signed for, when the block names one)."""
    signed: dict[tuple[str, str | None], list[Unit]] = {}
    for index, unit in enumerate(doc_units):
        if unit.kind == "row":
            continue  # a table's "Approved by: T. Brandt" approves its row; it signs nothing
        for signer in signatories(unit):
            signed.setdefault((signer, signing_for(doc_units, index)), []).append(unit)
    return [
        Finding(
            finding_type=SIGNATURE,
            title=f"Signed by {signer}" + (f" for {org}" if org else ""),
            summary=f"{len(lines)} signature line(s) in {doc.filename or doc.file_id}: "
            f"{lines[0].text[:200]}",
            confidence=0.75,
            severity="LOW",
            entities=[signer] + ([org] if org else []),
            sources=unique_refs([u.ref for u in lines], 4),
        )
        for (signer, org), lines in signed.items()
    ]


def _dates(doc_units: list[Unit]) -> list[DatedItem]:
    found: dict[tuple[str, str], DatedItem] = {}
    for unit in doc_units:
        if unit.kind == "row":
            continue
        for moment in find_moments(unit.text):
            before = _DATE_CONTEXT.split(unit.text[: moment.start])[-1].split()[-6:]
            description = " ".join(before).strip(" ,\"\u201c\u201d'")
            # "The decision was taken on" says what happened, not by whom: the sentence does.
            if is_thin(description) or _OPEN_END.search(description):
                description = around(unit.text, moment.start, moment.end)
            key = (moment.day.isoformat(), description.lower())
            found.setdefault(
                key, DatedItem(date=moment.iso(), description=description, source=unit.ref)
            )
    return list(found.values())


def signals(output: LegalOutput) -> list[Signal]:
    found = finding_signals(output.findings)
    found += [
        Signal(
            f"{c.kind.replace('_', ' ')} {c.party or ''}: {c.text}",
            False,
            [c.source],
            [c.party] if c.party else [],
        )
        for c in output.clauses[:200]
    ]
    if output.parties:
        found.append(Signal("parties: " + ", ".join(output.parties), False, [], output.parties))
    return found


def _thoughts(docs: list[EvidenceDoc], output: LegalOutput) -> list[str]:
    kinds = ", ".join(
        f"{k} x{v}" for k, v in Counter(c.kind for c in output.clauses).most_common(8)
    )
    return [
        f"Read {len(docs)} document(s) for legal content: {len(output.parties)} part(ies) "
        f"({', '.join(output.parties[:4]) or 'none identified'}), {len(output.clauses)} "
        f"clause(s) ({kinds or 'none'}), "
        f"{len(output.dates)} dated item(s); governing law: {output.governing_law or 'not stated'}."
    ]
