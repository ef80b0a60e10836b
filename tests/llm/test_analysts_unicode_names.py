"""A name or capitalised word that opens with a capital outside A-Z ("Élise", "Łukasz", "Ólöf",
"Ørsted", "Żak") is read wherever one in A-Z is: it opens a sentence or a field, it is a witness,
a speaker, a payee or an account's holder, a party to a contract, its governing law, a court and
a cited case, whom a denial names or an e-mail keeps out; and a surname or a firm written with
its accents in one record and without them in another ("LEFÈVRE", "LEFEVRE") is one party."""

from datetime import date
from pathlib import Path

from holmes_backend.analysis.domains.case import case_view
from holmes_backend.analysis.domains.clauses import governing_law
from holmes_backend.analysis.domains.parties import (
    contract_parties,
    labelled_parties,
    signatories,
)
from holmes_backend.analysis.domains.timeline import attribution
from holmes_backend.analysis.domains.triage import _profile
from holmes_backend.analysis.domains.xmlrecords import xml_parties
from holmes_backend.analysis.facts.dates import find_period
from holmes_backend.analysis.facts.text import first_sentence, is_thin, units, words
from holmes_backend.contracts.agents import (
    EvidenceOutput,
    FinancialOutput,
    LegalOutput,
)
from holmes_backend.llm.chat_context import read_question
from holmes_backend.llm.local.analysts.chat import _focus
from holmes_backend.llm.local.analysts.merge import town
from tests.llm.test_analysts_helpers import (
    email_doc,
    lines_doc,
    photo,
    run,
    synthesis_of,
    text_doc,
)


def test_a_sentence_may_open_with_any_latin_capital() -> None:
    doc = lines_doc(
        "minutes",
        "minutes.txt",
        [
            "The last invoices of the quarter were paid. Élise Durand then left the meeting. "
            "Łucja Brzęk took the chair! Øyvind Aasen seconded."
        ],
    )
    assert [u.text for u in units(doc)] == [
        "The last invoices of the quarter were paid.",
        "Élise Durand then left the meeting.",
        "Łucja Brzęk took the chair!",
        "Øyvind Aasen seconded.",
    ]
    assert first_sentence("Die Zahlung kam an. Übrigens fehlt der Beleg.") == "Die Zahlung kam an."
    # An initial is no end of a sentence, whatever its letter.
    assert first_sentence("Signed by É. Martin for the board. Filed the same day.") == (
        "Signed by É. Martin for the board."
    )


def test_a_surname_that_opens_like_a_month_is_no_month() -> None:
    told = date(2024, 6, 1)
    # "Novák", "Marín" and "Marçal" are names, not November and March.
    assert find_period("The statement of Novák was taken in the afternoon.", told) is None
    assert find_period("I stayed at the flat of Marín that night.", told) is None
    assert find_period("I was at home on 4 Marçal Street.", told) is None
    assert find_period("I was paid in Nov. 2023.", told) == (date(2023, 11, 1), date(2023, 11, 30))
    assert find_period("I was there on 4 Mar.", told) == (date(2024, 3, 4), date(2024, 3, 4))


def test_words_are_whole_in_any_latin_script() -> None:
    assert words("Überweisung an die Société Générale, Łódź") == [
        "überweisung",
        "an",
        "die",
        "société",
        "générale",
        "łódź",
    ]
    assert is_thin("Équipé.")  # one word that tells nothing, not "quip"


async def test_a_field_or_a_speakers_turn_opening_with_any_capital_is_a_line_of_its_own(
    tmp_path: Path,
) -> None:
    notes = await text_doc(
        tmp_path,
        "site_visit.txt",
        "Present at the inspection: Ingrid Halvorsen, Mikael Sørensen, Paolo Conti, Jonas Weber\n"
        "Ärende: 2024-117, heat pump installation at the Vasagatan depot in Uppsala\n",
    )
    assert [u.text for u in units(notes)] == [
        "Present at the inspection: Ingrid Halvorsen, Mikael Sørensen, Paolo Conti, Jonas Weber",
        "Ärende: 2024-117, heat pump installation at the Vasagatan depot in Uppsala",
    ]


async def test_a_witness_who_swears_under_a_name_in_any_latin_script(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_4.txt",
        "WITNESS STATEMENT\n"
        "I, Ólöf Sigurðardóttir, of Reykjavík, state as follows:\n"
        "1. On 3 May 2024 I was at the Hafnarfjörður depot from 18:00 until 22:00.\n"
        "2. I locked the gate myself before I went home.\n",
    )
    evidence, _ = run(EvidenceOutput, [statement])
    assert {c.speaker for c in evidence.sworn_claims} == {"Ólöf Sigurðardóttir"}
    # Headed by no witness line, the statement is hers by its "I, …, of …" alone.
    assert any(c.claim.startswith("I locked the gate") for c in evidence.sworn_claims)


