"""What the numeric agents' requests are made of: the documents, FIGURES and MISMATCHES
blocks."""

from holmes_backend.llm.evidence import EvidenceDoc, render_findings
from holmes_backend.numeric import engine
from holmes_backend.numeric.schemas import NumericCheck

_DOCUMENT_CHARS = 40_000


def figures_block(extracted: engine.Extracted, plan: engine.Plan | None) -> str:
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
    rows = [
        {
            "id": f.id,
            "label": f.label,
            "period": f.period,
            "value": float(f.value),
            "written": f.written,
            "unit": f.unit,
            "table": f.table or "narrative",
        }
        for f in figures
    ]
    header = {"kind": "figures", "statement": plan.name if plan else "all"}
    return render_findings(header, rows)


def document(doc: EvidenceDoc) -> str:
    text = doc.text[:_DOCUMENT_CHARS]
    return f"--- DOCUMENT {doc.filename} ({doc.file_id}) ---\n{text}"


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
