"""Trading ahead of news, and a witness who says he knew nothing: a takeover announced on the ASX,
a client's purchases of the target's shares in the fortnight before and his sale after, text
messages with the target's director whose numbers a carrier's return names, and his statement
that he first heard of the takeover when it was announced and has not spoken with her since
January. Message records are evidence, not a contract (their "Called party" column repeats)."""

from pathlib import Path

from holmes_backend.contracts.agents import TriageResult
from tests.llm.test_analysts_helpers import run, synthesis_of, text_doc

_RELEASE = (
    "ASX ANNOUNCEMENT\n"
    "14 March 2024\n"
    "Tasman Resources to acquire Kestrel Minerals Ltd (ASX: KMN) by scheme of arrangement\n"
    "Kestrel Minerals Ltd today announced that it has entered into a scheme implementation "
    "deed with Tasman Resources under which Tasman will acquire all Kestrel shares for "
    "A$2.90 cash per share.\n"
)
_TRADES = (
    "Client,Buy/Sell,Stock,Units,Price,Consideration,Trade date\n"
    "Declan Pryce,B,KMN,40000,1.62,64800.00,2024-03-04\n"
    "Declan Pryce,B,KMN,25000,1.66,41500.00,2024-03-11\n"
    "Declan Pryce,B,BHP,300,44.10,13230.00,2024-03-05\n"
    "Declan Pryce,B,KMN,5000,1.48,7400.00,2024-01-02\n"
    "Declan Pryce,S,KMN,70000,2.84,198800.00,2024-03-15\n"
)
_MESSAGES = (
    "Start,Calling party,Called party,Service\n"
    "2024-02-29 22:14,+61 412 555 301,+61 412 555 988,SMS\n"
    "2024-03-01 07:02,+61 412 555 988,+61 412 555 301,SMS\n"
    "2024-03-10 20:40,+61 412 555 301,+61 412 555 988,Voice\n"
)
_CARRIER = (
    "Subscriber details provided by Austral Mobile on 2 May 2024.\n"
    "+61 412 555 301 is registered to Ruth Calloway.\n"
    "+61 412 555 988 is registered to Declan Pryce.\n"
)
_STATEMENT = (
    "STATEMENT OF DECLAN PRYCE\n"
    "Date: 20 May 2024\n"
    "1. I have been a client of Harbourline Securities since 2019.\n"
    "2. I first heard about the takeover of Kestrel when it was announced on 14 March 2024.\n"
    "3. I have not spoken with Ruth Calloway since January 2024.\n"
)


async def _docs(tmp_path: Path) -> list:
    return [
        await text_doc(tmp_path, "asx_release_kmn.txt", _RELEASE),
        await text_doc(tmp_path, "contract_notes_pryce.csv", _TRADES, "text/csv"),
        await text_doc(tmp_path, "messages_0412555988.csv", _MESSAGES, "text/csv"),
        await text_doc(tmp_path, "austral_subscribers.txt", _CARRIER),
        await text_doc(tmp_path, "statement_pryce.txt", _STATEMENT),
    ]


async def test_message_records_are_evidence(tmp_path: Path) -> None:
    triage, _ = run(TriageResult, await _docs(tmp_path))
    messages = next(f for f in triage.files if f.file_id == "messages_0412555988")
    assert messages.primary_domain == "evidence"
    assert messages.domain_scores.legal < 0.4


async def test_a_denial_since_a_date_leaves_earlier_contact(tmp_path: Path) -> None:
    docs = [
        await text_doc(tmp_path, "messages_0412555988.csv", _MESSAGES, "text/csv"),
        await text_doc(tmp_path, "austral_subscribers.txt", _CARRIER),
        await text_doc(
            tmp_path,
            "statement_pryce.txt",
            _STATEMENT.replace("since January 2024", "since 5 March 2024"),
        ),
    ]
    synthesis = synthesis_of(docs)
    [spoke] = [c for c in synthesis.contradictions if "denies contact" in c.explanation]
    assert [s.row for s in spoke.evidence_against] == [3]  # the call of 10 March only
