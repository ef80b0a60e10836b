"""Words that keep an approver out ("no need to trouble the committee with it") are a finding of
their own, are cited with the approval the evidence lacks, and make a step of the plan."""

from pathlib import Path

from holmes_backend.agents.schemas import StrategyOutput, SynthesisOutput
from holmes_backend.llm.local.domains.concealment import _HIDING
from tests.llm.test_analysts_graph_sources import _DOMAINS
from tests.llm.test_analysts_helpers import email_doc, findings, run, text_doc

_POLICY = (
    "DUNMORE COUNTY COUNCIL - PROCUREMENT POLICY\n"
    "4.1 Every supplier must be registered before any order is placed.\n"
    "4.2 Any payment above EUR 50,000 must be approved by the Tender Committee.\n"
)
_PAYMENTS = (
    "Date,Payer,Payee,Amount (EUR),Reference\n"
    "2024-05-14,Dunmore County Council,Rathcoole Plant Hire Ltd,82000.00,INV-7781\n"
    "2024-05-20,Dunmore County Council,Ardfert Stationers Ltd,412.50,INV-7790\n"
)


async def _docs(tmp_path: Path) -> list:
    headers = {
        "From": "Fergal Cullinane <f.cullinane@dunmore.example>",
        "To": "Siobhan Meagher <s.meagher@dunmore.example>",
        "Date": "Wed, 15 May 2024 17:40:00 +0100",
        "Subject": "Rathcoole",
    }
    body = (
        "Siobhan,\n\nThe Rathcoole invoice is paid. As agreed, no need to trouble the "
        "committee with it.\n\nFergal\n"
    )
    return [
        await text_doc(tmp_path, "procurement_policy.txt", _POLICY),
        await text_doc(tmp_path, "payments_2024.csv", _PAYMENTS, "text/csv"),
        await email_doc(tmp_path, "email_rathcoole.eml", headers, body),
    ]


async def test_keeping_the_committee_out_is_cited_with_the_missing_approval(
    tmp_path: Path,
) -> None:
    docs = await _docs(tmp_path)
    outputs = {name: run(schema, docs)[0] for name, schema in _DOMAINS}
    [hidden] = [f for f in outputs["evidence"].findings if f.finding_type == "concealment_language"]
    assert hidden.title == "Concealment language in email_rathcoole.eml: keeping the committee out"
    assert set(hidden.entities) == {"Fergal Cullinane", "Siobhan Meagher"}
    assert hidden.severity == "HIGH"

    blocks = [findings(name, output) for name, output in outputs.items()]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    [gap] = [g for g in synthesis.evidence_gaps if g.element.startswith("Approval by")]
    assert gap.element.endswith("(total EUR 82,000)")
    assert "keeps Tender Committee out" in gap.recommendation
    assert {(s.file_id, s.row) for s in gap.sources} >= {
        ("email_rathcoole", None),
        ("payments_2024", 1),
    }

    strategy, _ = run(
        StrategyOutput, [], blocks=[*blocks, findings("synthesis", synthesis, "stage")]
    )
    step = next(s for s in strategy.next_steps if s.action.startswith("Secure the full thread"))
    assert step.priority == "HIGH"
    assert "ask the committee what it was told" in step.action


def test_ordinary_sentences_are_no_concealment() -> None:
    for sentence in (
        "The committee report was discussed at length.",
        "There is no need to worry about the audit.",
        "Please keep the original receipts.",
        "The minutes were deleted from the agenda.",
        # A firm's warning to its client, in the footer of every e-mail it sends.
        "Harlow & Voss will never notify you of a change of banking details by e-mail.",
        "We do not inform you of this by e-mail.",
    ):
        assert _HIDING.search(sentence) is None, sentence
    for sentence in (
        "Keep this between us until the audit is over.",
        "Delete this email once you have read it.",
        "Nobody at head office needs to know.",
        "Don't tell Marguerite about the second invoice.",
        "No need to loop in finance on this one.",
    ):
        assert _HIDING.search(sentence) is not None, sentence
