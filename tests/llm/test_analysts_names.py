"""Names: roles, businesses and headings are not people; thin dated items get their sentence."""

import pytest

from holmes_backend.analysis.domains.legal import analyse_legal
from holmes_backend.analysis.domains.people import person_mentions
from holmes_backend.analysis.domains.resolution import Resolver
from holmes_backend.analysis.facts.names import (
    classify,
    find_names,
    kind_of,
    not_a_person,
    same_party,
    strip_honorific,
    things_named,
)
from holmes_backend.analysis.facts.text import around, is_thin, units
from holmes_backend.contracts.agents import EvidenceOutput, LegalOutput
from holmes_backend.extraction.models import Chunk, Location
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import lines_doc, run


def _kinds(text: str) -> dict[str, str]:
    return {n.text: n.kind for n in find_names(text)}


@pytest.mark.parametrize(
    "role",
    ["Hearing Examiner", "Notary Public", "Court Reporter", "Claims Supervisor",
     "Chief Financial Officer", "Deputy Registrar", "Branch Manager"],
)  # fmt: skip
def test_roles_are_not_people(role: str) -> None:
    assert classify(role) != "person"
    assert not_a_person(role)
    assert role not in [n.text for n in find_names(f"The {role} attended the session.")]


def test_role_before_a_name_leaves_the_name() -> None:
    kinds = _kinds("Court Reporter Odile Franchetti swore in the witness.")
    assert kinds.get("Odile Franchetti") == "person"
    assert "Court Reporter" not in kinds
    kinds = _kinds("Present were Hearing Examiner Tobias Wrenfield and counsel.")
    assert kinds.get("Tobias Wrenfield") == "person"


@pytest.mark.parametrize("signal", ["See", "Cf.", "Unlike", "Compare", "Accord", "Contra"])
def test_a_citation_signal_is_not_a_given_name(signal: str) -> None:
    kinds = _kinds(f"{signal} Okonjo Baptiste, 512 U. S. 33 (1994), on the same point.")
    assert kinds.get("Okonjo Baptiste") == "person"
    assert not any(name.startswith(signal) for name in kinds)


@pytest.mark.parametrize(
    "business",
    ["Blue Heron Diner", "Northside Hardware Supply", "Copper Kettle Grill",
     "Marlow Street Print Shop", "Quayside Freight", "Ridgeback Logistics"],
)  # fmt: skip
def test_businesses_are_organisations(business: str) -> None:
    assert classify(business) == "organization"
    assert kind_of(business) == "organization"
    kinds = _kinds(f"On Friday the payment went to {business} in cash.")
    assert kinds.get(business) == "organization"


@pytest.mark.parametrize(
    "heading",
    ["Ohio Present", "Texas Total", "Nevada Summary", "Quarterly Page", "Oregon Date",
     "Exhibit Index"],
)  # fmt: skip
def test_headings_and_regions_are_not_people(heading: str) -> None:
    assert classify(heading) != "person"
    assert not_a_person(heading)
    assert "person" not in {n.kind for n in find_names(heading)}
    assert "person" not in {n.kind for n in find_names(f"{heading}: 14 entries")}


@pytest.mark.parametrize("name", ["Marisol Quennell", "Dr. Ansel Brigstock", "Lena van Doorn",
                                  "Hollis Brand", "J. Peverell"])  # fmt: skip
def test_real_names_still_people(name: str) -> None:
    assert not not_a_person(name)
    assert kind_of(name) == "person"


def test_resolver_drops_roles_and_headings_and_reclassifies_businesses() -> None:
    resolver = Resolver()
    for name in ["Court Reporter", "Hearing Examiner", "Ohio Present", "Texas Total"]:
        resolver.add(name)
        resolver.add(name, "person")
    resolver.add("Blue Heron Diner", "person")
    resolver.add("Northside Hardware Supply")
    resolver.add("Marisol Quennell", "person")
    resolver.add("Quennell")
    entities = {e.name: e.type for e in resolver.resolve()}
    assert entities == {
        "Blue Heron Diner": "organization",
        "Northside Hardware Supply": "organization",
        "Marisol Quennell": "person",
    }


