"""What a corroboration gap asks for follows what the claim tells: where the witness was is shown
by their phone, cards and CCTV; what they said by the messages of the day; a signature by the
signed document; a payment by the bank's records; a stake by the registers; a meeting by its
notes."""

from pathlib import Path

import pytest

from holmes_backend.analysis.domains import gaps
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Halvard Nyberg\n"
    "Date: 20 May 2025\n\n"
    "1. I was at the Ostmark depot on 5 May 2025 from 08:00 until 17:00.\n"
    "2. On 6 May 2025 I told Ms Ortiz about the error in the invoice.\n"
    "3. On 7 May 2025 I signed the variation order for the roof works.\n"
    "4. On 8 May 2025 I paid Hollins Roofing Ltd GBP 4,000 from my own account.\n"
    "5. On 9 May 2025 I declared that I hold no shares in Hollins Roofing Ltd.\n"
    "Signed: Halvard Nyberg\n"
)
_MEETING = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Ines Carvalho\n"
    "Date: 20 May 2025\n\n"
    "1. On 12 May 2025 I attended the site progress meeting.\n"
    "Signed: Ines Carvalho\n"
)


async def test_each_claim_asks_for_what_would_bear_it_out(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(gaps, "_MAX_CLAIM_GAPS", 10)  # every claim of the statement, not the top 3
    asked = {
        g.element.split(": ", 1)[1]: g.recommendation
        for text, name in ((_STATEMENT, "statement_nyberg.txt"), (_MEETING, "carvalho.txt"))
        for g in synthesis_of([await text_doc(tmp_path, name, text)]).evidence_gaps
        if g.element.startswith("Corroboration of")
    }

    def seek(words: str) -> str:
        [recommendation] = [r for claim, r in asked.items() if words in claim]
        return recommendation

    assert "phone location data, CCTV" in seek("Ostmark depot")
    assert "e-mails, messages and call records" in seek("told Ms Ortiz")
    assert "the signed document itself" in seek("signed the variation order")
    assert "bank statements, payment records" in seek("paid Hollins")
    assert "company registers, shareholder and officer records" in seek("hold no shares")
    assert "the meeting's notes or minutes" in seek("progress meeting")
    assert "(2025-05-06)" in seek("told Ms Ortiz")
