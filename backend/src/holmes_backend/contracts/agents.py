"""Output schemas of every agent: what Gemini is asked to return and what the local analyst builds.

Kept flat and fully typed (no free-form dicts) so that they translate into Gemini response
schemas. Every field is described: google-genai passes the descriptions, enums and minimum
lengths into the response schema, so they are the model's contract as much as the prompt is.
Every item that states a fact cites where it rests (`SourceRef`, with a verbatim excerpt that
agents.grounding checks against the source at its location). No field invents a value the
evidence does not give (no default currency, no default severity).
"""

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

DomainName = Literal["financial", "legal", "evidence", "strategy"]
Severity = Literal["LOW", "MEDIUM", "HIGH"]
EntityType = Literal[
    "person", "organization", "account", "place", "amount", "document", "event", "date"
]


_BY_HOLMES = "Set by Holmes after the answer; a model leaves it empty."
CONFIDENCE_RUBRIC = (
    "How sure the statement is, from 0 to 1: 0.9-1.0 the source states it in so many words; "
    "0.7-0.89 it follows from two or more sources that agree; 0.5-0.69 a likely reading that "
    "one more document could overturn; below 0.5 a lead, not a finding."
)
SEVERITY_RUBRIC = (
    "How much it matters to the case: HIGH can decide an element of the case (a sworn alibi "
    "against a card payment, a payment over an approval cap, money back to its sender); "
    "MEDIUM must be explained before the case is argued (an unexplained difference, a missing "
    "approval); LOW is context worth knowing."
)


class SourceRef(BaseModel):
    """A citation: a file, the place in it and the words there, copied verbatim."""

    file_id: str = Field(description="The file's id, exactly as in its EVIDENCE header.")
    page: int | None = Field(default=None, description="1-based page, when the file has pages.")
    line: int | None = Field(
        default=None, description="1-based line, paragraph or block number, as in [loc ...]."
    )
    row: int | None = Field(
        default=None, description="1-based data row of a table (the header row not counted)."
    )
    sheet: str | None = Field(default=None, description="The sheet of a workbook's row.")
    cue_start: float | None = Field(
        default=None,
        description="Seconds from the start of a recording (audio or video) where the cited "
        "moment begins; the player opens there.",
    )
    cue_end: float | None = Field(
        default=None, description="Seconds from the start of a recording where it ends."
    )
    bbox: list[int] | None = Field(
        default=None, description="Box in an image: left, top, right, bottom pixels."
    )
    excerpt: str = Field(
        min_length=1,
        description="The words at that location, copied verbatim (a short phrase or row, not "
        "a paraphrase and not the file name); for an image or a recording without words there, "
        "what is seen or heard, in a few words. Holmes checks them against the source.",
    )
    verified: bool | None = Field(
        default=None,
        description="Whether the excerpt was found in the source at its location. " + _BY_HOLMES,
    )


class DomainScores(BaseModel):
    """How relevant a file is to each domain, 0 (not at all) to 1 (central)."""

    financial: float = Field(ge=0, le=1, description="Money: payments, ledgers, invoices.")
    legal: float = Field(ge=0, le=1, description="Contracts, policies, statutes, filings.")
    evidence: float = Field(
        ge=0, le=1, description="What happened: times, places, people, custody, testimony."
    )
    strategy: float = Field(ge=0, le=1, description="Bearing on how to prove or defend the case.")


class TriageFile(BaseModel):
    """One file's triage."""

    file_id: str = Field(description="The file's id, exactly as in its EVIDENCE header.")
    filename: str = Field(description="The file's name, as in its EVIDENCE header.")
    classification: str = Field(
        description="One of Evidence, Legal/Statute, Legal/Precedent, Legal/Contract, "
        "Financial/Statement, Financial/Transactions, Correspondence, Testimony, Media, Reference."
    )
    domain_scores: DomainScores = Field(description="Relevance to each domain.")
    complexity_score: float = Field(
        ge=0, le=1, description="Effort to analyse it: 0.1 a short note, 0.9 a long ledger."
    )
    primary_domain: DomainName = Field(description="The domain scoring highest.")
    secondary_domains: list[DomainName] = Field(
        default=[], description="Other domains scoring at least 0.4."
    )
    entities_preview: list[str] = Field(
        default=[], description="The main people, organisations and accounts it names."
    )
    key_dates: list[str] = Field(default=[], description="Its key dates, ISO 8601.")
    page_count: int | None = Field(default=None, description="Pages, when it has pages.")
    duration_seconds: float | None = Field(
        default=None, description="Length of a recording, in seconds."
    )


