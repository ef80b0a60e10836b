"""A claimant's word that no one else lives at their home, against records placing another
adult there (domains.households).

A household declaration answering "No" to whether anyone else lives with the applicant, against
a utility's account register and a vehicle registration at her address; a discount form's "Yes"
to being the only adult at the property, against an electoral roll naming electors by surname and
forenames in two columns."""

from pathlib import Path

from holmes_backend.llm.evidence import EvidenceDoc
from holmes_backend.llm.local.domains.evidence import analyse_evidence
from holmes_backend.llm.local.domains.households import RESIDENT_ON_RECORD, address_key
from tests.llm.test_analysts_helpers import synthesis_of, text_doc

_DECLARATION = (
    "HOUSEHOLD DECLARATION - FOOD ASSISTANCE PROGRAM\n"
    "Applicant: Tamsin Okoro\n"
    "Address: 2210 Alder Street, Apt 4, Fresno, CA 93721\n"
    "Does anyone else live with you? No\n"
    "Number of children in the household: 1\n"
    "I certify that the information on this form is true and correct.\n"
    "Signed: Tamsin Okoro  Date: 2 June 2026\n"
)
_ACCOUNTS = (
    "Account holder,Service address,Account opened,Account closed\n"
    "Marcus Bell,2210 Alder Street Apt 4 Fresno CA 93721,2025-08-14,\n"
    "Ruth Anand,2212 Alder Street Fresno CA 93721,2019-01-30,\n"
    "Omar Velez,2210 Alder Street Apt 4 Fresno CA 93721,2017-03-01,2022-11-30\n"
)
_REGISTRATION = (
    "VEHICLE REGISTRATION RECORD\n"
    "Plate: 8KTR214\n"
    "Registered owner: Marcus Bell\n"
    "Owner address: 2210 Alder Street, Apt 4, Fresno, CA 93721\n"
)
_SCHOOL = (
    "Student,Home address,Grade\n"
    "Jaden Okoro (son of Tamsin Okoro),2210 Alder Street Apt 4 Fresno CA 93721,3\n"
)


async def _case(tmp_path: Path, *records: tuple[str, str, str]) -> list[EvidenceDoc]:
    docs = [await text_doc(tmp_path, "declaration.txt", _DECLARATION)]
    return docs + [await text_doc(tmp_path, name, text, mime) for name, text, mime in records]


def test_addresses_in_one_spelling() -> None:
    assert address_key("2210 Alder Street, Apt 4, Fresno, CA 93721") == ("2210", "alder", "93721")
    assert address_key("14 Birch Close Hexley HX4 2PL") == ("14", "birch", "HX42PL")
    assert address_key("Flat 2, 9 Elm Street") == ("9", "elm", "")
    assert address_key("Apartment above the shop") is None


async def test_another_adult_on_two_records_at_her_address(tmp_path: Path) -> None:
    docs = await _case(
        tmp_path,
        ("utility_accounts.csv", _ACCOUNTS, "text/csv"),
        ("registration.txt", _REGISTRATION, "text/plain"),
        ("school_roll.csv", _SCHOOL, "text/csv"),
    )
    residents = [
        f.title
        for f in analyse_evidence(docs).output.findings
        if f.finding_type == RESIDENT_ON_RECORD
    ]
    assert "Marcus Bell at 2210 Alder Street Apt 4 Fresno CA 93721" in residents
    assert "Ruth Anand at 2212 Alder Street Fresno CA 93721" in residents
    assert not [r for r in residents if r.startswith("Omar Velez")]
    assert "Marcus Bell at 2210 Alder Street, Apt 4, Fresno, CA 93721" in residents
    [against] = synthesis_of(docs).contradictions
    assert against.claim.startswith("No [asked: ")
    assert against.claim.endswith("Does anyone else live with you?]")
    assert against.severity == "HIGH"
    assert "Tamsin Okoro says no one else lives at their home" in against.explanation
    # Marcus Bell on both records; not the neighbour next door, nor her son, nor the holder
    # whose account there closed years ago.
    assert "records place Marcus Bell there" in against.explanation
    assert {ref.file_id for ref in against.evidence_against} == {
        "utility_accounts",
        "registration",
    }


