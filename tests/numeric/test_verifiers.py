"""The numeric verifiers on a model: small documents read together by one verifier, up to its
budget, each document once before its statements' figures; a relation a verifier proposes goes
to the table its stated figure sits in, even when two documents' statements share a title."""

from pathlib import Path

import pytest

from holmes_backend.agents.numeric import verify
from holmes_backend.llm.evidence import parse_blocks
from holmes_backend.numeric import engine
from holmes_backend.numeric.schemas import Relation
from tests.numeric.helpers import read

INVOICE = (
    "Description,Quantity,Unit Price,Amount\n"
    "Steel brackets,10,12.50,125.00\n"
    "Anchor bolts,4,50.00,200.00\n"
    "Total,,,{total}\n"
)


async def _extracted(tmp_path: Path) -> engine.Extracted:
    docs = []
    for name, total in (("first", "325.00"), ("second", "335.00")):
        path = tmp_path / name / "invoice.csv"  # the same file name: the same statement title
        path.parent.mkdir()
        path.write_text(INVOICE.format(total=total))
        docs.append(await read(path, "text/csv", name))
    return engine.extract(docs)


async def test_small_documents_share_one_verifier_on_a_model(tmp_path: Path) -> None:
    extracted = await _extracted(tmp_path)
    # Offline, and each document's verifier, as the engine's record: one per document.
    assert [{p.file_id for p in g} for g in verify.readings(extracted.plans, extracted, False)] == [
        {"first"},
        {"second"},
    ]
    [together] = verify.readings(extracted.plans, extracted, True)
    # Each document's table and narrative.
    assert [p.file_id for p in together] == ["first", "first", "second", "second"]
    sent = verify.parts(together, extracted)
    assert [s.startswith("--- DOCUMENT") for s in sent] == [True, False, False, True, False, False]
    # Each FIGURES block names its columns once; a row holds the figure as written.
    _, [block, *_], _ = parse_blocks("\n".join(sent))
    rows = [dict(zip(block.header["columns"], row, strict=True)) for row in block.data]
    assert {"id", "label", "written"} <= set(block.header["columns"])
    assert any(r["label"] == "Total" and r["written"] == "325.00" for r in rows)


async def test_documents_past_the_budget_get_verifiers_of_their_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    extracted = await _extracted(tmp_path)
    monkeypatch.setattr(verify, "VERIFIER_TOKENS", 50)
    assert len(verify.readings(extracted.plans, extracted, True)) == 2


async def test_a_proposed_relation_goes_to_the_table_of_its_stated_figure(tmp_path: Path) -> None:
    extracted = await _extracted(tmp_path)
    [together] = verify.readings(extracted.plans, extracted, True)
    # Both documents' tables share the title.
    assert together[0].table is not None
    assert together[0].name == together[2].name
    second_total = next(
        f for f in extracted.book.figures.values() if f.file_id == "second" and f.label == "Total"
    )
    relation = Relation(
        check_type="footing", expression=f"{second_total.id} = f1 + f2", subject="Total"
    )
    at = verify._statement_of(together[0].name, relation, together, extracted)
    assert together[at].file_id == "second"