class TriageResult(BaseModel):
    files: list[TriageFile] = Field(description="One entry per evidence file in the request.")


class HypothesisAssessment(BaseModel):
    """A hypothesis of the case, weighed against this agent's evidence."""

    hypothesis: str = Field(description="The hypothesis, as the request states it.")
    stance: Literal["supports", "contradicts", "unclear"] = Field(
        description="What the evidence does to it; unclear when it neither supports nor refutes."
    )
    rationale: str = Field(description="Why, in one or two sentences naming the facts.")
    sources: list[SourceRef] = Field(
        default=[], description="The passages the stance rests on (none when unclear)."
    )


FindingCategory = Literal[
    "fact",  # a fact the evidence records, worth knowing
    "anomaly",  # a pattern in money or records that calls for an explanation
    "inconsistency",  # two sources that disagree
    "breach",  # conduct against a clause, policy or law
    "relationship",  # a tie between people, companies or accounts
    "custody",  # how a piece of evidence was obtained, kept or changed
    "credibility",  # what weakens or strengthens a witness or a document
    "strength",  # what helps prove the case
    "weakness",  # what the other side will use
]


class Finding(BaseModel):
    """One statement a domain agent makes about the evidence, with the passages it rests on."""

    finding_type: str = Field(
        description="A short snake_case name of what was found (structuring, cap_exceeded, "
        "alibi_statement, undisclosed_interest, ...); Holmes's offline engine writes its "
        "detector's id here."
    )
    category: FindingCategory | None = Field(
        default=None,
        description="The kind of finding: fact, anomaly, inconsistency, breach, relationship, "
        "custody, credibility, strength or weakness.",
    )
    title: str = Field(description="A headline of at most 12 words that states the fact.")
    summary: str = Field(
        description="Two to four sentences: what the sources say, why it matters, and what "
        "would confirm or refute it. Quote amounts, dates and names as the source writes them."
    )
    confidence: float = Field(ge=0, le=1, description=CONFIDENCE_RUBRIC)
    severity: Severity = Field(description=SEVERITY_RUBRIC)
    entities: list[str] = Field(
        default=[], description="The people, organisations and accounts it concerns."
    )
    sources: list[SourceRef] = Field(
        min_length=1, description="At least one passage it rests on, with a verbatim excerpt."
    )


class Transaction(BaseModel):
    """One movement of money as a record states it."""

    date: str | None = Field(default=None, description="ISO 8601 date (and time when given).")
    amount: float = Field(description="The amount as recorded, positive; net or gross as written.")
    currency: str | None = Field(
        default=None,
        description="ISO 4217 code when the source states or implies one (a symbol, a column "
        "heading); null when it does not: never assumed.",
    )
    from_party: str | None = Field(default=None, description="Who paid, as the record names them.")
    to_party: str | None = Field(
        default=None, description="Who was paid, as the record names them."
    )
    reference: str | None = Field(
        default=None, description="The invoice, order or payment reference, verbatim."
    )
    description: str = Field(default="", description="The record's own description, if any.")
    source: SourceRef = Field(description="The row or line that records it.")


AnomalyKind = Literal[
    "structuring",  # payments split to stay under a threshold or approval limit
    "round_trip",  # money back to where it came from, directly or through intermediaries
    "round_amounts",  # unusual share of round figures
    "duplicate_payment",  # one invoice or service paid more than once
    "amount_mismatch",  # one transaction, different amounts in different documents
    "payee_mismatch",  # one transaction, different payees in different documents
    "cap_exceeded",  # payments beyond an agreed cap or budget
    "shared_address",  # a supplier at an employee's or official's address
    "shared_account",  # several payees paid into one account
    "timing",  # payments at odd times: weekends, just before a deadline, after termination
    "other",
]