async def test_interview_speakers_and_the_interviewee_in_any_latin_script(tmp_path: Path) -> None:
    interview = await text_doc(
        tmp_path,
        "interview_0612.txt",
        "INTERVIEW RECORD, 12 June 2024\n"
        "Interviewee: Łucja Brzęk\n"
        "ÅBERG: Where were you on the evening of 3 May 2024?\n"
        "ŻAK: I was at home in Gdańsk all evening.\n"
        "ÅBERG: Did you speak to anyone from the depot that night?\n"
        "ŻAK: No.\n",
    )
    evidence, _ = run(EvidenceOutput, [interview])
    claims = {c.claim: c.speaker for c in evidence.sworn_claims}
    assert claims["I was at home in Gdańsk all evening."] == "ŻAK"
    # The bare answer carries its question without the questioner's label.
    assert claims["No. [asked: Did you speak to anyone from the depot that night?]"] == "ŻAK"
    assert not any(c.startswith(("ŻAK:", "ÅBERG:")) for c in claims)

    memo = await text_doc(
        tmp_path,
        "memo.txt",
        "Interviewee: Émile Ågren\n"
        "Q: Did you sign the delivery note?\nA: I signed it at the depot on 14 May 2024.\n"
        "Q: Who else was there?\nA: I was alone at the depot that morning.\n",
    )
    evidence, _ = run(EvidenceOutput, [memo])
    assert {c.speaker for c in evidence.sworn_claims} == {"Émile Ågren"}


_STATEMENT = [
    "Nordbanken - Kontoutdrag",
    "Account holder: Åsa Öberg",
    "Date         Description                          Paid out     Paid in      Balance",
    "01 Mar 2025  Opening balance                                                2,980.40",
    "04 Mar 2025  Transfer to Łukasz Żak                 86.15                  2,894.25",
    "07 Mar 2025  ÅHLÉNS CITY 0412                       64.20                  2,830.05",
    "10 Mar 2025  Transfer from Örebro Kommun                        1,310.00    4,140.05",
    "12 Mar 2025  Card payment to ØLSTUEN BAR            45.00                  4,095.05",
    "31 Mar 2025  Closing balance                                                4,095.05",
]


async def test_a_statements_holder_and_payees_in_any_latin_script(tmp_path: Path) -> None:
    statement = await text_doc(tmp_path, "kontoutdrag_mars.txt", "\n".join(_STATEMENT) + "\n")
    financial, _ = run(FinancialOutput, [statement])
    moved = [(t.date, t.amount, t.from_party, t.to_party) for t in financial.transactions]
    assert moved == [
        ("2025-03-04", 86.15, "Åsa Öberg", "Łukasz Żak"),  # the name after the booking type
        ("2025-03-07", 64.2, "Åsa Öberg", None),  # a line that is only a name: no one read
        ("2025-03-10", 1310.0, "Örebro Kommun", "Åsa Öberg"),
        ("2025-03-12", 45.0, "Åsa Öberg", None),  # a name after "to" the parse does not find
    ]


async def test_a_holder_named_in_a_field_of_any_language_and_script(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "kontoauszug_april.txt",
        "Sparkasse Oberland - Kontoauszug\n"
        "Kontoinhaber: Özlem Şahin\n"
        "Datum       Buchungstext                        Betrag          Saldo\n"
        "01.04.2025  Anfangssaldo                                       5.120,00\n"
        "03.04.2025  Lastschrift Stadtwerke Rosenheim       132,40-      4.987,60\n"
        "08.04.2025  Rente Deutsche Rentenversicherung    1.480,00       6.467,60\n"
        "15.04.2025  Bargeldauszahlung Marienplatz          500,00-      5.967,60\n"
        "30.04.2025  Endsaldo                                           5.967,60\n",
    )
    financial, _ = run(FinancialOutput, [statement])
    # The field names her: no line says whose account it is otherwise.
    assert [t.to_party == "Özlem Şahin" for t in financial.transactions] == [False, True, False]
    assert all("Özlem Şahin" in (t.from_party, t.to_party) for t in financial.transactions)


async def test_an_invoice_billed_to_a_name_in_any_latin_script(tmp_path: Path) -> None:
    invoice = await text_doc(
        tmp_path,
        "invoice_2291.txt",
        "Rørlegger Dahl AS\nINVOICE No. RD-2291\n"
        "Bill to: Émile Ågren\nDate: 14 April 2025\n"
        "Replacement of boiler valve and call-out\n"
        "Total due: NOK 7,450.00\n",
    )
    financial, _ = run(FinancialOutput, [invoice])
    moved = [(t.amount, t.from_party, t.to_party) for t in financial.transactions]
    # "Bill to:" as printed, with its capital (it was read only as "bill to:").
    assert moved == [(7450.0, "Émile Ågren", "Rørlegger Dahl AS")]