def test_thin_descriptions() -> None:
    assert is_thin("Hale.")
    assert is_thin("by J. Roe")
    assert is_thin("on")
    assert not is_thin("Argued")
    assert not is_thin("Effective")
    assert not is_thin("Invoice approved by the controller")
    long = "Word " * 60 + "on March 3, 2021 " + "more " * 60
    start = long.index("March")
    window = around(long, start, start + len("March 3, 2021"))
    assert "March 3, 2021" in window
    assert len(window) <= 170


def test_thin_legal_date_takes_the_sentence() -> None:
    doc = lines_doc(
        "memo",
        "memo.txt",
        [
            "The lease renewal was countersigned by Ms. Okonkwo-Hale. "
            "On 4 March 2021 the landlord refused the keys.",
            "Thibodeaux, 12 May 2022, after the site visit to the depot.",
            "Argued 10 October 2019.",
        ],
    )
    dated = {d.date: d.description for d in analyse_legal([doc]).output.dates}
    assert dated["2021-03-04"] == "On 4 March 2021 the landlord refused the keys."
    assert "site visit" in dated["2022-05-12"]
    assert dated["2019-10-10"] == "Argued"
    output, _ = run(LegalOutput, [doc])
    assert all(len(d.description.split()) > 1 or d.description == "Argued" for d in output.dates)


# Entity typing by word class and by context. Every name here is invented for the test.


@pytest.mark.parametrize(
    "phrase",
    ["Host", "Guest", "Interviewer", "Unidentified female", "Unknown male", "Night Guard",
     "Second Speaker"],
)  # fmt: skip
def test_roles_and_descriptions_alone_are_nobody(phrase: str) -> None:
    assert not_a_person(phrase)
    resolver = Resolver()
    resolver.add(phrase, "person")
    resolver.add(phrase)
    assert resolver.resolve() == []


def test_surnames_that_are_role_words_stay_people() -> None:
    for name in ["Minna Driver", "Osric Guest", "Talbot Host"]:
        assert kind_of(name) == "person", name


@pytest.mark.parametrize(
    "body",
    ["Calloway Shipping's Board of Directors", "Board of Trustees", "Audit and Risk Committee",
     "Department of Harbour Works", "Tenders Committee", "Companies Registry",
     "Accounts Receivable", "Wexford CU"],
)  # fmt: skip
def test_organisational_bodies_are_organisations(body: str) -> None:
    assert classify(body) == "organization"
    kinds = _kinds(f"The invoice needed approval of {body}, which never met.")
    assert kinds.get(body) == "organization", kinds


def test_products_and_programmes_are_not_people() -> None:
    assert _kinds("Fuel was bought on Summit Fleet Cards each week.") == {
        "Summit Fleet Cards": "organization"
    }
    for programme in ["Vendor Onboarding Program", "Coastal Renewal Project", "Loyalty Scheme"]:
        assert classify(programme) != "person", programme
        assert "person" not in {n.kind for n in find_names(f"Spending under {programme} rose.")}


@pytest.mark.parametrize(
    ("text", "place"),
    [("Mail went to 42 Willowmere Rise, Dunmore.", "Willowmere Rise"),
     ("She lives at 7 Ashcombe Terrace.", "Ashcombe Terrace"),
     ("Depot: Elm Creek Village, near the ring road.", "Elm Creek Village"),
     ("Office at 1290 Quillan Heights, Suite 4", "Quillan Heights"),
     ("Receipts to PO Box 77, Harlow.", "PO Box")],
)  # fmt: skip
def test_streets_and_addresses_are_places(text: str, place: str) -> None:
    kinds = _kinds(text)
    assert kinds.get(place) == "place", kinds
    assert "person" not in kinds.values()


