"""No previous judgments: an applicant's "No" to "Have you had any county court judgments in
the last 6 years?" against the register's rows naming him in those years; an older judgment,
another defendant's, or a register of something else is no contradiction."""

from pathlib import Path

from holmes_backend.agents.schemas import SynthesisOutput
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_APPLICATION = (
    "FINANCE APPLICATION\n"
    "Applicant: Owen Pritchard\n"
    "Date: 10 February 2026\n"
    "Have you had any county court judgments in the last 6 years? No\n"
    "Declaration: I declare that the above is true and complete.\n"
    "Signed: Owen Pritchard\n"
)
_REGISTER = (
    "Defendant,Judgment date,Court,Amount,Status\n"
    "Owen Pritchard,2024-07-19,Cardiff CC,1840.00,Unsatisfied\n"
    "Owen Pritchard,2022-01-05,Newport CC,620.00,Satisfied\n"
    "Owen Pritchard,2018-03-02,Newport CC,450.00,Satisfied\n"
    "Rhian Pritchard,2025-02-11,Cardiff CC,300.00,Unsatisfied\n"
)


async def _output(tmp: Path, register: str, name: str) -> SynthesisOutput:
    return synthesis_of(
        [
            await text_doc(tmp, "finance_application.txt", _APPLICATION),
            await text_doc(tmp, name, register, "text/csv"),
        ]
    )


async def test_judgments_in_the_six_years_asked_about(tmp_path: Path) -> None:
    [found] = (await _output(tmp_path, _REGISTER, "judgments_register.csv")).contradictions
    assert found.severity == "HIGH"
    assert "2 record(s) of that kind name them" in found.explanation
    assert [r.row for r in found.evidence_against] == [2, 1]  # not 2018's, not Rhian's


async def test_only_old_ones_or_another_kind_of_register_is_none(tmp_path: Path) -> None:
    old = "\n".join(line for line in _REGISTER.splitlines() if "202" not in line) + "\n"
    assert (await _output(tmp_path, old, "judgments_register.csv")).contradictions == []
    visits = _REGISTER.replace("Judgment date", "Visit date")
    assert (await _output(tmp_path, visits, "site_visits.csv")).contradictions == []


_PROPOSAL = (
    "MOTOR INSURANCE PROPOSAL\n"
    "Proposer: Ines Marchetti\n"
    "Date: 12 June 2026\n"
    "Have you had any motoring convictions, endorsements or fixed penalties in the last five "
    "years?\n"
    "No\n"
    "I declare that the answers above are true and complete.\n"
    "Signed: Ines Marchetti\n"
)
_RECORD = (
    "DRIVER RECORD\n"
    "Driver: {driver}   Licence number: MARCH807215I99QZ\n"
    "Endorsements\n"
    "SP30  Exceeding statutory speed limit   Offence date: 03/09/2022   Points: 3\n"
    "IN10  Using a vehicle uninsured   Offence date: 19/01/2019   Points: 6\n"
)


async def test_endorsement_lines_of_a_record_about_the_proposer(tmp_path: Path) -> None:
    """Its lines name no one and say neither "conviction" nor "endorsement": an offence code
    with its penalty points, in a record about the proposer, is one; an endorsement older than
    the five years asked about is not."""

    async def found(driver: str, name: str) -> list[str]:
        docs = [
            await text_doc(tmp_path, "proposal.txt", _PROPOSAL),
            await text_doc(tmp_path, name, _RECORD.format(driver=driver)),
        ]
        return [c.explanation for c in synthesis_of(docs).contradictions]

    [explanation] = await found("INES MARCHETTI", "driver_record_marchetti.txt")
    assert "1 record(s) of that kind name them: 2022-09-03 SP30" in explanation
    assert "2019" not in explanation
    # A record its head says is about her ("Driver: INES MARCHETTI"), whatever its file's name.
    assert len(await found("INES MARCHETTI", "dvla_record.txt")) == 1
    assert await found("PAOLO ROSSI", "driver_record_rossi.txt") == []
    assert await found("PAOLO ROSSI", "dvla_record.txt") == []


_THEFT_CLAIM = (
    "MOTOR CLAIM NOTIFICATION - THEFT OF VEHICLE\n"
    "Policyholder: Callum Ferris\n"
    "Date of loss: 09/05/2026\n"
    "Circumstances (in the policyholder's words):\n"
    "I left the van locked outside my flat at about 10pm on Saturday 9 May and it was gone by "
    "the morning.\n"
    "Previous claims in the last five years: None\n"
    "Declaration: I declare that the information given is true and complete.\n"
    "Signed: C. Ferris      Date: 10/05/2026\n"
)
_INTERVIEW = (
    "Record of interview\nInterviewee: Callum Ferris\nDate: 18 May 2026\n"
    "Q. Have you ever made a claim for a stolen vehicle before?\nA. No, never.\n"
)
# A claims history whose settled row carries its pay-out: the row is read as a payment too.
_HISTORY = (
    "Insurer,Policyholder,Date of loss,Claim type,Settled amount,Status\n"
    'Harrowgate Direct,Callum Ferris,14/08/2024,Theft of vehicle,"£6,300",Settled\n'
    "Keystone Mutual,Callum Ferris,09/05/2026,Theft of vehicle,,Open\n"
)


async def test_a_forms_field_answered_none_and_an_ever_before_against_a_settled_claim(
    tmp_path: Path,
) -> None:
    """ "Previous claims in the last five years: None" is the form's question answered no; "Have
    you ever made a claim … before?" asks of any. The settled claim of 2024 answers both; the
    claim being made (its own row, the day of the loss told) and the form itself are no prior."""
    docs = [
        await text_doc(tmp_path, "claim_form.txt", _THEFT_CLAIM),
        await text_doc(tmp_path, "interview_ferris.txt", _INTERVIEW),
        await text_doc(tmp_path, "claims_history.csv", _HISTORY, "text/csv"),
    ]
    found = {c.claim: c for c in synthesis_of(docs).contradictions}
    form = found["None [asked: Previous claims in the last five years?]"]
    ever = found["No, never. [asked: Have you ever made a claim for a stolen vehicle before?]"]
    for contradiction in (form, ever):
        assert [(r.file_id, r.row) for r in contradiction.evidence_against] == [
            ("claims_history", 1)
        ]
    # Only the claim at hand on record: nothing before it.
    only_this = _HISTORY.splitlines()[0] + "\n" + _HISTORY.splitlines()[2] + "\n"
    docs[2] = await text_doc(tmp_path, "claims_history.csv", only_this, "text/csv")
    assert synthesis_of(docs).contradictions == []