_CONTRACT = [
    "SUPPLY AGREEMENT between Société Générale Équipements SAS and Ørsted Nordic A/S, "
    "dated 2 January 2024.",
    "Société Générale Équipements SAS (\u201cÉquipements\u201d) is a company incorporated in Lyon.",
    "Équipements shall deliver the pumps within 30 days of each order.",
    "Any change to Schedule 1 must be notified in writing to Überwachungsstelle Nord.",
    "This Agreement is governed by the laws of Österreich.",
    "Signed by: Émilie Rousseau",
    'Île-de-France Logistique SA (the "Landlord") and Brandt Kühltechnik GmbH (the "Tenant") '
    "agree to the storage terms in Schedule 2.",
]


def test_contract_parties_terms_law_and_signatory_in_any_latin_script() -> None:
    contract = lines_doc("supply", "supply_agreement.txt", _CONTRACT)
    legal, _ = run(LegalOutput, [contract])
    assert {
        "Société Générale Équipements SAS",
        "Ørsted Nordic A/S",
        "Île-de-France Logistique SA",  # not "France Logistique SA"
    } <= set(legal.parties)
    bound = {(c.kind, c.party) for c in legal.clauses}
    assert ("obligation", "Équipements") in bound
    assert legal.governing_law == "Österreich"
    lines = units(contract)
    assert contract_parties(lines[1]) == [("Société Générale Équipements SAS", "Équipements")]
    assert signatories(lines[5]) == ["Émilie Rousseau"]


def test_governing_law_and_labelled_parties_in_any_latin_script() -> None:
    assert governing_law("Jurisdiction and governing law: Österreich (Vienna).") == "Österreich"
    # "and" before a capital goes on naming the law; before a small letter it ends it.
    assert (
        governing_law(
            "This lease is governed by the laws of Finland and Åland, without regard to conflicts."
        )
        == "Finland and Åland"
    )
    assert governing_law("It is governed by the laws of Finland and is binding.") == "Finland"
    [unit] = units(lines_doc("motion", "motion.txt", ["Élodie Marchetti, Plaintiff, moved."]))
    assert labelled_parties(unit) == [("Élodie Marchetti", "plaintiff")]


async def test_denials_of_parties_named_in_any_latin_script(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_4.txt",
        "WITNESS STATEMENT\n"
        "I, Ólöf Sigurðardóttir, of Reykjavík, state as follows:\n"
        "1. I never met Renée Lefèvre.\n"
        "2. I never received a single payment from Ødegård.\n"
        "3. I have no connection with Ørnvik beyond delivering its post.\n",
    )
    mail = await email_doc(
        tmp_path,
        "lunch.eml",
        {
            "From": "Ólöf Sigurðardóttir <olof@hafnir.is>",
            "To": "Renée Lefèvre <renee.lefevre@bellecour.fr>",
            "Date": "Tue, 14 May 2024 09:12:00 +0000",
            "Subject": "Lunch on Thursday",
        },
        "Renée, see you at the Hôtel Bellecour on Thursday at noon.\nÓlöf\n",
    )
    ledger = await text_doc(
        tmp_path,
        "odegard_payments.csv",
        "Date,From,To,Amount\n2024-04-02,Ødegård Bygg AS,Ólöf Sigurðardóttir,6500\n",
        mime="text/csv",
    )
    register = await text_doc(
        tmp_path,
        "register.txt",
        "Companies Register, extract printed 2 May 2024\n"
        "Entity name | Ørnvik Kjølelager AS\n"
        "Name | Role | Since\n"
        "Ólöf Sigurðardóttir | Director | 2021-06-01\n",
    )
    synthesis = synthesis_of([statement, mail, ledger, register])
    explained = {c.claim: c.explanation for c in synthesis.contradictions}
    assert explained["I never met Renée Lefèvre."].startswith(
        "Ólöf Sigurðardóttir denies contact with Renée Lefèvre"
    )
    # "Ødegård" alone is the firm the ledger names.
    assert explained["I never received a single payment from Ødegård."].startswith(
        "Ólöf Sigurðardóttir denies receiving from Ødegård Bygg AS"
    )
    assert explained["I have no connection with Ørnvik beyond delivering its post."].startswith(
        "Ólöf Sigurðardóttir denies any connection with Ørnvik"
    )


