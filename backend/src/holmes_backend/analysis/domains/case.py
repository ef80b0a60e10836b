"""What the later stages work from: the domain outputs handed over as findings blocks or text
summaries (several of one domain merged), or, when missing, derived here from the evidence."""

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, TypeVar

from pydantic import BaseModel, ValidationError

from holmes_backend.analysis.domains.anomalies import REPORTING_THRESHOLD
from holmes_backend.analysis.domains.evidence import analyse_evidence
from holmes_backend.analysis.domains.financial import analyse_financial
from holmes_backend.analysis.domains.ledger import INFLOW_WORDS, OUTFLOW_WORDS, is_payment
from holmes_backend.analysis.domains.legal import analyse_legal
from holmes_backend.analysis.facts.lexicon import fold, wordset
from holmes_backend.analysis.facts.names import distinctive_words, same_party
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    StrategyOutput,
    SynthesisOutput,
    Transaction,
)
from holmes_backend.llm.evidence import FILES_STAGE, EvidenceDoc, FindingsBlock
from holmes_backend.llm.summaries import parse_summaries

M = TypeVar("M", bound=BaseModel)
# Words that name a file as an account's record: a name beside them is the account's holder's.
_ACCOUNT_FILES = wordset(
    "statement statements ledger ledgers account accounts bank banking transactions payables "
    "receivables cashbook books register card cards creditcard amex visa mastercard expense "
    "expenses purchases"
)
_FILE_WORDS = re.compile(r"[a-z]{4,}")


@dataclass
class CaseView:
    documents: list[EvidenceDoc]
    financial: FinancialOutput
    legal: LegalOutput
    evidence: EvidenceOutput
    strategy: StrategyOutput | None = None
    synthesis: SynthesisOutput | None = None
    given: list[str] = field(default_factory=list)
    derived: list[str] = field(default_factory=list)
    filenames: dict[str, str] = field(default_factory=dict)

    @cached_property
    def holders(self) -> dict[str, str]:
        """The holder of each statement or ledger that leaves one side of its payments unnamed:
        the one party of the case whose distinctive words its file's name carries best
        ("aib_statement_gallagher_2025.csv": Aoife Gallagher), for a file named as an account's
        record (statement, ledger, payables…)."""
        files: dict[str, set[str]] = {}
        for tx in self.financial.transactions:
            if is_payment(tx) and (tx.from_party is None or tx.to_party is None):
                name = fold(self.filenames.get(tx.source.file_id, "").lower())
                words = set(_FILE_WORDS.findall(name))
                if words & _ACCOUNT_FILES:
                    files[tx.source.file_id] = words
        if not files:
            return {}
        named = set().union(*files.values())
        names = {n for tx in self.financial.transactions for n in (tx.from_party, tx.to_party) if n}
        names |= set(self.evidence.people)
        names |= {c.speaker for c in self.evidence.sworn_claims if c.speaker}
        parties: list[tuple[str, set[str]]] = []  # a party's longest spelling, its words
        for name in sorted((n for n in names if _unaccented_words(n) & named), key=len)[::-1]:
            same = next((i for i, (kept, _) in enumerate(parties) if same_party(kept, name)), None)
            if same is None:
                parties.append((name, _unaccented_words(name)))
            else:
                parties[same] = (parties[same][0], parties[same][1] | _unaccented_words(name))
        holders: dict[str, str] = {}
        for file_id, words in files.items():
            # The party the file's name names most fully (Edith Marlow, not Graham Marlow).
            overlap = {kept: len(distinct & words) for kept, distinct in parties}
            best = max(overlap.values(), default=0)
            matched = [kept for kept, count in overlap.items() if count == best and best]
            if len(matched) == 1:
                holders[file_id] = matched[0]
        return holders

    def held(self, tx: Transaction) -> Transaction:
        """The payment with an unnamed side taken as its statement's holder's."""
        holder = self.holders.get(tx.source.file_id)
        if holder is None:
            return tx
        payer: str | None = tx.from_party or holder
        payee: str | None = tx.to_party or holder
        if tx.from_party is None and tx.to_party is None:
            # Neither side named: the row's words say which way ("TRANSFER TO", "DEPOSIT").
            if (out := _direction(tx.description)) is None:
                return tx
            payer, payee = (holder, None) if out else (None, holder)
        return tx.model_copy(update={"from_party": payer, "to_party": payee})


