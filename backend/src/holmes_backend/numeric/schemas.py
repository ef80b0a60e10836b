"""What numeric validation produces: checks over cited figures, and the reviewer's findings.

These are also the agents' output schemas, so every field is described for the model."""

from typing import Literal

from pydantic import BaseModel, Field

from holmes_backend.contracts.agents import SourceRef

CheckStatus = Literal["verified", "mismatch", "unverifiable"]
CheckType = Literal[
    "footing",  # a total or subtotal against the rows above it
    "difference",  # a result line against the lines it is computed from (sales - cost of sales)
    "per_share",  # earnings per share against net income and weighted shares
    "balance_identity",  # total assets against total liabilities and equity
    "same_figure",  # one figure given twice (narrative and table, two tables, two documents)
    "percent_change",  # a stated percentage change against the two figures it compares
    "line_amount",  # an invoice line: quantity times unit price
    "running_balance",  # a ledger row's balance: the balance before it and the row's money
]


class CheckedFigure(BaseModel):
    id: str = Field(description="The figure's id in the expression (f1, f2, ...).")
    label: str = Field(description="The line item or subject the figure belongs to.")
    period: str = Field(description="The period column (or the column header) it sits in.")
    value: float = Field(description="Its value, scaled by the table's unit note.")
    written: str = Field(description="The figure as the document writes it.")
    unit: str = Field(description="money, per_share, shares, count or percent.")
    source: SourceRef = Field(description="Where it is: file, page, line or row, excerpt.")


class Relation(BaseModel):
    """A relation a verifier proposes; the evaluator, not the model, decides if it holds."""

    check_type: CheckType
    expression: str = Field(
        description='"<figure id> = <expression over figure ids>", e.g. "f9 = f1 - f5"; only '
        "figure ids, numbers, + - * / and brackets."
    )
    subject: str = Field(description="The line item (FSLI) the relation checks.")
    period: str = Field(default="", description="The period column it checks.")


class NumericCheck(BaseModel):
    check_id: str = Field(description="Stable id: the file, the relation and its figures.")
    file_id: str
    statement: str = Field(description="The statement or table, or 'narrative'.")
    subject: str = Field(description="The line item (FSLI) checked.")
    period: str = ""
    check_type: CheckType
    expression: str = Field(description='The relation over figure ids: "f9 = f1 - f5".')
    computation: str = Field(description="The relation with the figures as written.")
    stated: float | None = Field(description="The value the document states (left side).")
    computed: float | None = Field(description="The value computed from the other figures.")
    difference: float | None = None
    tolerance: float = Field(
        description="How far apart rounding to the written precision lets the two be."
    )
    status: CheckStatus
    figures: list[CheckedFigure]
    suspect_figure: str | None = Field(
        default=None, description="For a mismatch: the figure the reviewer holds responsible."
    )
    note: str = Field(default="", description="The reviewer's word on a mismatch.")


class ExtractorOutput(BaseModel):
    """The extractor's answer: the statements and line items to verify (seed 002)."""

    fsli_names: list[str] = Field(description="The financial statement line items found.")
    statements: list[str] = Field(description="The statements or tables found, one verifier each.")


class StatementRelations(BaseModel):
    statement: str = Field(
        description="The statement, as its FIGURES block's header names it (`statement`)."
    )
    relations: list[Relation] = Field(
        description="Every relation the statement's figures take part in."
    )


class VerifierOutput(BaseModel):
    """One verifier's answer: a document's statements, each with its relations."""

    statements: list[StatementRelations] = Field(
        description="One entry per FIGURES block of the request, with its relations."
    )


class ReviewedMismatch(BaseModel):
    check_id: str
    confirmed: bool = Field(description="Whether code execution reproduces the mismatch.")
    computed: float | None = Field(description="The value the executed code computed.")
    code: str = Field(default="", description="The code that was executed.")


class ReviewerOutput(BaseModel):
    reviewed: list[ReviewedMismatch]
    shared_figures: list[str] = Field(
        default=[], description="Figure ids that several mismatches share (the likely error)."
    )


class NumericFinding(BaseModel):
    title: str
    summary: str
    severity: Literal["HIGH", "MEDIUM", "LOW"]
    suspect_figure: CheckedFigure | None
    check_ids: list[str]
    sources: list[SourceRef]
