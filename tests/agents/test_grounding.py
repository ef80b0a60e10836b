"""The grounding check: an excerpt holds when its words are at the location it cites."""

from holmes_backend.agents.grounding import (
    GROUNDING_HEADING,
    GroundingCounts,
    _failing,
    reask_part,
    reask_parts,
)
from holmes_backend.agents.sources import Sources
from holmes_backend.contracts.agents import FinancialOutput, SourceRef
from holmes_backend.extraction.models import Chunk, Extraction, Location
from holmes_backend.llm.evidence import parse_blocks, render_evidence


def _part(file_id: str, chunks: list[Chunk]) -> str:
    extraction = Extraction(kind="text", chunks=chunks)
    return render_evidence(
        file_id=file_id, filename=f"{file_id}.txt", mime_type="text/plain", extraction=extraction
    )


SOURCES = Sources(
    {
        "statement": _part(
            "statement",
            [
                Chunk(text="I was at my sister\u2019s house all night.", location=Location(line=4)),
                Chunk(text="My car stayed in her driveway.", location=Location(line=5)),
                Chunk(text="I have never met Marcus.", location=Location(line=6)),
            ],
        ),
        "ledger": _part(
            "ledger",
            [
                Chunk(
                    text="Date: 2024-03-01; Payee: Hale Ltd; Amount: 9,800.00",
                    location=Location(row=1, sheet="Payments"),
                ),
                Chunk(
                    text="Date: 2024-03-02; Payee: Hale Ltd; Amount: 9,750.00",
                    location=Location(row=2, sheet="Payments"),
                ),
            ],
        ),
        "call": _part(
            "call",
            [Chunk(text="Meet me at the lot.", location=Location(cue_start=61.5, cue_end=64.0))],
        ),
    }
)


def ref(file_id: str, excerpt: str, **where: object) -> SourceRef:
    return SourceRef.model_validate({"file_id": file_id, "excerpt": excerpt, **where})


def test_an_excerpt_holds_at_its_location_with_case_quotes_and_spacing_folded() -> None:
    assert SOURCES.check(ref("statement", "I was at my sister's HOUSE  all night", line=4))
    # A quote running on into the next line.
    assert SOURCES.check(ref("statement", "all night. My car stayed", line=4))
    assert SOURCES.check(ref("call", "meet me at the lot", cue_start=62.0))
    # A row's cells without the headings rendered between them.
    assert SOURCES.check(ref("ledger", "2024-03-01 Hale Ltd 9,800.00", row=1, sheet="Payments"))


def test_an_excerpt_elsewhere_or_nowhere_does_not_hold() -> None:
    assert SOURCES.check(ref("statement", "I have never met Marcus", line=4)) is False
    assert SOURCES.check(ref("statement", "I was home alone", line=4)) is False
    assert SOURCES.check(ref("ledger", "9,800.00", row=2, sheet="Payments")) is False
    assert SOURCES.check(ref("ledger", "9,880.00", row=1)) is False  # another amount
    assert SOURCES.check(ref("call", "meet me at the lot", cue_start=300.0)) is False
    assert SOURCES.check(ref("statement", "statement.txt")) is False  # a file name is no quote


def test_a_file_not_read_cannot_be_checked() -> None:
    assert SOURCES.check(ref("other", "anything", line=1)) is None


def test_failing_items_are_marked_and_sent_back_with_what_the_source_says() -> None:
    output = FinancialOutput.model_validate(
        {
            "transactions": [
                {"amount": 9800, "source": {"file_id": "ledger", "row": 1, "excerpt": "9,800.00"}},
                {"amount": 9750, "source": {"file_id": "ledger", "row": 2, "excerpt": "9,570.00"}},
            ]
        }
    )
    counts = GroundingCounts()

    failing = _failing(output, SOURCES, counts)

    assert failing == {"transactions": [1]}
    assert (counts.citations, counts.held, counts.items, counts.failed) == (2, 1, 2, 1)
    assert [t.source.verified for t in output.transactions] == [True, False]
    sent = reask_part(output, failing, SOURCES)
    assert "9,570.00" in sent
    assert "Amount: 9,750.00" in sent  # the text at the cited row
    assert "9,800.00" not in sent  # only the failing item goes back


def test_a_quote_cut_mid_word_holds_but_not_a_changed_word() -> None:
    assert SOURCES.check(ref("ledger", "Date: 2024-03-01; Payee: Hale L", row=1))
    assert SOURCES.check(ref("statement", "ter's house all ni", line=4))
    assert SOURCES.check(ref("statement", "sister's home all night", line=4)) is False


def test_a_reask_carries_only_the_failing_items_and_the_passages_they_cite() -> None:
    lines = [f"Line {n}: nothing of note happened on day {n}." for n in range(1, 61)]
    lines[19] = "Line 20: the transfer of 4,200.00 left the account at noon."
    lines[44] = "Line 45: the courier was paid 1,300.00 in cash."
    diary = _part(
        "diary", [Chunk(text=t, location=Location(line=n + 1)) for n, t in enumerate(lines)]
    )
    sources = Sources({"diary": diary, "ledger": SOURCES._evidence["ledger"]})
    output = FinancialOutput.model_validate(
        {
            "transactions": [
                {"amount": 9800, "source": {"file_id": "ledger", "row": 1, "excerpt": "9,800.00"}},
                # The right quote at the wrong line, and a changed amount at the right one.
                {
                    "amount": 1300,
                    "source": {"file_id": "diary", "line": 20, "excerpt": "paid 1,300.00 in cash"},
                },
                {
                    "amount": 4100,
                    "source": {"file_id": "diary", "line": 20, "excerpt": "transfer of 4,100.00"},
                },
            ]
        }
    )
    failing = _failing(output, sources, GroundingCounts())
    assert failing == {"transactions": [1, 2]}

    parts = reask_parts(output, failing, sources)

    *passages, asked = parts
    assert asked.startswith(GROUNDING_HEADING)
    [doc] = [d for part in passages for d in parse_blocks(part)[0]]
    assert doc.file_id == "diary"  # not the ledger, whose item holds
    shown = sorted(c.location.line for c in doc.chunks if c.location.line is not None)
    # The cited line and the one the quote is really on, each with two lines either side.
    assert shown == [18, 19, 20, 21, 22, 43, 44, 45, 46, 47]
    assert "9,800.00" not in "\n".join(parts)
    assert sum(len(p) for p in passages) < len(diary) / 3