class Anomaly(BaseModel):
    """A pattern in the money that calls for an explanation."""

    kind: AnomalyKind = Field(description="The kind of anomaly.")
    description: str = Field(
        description="What the pattern is, with the amounts, dates and parties as written."
    )
    severity: Severity = Field(description=SEVERITY_RUBRIC)
    total_amount: float | None = Field(
        default=None, description="The total money involved, when the sources give it."
    )
    sources: list[SourceRef] = Field(
        min_length=1, description="The rows or passages that show it, each with an excerpt."
    )


class FinancialOutput(BaseModel):
    transactions: list[Transaction] = Field(
        default=[], description="Every payment, transfer or invoice amount the files record."
    )
    counterparties: list[str] = Field(
        default=[], description="Everyone who pays or is paid, one name per real party."
    )
    anomalies: list[Anomaly] = Field(default=[], description="Patterns that need explaining.")
    findings: list[Finding] = Field(default=[], description="What the money shows.")
    hypotheses: list[HypothesisAssessment] = Field(
        default=[], description="One assessment per hypothesis the request lists."
    )


ClauseKind = Literal[
    "obligation",
    "payment_obligation",
    "cap",
    "approval_requirement",
    "disclosure_requirement",
    "prohibition",
    "term",
    "termination",
    "governing_law",
    "jurisdiction",
    "indemnification",
    "confidentiality",
    "restrictive_covenant",
    "liability",
    "other",
]


class Clause(BaseModel):
    """A provision of a contract, policy or statute that conduct can be measured against."""

    kind: ClauseKind = Field(description="The kind of provision.")
    text: str = Field(description="The provision, verbatim or closely abridged.")
    party: str | None = Field(default=None, description="Whom it binds, when it says.")
    amount: float | None = Field(
        default=None, description="The threshold, cap or sum it names, when it names one."
    )
    source: SourceRef = Field(description="Where the provision is written.")


class DatedItem(BaseModel):
    """A date a legal document sets or records (signature, term, deadline, notice)."""

    date: str = Field(description="ISO 8601 date.")
    description: str = Field(description="What happens or happened on it.")
    source: SourceRef = Field(description="Where the date is written.")


class LegalOutput(BaseModel):
    parties: list[str] = Field(default=[], description="The parties the documents name.")
    clauses: list[Clause] = Field(default=[], description="Provisions conduct is measured against.")
    dates: list[DatedItem] = Field(default=[], description="Dates the documents set or record.")
    governing_law: str | None = Field(
        default=None, description="The governing law a document names; null when none does."
    )
    findings: list[Finding] = Field(default=[], description="Compliance, breach, obligations.")
    hypotheses: list[HypothesisAssessment] = Field(
        default=[], description="One assessment per hypothesis the request lists."
    )


class TimedEvent(BaseModel):
    """Something that happened at a known moment."""

    timestamp: str = Field(
        description="ISO 8601 with the UTC offset when the source gives or implies its time "
        "zone (a log 'in UTC', a local receipt); without offset when the zone is unknown."
    )
    description: str = Field(description="What happened, as the source records it.")
    place: str | None = Field(default=None, description="Where, as the source names it.")
    latitude: float | None = Field(default=None, description="Latitude, when the source gives it.")
    longitude: float | None = Field(
        default=None, description="Longitude, when the source gives it."
    )
    people: list[str] = Field(default=[], description="Who took part or was recorded.")
    source: SourceRef = Field(description="The row, line or cue that records it.")


class SwornClaim(BaseModel):
    """What someone stated about a time, a place or their conduct (a statement, an interview)."""

    speaker: str | None = Field(default=None, description="Who made the claim.")
    claim: str = Field(description="The claim in the speaker's words or a close abridgement.")
    claimed_time: str | None = Field(default=None, description="The time it claims, ISO 8601.")
    claimed_place: str | None = Field(default=None, description="The place it claims.")
    source: SourceRef = Field(description="Where the claim is made.")


