"""What the numeric agents' requests are made of: a document's sentences that state figures,
FIGURES and MISMATCHES blocks.

A verifier proposes relations between figures, so it is sent where they are written: its tables
are in the FIGURES blocks already (each row's line item, period, value and written form, in
order), and of the document's text only the sentences that state a figure go beside them (a
narrative restating a table, a percentage change). The whole document (up to 40,000 characters)
went to every verifier: 91k input tokens on the bench's 50-file case, against 73k of evidence,
whose financial files the financial workers read as well.
"""

from holmes_backend.contracts.agents import SourceRef
from holmes_backend.extraction.models import Location
from holmes_backend.llm.evidence import EvidenceDoc, render_findings
from holmes_backend.numeric import engine
from holmes_backend.numeric.figures import Figure
from holmes_backend.numeric.schemas import NumericCheck

_DOCUMENT_CHARS = 40_000
_GAP = "[...]"


def figures_block(extracted: engine.Extracted, plan: engine.Plan | None) -> str:
    """A statement's figures, as rows under column names given once in the header. A table's
    block names the table and its period columns in its header, each row giving its column's
    number. Each figure's written form is its value as the document writes it (the parsed
    value went beside it, and every row repeated its field names: three fifths of the bench's
    verifier tokens)."""
    if plan is None:
        figures = list(extracted.book.figures.values())
    elif plan.table is not None:
        figures = [f for f in extracted.book.figures.values() if f.table == plan.table.key]
    elif plan.doc is None:  # across statements: every statement's figures
        figures = [f for f in extracted.book.figures.values() if f.table]
    else:  # a narrative: its own figures; its tables' are in their blocks beside it
        figures = [
            f for f in extracted.book.figures.values() if f.file_id == plan.file_id and not f.table
        ]
    header: dict[str, object] = {"kind": "figures", "statement": plan.name if plan else "all"}
    table = plan.table if plan is not None else None
    one_table = table is not None and all(f.column for f in figures)
    if table is not None and one_table:
        columns = {f.column: f.period for f in figures if f.column}
        header["table"] = table.key
        header["periods"] = {str(c): columns[c] for c in sorted(columns)}
        header["columns"] = ["id", "label", "col", "written", "unit"]
        rows = [[f.id, f.label, f.column, f.written, f.unit] for f in figures]
    else:
        header["columns"] = ["id", "label", "period", "written", "unit", "table"]
        rows = [
            [f.id, f.label, f.period, f.written, f.unit, f.table or "narrative"] for f in figures
        ]
    return render_findings(header, rows)


def document(doc: EvidenceDoc, figures: list[Figure] | None = None) -> str:
    """The document under its header: whole when `figures` is None, else only its chunks that
    hold a sentence's figure (the tables' are in the FIGURES blocks), gaps marked."""
    if figures is None:
        text = doc.text
    else:
        places = {_place(f.source) for f in figures if not f.table and f.file_id == doc.file_id}
        kept: list[str] = []
        for chunk in doc.chunks:
            if _place(chunk.location) in places:
                kept.append(chunk.text)
            elif kept and kept[-1] != _GAP:
                kept.append(_GAP)
        text = "\n".join(kept) if kept else "(no sentence of it states a figure)"
    return f"--- DOCUMENT {doc.filename} ({doc.file_id}) ---\n{text[:_DOCUMENT_CHARS]}"


def _place(at: SourceRef | Location) -> tuple[object, ...]:
    return (at.page, at.line, at.row, at.sheet)


def mismatches_block(mismatches: list[NumericCheck]) -> str:
    rows = [
        {
            "check_id": c.check_id,
            "expression": c.expression,
            "values": {f.id: f.value for f in c.figures},
            "tolerance": c.tolerance,
        }
        for c in mismatches
    ]
    return render_findings({"kind": "mismatches"}, rows)
