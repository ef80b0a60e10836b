"""An officer's interview against her broker's statement and her inbox: "I did not sell any
Halvorsen shares in May 2026" against the statement's row "Action: SELL; Security: HLVN Halvorsen
Marine" (its amount the net proceeds, not the price of one share); "I learned of the recall on
May 20, 2026" against the e-mail to her of May 11 whose second sentence names the recall. A sale
of another company's shares, or an e-mail after the day, contradicts nothing."""

from email.message import EmailMessage
from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import load, synthesis_of, text_doc

_INTERVIEW = (
    "INTERVIEW TRANSCRIPT\n\n"
    "Interviewee: Ingrid Solheim\n"
    "Date: July 1, 2026\n\n"
    "Q: Did you trade in May 2026?\n"
    "A: No. I did not sell any Halvorsen shares.\n"
    "Q: When did you hear about the recall?\n"
    "A: I learned of the recall on May 20, 2026, at the board meeting.\n"
)
_STATEMENT = (
    "Trade date,Account holder,Action,Security,Quantity,Price (USD),Net amount (USD)\n"
    "05/14/2026,Ingrid Solheim,SELL,{security},4000,31.50,125980.00\n"
)


async def _docs(
    tmp_path: Path, security: str = "HLVN Halvorsen Marine", sent: str = "11"
) -> list[EvidenceDoc]:
    mail = EmailMessage()
    mail["From"] = "Per Brekke <per.brekke@halvorsen.example>"
    mail["To"] = "Ingrid Solheim <ingrid.solheim@halvorsen.example>"
    mail["Date"] = f"Mon, {sent} May 2026 19:05:00 +0200"
    mail["Subject"] = "Quality update"
    mail.set_content(
        "Ingrid, the test results from the yard arrived this afternoon.\n\n"
        "We will have to announce a recall of the HX-4 pumps next week.\n"
    )
    path = tmp_path / "brekke_mail.eml"
    path.write_bytes(bytes(mail))
    return [
        await text_doc(tmp_path, "interview_solheim.txt", _INTERVIEW),
        await text_doc(
            tmp_path, "broker_statement.csv", _STATEMENT.format(security=security), "text/csv"
        ),
        await load(path, "message/rfc822"),
    ]


def _about(synthesis: SynthesisOutput, words: str) -> list[str]:
    return [c.explanation for c in synthesis.contradictions if words in c.claim]


async def test_another_company_or_a_later_mail_contradicts_nothing(tmp_path: Path) -> None:
    other = synthesis_of(await _docs(tmp_path, security="NRSK Norsk Hydro"))
    assert _about(other, "Halvorsen shares") == []
    later = synthesis_of(await _docs(tmp_path, sent="25"))
    assert _about(later, "learned of the recall") == []
