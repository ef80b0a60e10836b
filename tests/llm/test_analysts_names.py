"""Names: roles, businesses and headings are not people; thin dated items get their sentence."""

import pytest

from holmes_backend.agents.schemas import LegalOutput
from holmes_backend.llm.local.domains.legal import analyse_legal
from holmes_backend.llm.local.domains.resolution import Resolver
from holmes_backend.llm.local.facts.names import classify, find_names, kind_of, not_a_person
from holmes_backend.llm.local.facts.text import around, is_thin
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