async def test_her_son_alone_at_the_address_is_no_contradiction(tmp_path: Path) -> None:
    docs = await _case(tmp_path, ("school_roll.csv", _SCHOOL, "text/csv"))
    assert synthesis_of(docs).contradictions == []


async def test_only_adult_affirmed_against_the_electoral_roll(tmp_path: Path) -> None:
    form = (
        "COUNCIL TAX SINGLE PERSON DISCOUNT - APPLICATION\n"
        "Name: Rhys Calloway\n"
        "Address: 7 Quarry Lane, Ashby Wold, AW3 9QT\n"
        "Are you the only adult (aged 18 or over) living at the property? Yes\n"
        "I declare that the information I have given on this form is true and complete.\n"
        "Signed: R. Calloway   Date: 4 April 2026\n"
    )
    roll = (
        "Ward,Property,Elector surname,Elector forenames,Entry date\n"
        "Quarry,5 Quarry Lane Ashby Wold AW3 9QT,Pike,Harold,2015-02-01\n"
        "Quarry,7 Quarry Lane Ashby Wold AW3 9QT,Calloway,Rhys,2018-06-10\n"
        "Quarry,7 Quarry Lane Ashby Wold AW3 9QT,Lindqvist,Maja,2025-11-03\n"
    )
    docs = [
        await text_doc(tmp_path, "discount_form.txt", form),
        await text_doc(tmp_path, "electoral_roll.csv", roll, "text/csv"),
    ]
    [against] = synthesis_of(docs).contradictions
    assert against.claim == (
        "Yes [asked: Are you the only adult (aged 18 or over) living at the property?]"
    )
    assert against.severity == "MEDIUM"
    assert "records place Maja Lindqvist there" in against.explanation
    assert [ref.row for ref in against.evidence_against] == [3]


_CLAIMANT = (
    "RECORD OF INTERVIEW\n"
    "Interviewee: Marta Kowalczyk\n"
    "Address: 9 Alder Court, Swindon SN3 4QT\n"
    "Date: 2 March 2026\n"
    "Q: Who is Piotr Zielinski?\n"
    "A: He is the father of my daughter.\n"
    "Q: Where does he live?\n"
    "A: He lives in Bristol with his brother.\n"
)


def _register(address: str) -> str:
    return (
        "Elector name,Address,Entered\n"
        'Marta Kowalczyk,"9 Alder Court, Swindon SN3 4QT",2020-05-01\n'
        f'Piotr Zielinski,"{address}",2024-09-12\n'
    )


async def test_where_another_adult_lives_against_records_at_her_home(tmp_path: Path) -> None:
    keeper = (
        "VEHICLE KEEPER RECORD\n"
        "Registered keeper: Piotr Zielinski\n"
        "Keeper address: 9 Alder Court, Swindon SN3 4QT\n"
    )
    docs = [
        await text_doc(tmp_path, "interview_kowalczyk.txt", _CLAIMANT),
        await text_doc(
            tmp_path, "register.csv", _register("9 Alder Court, Swindon SN3 4QT"), "text/csv"
        ),
        await text_doc(tmp_path, "keeper_record.txt", keeper),
    ]
    [found] = [c for c in synthesis_of(docs).contradictions if "lives in Bristol" in c.claim]
    assert found.claim == "He [Piotr Zielinski] lives in Bristol with his brother."
    assert found.severity == "HIGH"  # two files
    assert "records place Piotr Zielinski at Marta Kowalczyk's home" in found.explanation
    # Registered at another address: nothing against her.
    docs[1] = await text_doc(
        tmp_path, "register.csv", _register("4 Quay Street, Bristol BS1 4DB"), "text/csv"
    )
    docs = docs[:2]
    assert not [c for c in synthesis_of(docs).contradictions if "lives in Bristol" in c.claim]
