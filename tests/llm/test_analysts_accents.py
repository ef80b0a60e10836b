"""Names written with accented letters of any Latin script are names; the same name with and
without its accents ("Agnès", "AGNES") is one party."""

from pathlib import Path

import pytest

from holmes_backend.analysis.domains.timeline import named_in, places_in
from holmes_backend.analysis.facts.names import (
    find_names,
    kind_of,
    name_key,
    reads_as_person,
    same_party,
    slug,
)
from holmes_backend.contracts.agents import GraphOutput
from tests.llm.test_analysts_helpers import lines_doc, run, text_doc


def _kinds(text: str) -> dict[str, str]:
    return {n.text: n.kind for n in find_names(text)}


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Agnès Ferrand signed the lease on Friday.", {"Agnès Ferrand": "person"}),
        ("Payment approved by Mikołaj Wójcik.", {"Mikołaj Wójcik": "person"}),
        ("Øystein Bråten and Íñigo Ibáñez attended.",
         {"Øystein Bråten": "person", "Íñigo Ibáñez": "person"}),
        ("Dr. Ödön Szűcs examined the claimant.", {"Dr. Ödön Szűcs": "person"}),
        ("The dinner was held at the Hôtel Mirabeau in Nice.", {"Hôtel Mirabeau": "place"}),
        ("Funds were wired to Société Lumière SARL.", {"Société Lumière SARL": "organization"}),
        ("Invoice from Ångström Optik GmbH attached.", {"Ångström Optik GmbH": "organization"}),
    ],
)  # fmt: skip
def test_accented_names_are_found_whole(text: str, expected: dict[str, str]) -> None:
    assert _kinds(text) == expected


def test_a_name_without_its_accents_is_the_same_party() -> None:
    assert same_party("Agnès Ferrand", "AGNES FERRAND")
    assert same_party("Mikołaj Wójcik", "Mikolaj Wojcik")
    assert name_key("Benoît Garnier") == name_key("Benoit Garnier")
    assert same_party("Société Lumière SARL", "SOCIETE LUMIERE SARL")
    assert not same_party("Agnès Ferrand", "Agnès Fournier")
    assert slug("Bartłomiej Krawczyk") == "bartlomiej-krawczyk"


def test_a_given_name_written_without_its_accent_is_still_a_given_name() -> None:
    # Card and bank records write names in capitals without accents ("BENOIT", "BARTLOMIEJ").
    assert reads_as_person("BENOIT GARNIER")
    assert reads_as_person("BARTLOMIEJ KRAWCZYK")
    assert reads_as_person("Benoît Garnier")
    assert kind_of("Hôtel Mirabeau") == "place"  # "hôtel" is the venue word "hotel"


async def test_one_person_in_the_graph_with_and_without_accents(tmp_path: Path) -> None:
    notes = lines_doc(
        "notes",
        "notes.txt",
        ["Mikołaj Wójcik approved the transfer.", "Agnès Ferrand questioned it."],
    )
    ledger = await text_doc(
        tmp_path,
        "ledger.csv",
        "Date,Payer,Payee,Amount\n2024-06-03,Halvard Marine AS,MIKOLAJ WOJCIK,7200\n",
        mime="text/csv",
    )
    graph, _ = run(GraphOutput, [notes, ledger])
    people = [e for e in graph.entities if e.type == "person"]
    wojcik = [e for e in people if e.name.lower().endswith("cik")]
    assert len(wojcik) == 1, wojcik
    assert wojcik[0].name == "Mikołaj Wójcik"
    assert "Agnès Ferrand" in {e.name for e in people}


def test_bookings_and_places_in_any_latin_script() -> None:
    assert named_in("Room 12 booked under Ørnsholt for two nights.") == ["Ørnsholt"]
    assert named_in("Guest: ÅSHEIM") == ["Åsheim"]
    assert places_in("The courier arrived at Évry at 14:05.") == ["Évry"]
