"""Never had it before: a claimant's "I have never had any knee problems before the fall" and a
"No" to "Have you ever been treated for depression?" against the dated entries of her own
medical record; entries after the day, another patient's record and an entry that names the
knee in no health matter say nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_STATEMENT = (
    "STATEMENT OF CLAIMANT - Ingrid Solberg\n"
    "Date: 30 September 2025\n"
    "1. On 12 August 2025 I slipped on a wet floor at Fjordside Market and fell on my left knee.\n"
    "2. I have never had any knee problems before the fall.\n"
    "I believe that the facts stated in this statement are true.\n"
)
_PROPOSAL = (
    "Travel insurance medical declaration\n"
    "Name: Ingrid Solberg\n"
    "Have you ever been treated for depression?\n"
    "No\n"
    "Have you been diagnosed with any heart condition?\n"
    "No\n"
    "I declare that the answers above are true and complete.\n"
    "Signed: Ingrid Solberg\n"
)
_RECORD = (
    "Lakeview Health Centre - record extract\n"
    "Patient: Ingrid Solberg   Date of birth: 7 May 1981\n"
    "{entries}"
)
_ENTRIES = (
    "03/02/2021  Dr H. Vik   Right knee pain after skiing, referred for MRI.\n"
    "14/09/2022  Physio   Patellar tendinopathy, exercises given.\n"
    "17/06/2023  Dr H. Vik   Depression, sertraline prescribed, review in 4 weeks.\n"
    "22/11/2024  Physio   Knee strengthening programme, 4 sessions.\n"
    "20/08/2025  Dr H. Vik   Left knee swelling after fall at supermarket.\n"
)


async def _docs(tmp: Path, record: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp, "statement_solberg.txt", _STATEMENT),
        await text_doc(tmp, "medical_declaration.txt", _PROPOSAL),
        await text_doc(tmp, "gp_record_solberg.txt", record),
    ]


async def test_only_later_or_other_entries_say_nothing(tmp_path: Path) -> None:
    later = "20/08/2025  Dr H. Vik   Left knee swelling after fall at supermarket.\n"
    unrelated = "03/02/2021  Reception   Parking permit renewed; knee-high boots left at desk.\n"
    record = _RECORD.format(entries=later + unrelated)
    assert not [
        c
        for c in synthesis_of(await _docs(tmp_path, record)).contradictions
        if c.claim_source.file_id in ("statement_solberg", "medical_declaration")
    ]
    someone_else = _RECORD.format(entries=_ENTRIES).replace("Ingrid Solberg", "Astrid Berg")
    docs = await _docs(tmp_path, someone_else)
    docs[2] = await text_doc(tmp_path, "gp_record_berg.txt", someone_else)
    assert not [
        c
        for c in synthesis_of(docs).contradictions
        if c.claim_source.file_id in ("statement_solberg", "medical_declaration")
    ]
