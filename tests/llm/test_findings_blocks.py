"""Findings blocks: an agent's output goes to the next agent without its empty fields, and reads
back as the same output."""

from holmes_backend.contracts.agents import FinancialOutput
from holmes_backend.llm.evidence import parse_blocks, render_findings


def test_an_output_is_rendered_without_nulls_and_reads_back_the_same() -> None:
    output = FinancialOutput.model_validate(
        {
            "transactions": [
                {
                    "date": None,
                    "amount": 9800.0,
                    "currency": "EUR",
                    "to_party": "Shell Corp — Zürich",
                    "description": "wire",
                    "source": {"file_id": "f1", "row": 4, "excerpt": "9 800,00"},
                }
            ]
        }
    )
    text = render_findings({"domain": "financial"}, output)

    assert "null" not in text
    assert "Zürich" in text  # kept as written, not escaped
    _, blocks, rest = parse_blocks(f"before\n{text}\nafter")
    assert [b.header for b in blocks] == [{"domain": "financial"}]
    assert FinancialOutput.model_validate(blocks[0].data) == output
    assert rest == "before\n\nafter"


def test_plain_data_is_rendered_as_given() -> None:
    data = {"files": [{"file_id": "f1", "page": None}]}
    _, blocks, _ = parse_blocks(render_findings({"stage": "triage"}, data))
    assert blocks[0].data == data