def _unaccented_words(name: str) -> set[str]:
    """A name's distinctive words as a file's name may spell them ("lefevre" of Lefèvre)."""
    return {fold(w) for w in distinctive_words([name])}


def _direction(narrative: str) -> bool | None:
    """Whether a statement row's words say the money went out (True) or came in (False)."""
    out, came = OUTFLOW_WORDS.search(narrative), INFLOW_WORDS.search(narrative)
    return None if bool(out) == bool(came) else bool(out)


def _stage(block: FindingsBlock) -> str:
    header = block.header or {}
    return str(header.get("domain") or header.get("stage") or header.get("name") or "").lower()


def _parse(model: type[M], data: Any) -> M | None:
    try:
        return model.model_validate(data)
    except ValidationError:
        return None


def _given(blocks: dict[str, list[BaseModel]], name: str, model: type[M]) -> M | None:
    """The stage's blocks merged into one (their lists joined), or None when none was given."""
    items = [item for item in blocks.get(name, []) if isinstance(item, model)]
    if not items:
        return None
    merged: dict[str, Any] = {}
    for item in items:
        for field_name, value in item:
            if isinstance(value, list):
                merged.setdefault(field_name, []).extend(value)
            elif value is not None and merged.get(field_name) is None:
                merged[field_name] = value
    return model.model_validate(merged)


def _file_names(findings: list[FindingsBlock]) -> dict[str, str]:
    """The files' names a request gives without their evidence (the graph's)."""
    names: dict[str, str] = {}
    for block in findings:
        if _stage(block) == FILES_STAGE and isinstance(block.data, dict):
            names.update({str(k): str(v) for k, v in block.data.items()})
    return names


def case_view(
    docs: list[EvidenceDoc],
    findings: list[FindingsBlock],
    text: str,
    *,
    reporting_threshold: float = REPORTING_THRESHOLD,
) -> CaseView:
    """The case as the later stages see it: the documents, and each domain's output as given
    or, when missing, derived from them."""
    blocks: dict[str, list[BaseModel]] = {}
    models: dict[str, type[BaseModel]] = {
        "financial": FinancialOutput,
        "legal": LegalOutput,
        "evidence": EvidenceOutput,
        "strategy": StrategyOutput,
        "synthesis": SynthesisOutput,
    }
    given = [(_stage(block), block.data) for block in findings]
    given += list(parse_summaries(text.splitlines()).items())
    for stage, data in given:
        model = models.get(stage)
        parsed = _parse(model, data) if model else None
        if parsed is not None:
            blocks.setdefault(stage, []).append(parsed)
    derived: list[str] = []

    def own(name: str, model: type[M], derive: Callable[[], M]) -> M:
        found = _given(blocks, name, model)
        if found is None and docs:
            derived.append(name)
            return derive()
        return model() if found is None else found

    return CaseView(
        documents=docs,
        financial=own(
            "financial",
            FinancialOutput,
            lambda: analyse_financial(docs, reporting_threshold).output,
        ),
        legal=own("legal", LegalOutput, lambda: analyse_legal(docs).output),
        evidence=own("evidence", EvidenceOutput, lambda: analyse_evidence(docs).output),
        strategy=_given(blocks, "strategy", StrategyOutput),
        synthesis=_given(blocks, "synthesis", SynthesisOutput),
        given=sorted(blocks),
        derived=derived,
        filenames=_file_names(findings) | {d.file_id: d.filename for d in docs},
    )