class EvidenceOutput(BaseModel):
    events: list[TimedEvent] = Field(default=[], description="Events with their times.")
    people: list[str] = Field(default=[], description="The people the files name.")
    places: list[str] = Field(default=[], description="The places the files name.")
    custody: list[Finding] = Field(
        default=[], description="How evidence was obtained, kept or changed (category custody)."
    )
    sworn_claims: list[SwornClaim] = Field(default=[], description="Claims people made.")
    findings: list[Finding] = Field(default=[], description="What the events and claims show.")
    hypotheses: list[HypothesisAssessment] = Field(
        default=[], description="One assessment per hypothesis the request lists."
    )


class NextStep(BaseModel):
    """An investigative or legal step to take next."""

    action: str = Field(description="What to do, concretely: what to request, from whom.")
    rationale: str = Field(description="Which element or finding it serves, and why.")
    priority: Severity = Field(description="HIGH when an element of the case depends on it.")


class StrategyOutput(BaseModel):
    next_steps: list[NextStep] = Field(default=[], description="Prioritised next steps.")
    findings: list[Finding] = Field(
        default=[], description="The case's strengths and weaknesses, each with its sources."
    )
    hypotheses: list[HypothesisAssessment] = Field(
        default=[], description="One assessment per hypothesis the request lists."
    )


_DETECTOR = "The offline engine's detector that found the item. " + _BY_HOLMES


class CrossModalLink(BaseModel):
    """Two sources of different files (or kinds: a photo and a ledger, a call log and a
    statement) that are about the same moment, amount or person."""

    source_a: SourceRef = Field(description="The first passage.")
    source_b: SourceRef = Field(description="The second passage, in another file.")
    correlation_type: str = Field(
        description="How the two are linked, snake_case: co_location (one person or thing at "
        "one place at one time in both), location_conflict (one person at two places at once), "
        "amount_match, same_day_payment, share_passed_on, paid_to_changed_account; the offline "
        "engine writes its own names (temporal:<kind>↔<kind>)."
    )
    time_delta_seconds: float | None = Field(
        default=None, description="Seconds between the two moments, after time zones."
    )
    implication: str = Field(description="What the link means for the case.")
    detector: str | None = Field(default=None, description=_DETECTOR)


ContradictionKind = Literal[
    "presence",  # a claimed whereabouts against a record of being elsewhere
    "amount",  # a stated amount against a recorded one
    "date",  # a stated date or time against a recorded one
    "identity",  # a denied acquaintance, role or interest against a record of it
    "conduct",  # a claimed act or omission against a record of the opposite
    "document",  # two versions of one document that disagree
    "other",
]


class Contradiction(BaseModel):
    """A claim against the record that contradicts it: both sides quoted."""

    claim: str = Field(description="What was claimed, by whom, in their words or close to them.")
    kind: ContradictionKind | None = Field(default=None, description="What the two disagree on.")
    claim_source: SourceRef = Field(description="Where the claim is made, with its excerpt.")
    evidence_against: list[SourceRef] = Field(
        min_length=1,
        description="The record(s) that contradict it, each with a verbatim excerpt, from a "
        "file other than the claim's when there is one.",
    )
    explanation: str = Field(
        description="Why the two cannot both be true, after time zones, reported speech and "
        "net/gross figures are accounted for."
    )
    severity: Severity = Field(description=SEVERITY_RUBRIC)
    detector: str | None = Field(default=None, description=_DETECTOR)


class CaseElement(BaseModel):
    """An element that must be proved for the case theory (fraud: a false representation,
    reliance, loss; an alibi: presence elsewhere at the time; a breach: a duty, its breach)."""

    element: str = Field(description="The element, in a short phrase.")
    theory: str = Field(description="The claim or charge it belongs to (fraud, breach, ...).")
    status: Literal["PROVED", "SUPPORTED", "CONTESTED", "UNSUPPORTED"] = Field(
        description="Where the evidence leaves it."
    )
    proved_by: str = Field(
        description="What kind of evidence would prove it (a record, a witness, an expert)."
    )
    sources: list[SourceRef] = Field(default=[], description="The passages that bear on it so far.")


