"""Files known by opaque ids, as the pipeline knows them (a UUID each), not by their names:
what a rule reads of a file's name it reads from the case's file names, never from its id.
Written unlike the other cases: a cyclist's claim form saying the theft of her bicycle was
reported to the police "the same day", against the police log dated three days on."""

from pathlib import Path

from holmes_backend.agents.schemas import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import DOMAINS, findings, load, run

_FORM = (
    "CYCLE INSURANCE - THEFT CLAIM\n"
    "Name of insured: Greta Lindahl\n"
    "Date of theft: 14 August 2026\n"
    "My bicycle was taken from the rack outside Fenwick station on the evening of 14 August "
    "2026. I reported the theft to the police the same day.\n"
    "I declare that the information given is true and complete.\n"
    "Signed: Greta Lindahl   Date: 20 August 2026\n"
)
_LOG = (
    "NORTHUMBRIA POLICE - CRIME RECORD\n"
    "Reference: NP-2026-0817-4410\n"
    "Date and time of report: 17/08/2026 10:05\n"
    "Reporting person: Greta Lindahl\n"
)


async def _doc(tmp_path: Path, name: str, content: str, file_id: str) -> EvidenceDoc:
    path = tmp_path / name
    path.write_text(content, encoding="utf-8")
    return await load(path, "text/plain", file_id=file_id)


async def test_a_report_said_made_the_same_day_with_files_known_by_ids(tmp_path: Path) -> None:
    docs = [
        await _doc(tmp_path, "theft_claim_form.txt", _FORM, "3f2a9c1e-0001"),
        await _doc(tmp_path, "police_crime_record.txt", _LOG, "3f2a9c1e-0002"),
    ]
    blocks = [findings(name, run(schema, docs)[0]) for name, schema in DOMAINS]
    names = findings("files", {d.file_id: d.filename for d in docs}, "stage")
    synthesis, _ = run(SynthesisOutput, [], blocks=[*blocks, names])
    [late] = [c for c in synthesis.contradictions if "the same day" in c.explanation]
    assert late.claim_source.file_id == "3f2a9c1e-0001"
    assert [r.file_id for r in late.evidence_against] == ["3f2a9c1e-0002"]
    assert late.explanation.endswith("the record of it dates it 2026-08-17, 3 day(s) later.")
