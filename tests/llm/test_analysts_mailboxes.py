"""An e-mail written from or to a shared mailbox ("Bookings", "Accounts Payable", a firm's
desk) names no person: its event's people and the graph's persons are the people only."""

from pathlib import Path

import pytest

from holmes_backend.analysis.facts.names import mailbox
from holmes_backend.contracts.agents import EvidenceOutput, GraphOutput
from tests.llm.test_analysts_helpers import email_doc, findings, run


@pytest.mark.parametrize(
    "name",
    ["Bookings", "Accounts Payable", "Guest Relations", "HR", "Info Desk", "Payroll",
     "Larchmont Reservations", "Tessaly Billing", "Hôtel Mirabeau", "Halvard Marine AS"],
)  # fmt: skip
def test_desks_firms_and_venues_are_mailboxes(name: str) -> None:
    assert mailbox(name)


@pytest.mark.parametrize(
    "name", ["Tomasz Nowak", "Dana Hall", "Eleanor Park", "Mark Sales", "Ingrid", "Nowak, Tomasz"]
)
def test_people_are_no_mailboxes(name: str) -> None:
    assert not mailbox(name)


async def test_an_e_mail_event_names_its_people_not_its_mailboxes(tmp_path: Path) -> None:
    mail = await email_doc(
        tmp_path,
        "booking.eml",
        {
            "From": "Bookings <bookings@larchmont-inn.example>",
            "To": "Tomasz Nowak <t.nowak@halvard.example>",
            "Cc": "Accounts Payable <ap@halvard.example>, Larchmont Reservations "
            "<res@larchmont-inn.example>, Dana Hall <d.hall@halvard.example>",
            "Date": "Mon, 07 Oct 2024 09:30:00 +0100",
            "Subject": "Your stay of 2 October",
        },
        "Dear Mr Nowak,\n\nWe confirm that no stay was recorded under your name.\n",
    )
    evidence, _ = run(EvidenceOutput, [mail])
    sent = [e for e in evidence.events if e.description.startswith("E-mail from")]
    assert [e.people for e in sent] == [["Tomasz Nowak", "Dana Hall"]]

    graph, _ = run(GraphOutput, [mail], blocks=[findings("evidence", evidence)])
    persons = {e.name for e in graph.entities if e.type == "person"}
    assert {"Tomasz Nowak", "Dana Hall"} <= persons
    assert not persons & {"Bookings", "Accounts Payable", "Larchmont Reservations"}
