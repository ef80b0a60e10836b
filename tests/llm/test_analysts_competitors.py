"""Competitors agreeing their prices, written unlike the other cases: a declaration whose
declarant gives their post between name and verb ("I, Ines Ferraz, Commercial Director of Salinor
SA, declare as follows"), a rival named by one word that only its mail domain spells out, a
denied trip against the declarant's own expense rows there, and a dated tariff that is no
payment."""

from email.message import EmailMessage
from pathlib import Path

from holmes_backend.contracts.agents import EvidenceOutput, FinancialOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, run, text_doc

_DECLARATION = (
    "DECLARATION TO THE NATIONAL COMPETITION AUTHORITY\n"
    "I, Ines Ferraz, Commercial Director of Salinor SA, declare as follows:\n"
    "1. I have never discussed tariffs with any other supplier, including Halitex.\n"
    "2. I did not travel to Valladolid in October 2025.\n"
)
_EXPENSES = (
    "Date,Employee,Item,Location,Amount EUR\n"
    "2025-10-14,Ines Ferraz,Hotel one night,Valladolid,138.00\n"
    "2025-10-15,Ines Ferraz,Train ticket,Valladolid,61.40\n"
    "2025-11-03,Ines Ferraz,Parking,Porto,12.00\n"
)
_TARIFF = (
    "Supplier,Product,Effective from,Price EUR per tonne\n"
    "Salinor SA,Road salt,2025-12-01,74.50\n"
    "Halitex SL,Road salt,2025-12-01,74.50\n"
)


async def _mail(tmp_path: Path) -> EvidenceDoc:
    mail = EmailMessage()
    mail["From"] = "Duarte Velho <d.velho@halitex.es>"
    mail["To"] = "Ines Ferraz <ines.ferraz@salinor.pt>"
    mail["Date"] = "Thu, 16 Oct 2025 18:02:00 +0200"
    mail["Subject"] = "winter"
    mail.set_content("As agreed over dinner: 74.50 from December for both of us.\n")
    path = tmp_path / "velho_to_ferraz.eml"
    path.write_bytes(bytes(mail))
    return await load(path, "message/rfc822")


async def _docs(tmp_path: Path) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "declaration_ferraz.txt", _DECLARATION),
        await text_doc(tmp_path, "expenses_ferraz.csv", _EXPENSES, "text/csv"),
        await text_doc(tmp_path, "tariffs.csv", _TARIFF, "text/csv"),
        await _mail(tmp_path),
    ]


async def test_the_declarant_speaks_though_her_post_comes_first(tmp_path: Path) -> None:
    evidence, _ = run(EvidenceOutput, await _docs(tmp_path))
    mine = [c for c in evidence.sworn_claims if c.source.file_id == "declaration_ferraz"]
    assert {c.speaker for c in mine} == {"Ines Ferraz"}
    assert len(mine) == 2


async def test_a_tariff_from_a_day_on_is_no_payment(tmp_path: Path) -> None:
    financial, _ = run(FinancialOutput, await _docs(tmp_path))
    assert {t.source.file_id for t in financial.transactions} == {"expenses_ferraz"}
