"""A payee nothing else in the evidence mentions needs its basis (contract, invoices) when it
was paid a material amount; a fare or a coffee on a card is routine spending and needs none."""

from pathlib import Path

from holmes_backend.contracts.agents import SynthesisOutput
from tests.llm.test_analysts_helpers import DOMAINS, email_doc, findings, run, text_doc

_CARD = (
    "Posted,Merchant,Town,Amount EUR\n"
    "02/09/2024,STADTWERKE TICKETAUTOMAT,GRAZ,2.40\n"
    "02/09/2024,BAECKEREI KORNSTUBE,GRAZ,3.85\n"
    "03/09/2024,STADTWERKE TICKETAUTOMAT,GRAZ,2.40\n"
    "04/09/2024,BAECKEREI KORNSTUBE,GRAZ,4.10\n"
    "05/09/2024,MURINSEL DIGITAL CONSULTING,GRAZ,3480.00\n"
)


async def test_a_firm_that_corresponds_from_its_own_domain_is_known(tmp_path: Path) -> None:
    card = await text_doc(tmp_path, "card_statement_sept.csv", _CARD, "text/csv")
    mail = await email_doc(
        tmp_path,
        "murinsel.eml",
        {
            "From": "Jana Kofler <j.kofler@murinsel-digital.at>",
            "To": "Office <office@kornstube.example>",
            "Date": "Fri, 06 Sep 2024 09:00:00 +0200",
            "Subject": "Workshop follow-up",
        },
        "Thank you for yesterday's workshop.\n",
    )
    blocks = [findings(name, run(schema, [card, mail])[0]) for name, schema in DOMAINS]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    # Its consultant wrote from murinsel-digital.at: there is correspondence with the payee.
    assert not [g for g in synthesis.evidence_gaps if g.element.startswith("Basis for")]


async def test_a_domain_running_the_firms_words_together_is_its_own(tmp_path: Path) -> None:
    bank = await text_doc(
        tmp_path,
        "client_bank.csv",
        "Date,Payee,Reference,Amount\n2026-08-26,HALLAM & REEVE LLP,COMPLETION,-51430.00\n",
        "text/csv",
    )
    mail = await email_doc(
        tmp_path,
        "completion.eml",
        {
            "From": "Louise Hallam <l.hallam@hallamreeve.co.uk>",
            "To": "v.patel@example.com",
            "Date": "Fri, 28 Aug 2026 13:05:00 +0100",
            "Subject": "Completion",
        },
        "We received your balance of GBP 51,430.00 on 26 August.\n",
    )
    blocks = [findings(name, run(schema, [bank, mail])[0]) for name, schema in DOMAINS]
    synthesis, _ = run(SynthesisOutput, [], blocks=blocks)
    # The solicitors wrote from hallamreeve.co.uk about the payment: it has its basis.
    assert not [g for g in synthesis.evidence_gaps if g.element.startswith("Basis for")]


_CLUB_BANK = (
    "Date,Payee,Reference,Amount\n"
    "2026-03-05,Coastline Marine Ltd,INV 3321 boat repair,-1240.00\n"
    "2026-03-10,Membership,Subscriptions,3600.00\n"
    "2026-03-28,Harbour Authority,Mooring Q2,-450.00\n"
)
_ONE_LINE_INVOICE = (
    "COASTLINE MARINE LTD\n"
    "Invoice 3321\n"
    "Date: 24 February 2026\n"
    "To: Harbourside Rowing Club\n"
    "Repair to coxless four hull and rigger replacement: GBP 1,240.00\n"
    "Payment terms: 30 days\n"
)


async def test_mostly_payments_with_one_refund_stay_payments(tmp_path: Path) -> None:
    """A list of positive payments with one negative figure: the positives went out."""
    ledger = await text_doc(
        tmp_path,
        "expenses.csv",
        "Date,Payee,Amount\n"
        "2026-01-04,Rail Europe,120.00\n"
        "2026-01-09,Hotel Lumen,340.00\n"
        "2026-01-11,Hotel Lumen,-40.00\n",
        "text/csv",
    )
    financial, _ = run(DOMAINS[0][1], [ledger])
    assert [(t.from_party, t.to_party) for t in financial.transactions[:2]] == [
        (None, "Rail Europe"),
        (None, "Hotel Lumen"),
    ]
