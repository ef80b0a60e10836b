"""Strategy: next steps from the domain findings; hypotheses weighed by every analyst."""

from pathlib import Path

from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
    StrategyOutput,
    SynthesisOutput,
)
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.summaries import render_summaries
from tests.llm.test_analysts_helpers import findings, photo, run, text_doc


async def _case(tmp: Path) -> list[EvidenceDoc]:
    ledger = await text_doc(
        tmp,
        "transfers.csv",
        "Date,Payer,Payee,Amount\n2024-02-01,Ottoline Brisk,Marram Coast Ltd,9600\n"
        "2024-02-02,Ottoline Brisk,Marram Coast Ltd,9700\n2024-02-05,Ottoline Brisk,"
        "Marram Coast Ltd,9550\n2024-03-30,Marram Coast Ltd,Ottoline Brisk,60000\n",
        mime="text/csv",
    )
    contract = await text_doc(
        tmp,
        "agreement.txt",
        "This Agreement is made between Marram Coast Ltd and Ottoline Brisk.\n"
        "Payments above $25,000 require the approval of the Board of Directors.\n",
    )
    statement = await text_doc(
        tmp,
        "brisk_statement.txt",
        "STATEMENT OF OTTOLINE BRISK, sworn under oath.\n"
        "On 30 March 2024 at 4 pm I was at my office in Dunmere.\n",
    )
    shot = photo("cam", "brisk_phone.jpg", "2024-03-30T16:10:00+00:00", 50.37, -4.14)
    return [ledger, contract, statement, shot]


async def test_next_steps_follow_the_findings(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    blocks = [
        findings("financial", run(FinancialOutput, docs)[0]),
        findings("legal", run(LegalOutput, docs)[0]),
        findings("evidence", run(EvidenceOutput, docs)[0]),
    ]
    output, analysis = run(StrategyOutput, [], blocks=blocks)
    actions = [s.action for s in output.next_steps]
    assert any("structuring flagged" in a for a in actions), actions
    assert any("Board of Directors' minutes" in a for a in actions), actions
    assert any(a.startswith("Put the contradicting records") for a in actions), actions
    priorities = [s.priority for s in output.next_steps]
    assert priorities == sorted(priorities, key=["HIGH", "MEDIUM", "LOW"].index)
    assert all(s.rationale for s in output.next_steps)
    assert all(f.sources and all(s.excerpt for s in f.sources) for f in output.findings)
    assert "financial, legal" in analysis.thoughts[0] or "evidence" in analysis.thoughts[0]


async def test_the_same_steps_follow_from_the_findings_summaries(tmp_path: Path) -> None:
    """What the pipeline hands strategy: the other domains' findings as text summaries."""
    docs = await _case(tmp_path)
    outputs = {
        "financial": run(FinancialOutput, docs)[0],
        "legal": run(LegalOutput, docs)[0],
        "evidence": run(EvidenceOutput, docs)[0],
    }
    summaries = render_summaries(outputs)
    assert "<<<FINDINGS" not in summaries
    assert '"excerpt"' in summaries  # strategy cites verbatim, as every agent does

    output, analysis = run(StrategyOutput, [], text=summaries)
    from_blocks, _ = run(StrategyOutput, [], blocks=[findings(d, o) for d, o in outputs.items()])
    actions = [s.action for s in output.next_steps]
    assert actions == [s.action for s in from_blocks.next_steps]
    assert any(a.startswith("Put the contradicting records") for a in actions), actions
    assert "financial, legal" in analysis.thoughts[0]
    # The findings cite the same files and places, read from the summaries.
    assert [f.sources for f in output.findings] == [f.sources for f in from_blocks.findings]


async def test_hypotheses_are_weighed_honestly(tmp_path: Path) -> None:
    docs = await _case(tmp_path)
    hypotheses = [
        "Ottoline Brisk structured payments to Marram Coast Ltd",
        "The payments to Marram Coast Ltd were legitimate",
        "Pelham Vance owned the vessel",
    ]
    financial, _ = run(FinancialOutput, docs, hypotheses=hypotheses)
    stances = [h.stance for h in financial.hypotheses]
    assert stances == ["supports", "contradicts", "unclear"]
    assert financial.hypotheses[0].sources
    synthesis_text = run(SynthesisOutput, docs, hypotheses=["Brisk was at her office in Dunmere"])
    assert any("contradicts" in t for t in synthesis_text[1].thoughts)
