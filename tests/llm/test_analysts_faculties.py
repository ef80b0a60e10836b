"""A witness vouching for a person's state of mind or sobriety on a day, against the records
that observed that person otherwise (facts.faculties, domains.faculties).

Two cases: a notary's declaration that a patient understood the deed he signed, against the
ward's observation chart of that day and a consultant's letter of days before; a driver's
statement that he had not been drinking, against the custody log of his arrest."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.evidence import analyse_evidence
from holmes_backend.llm.local.domains.faculties import STATE_OBSERVED
from holmes_backend.llm.local.domains.triage import triage_file
from holmes_backend.llm.local.facts import faculties
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_DECLARATION = (
    "STATUTORY DECLARATION OF PRIYA NANDAKUMAR\n"
    "I am a notary public. On 12 January 2026 at 15:30 I attended Mr Ferreira at St Brendan's "
    "Hospital, Ward 9, to witness his signature of a deed of gift of his flat.\n"
    "Mr Ferreira was fully oriented and understood exactly what he was signing.\n"
    "I solemnly and sincerely declare that the above is true.\n"
    "Declared 3 March 2026\n"
)
_CHART = (
    "date,time,patient,observation,nurse\n"
    "2026-01-02,09:00,Joao Ferreira,Alert and not confused. Eating well.,RN M. Kaur\n"
    "2026-01-12,07:45,Joao Ferreira,Confused overnight. Not oriented to place or year.,RN M. Kaur\n"
    "2026-01-12,19:20,Joao Ferreira,Settled. Visited by his son.,RN D. Achebe\n"
)
_LETTER = (
    "Dear Dr Lowry,\n"
    "Re: Mr Joao Ferreira, reviewed on 8 January 2026\n"
    "On review today Mr Ferreira was disorientated and could not recall the names of his "
    "children. In my opinion he lacks capacity to manage his property and affairs.\n"
    "Yours sincerely,\nDr Helen Okafor, Consultant Geriatrician\n"
)


async def _ward(tmp_path: Path, chart: str = _CHART, letter: bool = True) -> list[EvidenceDoc]:
    docs = [
        await text_doc(tmp_path, "declaration.txt", _DECLARATION),
        await text_doc(tmp_path, "observation_chart.csv", chart, "text/csv"),
    ]
    if letter:
        docs.append(await text_doc(tmp_path, "consultant_letter.txt", _LETTER))
    return docs


def test_states_observed_and_vouched_by_topic() -> None:
    assert faculties.observed("Not oriented to place or year.") == "mind"
    assert faculties.observed("In my opinion he lacks capacity to manage his affairs") == "mind"
    assert faculties.observed("Strong smell of alcohol on his breath; slurred speech") == (
        "sobriety"
    )
    # A record's own negation observes nothing against.
    assert faculties.observed("Alert and not confused.") is None
    assert faculties.observed("No smell of alcohol. Steady on his feet.") is None
    assert faculties.vouched("Mr Ferreira was fully oriented and understood exactly what") == (
        "mind"
    )
    assert faculties.vouched("I had not been drinking at all that evening.") == "sobriety"
    assert faculties.vouched("I understand the allegation.") is None


async def test_vouched_lucid_against_the_chart_of_that_day(tmp_path: Path) -> None:
    [against] = synthesis_of(await _ward(tmp_path)).contradictions
    assert against.claim == (
        "Mr Ferreira was fully oriented and understood exactly what he was signing."
    )
    assert against.severity == "HIGH"
    assert against.explanation.startswith(
        "Priya Nandakumar vouches that Mr. Ferreira was of sound mind on 2026-01-12, yet records "
        "observed otherwise that day: 2026-01-12: date: 2026-01-12; time: 07:45; patient: Joao "
        "Ferreira; observation: Confused overnight."
    )
    # The chart's row of that day, and the consultant's letter of four days before; not the
    # row recording him alert, nor the evening's settled one.
    cited = {(ref.file_id, ref.row) for ref in against.evidence_against}
    assert ("observation_chart", 2) in cited
    assert "consultant_letter" in {ref.file_id for ref in against.evidence_against}
    assert ("observation_chart", 1) not in cited
    assert ("observation_chart", 3) not in cited


async def test_a_letter_of_the_week_before_alone_is_medium(tmp_path: Path) -> None:
    chart = "\n".join([*_CHART.splitlines()[:2], _CHART.splitlines()[3]]) + "\n"
    docs = await _ward(tmp_path, chart)
    observed = [
        f for f in analyse_evidence(docs).output.findings if f.finding_type == STATE_OBSERVED
    ]
    assert [f.title for f in observed] == [
        "Unsound state (mind) recorded in consultant_letter.txt on 2026-01-08"
    ]
    # The letter reaches the evidence agent: it records what state a person was in.
    assert triage_file(docs[2]).domain_scores.evidence >= 0.4
    [against] = synthesis_of(docs).contradictions
    assert against.severity == "MEDIUM"
    assert "in the week before: 2026-01-08:" in against.explanation
    # A chart that observed him well that day, and no letter: nothing to contradict, and no
    # gap asks for corroboration of what the chart bears out.
    well = chart.replace("Settled. Visited by his son.", "Alert and oriented. Visited by his son.")
    out = synthesis_of(await _ward(tmp_path, well, letter=False))
    assert out.contradictions == []
    assert not [g for g in out.evidence_gaps if "fully oriented" in g.element]
    unsaid = synthesis_of(await _ward(tmp_path, chart, letter=False)).evidence_gaps
    assert [g for g in unsaid if "fully oriented" in g.element]


async def test_sobriety_against_the_custody_log(tmp_path: Path) -> None:
    statement = (
        "WITNESS STATEMENT\nName: Liam Cottrell\n"
        "On Saturday 7 March 2026 I left the Fox and Hounds at about 23:00 and drove home.\n"
        "I had not been drinking at all that evening, I was on orange juice.\n"
        "Signed: L. Cottrell, 9 March 2026\n"
    )
    log = (
        "time,detainee,entry\n"
        "2026-03-07 23:52,Liam Cottrell,Arrived in custody. Strong smell of alcohol; unsteady on "
        "his feet.\n"
        "2026-03-08 00:30,Liam Cottrell,Evidential breath test: 71 mcg - over the legal limit.\n"
        "2026-03-08 00:40,Karen Dyer,Arrived in custody. No smell of alcohol.\n"
    )
    docs = [
        await text_doc(tmp_path, "statement.txt", statement),
        await text_doc(tmp_path, "custody_log.csv", log, "text/csv"),
    ]
    [against] = synthesis_of(docs).contradictions
    assert against.claim.startswith("I had not been drinking at all that evening")
    assert against.severity == "HIGH"
    assert "vouches that Liam Cottrell was sober on 2026-03-07" in against.explanation
    assert [ref.row for ref in against.evidence_against] == [1]