async def test_a_denied_visit_to_a_place_in_any_latin_script(tmp_path: Path) -> None:
    statement = await text_doc(
        tmp_path,
        "statement_brzek.txt",
        "WITNESS STATEMENT OF ŁUCJA BRZĘK\n1. I have never been to Łódź.\n",
    )
    log = await text_doc(
        tmp_path,
        "hotel_guests.csv",
        "Date,Guest,Hotel,City\n2024-03-08,Łucja Brzęk,Hotel Savoy,Łódź\n",
        mime="text/csv",
    )
    synthesis = synthesis_of([statement, log])
    [denied] = [c for c in synthesis.contradictions if c.claim == "I have never been to Łódź."]
    assert denied.explanation.startswith("Łucja Brzęk denies being at Łódź")


async def test_a_statement_named_after_its_holder_with_or_without_accents(
    tmp_path: Path,
) -> None:
    notes = await text_doc(
        tmp_path,
        "interview_notes.txt",
        "Interview notes, 20 May 2024.\n"
        "Renée Lefèvre confirmed she runs the catering at Société Bellecour Traiteur SARL.\n"
        "Ólöf Sigurðardóttir declined to comment.\n",
    )
    bank = await text_doc(
        tmp_path,
        "statement_sigurðardóttir_may2024.csv",
        "Date,Description,Amount\n"
        "2024-05-02,TRANSFER TO LEFÈVRE R,1200.00\n"
        "2024-05-09,TRANSFER TO LEFEVRE R,800.00\n",
        mime="text/csv",
    )
    view = case_view([notes, bank], [], "")
    # The file's name spells its holder without accents' help either way.
    assert set(view.holders.values()) == {"Ólöf Sigurðardóttir"}
    payers = {view.held(t).from_party for t in view.financial.transactions}
    assert payers == {"Ólöf Sigurðardóttir"}


def test_chat_cuts_a_long_item_at_sentences_opening_with_any_capital() -> None:
    text = (
        "The warehouse on Vasagatan was inspected twice in the spring by the fire authority "
        "and both reports were filed with the municipality without remarks of any kind. "
        "Émile Ågren signed the second report on 14 May 2024 after the inspection. "
        "The insurer asked for copies of both reports in June and received them a week later."
    )
    focused = _focus(text, read_question("What did Émile Ågren sign?"))
    assert focused == "Émile Ågren signed the second report on 14 May 2024 after the inspection."


def test_towns_in_any_latin_script_with_or_without_accents() -> None:
    assert town("at home in Örebro") == "orebro"
    assert town("Hotel Savoy, Łódź") == town("HOTEL SAVOY, LODZ") == "lodz"


_FORM = """<?xml version="1.0"?>
<ownershipDocument>
  <issuer><issuerName>Øresund Kraft AB</issuerName></issuer>
  <reportingOwner><rptOwnerName>Åberg Åsa</rptOwnerName></reportingOwner>
  <transactions>
    <transaction>
      <transactionDate>2024-03-04</transactionDate><shares>1200</shares>
      <pricePerShare>41.20</pricePerShare>
    </transaction>
    <transaction>
      <transactionDate>2024-03-05</transactionDate><shares>800</shares>
      <pricePerShare>40.95</pricePerShare>
    </transaction>
  </transactions>
  <footnote>Shares held by the Åsa Ö. Åberg 2019 Family Trust.</footnote>
</ownershipDocument>
"""


async def test_xml_records_name_parties_in_any_latin_script(tmp_path: Path) -> None:
    form = await text_doc(tmp_path, "form4.xml", _FORM, mime="application/xml")
    # The register's "Åberg Åsa" as the footnote writes her, her initial and all.
    assert [p.name for p in xml_parties(form)] == ["Øresund Kraft AB", "Åsa Ö. Åberg"]


def test_a_letter_to_a_body_named_in_any_latin_script_is_a_letter() -> None:
    letter = lines_doc(
        "letter",
        "letter.txt",
        ["To the Éditions Lumière board,", "We write about the unpaid royalties.", "Yours"],
    )
    assert _profile(letter).letter


def test_media_belong_to_a_person_named_in_the_files_name_with_or_without_accents() -> None:
    notes = lines_doc("notes", "notes.txt", ["Renée Lefèvre was interviewed on 2 May 2024."])
    clip = photo("clip", "entretien_lefèvre_0502.jpg", "2024-05-02T10:00:00+02:00", None, None)
    assert attribution([notes, clip])["clip"] == ["Renée Lefèvre"]


_CARD = (
    "Posted,Merchant,Town,Amount EUR\n"
    "02/09/2024,BOULANGERIE DU PARC,LYON,3.85\n"
    "05/09/2024,ÉBÉNISTERIE LENÔTRE SARL,LYON,3480.00\n"
)