def test_a_year_or_a_day_before_a_name_is_no_house_number() -> None:
    assert _kinds("In 2023 Corwin Ashby resigned.") == {"Corwin Ashby": "person"}
    assert (
        _kinds("On March 9 Corwin Ashby resigned, effective at once.").get("Corwin Ashby")
        == "person"
    )


def test_a_place_shaped_name_given_a_role_is_a_person() -> None:
    kinds = _kinds("Present: Imogen Hall (Treasurer), Rafe Dunmore, Odile Lane (Chair).")
    assert kinds == {"Imogen Hall": "person", "Rafe Dunmore": "person", "Odile Lane": "person"}
    assert _kinds("Signed: Imogen Hall, Company Secretary").get("Imogen Hall") == "person"
    assert _kinds("Deliveries to Ferris Park, Leeds, on Monday.").get("Ferris Park") == "place"


def test_a_name_after_an_article_is_a_thing() -> None:
    text = "Payments above the Whitcombe Ceiling need a second signature."
    assert "Whitcombe Ceiling" not in _kinds(text)
    assert things_named(text) == ["Whitcombe Ceiling"]
    assert _kinds("Crews inspected the Harlan Summit pump station.") == {}
    assert _kinds('The cap (the "Outlay Limit") applies.') == {}
    assert _kinds("Hello Petra, thanks for the notes.") == {}


def test_common_words_without_a_given_name_are_no_name() -> None:
    text = (
        "The Court weighed Personal Achievement and Liberal Arts under Judicial Scrutiny, "
        "as Bill Price, Grant Hill, T. Brandt, Renee Ostrowski and Oluwaseun Adeyemi told it."
    )
    assert _kinds(text) == {
        "Bill Price": "person",  # common words, but "Bill" is a given name
        "Grant Hill": "person",
        "T. Brandt": "person",  # an initial stands for a given name
        "Renee Ostrowski": "person",
        "Oluwaseun Adeyemi": "person",  # no given name known, but not common English
    }


def test_citation_abbreviations_are_no_name() -> None:
    text = (
        "See Wygant v. Jackson Bd. of Ed., 476 U.S. 267; Tr. of Oral Arg. 12; 631 F. Supp. 2d 587."
    )
    assert _kinds(text) == {}


def _doc(file_id: str, mime: str, chunks: list[tuple[str, str | None]]) -> EvidenceDoc:
    return EvidenceDoc(
        file_id=file_id,
        filename=file_id,
        mime_type=mime,
        chunks=[
            Chunk(text=text, location=Location(line=n, section=section))
            for n, (text, section) in enumerate(chunks, 1)
        ],
    )


def test_headings_are_not_people_unless_named_elsewhere() -> None:
    page = _doc(
        "register.html",
        "text/html",
        [("Silver Anchor Tidings", "Silver Anchor Tidings"),
         ("Fleet Review", "Fleet Review"),
         ("Holder | Juniper Oakes", "Fleet Review"),
         ("Inspector Tamsin Varga", "Inspector Tamsin Varga"),
         ("Tamsin Varga signed the review on 2 May.", "Inspector Tamsin Varga")],
    )  # fmt: skip
    notes = lines_doc("notes", "notes.md", ["# Copper Lantern Gazette", "Filed by Juniper Oakes."])
    assert [u.text for u in units(page) if u.heading] == [
        "Silver Anchor Tidings", "Fleet Review", "Inspector Tamsin Varga"
    ]  # fmt: skip
    assert units(notes)[0].heading
    assert not units(notes)[1].heading
    people = {strip_honorific(m.name) for m in person_mentions([page, notes])}
    assert people == {"Juniper Oakes", "Tamsin Varga"}  # no "Silver Anchor Tidings"
    output, _ = run(EvidenceOutput, [page, notes])
    assert sorted(strip_honorific(p) for p in output.people) == ["Juniper Oakes", "Tamsin Varga"]