class EvidenceGap(BaseModel):
    """An element of the case that the evidence does not prove yet."""

    element: str = Field(
        description="The case-theory element the gap concerns, named as in case_theory, and "
        "what is missing for it."
    )
    current_strength: Literal["MISSING", "WEAK", "MODERATE", "STRONG"] = Field(
        description="How well the evidence proves the element today."
    )
    recommendation: str = Field(
        description="What would prove it: the document, record or witness, and from whom."
    )
    sources: list[SourceRef] = Field(
        default=[], description="The passages that show the gap (none when nothing does)."
    )
    detector: str | None = Field(default=None, description=_DETECTOR)


class SynthesisOutput(BaseModel):
    case_theory: list[CaseElement] = Field(
        default=[],
        description="First step: the elements that must be proved, from the case context and "
        "the evidence. Holmes's offline engine leaves it empty.",
    )
    cross_modal_links: list[CrossModalLink] = Field(
        default=[], description="Links between files about one moment, amount or person."
    )
    contradictions: list[Contradiction] = Field(
        default=[], description="Claims against records, both sides quoted."
    )
    evidence_gaps: list[EvidenceGap] = Field(
        default=[], description="Case-theory elements the evidence does not prove yet."
    )


class GraphEntity(BaseModel):
    """One real-world thing, once, with every spelling the files use."""

    id: str = Field(description="A stable unique id: '<type>:<slug of the name>'.")
    name: str = Field(description="The fullest form of the name the files use.")
    type: EntityType = Field(description="The kind of thing.")
    aliases: list[str] = Field(
        default=[], description="Every other spelling, initial or login the files use for it."
    )
    sources: list[SourceRef] = Field(default=[], description="Where it is named.")


# Relationships without a direction: A named with B is B named with A.
SYMMETRIC_RELATIONSHIPS = frozenset({"mentioned_with", "correlates_with"})


class GraphRelationship(BaseModel):
    """A tie between two entities that a source states."""

    source_id: str = Field(description="The id of one entity of `entities`.")
    target_id: str = Field(description="The id of another entity of `entities`.")
    type: str = Field(
        description="snake_case: employs, owns, director_of, paid, signed, met, "
        "mentioned_with, correlates_with, located_at, ..."
    )
    description: str = Field(default="", description="The tie in one sentence.")
    confidence: float = Field(ge=0, le=1, description=CONFIDENCE_RUBRIC)
    evidence: list[SourceRef] = Field(default=[], description="The passages that state it.")


class GraphOutput(BaseModel):
    entities: list[GraphEntity] = Field(default=[], description="The case's entities.")
    relationships: list[GraphRelationship] = Field(
        default=[], description="Ties between them, each with its evidence."
    )


class DomainAssignment(BaseModel):
    domain: DomainName = Field(description="The domain.")
    file_ids: list[str] = Field(description="The files it analyses, ids exactly as given.")
    complexity: float = Field(ge=0, description="The sum of its files' complexity.")
    workers: int = Field(ge=1, description="How many workers share its files.")


class RoutingPlan(BaseModel):
    """The orchestrator's decision: which files each domain analyses, and with how many workers."""

    assignments: list[DomainAssignment] = Field(description="One per domain that gets files.")
    reasoning: str = Field(description="The plan in two or three sentences.")


class PlaceRef(SourceRef):
    """A place the chat answer points at, as the case knowledge gives it: a stored finding's
    location may come without the words there (the chat agent does not quote, it numbers)."""

    excerpt: str = Field(default="", description="The words there, when the knowledge has them.")


class ChatAnswer(BaseModel):
    """The chat agent's reply: the answer text and the sources it rests on."""

    answer: str
    citations: list[PlaceRef] = []
    escalated: bool = False  # True when domain agents were asked for fresh analysis


class DomainAnswer(BaseModel):
    """A domain agent's answer to one question the case knowledge could not answer (PRD §4.12):
    the findings that answer it, each citing its sources; none when the evidence does not."""

    answered: bool
    findings: list[Finding] = []


