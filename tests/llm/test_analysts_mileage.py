"""Miles claimed against miles driven: a mileage claim typed as a table under "Claimant: Nadia
Ferris" against her own car's telematics (the car hers by her statement's "my own car … reg.
WR21 KPO"), and her word that the mileage is accurate. Days within a quarter, another car's
records, and the claim's title ("MILEAGE CLAIM - MAY 2026", no reading of 2,026) say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_CLAIM = (
    "MILEAGE CLAIM - MAY 2026\n"
    "Claimant: Nadia Ferris\n"
    "\n"
    "Date          Journey                        Miles claimed    Amount\n"
    "2026-05-13    Leeds - Hull - Leeds            124              \u00a355.80\n"
    "2026-05-20    Leeds - York - Leeds            52               \u00a323.40\n"
    "2026-05-27    Leeds - Hull - Leeds            124              \u00a355.80\n"
)
_STATEMENT = (
    "Statement of Nadia Ferris\n"
    "1. I drove every journey on my May claim in my own car (reg. {plate}) and the mileage "
    "claimed is accurate.\n"
    "Signed: Nadia Ferris\n"
)
_TELEMATICS = (
    "Date,Vehicle,Start odometer,End odometer\n"
    "2026-05-13,WR21 KPO,30110,30146\n"
    "2026-05-20,WR21 KPO,30240,30290\n"
    "2026-05-27,WR21 KPO,30400,30431\n"
)


async def _docs(tmp: Path, plate: str = "WR21 KPO") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "mileage_claim_may.txt", _CLAIM),
        await text_doc(tmp, "statement_ferris.txt", _STATEMENT.format(plate=plate)),
        await text_doc(tmp, "telematics.csv", _TELEMATICS, "text/csv"),
    ]


async def test_another_car_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, plate="YX70 ABC")).contradictions == []