def test_a_defined_term_refers_to_the_party_not_its_address() -> None:
    unit = lines_doc(
        "supply",
        "supply.txt",
        ['This Supply Agreement (the "Agreement") is made between Pellham Rigging Ltd, a company '
         'with offices at 14 Quarry Lane, Dunmore ("Supplier"), and Odalys Ferrante ("Buyer").'],
    )  # fmt: skip
    parties = analyse_legal([unit]).output.parties
    assert "Pellham Rigging Ltd" in parties
    assert "Odalys Ferrante" in parties
    assert not any("Quarry" in p for p in parties), parties


def test_an_initial_and_a_place_word_is_a_person() -> None:
    # "Park", "Hill", "Ford" are places and surnames; with an initial they are people.
    assert classify("T. Meadow") == "person"
    assert classify("R. Park") == "person"
    assert classify("Ridgeline Park") == "place"


def test_vehicles_ranks_and_mutuals() -> None:
    assert find_names("the 2019 Toyota Camry and a Subaru Outback were seen") == []
    assert [(n.text, n.kind) for n in find_names("Hollins Mutual refused the claim")] == [
        ("Hollins Mutual", "organization")
    ]
    [officer] = find_names("DC Imogen Fairweather took the statement")
    assert strip_honorific(officer.text) == "Imogen Fairweather"
    assert [n.text for n in find_names("Ford Madox Ford wrote it")] == ["Ford Madox Ford"]


def test_a_log_s_surname_first_names_are_the_people_the_prose_names() -> None:
    resolver = Resolver()
    resolver.add("Marek Nowicki", "person")
    resolver.add("NOWICKI M", "person")  # a tachograph's driver
    resolver.add("Olivia Brennan", "person")
    resolver.add("BRENNAN Olivia", "person")  # an audit log's user: both words given names
    resolver.add("HUGHES Margaret", "person")  # named by the log alone
    people = {e.name: e.aliases for e in resolver.resolve()}
    assert people["Marek Nowicki"] == {"NOWICKI M"}
    assert people["Olivia Brennan"] == {"BRENNAN Olivia"}
    assert people["Margaret Hughes"] == {"HUGHES Margaret"}  # written as prose writes it


def test_a_surname_then_an_initial_is_the_person_of_that_surname_and_initial() -> None:
    # A tachograph's or a register's "NOWICKI M".
    assert same_party("NOWICKI M", "Marek Nowicki")
    assert same_party("M. Nowicki", "NOWICKI M")
    assert not same_party("NOWICKI M", "Jan Nowicki")
    assert not same_party("NOWICKI M", "Marek Kowalski")


@pytest.mark.parametrize(
    "text",
    [
        "Warehouse Operative, Night Shift",  # "Night" is a first name only rarely
        "Saw Nadeem's complaint yesterday.",  # a verb opening the sentence
        "Loader LD-14 (Dock 2) failed its inspection.",  # a thing's code
        "Pump P7 was switched off.",
    ],
)
def test_words_verbs_and_codes_are_no_person(text: str) -> None:
    assert [n for n in find_names(text) if n.kind == "person"] == []


def test_teams_are_organisations_and_name_like_words_stay_names() -> None:
    assert [(n.text, n.kind) for n in find_names("Sent to the Payroll Team today")] == [
        ("Payroll Team", "organization")
    ]
    assert kind_of("Bill Price") == "person"
    assert kind_of("Hope Talbot") == "person"


def test_a_firm_written_without_its_legal_form_is_the_firm() -> None:
    """ "Kessler Fenwright" beside "Kessler Fenwright GmbH" is the firm; "Anna Weber" beside
    "Anna Weber GmbH" stays the person (a given name first)."""
    resolver = Resolver()
    resolver.add("Kessler Fenwright GmbH", "organization")
    resolver.add("Kessler Fenwright", "person")
    resolver.add("Anna Weber GmbH", "organization")
    resolver.add("Anna Weber", "person")
    entities = sorted((e.name, e.type) for e in resolver.resolve())
    assert entities == [
        ("Anna Weber", "person"),
        ("Anna Weber GmbH", "organization"),
        ("Kessler Fenwright GmbH", "organization"),
    ]


