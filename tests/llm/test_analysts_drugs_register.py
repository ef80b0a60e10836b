"""A ward's controlled drugs register against the nurse who kept it: its running count jumps
(an ampoule unaccounted for), three of his entries have no witness though he says every one was
witnessed, and the rota has him on a night he says he was on leave."""

from pathlib import Path

from holmes_backend.agents.schemas import EvidenceOutput, FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_REGISTER = (
    "Date,Time,Patient,Quantity (vials),Balance in stock,Given by,Witnessed by\n"
    "10/11/2026,07:45,Received from pharmacy,+10,10,R. Achebe,T. Quinn\n"
    "10/11/2026,21:20,Bed 2,1,9,Owen Pryce,T. Quinn\n"
    "11/11/2026,01:05,Bed 2,1,8,Owen Pryce,\n"
    "11/11/2026,23:40,Bed 6,1,{after},Owen Pryce,\n"
    "12/11/2026,08:15,Bed 6,1,{last},R. Achebe,T. Quinn\n"
)
_STATEMENT = (
    "WITNESS STATEMENT OF OWEN PRYCE\n"
    "1. I work nights on Ward 3.\n"
    "2. Every controlled drug I have given was witnessed by a second registered nurse.\n"
    "3. I was on annual leave from 12 November to 15 November 2026.\n"
    "Signed: Owen Pryce   Date: 20 November 2026\n"
)
_ROTA = (
    "Staff member,Wed 11/11/2026,Thu 12/11/2026,Fri 13/11/2026\n"
    "Owen Pryce,N,{thursday},AL\n"
    "Rita Achebe,D,D,D\n"
)


async def _docs(
    tmp: Path, after: str = "7", last: str = "5", thursday: str = "N"
) -> list[EvidenceDoc]:
    return [
        await text_doc(
            tmp, "cd_register.csv", _REGISTER.format(after=after, last=last), "text/csv"
        ),
        await text_doc(tmp, "statement_pryce.txt", _STATEMENT),
        await text_doc(tmp, "rota.csv", _ROTA.format(thursday=thursday), "text/csv"),
    ]


async def test_the_running_count_of_a_stock_register(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    [jump] = [a for a in financial.anomalies if a.kind == "balance_break"]
    assert "the balance 5 does not follow from 7" in jump.description
    assert jump.sources[0].row == 5
    financial, _ = run(FinancialOutput, await _docs(tmp_path, last="6"))
    assert not [a for a in financial.anomalies if a.kind == "balance_break"]


async def test_entries_with_no_witness_against_every_one_witnessed(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    [unchecked] = [f for f in evidence.findings if f.finding_type == "unchecked_entries"]
    assert unchecked.title == "2 entries by Owen Pryce with no witnessed by"
    found = synthesis_of(await _docs(tmp_path)).contradictions
    [every] = [c for c in found if c.claim.startswith("Every controlled drug")]
    assert every.severity == "HIGH"
    assert [r.row for r in every.evidence_against] == [3, 4]


async def test_leave_claimed_on_a_night_the_rota_has_him_on(tmp_path: Path) -> None:
    found = synthesis_of(await _docs(tmp_path)).contradictions
    [leave] = [c for c in found if c.claim.startswith("I was on annual leave")]
    assert "on shift on 2026-11-12 (Thu 12/11/2026: N)" in leave.explanation
    found = synthesis_of(await _docs(tmp_path, thursday="AL")).contradictions
    assert not [c for c in found if c.claim.startswith("I was on annual leave")]


async def test_a_years_long_claim_is_corroborated_by_records_of_the_period(tmp_path: Path) -> None:
    """ "I have worked on Ward 3 since 2021" runs from 2021 to the statement's day, and what
    would bear it out is employment records, not CCTV of a moment."""
    statement = await text_doc(
        tmp_path,
        "statement.txt",
        "WITNESS STATEMENT OF OWEN PRYCE\n1. I have worked on Ward 3 since 2021.\n"
        "Signed: Owen Pryce   Date: 20 November 2026\n",
    )
    evidence, _ = run(EvidenceOutput, [statement])
    [claim] = evidence.sworn_claims
    assert claim.claimed_time == "2021-01-01T00:00:00/2026-11-20T23:59:59"
    [gap] = synthesis_of([statement]).evidence_gaps
    assert "employment, payroll, tenancy or registration records" in gap.recommendation
    assert "CCTV" not in gap.recommendation


async def test_a_stock_check_written_out_gives_its_variance(tmp_path: Path) -> None:
    """ "Morphine sulphate 10mg ampoules: register balance 14, physical count 12." is two short;
    a line whose count agrees is no variance."""
    check = await text_doc(
        tmp_path,
        "stock_check.txt",
        "WARD 3 - CONTROLLED DRUGS STOCK CHECK\nDate: 12 November 2026\n"
        "Morphine sulphate 10mg ampoules: register balance 14, physical count 12.\n"
        "Oxycodone 5mg capsules: register balance 28, physical count 28.\n",
    )
    evidence, _ = run(EvidenceOutput, [check])
    [variance] = [f for f in evidence.findings if f.finding_type == "stock_variance"]
    assert "1 line(s), 2 unit(s) short" in variance.title
    assert "Morphine sulphate 10mg ampoules -2" in variance.title
