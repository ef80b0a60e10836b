"""A meeting said held that its guest called off, written unlike the other cases: a sales
director's expense line "Client lunch - Orrin Textiles; Guests: Petra Vasquez" of 9 October and
his e-mail that "the lunch on 9 October with Petra Vasquez went well", against her message the
morning of it: "I'm afraid I can't make lunch today". A lunch she called off for another day,
or a lunch with someone else that day, contradicts nothing."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import email_doc, synthesis_of, text_doc

_EXPENSES = (
    "Date,Description,Guests,Amount (GBP)\n"
    "09/10/2026,Client lunch - Orrin Textiles,Petra Vasquez (Orrin Textiles),118.40\n"
    "09/10/2026,Client lunch - Dunmore Yarns,Ian Tovey (Dunmore Yarns),64.00\n"
)


async def _docs(tmp_path: Path, sent: str) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "expenses_october.csv", _EXPENSES, "text/csv"),
        await email_doc(
            tmp_path,
            "call_note.eml",
            {
                "From": "Felix Ambrose <felix.ambrose@hartwell.example>",
                "To": "Sales <sales@hartwell.example>",
                "Date": "Tue, 13 Oct 2026 17:30:00 +0100",
                "Subject": "Orrin Textiles",
            },
            "The lunch on 9 October with Petra Vasquez went well; she will sign in November.\n",
        ),
        await email_doc(
            tmp_path,
            "vasquez_message.eml",
            {
                "From": "Petra Vasquez <p.vasquez@orrintextiles.example>",
                "To": "Felix Ambrose <felix.ambrose@hartwell.example>",
                "Date": sent,
                "Subject": "Today",
            },
            "Felix, I'm afraid I can't make lunch today - our audit has overrun. Next week?\n",
        ),
    ]


async def test_a_lunch_called_off_for_another_day(tmp_path: Path) -> None:
    docs = await _docs(tmp_path, "Mon, 12 Oct 2026 08:05:00 +0100")
    assert not [c for c in synthesis_of(docs).contradictions if "called it off" in c.explanation]
