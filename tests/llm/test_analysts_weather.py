"""Weather claimed against weather recorded: a haulier's notice that "heavy snow on 3, 4 and 5
February 2026 closed the roads and no work was possible" (a record's statement of a stoppage)
against the station's snow depth of nought those days, and a landscaper's "it rained all day on
9 March" against a diary's "Dry and bright". Days recorded wet or white, and a claim of no rain,
say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_NOTICE = (
    "WHITLOCK HAULAGE LTD\n"
    "NOTICE OF DELAY - Contract HX-118 (deliveries to Farrow Mills)\n"
    "Heavy snow on 3, 4 and 5 February 2026 closed the roads and no work was possible.\n"
    "Signed: Dana Whitlock, Transport Manager\n"
)
_STATION = (
    "Date,Station,Snow depth (cm),Rainfall (mm)\n"
    "2026-02-03,Farrow Moor,{third},1.2\n"
    "2026-02-04,Farrow Moor,0,0.0\n"
    "2026-02-05,Farrow Moor,0,0.4\n"
    "2026-02-06,Farrow Moor,4,2.2\n"
)


async def _docs(tmp: Path, third: str = "0") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "notice_of_delay.txt", _NOTICE),
        await text_doc(tmp, "station_daily.csv", _STATION.format(third=third), "text/csv"),
    ]


async def test_snow_claimed_on_days_the_station_had_none(tmp_path: Path) -> None:
    [found] = synthesis_of(await _docs(tmp_path)).contradictions
    assert found.claim.startswith("Heavy snow on 3, 4 and 5 February 2026")
    assert "Whitlock Haulage Ltd says snow fell then, yet the records of 3 of those day(s)" in (
        found.explanation
    )
    assert {r.row for r in found.evidence_against} == {1, 2, 3}  # not the 6th's
    assert found.severity == "HIGH"


async def test_a_day_with_snow_leaves_the_others(tmp_path: Path) -> None:
    [found] = synthesis_of(await _docs(tmp_path, third="6")).contradictions
    assert {r.row for r in found.evidence_against} == {2, 3}


async def test_rain_against_a_diary_and_a_claim_of_no_rain(tmp_path: Path) -> None:
    statement = (
        "Statement of Owen Pryce\n"
        "1. It rained all day on 9 March 2026 so we could not lay the turf.\n"
        "2. There was no rain on 11 March 2026.\n"
        "Signed: Owen Pryce\n"
    )
    diary = "SITE DIARY\n9 March 2026 - Dry and bright. Turf delivered.\n11 March 2026 - Dry.\n"
    docs = [
        await text_doc(tmp_path, "statement_pryce.txt", statement),
        await text_doc(tmp_path, "site_diary.txt", diary),
    ]
    [found] = synthesis_of(docs).contradictions
    assert found.claim.startswith("It rained all day on 9 March 2026")
    assert found.severity == "MEDIUM"


async def test_a_notice_is_its_from_field_s(tmp_path: Path) -> None:
    notice = (
        "NOTICE OF DELAY - Contract C/77, Harbour Primary School extension\n"
        "From: Alder & Finch Construction Ltd\n"
        "Work on site was stopped by heavy rain on 3, 4 and 5 February 2026.\n"
    )
    docs = [
        await text_doc(tmp_path, "notice.txt", notice),
        await text_doc(tmp_path, "station_daily.csv", _STATION.format(third="0"), "text/csv"),
    ]
    [found] = synthesis_of(docs).contradictions
    assert found.explanation.startswith("Alder & Finch Construction Ltd says rain fell then")
