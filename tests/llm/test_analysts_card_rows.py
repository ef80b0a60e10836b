"""A company card's rows naming their cardholder in a column: the cardholder paid the merchant,
and a row at the hotel the cardholder says they stayed in, in its town, bears their word out
(neither "elsewhere" nor left uncorroborated)."""

from pathlib import Path

from holmes_backend.contracts.agents import FinancialOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_CARD = (
    "Date,Time,Merchant,Location,Cardholder,Amount\n"
    "12/05/2026,19:40,Hotel Kranich,Erfurt,Lioba Schwertfeger,118.00\n"
    "13/05/2026,08:05,Bäckerei Sommer,Erfurt,Lioba Schwertfeger,6.40\n"
)
_INTERVIEW = (
    "Record of interview with Lioba Schwertfeger\n"
    "Date: 2 June 2026\n"
    "Q: Where were you on the evening of 12 May 2026?\n"
    "A: I was at the Hotel Kranich in Erfurt all evening.\n"
)


async def test_the_cardholder_pays_and_their_hotel_bears_their_word_out(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "card_may.csv", _CARD, "text/csv"),
        await text_doc(tmp_path, "interview_schwertfeger.txt", _INTERVIEW),
    ]
    financial, _ = run(FinancialOutput, docs[:1])
    assert [(t.from_party, t.to_party) for t in financial.transactions] == [
        ("Lioba Schwertfeger", "Hotel Kranich"),
        ("Lioba Schwertfeger", "Bäckerei Sommer"),
    ]
    synthesis = synthesis_of(docs)
    assert synthesis.contradictions == []
    assert not [g for g in synthesis.evidence_gaps if g.element.startswith("Corroboration")]
