"""Contact a firm reports: "I have not contacted Halden Foods since I left" against an e-mail
from an address at Halden saying the speaker "met us on 14 April". A message from elsewhere, or
one that reports meeting someone else, says nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_STATEMENT = (
    "Statement of Owain Pritchard\n"
    "1. I left Stourway Packaging on 31 March 2026.\n"
    "2. I have not contacted Halden Foods since I left.\n"
    "Signed: Owain Pritchard\n"
)


async def _docs(tmp: Path, sender: str, who: str = "Owain Pritchard") -> list[EvidenceDoc]:
    body = (
        f"Hello,\n\nFor your records: {who} from Crestline Trays met us on 14 April and "
        "offered better terms on our tray contract.\n\nRegards,\nMaria Lund\n"
    )
    return [
        await text_doc(tmp, "statement_pritchard.txt", _STATEMENT),
        await email_doc(
            tmp,
            "supplier_change.eml",
            {
                "From": f"Maria Lund <maria.lund@{sender}>",
                "To": "Purchasing <purchasing@stourway.example>",
                "Date": "Tue, 05 May 2026 10:12:00 +0100",
                "Subject": "Supplier change",
            },
            body,
        ),
    ]


async def test_elsewhere_or_someone_else_says_nothing(tmp_path: Path) -> None:
    assert synthesis_of(await _docs(tmp_path, "brightway.example")).contradictions == []
    other = await _docs(tmp_path, "haldenfoods.example", who="Sian Evans")
    assert synthesis_of(other).contradictions == []
