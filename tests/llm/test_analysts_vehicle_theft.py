"""A vehicle reported stolen from its owner's drive, against camera reads of its plate and his
phone's cell sites through the night. The plate is tied to him by his own claim form ("Vehicle:
2021 Skoda Octavia, registration LM21 KZT" beside "Policyholder:") and the dealer's invoice
("Customer: Mr R Okafor"); the camera log writes the plate run together, its date and time in
columns of their own."""

from pathlib import Path

from holmes_backend.analysis.facts.identifiers import identity_holders
from holmes_backend.llm.evidence import EvidenceDoc
from tests.llm.test_analysts_helpers import text_doc

_FORM = (
    "HARBOUR LINE INSURANCE - THEFT OF VEHICLE\n"
    "Policyholder: Rotimi Okafor\n"
    "Address: 9 Fernbank Road, Harrogate HG2 0LT\n"
    "Vehicle: 2021 Skoda Octavia Estate, registration LM21 KZT\n"
    "Estimated value of vehicle: £16,900\n"
    "Purchase price: £16,900 (from a dealer, October 2025)\n"
    "Circumstances:\n"
    "I parked the car on the drive outside my house at about 10.15pm on Friday 6 February and "
    "locked it. When I came out at 6.50am on Saturday 7 February it had gone. Nobody else "
    "drives the car and it did not leave the drive that night.\n"
    "Declaration: I declare that the information given is true and complete.\n"
    "Signed: R. Okafor      Date: 07/02/2026\n"
)
_INVOICE = (
    "WETHERBY ROAD MOTORS\nInvoice 7781, 3 October 2025\nCustomer: Mr R Okafor\n"
    "Vehicle: Skoda Octavia Estate 1.5 TSI, 2021, LM21 KZT, 38,200 miles\n"
    "Cash price £12,400.00\n"
)
_INTERVIEW = (
    "Record of interview\nInterviewee: Rotimi Okafor\nDate: 16 February 2026\n"
    "Q: Where were you on the night of 6 February?\n"
    "A: At home all night.\n"
    "Q: After you locked the car, what did you do?\n"
    "A: I watched television, went to bed and didn't go out again until the morning.\n"
)


def _reads(*rows: str) -> str:
    return "Camera,Site,Date,Time,VRM\n" + "\n".join(rows) + "\n"


_AWAY = ("NY-118,A1(M) J47 Allerton,07/02/2026,01:12:40,LM21KZT",)


async def _docs(tmp_path: Path, reads: tuple[str, ...] = _AWAY) -> list[EvidenceDoc]:
    return [
        await text_doc(tmp_path, "theft_claim_form.txt", _FORM),
        await text_doc(tmp_path, "dealer_invoice.txt", _INVOICE),
        await text_doc(tmp_path, "interview_okafor.txt", _INTERVIEW),
        await text_doc(tmp_path, "camera_reads.csv", _reads(*reads), "text/csv"),
    ]


async def test_the_plate_is_his_by_the_form_and_the_invoice_and_a_sum_is_no_plate(
    tmp_path: Path,
) -> None:
    # "Darren …" on one record and "Mr D …" on another are one holder; "£16,900" in the form's
    # "Estimated value of vehicle" is not an identifier of anything.
    assert identity_holders(await _docs(tmp_path)) == {"id:lm21 kzt": "Rotimi Okafor"}