Verdict = Literal["CONFIRMED", "REJECTED", "AMBIGUOUS"]


class VerificationOutput(BaseModel):
    """The verification agent's judgement of a user's correction against the cited sources."""

    verdict: Verdict
    reasoning: str
    # The source passages the verdict rests on, copied from the context (file and location).
    evidence: list[SourceRef] = []
    original_in_source: bool = False
    proposed_in_source: bool = False
    confidence: float = Field(ge=0, le=1, default=0.5)


FactKind = Literal["recorded", "observed", "claimed", "manual"]


class GraphFact(BaseModel):
    """A single-valued statement of the graph: subject + attribute (+ qualifier) → one value.

    "transaction:lcg-2024-017" amount → "48500.00 USD"; "person:jane-roe" location at
    "2024-03-14T21:30:00" → "Harbor Lights". Two facts with the same subject and attribute whose
    qualifiers overlap (the same time) must agree; when new evidence disagrees, that is a conflict.
    """

    id: str
    subject_id: str
    subject_name: str
    attribute: str  # amount | date | location
    qualifier: str = ""  # the time a location holds at (ISO instant or "start/end")
    value: str  # canonical and comparable: "48500.00 USD", "2024-03-07", a place name
    display: str = ""
    object_id: str | None = None  # the graph node the value names (a place), when there is one
    latitude: float | None = None
    longitude: float | None = None
    kind: FactKind = "recorded"
    confidence: float = Field(ge=0, le=1)
    sources: list[SourceRef] = []


class EntityResolution(BaseModel):
    """A new graph entity set against the existing entity it most resembles."""

    new_id: str
    existing_id: str
    same: bool  # True: one real-world thing, merged under the existing id with the new alias
    similarity: float = Field(ge=0, le=1)
    reason: str = ""


class FactComparison(BaseModel):
    """A new fact against the existing graph."""

    new_fact_id: str
    outcome: Literal["compatible", "conflict", "new"]
    existing_fact_id: str | None = None  # the fact it agrees or disagrees with
    conflict_kind: str | None = None  # amount | date | location | value
    similarity: float = Field(ge=0, le=1, default=0)
    severity: Severity = "MEDIUM"
    explanation: str = ""


class MergePlan(BaseModel):
    """The merge agent's decision on new evidence (PRD §4.14): what joins which existing entity,
    which new facts agree with the graph and which conflict with it (never resolved here)."""

    entities: list[EntityResolution] = []
    facts: list[FactComparison] = []
    summary: str = ""


class AgentParams(BaseModel):
    """Settings an agent runs with, handed to its model as typed values: the offline analyst
    reads them here (never back out of the prompt's text); a remote model reads them in its
    request, where the agent states them."""

    model_config = ConfigDict(frozen=True)

    routing_threshold: float = Field(
        default=0.4, ge=0, le=1, description="A domain gets a file scoring at least this much."
    )
    reporting_threshold: float = Field(
        default=10_000.0,
        gt=0,
        description="The amount payments split to stay under (structuring) are measured against.",
    )
    link_window_minutes: float = Field(
        default=30.0, gt=0, description="Moments this close in time are linked across files."
    )


# The per-domain merge's answer (agents.domains.merge): a plan code applies to the workers' items.
class SameItems(BaseModel):
    ids: list[str] = Field(
        min_length=2,
        description="Ids of one list, from different workers, that state the same thing; the "
        "first is the item kept, with every item's sources.",
    )


class Disagreement(BaseModel):
    ids: list[str] = Field(
        min_length=2, description="Ids that give a different amount, date or reading of one event."
    )
    note: str = Field(
        description="What they disagree on, in one sentence naming both readings; added to "
        "each of the items."
    )


class DomainMergePlan(BaseModel):
    same: list[SameItems] = Field(
        default=[], description="Groups of items that state the same thing (kept once)."
    )
    disagreements: list[Disagreement] = Field(
        default=[], description="Groups of items that disagree (all kept, the note added)."
    )
