"""New evidence for a processed case, written with the demo's format builders.

Each document is what an investigator would add later: a bank's wire confirmation, a photo
extracted from someone's phone with the forensic lab's cover e-mail. What they state (the
reference, the amount, the person, the time) comes from the caller, who reads it from the graph.
"""

from datetime import UTC, date, datetime, timedelta

from PIL import Image, ImageDraw

from holmes_backend.demo.formats import (
    jpeg_bytes,
    make_email,
    make_pdf,
    pdf_date,
    photo_exif,
    wrap,
)


def wire_confirmation(
    *, bank: str, reference: str, amount: float, currency: str, day: date
) -> bytes:
    written = day.isoformat()  # value dates as payment systems print them
    lines = [
        bank.upper(),
        "Payments Operations",
        "",
        "OUTGOING WIRE TRANSFER CONFIRMATION",
        "",
        *wrap(
            [
                f"On {written}, the ordering customer wired {currency} {amount:,.2f} to the "
                f"beneficiary under reference {reference}.",
                "This confirmation is issued at the request of the ordering customer and "
                "reflects the amount debited from the customer's account.",
            ]
        ),
        "",
        "Payments Operations Desk",
    ]
    issued = datetime(day.year, day.month, day.day, 16, 5, tzinfo=UTC) + timedelta(days=1)
    return make_pdf(
        [lines],
        {
            "Title": f"Wire confirmation {reference}",
            "Author": bank,
            "CreationDate": pdf_date(issued),
        },
    )


def phone_photo(*, taken: datetime, latitude: float, longitude: float) -> bytes:
    image = Image.new("RGB", (480, 320), (22, 30, 48))
    draw = ImageDraw.Draw(image)
    draw.rectangle([0, 200, 480, 320], fill=(40, 40, 44))  # a road at night
    for x in range(10, 480, 60):
        draw.rectangle([x, 255, x + 30, 262], fill=(220, 200, 90))
    draw.ellipse([380, 40, 430, 90], fill=(230, 230, 210))
    exif = photo_exif(
        taken=taken, latitude=latitude, longitude=longitude, make="Google", model="Pixel 7"
    )
    return jpeg_bytes(image, exif)


def extraction_email(*, filename: str, owner: str, sent: datetime) -> bytes:
    body = (
        "Case team,\n\n"
        f"Attached to the case file: {filename}, a photo extracted from the phone of {owner} "
        "under the search warrant. The extraction hash was verified against the device image.\n\n"
        "Digital Forensics Unit"
    )
    return make_email(
        sender="Digital Forensics Unit <forensics@lab.example>",
        to=["Case Team <team@firm.example>"],
        subject=f"Phone extraction: {filename}",
        sent=sent,
        body=body,
        message_id=f"<extraction-{filename.partition('.')[0].lower()}@lab.example>",
    )


def _address(name: str) -> str:
    local = ".".join(part.strip(".").lower() for part in name.split())
    return f"{name} <{local}@company.example>"


def confirmation_email(
    *,
    sender: str,
    recipient: str,
    reference: str,
    amount: float,
    currency: str,
    day: date,
    sent: datetime,
) -> bytes:
    """Treasury forwarding the bank's confirmation of a payment to a colleague."""
    body = (
        f"{recipient.split(maxsplit=1)[0]},\n\n"
        "For the file, the bank confirms the payment:\n\n"
        f"On {day.isoformat()}, the ordering customer wired {currency} {amount:,.2f} to the "
        f"beneficiary under reference {reference}.\n\n"
        f"{sender}"
    )
    return make_email(
        sender=_address(sender),
        to=[_address(recipient)],
        subject=f"Wire confirmation {reference}",
        sent=sent,
        body=body,
        message_id=f"<confirmation-{reference.lower()}@company.example>",
    )