def test_that_opens_a_clause_before_a_given_name() -> None:
    assert _kinds("We confirm that Ingrid Solberg is employed") == {"Ingrid Solberg": "person"}
    assert _kinds("He said that Maria Rossi left early") == {"Maria Rossi": "person"}
    assert _kinds("above that Spending Cap") == {}


@pytest.mark.parametrize(
    ("row", "place"),
    [
        ("Subscriber: Darren Whitlock; Cell location: Didcot Larkspur", "Didcot Larkspur"),
        ("Driver: Ann Lowe; Pick-up site: Hatton Cross", "Hatton Cross"),
        ("Location: Woolley Edge; Officer: Tom Reed", "Woolley Edge"),
    ],
)
def test_a_field_naming_a_kind_of_place_holds_a_place_not_a_person(row: str, place: str) -> None:
    kinds = _kinds(row)
    assert kinds[place] == "place"
    assert "person" in kinds.values()  # the row's person is still one


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # A city by its word last.
        ("Shipper: Tan Phat Agro Export Co., Ltd, Ho Chi Minh City", {"Ho Chi Minh City": "place"}),
        # A port's field holds a place.
        ("Port of loading: Cat Lai", {"Cat Lai": "place"}),
        # Words set columns apart are two things, not one name.
        (
            "Driver: Ann Lowe    Depot Manager: Tom Reed",
            {"Ann Lowe": "person", "Tom Reed": "person"},
        ),
    ],
)
def test_places_by_their_words(text: str, expected: dict[str, str]) -> None:
    kinds = _kinds(text)
    assert {k: v for k, v in kinds.items() if v != "organization" or k in expected} == expected


def test_firms_named_by_a_trade_in_the_plural() -> None:
    """ "Norland Parcels", "Bonsu Fabrics": firms; "John Mills" a man."""
    kinds = {
        n.text: n.kind
        for text in (
            "I drive for Norland Parcels.",
            "Invoice from Bonsu Fabrics",
            "I met John Mills at the depot.",
        )
        for n in find_names(text)
    }
    assert kinds == {
        "Norland Parcels": "organization",
        "Bonsu Fabrics": "organization",
        "John Mills": "person",
    }


def test_firms_and_practices_named_by_their_trade() -> None:
    """ "Pennine Electrical", "Fenland Medical Practice", "Tarn Engineering": firms; "Internal
    Audit" (an e-mail's display name) is a department, no one's name."""
    assert kind_of("Pennine Electrical") == "organization"
    assert kind_of("Fenland Medical Practice") == "organization"
    assert kind_of("Tarn Engineering") == "organization"
    assert kind_of("Internal Audit") != "person"
    assert kind_of("Priya Venkataraman") == "person"


def test_a_house_by_its_number() -> None:
    # A house number after "at", "to", "from": an address, even with no comma after it; not a
    # time before a given name ("at 9 Sarah Jones called").
    assert [(n.text, n.kind) for n in find_names("I was at 14 Larch Close all evening")] == [
        ("Larch Close", "place")
    ]
    assert [(n.text, n.kind) for n in find_names("At 9 Sarah Jones called me")] == [
        ("Sarah Jones", "person")
    ]


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Initials run together before a surname, with or without a particle.
        ("Naam / Omschrijving: J.P. de Groot", {"J.P. de Groot": "person"}),
        ("paid to A.K. Mensah on Friday", {"A.K. Mensah": "person"}),
        # Legal forms written with full stops, and the Swedish trading partnership.
        (
            "had gone to Koelman Installatietechniek B.V., settling",
            {"Koelman Installatietechniek B.V.": "organization"},
        ),
        ("Acme Holdings N.V. paid", {"Acme Holdings N.V.": "organization"}),
        ("to Öberg Fastighetsservice HB on", {"Öberg Fastighetsservice HB": "organization"}),
    ],
)
def test_dotted_initials_and_dotted_legal_forms(text: str, expected: dict[str, str]) -> None:
    assert _kinds(text) == expected
