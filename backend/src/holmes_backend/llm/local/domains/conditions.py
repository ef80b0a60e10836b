"""Conditions reported in prose: a defect ("the transmission needs a full replacement") or
arrears ("your account is 60 days past due"), each a finding citing its sentence and naming the
people the record concerns (an e-mail's sender and recipients, the people its text names).
Synthesis holds them against a witness's denial (contradictions.condition_contradictions).
Testimony is left out: a witness denies or asserts, the records report."""

from holmes_backend.agents.schemas import Finding
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.records import sentence_day, sentences
from holmes_backend.llm.local.facts import condition

CONDITION_REPORTED = "condition_reported"
_PER_FILE = 5


def conditions_reported(docs: list[EvidenceDoc]) -> list[Finding]:
    found: list[Finding] = []
    for said in sentences(docs, condition.reported, _PER_FILE):
        when = sentence_day(said)
        kind = "Defect" if said.found == "defect" else "Arrears"
        title = f"{kind} reported in {said.doc.filename}" + (f" on {when}" if when else "")
        found.append(said.finding(CONDITION_REPORTED, title, "MEDIUM", 0.6))
    return found
