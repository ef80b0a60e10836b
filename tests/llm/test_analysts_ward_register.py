"""A nurse's account of leaving the ward, against the ward's controlled drugs register.

The statement opens with the day of the shift and is signed four days later at its foot; it
says she left at 20:00 and did not return until her next shift "on 16 March" (no year). The
register, a CSV named for the ward, records a dose she administered, and witnessed herself, at
22:40 that night."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput
from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.controls import SELF_CHECKED
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_REGISTER = (
    "Date,Time,Patient,Drug,Quantity,Balance,Administered by,Witnessed by\n"
    "14/03/2026,06:03,Harold Benning,Oxycodone MR 10mg,1,27,Ngozi Achebe,Pernille Lund\n"
    "14/03/2026,14:08,Harold Benning,Oxycodone MR 10mg,1,26,Rosa Castellano,Ngozi Achebe\n"
    "14/03/2026,22:40,Harold Benning,Oxycodone MR 10mg,2,24,Rosa Castellano,Rosa Castellano\n"
    "15/03/2026,06:00,Harold Benning,Oxycodone MR 10mg,1,23,Pernille Lund,Femi Osei\n"
)
_STATEMENT = (
    "Statement of Rosa Castellano, Staff Nurse, Ward 7\n"
    "On 14 March 2026 I worked the long day shift, 07:30 to 20:00.\n"
    "I gave Mr Benning his 14:00 dose of oxycodone with Nurse Achebe as witness.\n"
    "I left the ward at 20:00 and did not return until my next shift on 16 March.\n"
    "Rosa Castellano, 18 March 2026\n"
)


async def _docs(tmp_path: Path, register: str = "CD_register_Ward7.csv") -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, register, _REGISTER, "text/csv"),
        await text_doc(tmp_path, "statement_Castellano.txt", _STATEMENT),
    ]


async def test_leaving_until_a_day_without_a_year_spans_to_that_day_of_the_signing_year(
    tmp_path: Path,
) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path))[1:])
    [left] = [c for c in evidence.sworn_claims if c.claim.startswith("I left")]
    # From leaving, on the day told before, to the return: not "16 March 2025".
    assert left.claimed_time == "2026-03-14T20:00:00/2026-03-16T00:00:00"


async def test_the_wards_own_register_naming_her_in_between_contradicts_her(
    tmp_path: Path,
) -> None:
    contradictions = synthesis_of(await _docs(tmp_path)).contradictions
    [absent] = [c for c in contradictions if "not at the ward" in c.explanation]
    assert absent.claim.startswith("I left the ward at 20:00")
    assert [s.row for s in absent.evidence_against] == [3]  # 22:40; not the 14:08 dose
    assert absent.severity == "HIGH"
    # A register whose name is no place she left says nothing of where she was.
    contradictions = synthesis_of(await _docs(tmp_path, "cd_log.csv")).contradictions
    assert not [c for c in contradictions if "not at the ward" in c.explanation]


async def test_a_dose_she_administered_and_witnessed_herself_is_a_control_defeated(
    tmp_path: Path,
) -> None:
    evidence, _ = run(EvidenceOutput, (await _docs(tmp_path))[:1])
    [checked] = [f for f in evidence.findings if f.finding_type == SELF_CHECKED]
    assert checked.title == (
        "Rosa Castellano both administered and witnessed 1 record(s) in CD_register_Ward7.csv"
    )
    assert [s.row for s in checked.sources] == [3]
    assert checked.severity == "HIGH"


async def test_role_columns_without_by_and_logins_are_read_and_edits_are_no_control(
    tmp_path: Path,
) -> None:
    claims = (
        "Claim,Employee,Amount,Approver\n"
        "E-1,Dana Whitlock,120.00,D. Whitlock\n"
        "E-2,Dana Whitlock,80.00,Marcus Reyes\n"
    )
    changes = (
        "Vendor,Created by,Modified by,Released by\n"
        "Acme Ltd,jpatel,jpatel,mchen\n"
        "Brill Ltd,jpatel,mchen,jpatel\n"
    )
    docs = [
        await text_doc(tmp_path, "claims.csv", claims, "text/csv"),
        await text_doc(tmp_path, "vendor_changes.csv", changes, "text/csv"),
    ]
    evidence, _ = run(EvidenceOutput, docs)
    titles = sorted(f.title for f in evidence.findings if f.finding_type == SELF_CHECKED)
    assert titles == [
        "Dana Whitlock both claimed and approved 1 record(s) in claims.csv",
        # Created and modified by one login is no control; created and released is.
        "jpatel both created and released 1 record(s) in vendor_changes.csv",
    ]
