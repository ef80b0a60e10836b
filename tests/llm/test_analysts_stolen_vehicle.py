"""A van said stolen, and its owner with it: "My van, registration LB68 KQW, was stolen from the
yard" against the toll plaza's records of the plate and the owner's own card, used at the services
by the same bridge minutes later, twice. The toll records name the van, not him: they do not
place him away from home; his card does."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "WITNESS STATEMENT\n\n"
    "Statement of: Dafydd Price\n"
    "Date: 4 February 2026\n\n"
    "1. My van, a white Ford Transit, registration LB68 KQW, was stolen from the yard at 3 Quarry "
    "Lane, Chepstow between 22:00 on 2 February 2026 and 06:00 on 3 February 2026.\n"
    "2. I was at home at 3 Quarry Lane, Chepstow all night.\n"
    "Signed: Dafydd Price\n"
)
_TOLLS = (
    "Plate,Plaza,Lane,Passed at\n"
    "LB68 KQW,Severn Bridge Toll Plaza,4,2026-02-02T23:12:00\n"
    "LB68 KQW,Cardiff Gate Junction 30,2,2026-02-03T00:05:00\n"
)
_CARD = (
    "Cardholder,Merchant,Location,Date/time,Amount (GBP)\n"
    "Dafydd Price,Severn View Services,Severn Bridge,{first},38.20\n"
    "Dafydd Price,Moto Cardiff Gate,Cardiff Gate Junction 30,{second},6.45\n"
)


async def _docs(tmp_path: Path, card: bool = True) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "statement_price.txt", _STATEMENT),
        await text_doc(tmp_path, "toll_records_lb68kqw.csv", _TOLLS, "text/csv"),
    ]
    if card:
        rows = _CARD.format(first="2026-02-02T23:20:00", second="2026-02-03T00:11:00")
        docs.append(await text_doc(tmp_path, "card_transactions_price.csv", rows, "text/csv"))
    return docs


def _about(synthesis: SynthesisOutput, words: str) -> list[str]:
    return [c.explanation for c in synthesis.contradictions if words in c.claim]


async def test_the_stolen_vans_records_alone_place_him_nowhere(tmp_path: Path) -> None:
    synthesis = synthesis_of(await _docs(tmp_path, card=False))
    assert _about(synthesis, "I was at home") == []
    assert _about(synthesis, "was stolen") == []
