"""Out of the building when she says she was on the ward: a nurse's statement that she gave the
22:00 dose herself and stayed until her shift ended at 07:30, against her own badge going out
by the staff exit at 21:31 and back in after midnight. A badge that goes out only after the
shift contradicts neither."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "Statement of Karen Bell, Staff Nurse, Ward 12\n"
    "Date: 2 October 2025\n"
    "On the night of 27 September 2025 I was the nurse in charge of Ward 12. I administered the "
    "22:00 dose of oral morphine to Mr Derek Hollis in bed 4 myself and signed the chart. I "
    "remained on the ward until the end of my shift at 07:30.\n"
)
_DOORS = (
    "Timestamp,Badge holder,Door,Event\n"
    "27/09/2025 19:28:44,Karen Bell,Ward 12 entrance,Granted IN\n"
    "27/09/2025 21:31:02,Karen Bell,Staff exit - Level 1,Granted OUT\n"
    "28/09/2025 00:12:57,Karen Bell,Staff exit - Level 1,Granted IN\n"
)


async def _docs(tmp_path: Path, doors: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_bell.txt", _STATEMENT),
        await text_doc(tmp_path, "door_log.csv", doors, "text/csv"),
    ]


async def test_a_badge_going_out_after_the_shift(tmp_path: Path) -> None:
    doors = _DOORS.replace("27/09/2025 21:31:02", "28/09/2025 07:41:02").replace(
        "28/09/2025 00:12:57", "28/09/2025 19:02:11"
    )
    assert synthesis_of(await _docs(tmp_path, doors)).contradictions == []


_STAYED = (
    "Statement of Owen Tregarthen, Security Officer\n"
    "Date: 14 January 2026\n"
    "On the night of 9 January 2026 I was on duty at the depot. I did not leave the Gatehouse "
    "during my shift except for my break between 01:00 and 01:30.\n"
)
_GATEHOUSE = (
    "Timestamp,Badge holder,Door,Event\n"
    "2026-01-10 01:02:10,Owen Tregarthen,Gatehouse door,Granted OUT\n"
    "2026-01-10 01:27:40,Owen Tregarthen,Gatehouse door,Granted IN\n"
    "2026-01-10 03:14:05,Owen Tregarthen,Gatehouse door,Granted OUT\n"
    "2026-01-10 04:02:51,Owen Tregarthen,Gatehouse door,Granted IN\n"
)


async def _stayed(tmp_path: Path, statement: str, doors: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "statement_tregarthen.txt", statement),
        await text_doc(tmp_path, "gatehouse_doors.csv", doors, "text/csv"),
    ]


async def test_leaving_only_in_the_break_or_another_place(tmp_path: Path) -> None:
    within = "\n".join(_GATEHOUSE.splitlines()[:3]) + "\n"
    assert synthesis_of(await _stayed(tmp_path, _STAYED, within)).contradictions == []
    # A house's door is not the gatehouse's: "did not leave the house" is not judged by it.
    home = _STAYED.replace("did not leave the Gatehouse during my shift", "did not leave the house")
    assert synthesis_of(await _stayed(tmp_path, home, _GATEHOUSE)).contradictions == []


async def test_a_role_held_that_day_is_no_claim_of_never_leaving(tmp_path: Path) -> None:
    statement = (
        "Statement of Idris Penhaligon, Warehouse Supervisor\n"
        "Date: 9 May 2026\n"
        "On 3 May 2026 I was the supervisor in charge of Loading Bay 2 at the Tremough depot.\n"
    )
    doors = (
        "Timestamp,Badge holder,Door,Event\n"
        "2026-05-03 12:31:10,Idris Penhaligon,Canteen,Granted IN\n"
    )
    docs = [
        await text_doc(tmp_path, "statement_penhaligon.txt", statement),
        await text_doc(tmp_path, "depot_doors.csv", doors, "text/csv"),
    ]
    assert synthesis_of(docs).contradictions == []
