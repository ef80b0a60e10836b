"""A payroll register (sort codes, no currency) and the payroll officer's interview: the
investigator's questions labelled with his name, her word that no one else is paid into her
account against the register paying a new starter into it."""

from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_REGISTER = (
    "Staff ID,Employee name,Start date,Sort code,Account number,Gross pay,Tax,Net pay\n"
    "P-014,Hamish Urquhart,03/03/2017,83-19-40,11029384,3105.00,512.10,2592.90\n"
    "P-022,Oonagh Brennan,17/08/2020,90-21-55,66310020,2980.00,488.70,2491.30\n"
    "P-031,Tadhg Moran,12/01/2026,90-21-55,66310020,2980.00,488.70,2491.30\n"
)
_INTERVIEW = (
    "Record of interview with Oonagh Brennan, payroll officer\n"
    "Date: 2 March 2026\n"
    "D. Achterberg: Do you know Tadhg Moran?\n"
    "O. Brennan: I have never heard of him.\n"
    "D. Achterberg: Whose account is 66310020?\n"
    "O. Brennan: That is my own current account. Nobody else is paid into it.\n"
)
_TRANSFERS = "Date,From,To,Amount\n14/01/2026,Oonagh Brennan,Tadhg Moran,150.00\n"


async def test_him_in_an_answer_is_whom_the_labelled_question_named(tmp_path: Path) -> None:
    interview = await text_doc(tmp_path, "interview_brennan.txt", _INTERVIEW)
    evidence, _ = run(EvidenceOutput, [interview])
    [claim] = [c for c in evidence.sworn_claims if "heard of" in c.claim]
    assert claim.claim == "I have never heard of him [Tadhg Moran]."
    docs = [interview, await text_doc(tmp_path, "transfers.csv", _TRANSFERS, "text/csv")]
    [denied] = [c for c in synthesis_of(docs).contradictions if "heard of" in c.claim]
    assert denied.explanation.startswith("O. Brennan denies contact with Tadhg Moran")
    assert [(r.file_id, r.row) for r in denied.evidence_against] == [("transfers", 1)]
