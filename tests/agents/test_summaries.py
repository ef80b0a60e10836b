"""Text summaries of domain findings (what Strategy reads of the other domains): one line per
finding, category, title, confidence and first sentence, then its facts; read back the same."""

from holmes_backend.contracts.agents import (
    Anomaly,
    Clause,
    DatedItem,
    EvidenceOutput,
    FinancialOutput,
    Finding,
    LegalOutput,
    SourceRef,
    SwornClaim,
    TimedEvent,
    Transaction,
)
from holmes_backend.llm.summaries import first_sentence, parse_summaries, render_summaries

LONG = "Three wires of 9,800 went to Züri Holdings AG. The bank filed no report. See row 4."


def _source(**place: int) -> SourceRef:
    return SourceRef(file_id="f-1", excerpt="verbatim text that stays out", **place)


def _outputs() -> dict[str, FinancialOutput | LegalOutput | EvidenceOutput]:
    finding = Finding(
        finding_type="pattern",
        title="Wires\nunder the threshold",
        summary=LONG,
        confidence=0.83,
        severity="HIGH",
        entities=["Züri Holdings AG"],
        sources=[_source(row=4), _source(row=5)],
    )
    financial = FinancialOutput(
        transactions=[
            Transaction(
                date="2024-02-01",
                amount=9800,
                currency="EUR",
                to_party="Züri Holdings AG",
                description=LONG,
                source=_source(row=4),
            ),
            Transaction(amount=12.5, source=_source(row=6)),
        ],
        counterparties=["Züri Holdings AG"],
        anomalies=[
            Anomaly(
                kind="structuring",
                description=LONG,
                severity="HIGH",
                total_amount=29400,
                sources=[_source(row=4)],
            )
        ],
        findings=[finding],
    )
    legal = LegalOutput(
        parties=["Acme Ltd"],
        clauses=[
            Clause(
                kind="cap",
                text="Fees shall not exceed $50,000. Extra terms.",
                party="Acme Ltd",
                amount=50000,
                source=_source(page=2),
            )
        ],
        dates=[DatedItem(date="2024-01-05", description="Signed.", source=_source(page=1))],
        governing_law="England and Wales",
    )
    evidence = EvidenceOutput(
        events=[
            TimedEvent(
                timestamp="2024-03-30T16:10:00+01:00",
                description="Photo taken.",
                place="Quay",
                latitude=50.37,
                longitude=-4.14,
                people=["A. Brisk"],
                source=_source(line=3),
            )
        ],
        people=["A. Brisk"],
        custody=[
            Finding(
                finding_type="custody_gap",
                severity="MEDIUM",
                title="No record of cam.jpg",
                summary="Undocumented.",
                confidence=0.6,
                sources=[_source()],
            )
        ],
        sworn_claims=[
            SwornClaim(
                claim="I was at my office at 4 pm.",
                claimed_time="2024-03-30T16:00",
                claimed_place="office",
                source=_source(line=2),
            )
        ],
    )
    return {"financial": financial, "legal": legal, "evidence": evidence}


def test_each_finding_is_a_line_and_reads_back_with_its_first_sentence() -> None:
    outputs = _outputs()
    text = render_summaries(outputs)

    assert "--- Financial Agent Findings (4 findings) ---" in text
    assert "--- Legal Agent Findings (2 findings) ---" in text
    assert (
        "[pattern] Wires under the threshold (confidence: 83): "
        "Three wires of 9,800 went to Züri Holdings AG. | {" in text
    )
    assert "[anomaly:structuring] structuring (confidence: 90): " in text
    assert "[transaction] EUR 9,800.00 to Züri Holdings AG (confidence: 80): " in text
    assert "verbatim text that stays out" in text  # citations with their excerpts, to quote
    assert "The bank filed no report" not in text  # only the first sentence

    read = parse_summaries(["--- CASE CONTEXT ---", "Fraud: suspected", *text.splitlines()])
    assert set(read) == set(outputs)
    for domain, output in outputs.items():
        back = type(output).model_validate(read[domain])
        expected = output.model_dump()
        for name, value in expected.items():
            if not isinstance(value, list) or not value or not isinstance(value[0], dict):
                continue
            for item in value:
                for key in ("summary", "description", "text", "claim"):
                    if key in item:
                        item[key] = first_sentence(item[key])
                if "title" in item:
                    item["title"] = " ".join(item["title"].split())
            expected[name] = value
        assert back.model_dump() == expected, domain


def test_the_summaries_end_where_other_text_begins() -> None:
    text = render_summaries({"legal": _outputs()["legal"]})
    lines = [
        *text.splitlines(),
        "",
        "Question: who approved it?",
        "[not] a finding (confidence: 1): x | {}",
    ]
    read = parse_summaries(lines)
    assert list(read) == ["legal"]
    assert len(read["legal"]["clauses"]) == 1
    assert "question" not in read["legal"]
    assert read["legal"]["governing_law"] == "England and Wales"


def test_first_sentence() -> None:
    assert first_sentence("Mr. X paid. Then more.") == "Mr. X paid."
    assert first_sentence(LONG) == "Three wires of 9,800 went to Züri Holdings AG."
    assert first_sentence("  one\n line  ") == "one line"
    assert first_sentence("Two payments went to R. Ostrowski via Dr. Vance. Both in cash.") == (
        "Two payments went to R. Ostrowski via Dr. Vance."
    )
    assert first_sentence("Funds moved through U.S. Bank accounts. Then abroad.") == (
        "Funds moved through U.S. Bank accounts."
    )
    long = "word " * 100
    assert len(first_sentence(long)) == 240
    assert first_sentence(long).endswith("\u2026")
