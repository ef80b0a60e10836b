"""A close period and a director's dealing in it: the company secretary's notice "The close
period runs from 1 July 2026 to 31 July 2026" (a rule the legal agent reads, routed to it)
against the broker's row of a purchase of the company's shares on 14 July. A dealing after the
period, or in another company's shares, is none of its business."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_NOTICE = (
    "CALDER OPTICS PLC\n"
    "Notice to persons discharging managerial responsibilities\n"
    "Date: 20 June 2026\n\n"
    "The close period runs from 1 July 2026 to 31 July 2026.\n"
    "No director may deal in Calder Optics shares during the close period.\n"
)
_BROKER = (
    "Trade date,Client,Side,Instrument,Shares,Consideration (GBP)\n"
    "{day},Tobias Wren,BUY,{instrument},2500,18450.00\n"
)


async def _docs(
    tmp_path: Path, day: str = "2026-07-14", instrument: str = "CALO Calder Optics plc"
) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "close_period_notice.txt", _NOTICE),
        await text_doc(
            tmp_path,
            "broker_contract_notes.csv",
            _BROKER.format(day=day, instrument=instrument),
            "text/csv",
        ),
    ]


async def test_after_the_period_or_in_another_company_nothing(tmp_path: Path) -> None:
    for docs in (
        await _docs(tmp_path, day="2026-08-03"),
        await _docs(tmp_path, instrument="RRL Rolls Royce"),
    ):
        assert not [c for c in synthesis_of(docs).contradictions if "close period" in c.claim]
