"""The demo case: a procurement-fraud investigation with planted links, contradictions and gaps.

Northgate Freight Solutions paid a consultant, Lakeshore Consulting Group, more than the consulting
agreement allows and without the board approval it requires. The VP who approved the payments
secretly co-owns Lakeshore; the money came back to him in transfers just under 10,000; his sworn
alibi for the evening of 14 March 2024 is contradicted by a photo, a venue's CCTV log and a video.

Every person, company, address, account and figure is fictional. `answers.json` records what was
planted and exactly where (file and page, row, line or cue) so a test can score what the pipeline
finds. Location numbers follow the extraction conventions (1-based; CSV/XLSX rows count data rows
below the header; DOCX lines count paragraphs; HTML lines count text blocks).
"""

import hashlib
import json
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta, timezone
from io import BytesIO
from pathlib import Path
from random import Random
from typing import Any

import docx
import openpyxl
from docx.shared import Pt
from PIL import Image, ImageDraw

from holmes_backend.demo.formats import (
    exif_degrees,
    jpeg_bytes,
    make_email,
    make_mp4,
    make_pdf,
    mime_type_of,
    pdf_date,
    photo_exif,
    stable_package,
    wrap,
)

ANSWERS_FILENAME = "answers.json"

CDT = timezone(timedelta(hours=-5), "CDT")  # Chicago and Milwaukee, March to November
CST = timezone(timedelta(hours=-6), "CST")

COMPANY = "Northgate Freight Solutions, Inc."
VENDOR = "Lakeshore Consulting Group LLC"
INTERMEDIARY = "Harbor Point Holdings Ltd."
SUBJECT = "Victor A. Hale"
VENUE = "Harbor Lights Grill, 118 N Water St, Milwaukee, WI"

BANK_CSV = "meridian_statement_lakeshore_4471_2024Q1.csv"
LEDGER_XLSX = "northgate_ap_ledger_2024Q1.xlsx"
INVOICE_PDF = "invoice_LCG-2024-017.pdf"
AGREEMENT_DOCX = "consulting_agreement_lakeshore.docx"
MINUTES_PDF = "board_minutes_2024Q1.pdf"
EMAIL_ONBOARDING = "email_2024-01-04_vendor_setup.eml"
EMAIL_INVOICE = "email_2024-03-01_invoice_LCG-2024-017.eml"
EMAIL_APPROVAL = "email_2024-03-15_re_board_sign-off.eml"
DEPOSITION_SRT = "deposition_hale_2024-06-12.srt"
PHOTO_JPG = "IMG_20240314_213812.jpg"
CCTV_CSV = "harbor_lights_cctv_log_2024-03-14.csv"
VIDEO_MP4 = "harbor_lights_cam2_20240314.mp4"
VIDEO_VTT = "harbor_lights_cam2_20240314.vtt"
REGISTRY_HTML = "registry_lakeshore_consulting_group.html"
MEMO_MD = "case_memo.md"

# Where the photo was taken: the river walk outside the venue, Milwaukee (city B).
PHOTO_LATITUDE = 43.0334
PHOTO_LONGITUDE = -87.9106
PHOTO_TAKEN = datetime(2024, 3, 14, 21, 38, 12, tzinfo=CDT)
ALIBI_CITY = "Chicago, IL"
ALIBI_COORDINATES = (41.8781, -87.6298)
PHOTO_CITY = "Milwaukee, WI"


def _ref(file: str, excerpt: str, **location: Any) -> dict[str, Any]:
    """A citation: the file, where in it (extraction Location fields) and text found there."""
    return {"file": file, "location": location, "excerpt": excerpt}


def _meta(file: str, **metadata: Any) -> dict[str, Any]:
    """A citation of extracted metadata (EXIF time and place, a container's creation time)."""
    return {"file": file, "metadata": metadata}


def _money(amount: float) -> str:
    return f"{amount:,.2f}"


@dataclass
class _Case:
    files: dict[str, bytes] = field(default_factory=dict)
    refs: dict[str, Any] = field(default_factory=dict)  # citations, or lists of them
    descriptions: dict[str, str] = field(default_factory=dict)

    def add(self, name: str, content: bytes, description: str) -> None:
        self.files[name] = content
        self.descriptions[name] = description


# --- Bank statement (CSV): structuring and a round trip ------------------------------------------

# fmt: off
_BANK_ROWS: list[tuple[str, str, str, float, float]] = [
    # date, description, reference, debit, credit
    ("2024-01-02", "Opening balance", "", 0, 0),
    ("2024-01-10", "Deposit - member contribution R. Ostrowski", "DEP-0110", 0, 5000),
    ("2024-01-15", "Kinzie Street Suites - office rent January", "ACH-558201", 1200, 0),
    ("2024-01-22", "Cloudbooks software subscription", "CARD-7781", 89, 0),
    ("2024-02-02", "Wire in - Northgate Freight Solutions Inc", "LCG-2024-009", 0, 22000),
    ("2024-02-05", "Transfer to R. Ostrowski - member draw", "TRF-0205", 6000, 0),
    ("2024-02-15", "Kinzie Street Suites - office rent February", "ACH-561774", 1200, 0),
    ("2024-02-29", "Monthly service fee", "FEE-0229", 35, 0),
    ("2024-03-08", "Wire in - Northgate Freight Solutions Inc", "LCG-2024-017", 0, 84500),
    ("2024-03-11", "Online transfer to V. Hale - Ridgeway CU acct ending 2291", "TRF-0311", 9800, 0),  # noqa: E501
    ("2024-03-12", "Online transfer to V. Hale - Ridgeway CU acct ending 2291", "TRF-0312", 9750, 0),  # noqa: E501
    ("2024-03-13", "Online transfer to V. Hale - Ridgeway CU acct ending 2291", "TRF-0313", 9900, 0),  # noqa: E501
    ("2024-03-14", "Online transfer to V. Hale - Ridgeway CU acct ending 2291", "TRF-0314", 9650, 0),  # noqa: E501
    ("2024-03-15", "Online transfer to V. Hale - Ridgeway CU acct ending 2291", "TRF-0315", 9850, 0),  # noqa: E501
    ("2024-03-15", "Kinzie Street Suites - office rent March", "ACH-564930", 1200, 0),
    ("2024-03-18", "Wire out - Harbor Point Holdings Ltd - advisory retainer", "HPH-0318", 25000, 0),  # noqa: E501
    ("2024-03-22", "Cloudbooks software subscription", "CARD-7781", 89, 0),
    ("2024-03-25", "Wire in - Harbor Point Holdings Ltd - retainer refund", "HPH-0325", 0, 25000),
    ("2024-03-29", "Monthly service fee", "FEE-0329", 35, 0),
    ("2024-03-29", "Transfer to R. Ostrowski - member draw", "TRF-0329", 8000, 0),
]
# fmt: on
_OPENING_BALANCE = 3150.0


def _bank_statement(case: _Case) -> None:
    lines = ["Date,Description,Reference,Debit,Credit,Balance"]
    balance = _OPENING_BALANCE
    rows: dict[str, int] = {}
    for number, (day, text, reference, debit, credit) in enumerate(_BANK_ROWS, start=1):
        balance += credit - debit
        cells = [
            day,
            text,
            reference,
            f"{debit:.2f}" if debit else "",
            f"{credit:.2f}" if credit else "",
        ]
        lines.append(",".join([*cells, f"{balance:.2f}"]))
        rows[reference or text] = number
    case.add(
        BANK_CSV,
        ("\r\n".join(lines) + "\r\n").encode(),
        f"Meridian Federal Bank statement of {VENDOR}, account ending 4471, Q1 2024 (subpoenaed).",
    )
    structured = [r for r in _BANK_ROWS if r[2].startswith("TRF-031")]
    case.refs["structuring"] = {
        "rows": [
            _ref(BANK_CSV, f"{debit:.2f}", row=rows[reference])
            for _, _, reference, debit, _ in structured
        ],
        "total": sum(r[3] for r in structured),
        "first": structured[0][0],
        "last": structured[-1][0],
    }
    case.refs["bank_payment_017"] = _ref(BANK_CSV, "84500.00", row=rows["LCG-2024-017"])
    case.refs["bank_payment_009"] = _ref(BANK_CSV, "22000.00", row=rows["LCG-2024-009"])
    case.refs["round_trip_out"] = _ref(BANK_CSV, "Harbor Point Holdings", row=rows["HPH-0318"])
    case.refs["round_trip_back"] = _ref(BANK_CSV, "Harbor Point Holdings", row=rows["HPH-0325"])

    def rows_about(words: str) -> list[dict[str, Any]]:
        return [
            _ref(BANK_CSV, words, row=number)
            for number, row in enumerate(_BANK_ROWS, start=1)
            if words in row[1]
        ]

    case.refs["decoy_subscription"] = rows_about("Cloudbooks software subscription")
    case.refs["decoy_rent"] = rows_about("Kinzie Street Suites")
    case.refs["decoy_fees"] = rows_about("Monthly service fee")


# --- Ledger (XLSX): the invoice recorded at 84,500 instead of 48,500 ----------------------------

# fmt: off
_LEDGER_ROWS: list[tuple[date, str, str, str, float, str, str]] = [
    (date(2024, 1, 9), "Dunmore Truck Services", "DTS-88120", "Fleet maintenance - December", 24310.55, "T. Brandt", "6200 Fleet"),  # noqa: E501
    (date(2024, 1, 12), "Prairie Fuel Cards", "PFC-240112", "Diesel - fleet cards", 61882.40, "M. Delgado", "6100 Fuel"),  # noqa: E501
    (date(2024, 1, 19), "Canal Street Office Supply", "CSO-4471", "Office supplies", 1284.17, "T. Brandt", "6800 Office"),  # noqa: E501
    (date(2024, 1, 26), "Coldline Leasing", "CL-2024-01", "Reefer trailer lease - January", 38500.00, "M. Delgado", "6300 Leases"),  # noqa: E501
    (date(2024, 2, 2), VENDOR, "LCG-2024-009", "Strategic logistics advisory - January", 22000.00, "V. Hale", "6400 Consulting"),  # noqa: E501
    (date(2024, 2, 9), "Dunmore Truck Services", "DTS-88377", "Fleet maintenance - January", 19870.00, "T. Brandt", "6200 Fleet"),  # noqa: E501
    (date(2024, 2, 13), "Prairie Fuel Cards", "PFC-240213", "Diesel - fleet cards", 58240.12, "M. Delgado", "6100 Fuel"),  # noqa: E501
    (date(2024, 2, 26), "Coldline Leasing", "CL-2024-02", "Reefer trailer lease - February", 38500.00, "M. Delgado", "6300 Leases"),  # noqa: E501
    (date(2024, 3, 4), "Briggs & Kaul LLP", "BK-1093", "Audit planning retainer", 15000.00, "M. Delgado", "6500 Professional fees"),  # noqa: E501
    (date(2024, 3, 7), VENDOR, "LCG-2024-017", "Strategic logistics advisory - February", 84500.00, "V. Hale", "6400 Consulting"),  # noqa: E501
    (date(2024, 3, 11), "Dunmore Truck Services", "DTS-88612", "Fleet maintenance - February", 22415.80, "T. Brandt", "6200 Fleet"),  # noqa: E501
    (date(2024, 3, 14), "Prairie Fuel Cards", "PFC-240314", "Diesel - fleet cards", 63017.95, "M. Delgado", "6100 Fuel"),  # noqa: E501
    (date(2024, 3, 26), "Coldline Leasing", "CL-2024-03", "Reefer trailer lease - March", 38500.00, "M. Delgado", "6300 Leases"),  # noqa: E501
]
_VENDOR_MASTER: list[tuple[str, str, str, str, str, date]] = [
    ("V-1002", "Dunmore Truck Services", "4100 W 47th St, Chicago, IL", "Harris Lake Bank ****0198", "T. Brandt", date(2019, 5, 14)),  # noqa: E501
    ("V-1040", "Prairie Fuel Cards", "PO Box 8812, Naperville, IL", "Prairie State Bank ****7731", "T. Brandt", date(2020, 2, 3)),  # noqa: E501
    ("V-1105", "Canal Street Office Supply", "2050 S Canal St, Chicago, IL", "Harris Lake Bank ****5520", "T. Brandt", date(2021, 8, 30)),  # noqa: E501
    ("V-1163", "Coldline Leasing", "900 Industrial Dr, Elk Grove Village, IL", "Unity Commerce Bank ****3307", "M. Delgado", date(2023, 6, 1)),  # noqa: E501
    ("V-1187", VENDOR, "1418 W Addison St, Suite 3, Chicago, IL", "Meridian Federal ****4471", "V. Hale", date(2024, 1, 5)),  # noqa: E501
    ("V-1190", "Briggs & Kaul LLP", "10 S Wacker Dr, Chicago, IL", "Unity Commerce Bank ****9016", "M. Delgado", date(2024, 2, 20)),  # noqa: E501
]
# fmt: on
LEDGER_SHEET = "AP Ledger"
VENDOR_SHEET = "Vendor Master"


def _ledger(case: _Case) -> None:
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = LEDGER_SHEET
    sheet.append(
        ["Date", "Vendor", "Invoice No", "Description", "Amount (USD)", "Approved By", "GL Account"]
    )
    rows: dict[str, int] = {}
    for number, entry in enumerate(_LEDGER_ROWS, start=1):
        sheet.append(list(entry))
        sheet.cell(row=number + 1, column=1).number_format = "yyyy-mm-dd"
        sheet.cell(row=number + 1, column=5).number_format = "#,##0.00"
        rows[entry[2]] = number
    for column, width in zip("ABCDEFG", (12, 34, 14, 42, 14, 14, 22), strict=True):
        sheet.column_dimensions[column].width = width
    vendors = workbook.create_sheet(VENDOR_SHEET)
    vendors.append(["Vendor ID", "Vendor", "Address", "Bank Account", "Added By", "Date Added"])
    vendor_rows: dict[str, int] = {}
    for number, vendor in enumerate(_VENDOR_MASTER, start=1):
        vendors.append(list(vendor))
        vendors.cell(row=number + 1, column=6).number_format = "yyyy-mm-dd"
        vendor_rows[vendor[1]] = number
    stamp = datetime(2024, 4, 2, 16, 30, tzinfo=UTC)
    workbook.properties.creator = "Tomas Brandt"
    workbook.properties.title = "Accounts payable ledger Q1 2024"
    workbook.properties.created = stamp.replace(tzinfo=None)
    workbook.properties.modified = stamp.replace(tzinfo=None)
    buffer = BytesIO()
    workbook.save(buffer)
    case.add(
        LEDGER_XLSX,
        stable_package(buffer.getvalue(), stamp),
        f"{COMPANY} accounts payable ledger and vendor master, Q1 2024.",
    )
    case.refs["ledger_017"] = _ref(
        LEDGER_XLSX, "84500", row=rows["LCG-2024-017"], sheet=LEDGER_SHEET
    )
    case.refs["ledger_009"] = _ref(
        LEDGER_XLSX, "22000", row=rows["LCG-2024-009"], sheet=LEDGER_SHEET
    )
    case.refs["vendor_master"] = _ref(
        LEDGER_XLSX, "Added By: V. Hale", row=vendor_rows[VENDOR], sheet=VENDOR_SHEET
    )


# --- Invoice (PDF): 48,500 on paper ---------------------------------------------------------------

INVOICE_TOTAL = 48500.0
INVOICE_LINES = [
    "LAKESHORE CONSULTING GROUP LLC",
    "1418 W Addison St, Suite 3, Chicago, IL 60613",
    "",
    "INVOICE",
    "Invoice No: LCG-2024-017",
    "Invoice Date: March 1, 2024",
    "Due Date: March 31, 2024",
    "",
    "Bill To: Northgate Freight Solutions, Inc., Attn: Victor Hale, VP Procurement",
    "2200 S Canal St, Chicago, IL 60616",
    "",
    "Description                                                         Amount (USD)",
    "Strategic logistics advisory - February 2024 (Agreement of January 8, 2024)   36,000.00",
    "Carrier network assessment workshop, 2 days                                   12,500.00",
    "Subtotal: 48,500.00",
    "Sales tax: 0.00",
    "TOTAL DUE: USD 48,500.00",
    "",
    "Payment by wire to Meridian Federal Bank, account ending 4471, reference LCG-2024-017.",
    "Thank you for your business.",
]


def _invoice() -> bytes:
    info = {
        "Title": "Invoice LCG-2024-017",
        "Author": "Lakeshore Consulting Group LLC",
        "CreationDate": pdf_date(datetime(2024, 3, 1, 8, 42, tzinfo=CST)),
    }
    return make_pdf([INVOICE_LINES], info)


# --- Board minutes (PDF): no approval for Lakeshore ----------------------------------------------

_MINUTES_PAGES = [
    [
        "NORTHGATE FREIGHT SOLUTIONS, INC.",
        "MINUTES OF THE MEETING OF THE BOARD OF DIRECTORS",
        "February 6, 2024, 9:00 a.m., 2200 S Canal St, Chicago, Illinois",
        "",
        "Present: Eleanor Park (Chair), James Whitfield, Priya Raman, Samuel Okafor.",
        "Also present: Maria Delgado (CFO); Victor Hale (VP Procurement) for item 3; "
        "Linda Cho (Corporate Secretary).",
        "",
        "1. The minutes of the meeting of December 12, 2023 were approved.",
        "2. Q4 2023 results: the CFO reported revenue of $41.2 million and an operating margin "
        "of 6.8%. The Board noted the report.",
        "3. Procurement update: Mr. Hale reported on carrier contract renewals for 2024. "
        "No vendor agreements were presented for approval.",
        "4. Resolution 2024-02-01: RESOLVED, that the renewal of the fleet maintenance contract "
        "with Dunmore Truck Services, not to exceed $310,000 for 2024, is approved. "
        "Carried unanimously.",
        "5. The meeting was adjourned at 11:20 a.m.",
        "",
        "Linda Cho, Corporate Secretary",
    ],
    [
        "NORTHGATE FREIGHT SOLUTIONS, INC.",
        "MINUTES OF THE MEETING OF THE BOARD OF DIRECTORS",
        "March 5, 2024, 9:00 a.m., 2200 S Canal St, Chicago, Illinois",
        "",
        "Present: Eleanor Park (Chair), James Whitfield, Priya Raman, Samuel Okafor.",
        "Also present: Maria Delgado (CFO); Victor Hale (VP Procurement) for item 4; "
        "Linda Cho (Corporate Secretary).",
        "",
        "1. The minutes of the meeting of February 6, 2024 were approved.",
        "2. Resolution 2024-03-01: RESOLVED, that the lease of twelve refrigerated trailers from "
        "Coldline Leasing, not to exceed $1,150,000 over 36 months, is approved. "
        "Carried unanimously.",
        "3. Resolution 2024-03-02: RESOLVED, that Briggs & Kaul LLP is engaged as auditor for "
        "fiscal year 2024. Carried unanimously.",
        "4. Procurement update: Mr. Hale gave an oral update on Q1 consulting spend, which he "
        "described as within budget. No documents were circulated and no resolution was "
        "proposed.",
        "5. Other business: none. The meeting was adjourned at 10:45 a.m.",
        "",
        "Linda Cho, Corporate Secretary",
    ],
]


def _minutes() -> bytes:
    info = {
        "Title": "Board minutes Q1 2024",
        "Author": "Linda Cho",
        "CreationDate": pdf_date(datetime(2024, 3, 8, 14, 5, tzinfo=CST)),
    }
    return make_pdf([wrap(page) for page in _MINUTES_PAGES], info)


# --- Consulting agreement (DOCX): cap, approval requirement, governing law -----------------------

_AGREEMENT: list[tuple[str, str]] = [
    # (style, text); "table" rows follow the paragraphs
    ("Title", "CONSULTING SERVICES AGREEMENT"),
    (
        "Normal",
        'This Consulting Services Agreement (the "Agreement") is made on January 8, 2024 '
        "between Northgate Freight Solutions, Inc., a Delaware corporation with offices at 2200 S "
        'Canal St, Chicago, Illinois ("Northgate"), and Lakeshore Consulting Group LLC, an '
        "Illinois limited liability company with offices at 1418 W Addison St, Suite 3, "
        'Chicago, Illinois ("Consultant").',
    ),
    ("Heading 1", "1. Services"),
    (
        "Normal",
        "1.1 Consultant shall provide strategic logistics advisory services, including "
        "carrier network reviews and procurement workshops, as Northgate requests in writing.",
    ),
    ("Heading 1", "2. Term"),
    (
        "Normal",
        "2.1 This Agreement begins on January 8, 2024 and ends on December 31, 2024, "
        "unless terminated earlier under Section 8.",
    ),
    ("Heading 1", "3. Fees and Invoicing"),
    (
        "Normal",
        "3.1 Consultant shall invoice monthly in arrears. Each invoice shall itemise the "
        "services provided and reference this Agreement.",
    ),
    (
        "Normal",
        "3.2 Northgate shall pay undisputed invoices within 30 days by wire transfer to "
        "the account Consultant designates in writing.",
    ),
    ("Heading 1", "4. Spending Cap and Approvals"),
    (
        "Normal",
        "4.1 Total fees and expenses payable under this Agreement shall not exceed "
        'USD 50,000 (the "Spending Cap") without a written amendment signed by both parties.',
    ),
    (
        "Normal",
        "4.2 Any single payment exceeding USD 25,000, and any payment that would bring the "
        "total paid under this Agreement above the Spending Cap, requires the prior approval of "
        "Northgate's Board of Directors, recorded in the minutes of a Board meeting.",
    ),
    ("Heading 1", "5. Conflicts of Interest"),
    (
        "Normal",
        "5.1 Consultant represents that no director, officer or employee of Northgate holds "
        "any interest in Consultant, and shall disclose any such interest to Northgate's CFO "
        "immediately.",
    ),
    ("Heading 1", "6. Confidentiality"),
    (
        "Normal",
        "6.1 Each party shall keep the other's confidential information secret during the "
        "term and for three years after it.",
    ),
    ("Heading 1", "7. Governing Law"),
    (
        "Normal",
        "7.1 This Agreement is governed by the laws of the State of Illinois. The parties "
        "submit to the exclusive jurisdiction of the state courts of Cook County, Illinois.",
    ),
    ("Heading 1", "8. Termination"),
    ("Normal", "8.1 Either party may terminate this Agreement on 30 days' written notice."),
    ("Heading 1", "9. Signatures"),
]
_SIGNATURES = [
    ["Northgate Freight Solutions, Inc.", "Lakeshore Consulting Group LLC"],
    ["By: Victor A. Hale", "By: Renee Ostrowski"],
    ["Title: VP Procurement", "Title: Managing Member"],
    ["Date: January 8, 2024", "Date: January 8, 2024"],
]


def _agreement(case: _Case) -> None:
    document = docx.Document()
    style = document.styles["Normal"]
    style.font.name = "Calibri"
    style.font.size = Pt(11)
    lines: dict[str, int] = {}
    for number, (style_name, text) in enumerate(_AGREEMENT, start=1):
        document.add_paragraph(text, style=style_name)
        lines[text[:4]] = number
    table = document.add_table(rows=0, cols=2)
    for cells in _SIGNATURES:
        row = table.add_row().cells
        for cell, text in zip(row, cells, strict=True):
            cell.text = text
    stamp = datetime(2024, 1, 8, 15, 0, tzinfo=UTC)
    properties = document.core_properties
    properties.author = "Victor Hale"
    properties.last_modified_by = "Victor Hale"
    properties.title = "Consulting Services Agreement - Lakeshore Consulting Group"
    properties.created = stamp.replace(tzinfo=None)
    properties.modified = stamp.replace(tzinfo=None)
    properties.revision = 3
    properties.comments = "Executed copy"  # replaces the template's "generated by python-docx"
    buffer = BytesIO()
    document.save(buffer)
    case.add(
        AGREEMENT_DOCX,
        stable_package(buffer.getvalue(), stamp),
        f"Consulting services agreement between {COMPANY} and {VENDOR}, January 8, 2024.",
    )
    case.refs["cap"] = _ref(AGREEMENT_DOCX, "shall not exceed USD 50,000", line=lines["4.1 "])
    case.refs["approval"] = _ref(
        AGREEMENT_DOCX,
        "requires the prior approval of Northgate's Board of Directors",
        line=lines["4.2 "],
    )
    case.refs["conflicts"] = _ref(
        AGREEMENT_DOCX,
        "no director, officer or employee of Northgate holds any interest",
        line=lines["5.1 "],
    )
    case.refs["governing_law"] = _ref(
        AGREEMENT_DOCX, "governed by the laws of the State of Illinois", line=lines["7.1 "]
    )


# --- E-mails -------------------------------------------------------------------------------------

HALE = "Victor Hale <victor.hale@northgatefreight.example>"
OSTROWSKI = "Renee Ostrowski <renee@lakeshorecg.example>"
DELGADO = "Maria Delgado <maria.delgado@northgatefreight.example>"
PAYABLES = "Accounts Payable <ap@northgatefreight.example>"

_ONBOARDING_BODY = [
    "Renee,",
    "",
    "I'll get Lakeshore set up in our vendor master this week and send the agreement over",
    "for signature on Monday. Use the Addison Street address and the Meridian account.",
    "",
    "Keep each invoice under $25,000 for now so nothing has to go in front of the board.",
    "We can sort out the rest once the first payments are through.",
    "",
    "V.",
]
_INVOICE_BODY = [
    "Hello,",
    "",
    "Please find attached invoice LCG-2024-017 for $48,500.00 for February advisory services",
    "under our agreement of January 8, 2024.",
    "",
    "Payment by wire to our account at Meridian Federal Bank ending 4471 would be appreciated",
    "by March 31.",
    "",
    "Kind regards,",
    "Renee Ostrowski",
    "Managing Member, Lakeshore Consulting Group LLC",
]
_APPROVAL_BODY = [
    "Maria,",
    "",
    "To close the loop on your question: the board signed off on the Lakeshore engagement",
    "at the March 5 meeting, so the February invoice was cleared for payment.",
    "",
    "I'm out of the office this afternoon; back Monday.",
    "",
    "Victor",
    "",
    "-----Original Message-----",
    "From: Maria Delgado",
    "Sent: Thursday, March 14, 2024 4:55 PM",
    "Subject: Board sign-off",
    "",
    "Victor, the Lakeshore payment last week was over the $25,000 threshold.",
    "Which board meeting approved it? I need the resolution number for the audit file.",
]


def _line_of(body: list[str], needle: str) -> int:
    return next(number for number, line in enumerate(body, start=1) if needle in line)


def _emails(case: _Case, invoice: bytes) -> None:
    onboarding_sent = datetime(2024, 1, 4, 19, 22, 5, tzinfo=CST)
    case.add(
        EMAIL_ONBOARDING,
        make_email(
            sender=HALE,
            to=[OSTROWSKI],
            subject="Vendor setup",
            sent=onboarding_sent,
            body="\n".join(_ONBOARDING_BODY) + "\n",
            message_id="<20240104192205.hale.0001@northgatefreight.example>",
        ),
        "E-mail from Victor Hale to Renee Ostrowski about setting Lakeshore up as a vendor.",
    )
    invoice_sent = datetime(2024, 3, 1, 9, 14, 47, tzinfo=CST)
    case.add(
        EMAIL_INVOICE,
        make_email(
            sender=OSTROWSKI,
            to=[PAYABLES],
            cc=[HALE],
            subject="Invoice LCG-2024-017",
            sent=invoice_sent,
            body="\n".join(_INVOICE_BODY) + "\n",
            message_id="<20240301091447.lcg017@lakeshorecg.example>",
            attachment=(INVOICE_PDF, "application/pdf", invoice),
        ),
        "E-mail from Lakeshore to Northgate accounts payable with invoice LCG-2024-017 attached.",
    )
    approval_sent = datetime(2024, 3, 15, 9, 12, 31, tzinfo=CDT)
    case.add(
        EMAIL_APPROVAL,
        make_email(
            sender=HALE,
            to=[DELGADO],
            subject="RE: Board sign-off",
            sent=approval_sent,
            body="\n".join(_APPROVAL_BODY) + "\n",
            message_id="<20240315091231.hale.0417@northgatefreight.example>",
            in_reply_to="<20240314165502.delgado.0212@northgatefreight.example>",
        ),
        "Victor Hale's reply to the CFO claiming the board approved the Lakeshore engagement.",
    )
    case.refs["email_keep_under"] = _ref(
        EMAIL_ONBOARDING,
        "under $25,000",
        line=_line_of(_ONBOARDING_BODY, "under $25,000"),
        section="body",
    )
    case.refs["email_onboarding_meta"] = _meta(
        EMAIL_ONBOARDING, date=onboarding_sent.isoformat(), subject="Vendor setup"
    )
    case.refs["email_invoice_amount"] = _ref(
        EMAIL_INVOICE, "$48,500.00", line=_line_of(_INVOICE_BODY, "$48,500.00"), section="body"
    )
    case.refs["email_invoice_attachment"] = _meta(
        EMAIL_INVOICE,
        date=invoice_sent.isoformat(),
        attachments=[
            {"filename": INVOICE_PDF, "content_type": "application/pdf", "size": len(invoice)}
        ],
    )
    case.refs["email_board_claim"] = _ref(
        EMAIL_APPROVAL,
        "the board signed off on the Lakeshore engagement",
        line=_line_of(_APPROVAL_BODY, "the board signed off"),
        section="body",
    )
    case.refs["email_board_claim_meta"] = _meta(EMAIL_APPROVAL, date=approval_sent.isoformat())


# --- Deposition (SRT with a recording start): the sworn alibi ------------------------------------

DEPOSITION_START = datetime(2024, 6, 12, 10, 0, 0, tzinfo=CDT)
_DEPOSITION: list[tuple[float, float, str, str]] = [
    (
        5.0,
        11.5,
        "Court Reporter",
        "We are on the record at 10:00 a.m. Please raise your right "
        "hand. Do you swear that the testimony you are about to give is the truth?",
    ),
    (11.5, 12.8, "Mr. Hale", "I do."),
    (14.0, 17.2, "Ms. Reyes", "Please state your full name for the record."),
    (17.6, 19.4, "Mr. Hale", "Victor Alan Hale."),
    (
        90.0,
        95.5,
        "Ms. Reyes",
        "What was your position at Northgate Freight Solutions in March 2024?",
    ),
    (
        96.0,
        103.0,
        "Mr. Hale",
        "Vice President of Procurement. I approved vendor invoices up to the board threshold.",
    ),
    (370.0, 375.0, "Ms. Reyes", "Who approved payment of Lakeshore invoice LCG-2024-017?"),
    (375.5, 380.2, "Mr. Hale", "I did. The amount was within the agreement."),
    (580.0, 584.0, "Ms. Reyes", "Did the board approve the Lakeshore payments?"),
    (
        584.5,
        591.0,
        "Mr. Hale",
        "Yes. The board approved the Lakeshore engagement at its March meeting.",
    ),
    (
        665.0,
        671.0,
        "Ms. Reyes",
        "Do you hold any ownership interest or any role in Lakeshore Consulting Group?",
    ),
    (
        671.5,
        677.5,
        "Mr. Hale",
        "No. I have no connection to Lakeshore beyond approving their invoices.",
    ),
    (860.0, 866.0, "Ms. Reyes", "Where were you on the evening of March 14, 2024?"),
    (
        872.0,
        881.0,
        "Mr. Hale",
        "I was in Chicago all evening on March 14, 2024. I had dinner at "
        "home and did not leave the city.",
    ),
    (902.0, 907.0, "Ms. Reyes", "Have you ever been to the Harbor Lights Grill in Milwaukee?"),
    (907.5, 909.5, "Mr. Hale", "Not that I recall."),
    (1000.0, 1004.0, "Ms. Reyes", "Who is Renee Ostrowski?"),
    (1004.5, 1010.0, "Mr. Hale", "A consultant Lakeshore sent us. I only know her professionally."),
    (1085.0, 1089.5, "Ms. Reyes", "Do you hold an account at Ridgeway Credit Union?"),
    (1090.0, 1092.0, "Mr. Hale", "I would have to check."),
]


def _srt_time(seconds: float) -> str:
    millis = round(seconds * 1000)
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d},{rest % 1000:03d}"


def _vtt_time(seconds: float) -> str:
    return _srt_time(seconds).replace(",", ".")


def _deposition(case: _Case) -> None:
    blocks = [
        "DEPOSITION OF VICTOR A. HALE\n"
        "Circuit Court of Cook County, Illinois, Case No. 2024-L-004187\n"
        "Northgate Freight Solutions, Inc. v. Lakeshore Consulting Group LLC et al.\n"
        f"Recording-Start: {DEPOSITION_START.isoformat()}"
    ]
    cues: dict[str, tuple[float, float]] = {}
    for number, (start, end, speaker, text) in enumerate(_DEPOSITION, start=1):
        blocks.append(f"{number}\n{_srt_time(start)} --> {_srt_time(end)}\n{speaker}: {text}")
        cues[text[:40]] = (start, end)
    case.add(
        DEPOSITION_SRT,
        ("\n\n".join(blocks) + "\n").encode(),
        "Transcript of the deposition of Victor A. Hale, June 12, 2024 (timed to the recording).",
    )

    def cue(text: str, excerpt: str) -> dict[str, Any]:
        start, end = cues[text[:40]]
        reference = _ref(DEPOSITION_SRT, excerpt, cue_start=start, cue_end=end)
        reference["speaker"] = "Mr. Hale"
        reference["time"] = (DEPOSITION_START + timedelta(seconds=start)).isoformat()
        return reference

    case.refs["alibi"] = cue(
        "I was in Chicago all evening on March 14, 2024.",
        "I was in Chicago all evening on March 14, 2024",
    )
    case.refs["denies_interest"] = cue(
        "No. I have no connection to Lakeshore beyond approving their invoices.",
        "I have no connection to Lakeshore",
    )
    case.refs["claims_approval"] = cue(
        "Yes. The board approved the Lakeshore engagement at its March meeting.",
        "The board approved the Lakeshore engagement",
    )
    case.refs["denies_venue"] = cue("Not that I recall.", "Not that I recall")


# --- Photo (JPEG with EXIF): Milwaukee at 21:38 ------------------------------------------------


def _photo() -> bytes:
    random = Random(314)
    width, height = 960, 640
    image = Image.new("RGB", (width, height))
    draw = ImageDraw.Draw(image)
    for y in range(height // 2):  # night sky, darker at the top
        shade = 18 + y * 40 // (height // 2)
        draw.line([(0, y), (width, y)], fill=(shade // 3, shade // 2, shade))
    skyline = height // 2
    x = 0
    while x < width:  # buildings with lit windows
        building_width = random.randint(60, 140)
        top = skyline - random.randint(40, 220)
        draw.rectangle([x, top, x + building_width, skyline + 40], fill=(24, 24, 32))
        for wy in range(top + 10, skyline + 30, 18):
            for wx in range(x + 8, x + building_width - 10, 16):
                if random.random() < 0.45:
                    draw.rectangle([wx, wy, wx + 7, wy + 9], fill=(230, 196, 110))
        x += building_width + random.randint(4, 20)
    for y in range(skyline + 40, height):  # river with the lights reflected
        shade = 20 + (y - skyline) // 12
        draw.line([(0, y), (width, y)], fill=(8, shade // 2, shade))
    for _ in range(90):
        rx, ry = random.randint(0, width), random.randint(skyline + 45, height - 5)
        draw.line([(rx, ry), (rx + random.randint(8, 30), ry)], fill=(160, 140, 80))
    # the lit restaurant window in the foreground, with two figures at a table
    draw.rectangle([560, 300, 900, 600], fill=(60, 42, 28), outline=(120, 90, 50), width=6)
    draw.rectangle([580, 320, 880, 580], fill=(196, 150, 92))
    draw.ellipse([640, 380, 690, 430], fill=(40, 30, 26))
    draw.rectangle([630, 430, 700, 520], fill=(70, 70, 78))
    draw.ellipse([770, 385, 815, 430], fill=(52, 34, 24))
    draw.rectangle([760, 430, 825, 520], fill=(150, 30, 36))
    draw.rectangle([610, 500, 850, 515], fill=(90, 60, 36))
    exif = photo_exif(
        taken=PHOTO_TAKEN,
        latitude=PHOTO_LATITUDE,
        longitude=PHOTO_LONGITUDE,
        make="Apple",
        model="iPhone 13",
        altitude=182.0,
    )
    return jpeg_bytes(image, exif)


# --- Venue CCTV and point-of-sale log (CSV): 20 minutes from the photo --------------------------

_CCTV_ROWS: list[tuple[datetime, str, str, str, str]] = [
    (
        datetime(2024, 3, 14, 20, 52, 10, tzinfo=CDT),
        "CAM-1",
        "Parking lot",
        "Vehicle arrival",
        "Grey sedan, Illinois plate (partly legible), parks in row B",
    ),
    (
        datetime(2024, 3, 14, 21, 2, 44, tzinfo=CDT),
        "CAM-2",
        "Main entrance",
        "Entry",
        "Party of four, seated table 5",
    ),
    (
        datetime(2024, 3, 14, 21, 17, 40, tzinfo=CDT),
        "CAM-2",
        "Main entrance",
        "Entry",
        "Male approx. 50 in grey overcoat with female in red coat, reservation HALE, "
        "seated table 12 by the river window",
    ),
    (
        datetime(2024, 3, 14, 21, 24, 5, tzinfo=CDT),
        "CAM-3",
        "Dining room",
        "Service",
        "Drinks served to table 12",
    ),
    (
        datetime(2024, 3, 14, 22, 41, 18, tzinfo=CDT),
        "POS-1",
        "Bar",
        "Payment",
        "Table 12 check closed USD 142.60, Ridgeway Credit Union debit card ending 2291",
    ),
    (
        datetime(2024, 3, 14, 22, 47, 3, tzinfo=CDT),
        "CAM-2",
        "Main entrance",
        "Exit",
        "Table 12 guests leave",
    ),
    (
        datetime(2024, 3, 14, 23, 5, 55, tzinfo=CDT),
        "CAM-1",
        "Parking lot",
        "Vehicle departure",
        "Grey sedan, Illinois plate, leaves southbound",
    ),
]


def _cctv(case: _Case) -> None:
    lines = ["Timestamp,Camera,Area,Event,Notes"]
    for moment, camera, area, event, notes in _CCTV_ROWS:
        lines.append(",".join([moment.isoformat(), camera, area, event, f'"{notes}"']))
    case.add(
        CCTV_CSV,
        ("\r\n".join(lines) + "\r\n").encode(),
        f"Security camera and till event log of the {VENUE}, evening of March 14, 2024.",
    )
    entry = 3
    payment = 5
    case.refs["cctv_entry"] = _ref(CCTV_CSV, "reservation HALE", row=entry)
    case.refs["cctv_entry"]["time"] = _CCTV_ROWS[entry - 1][0].isoformat()
    case.refs["cctv_payment"] = _ref(CCTV_CSV, "debit card ending 2291", row=payment)
    case.refs["cctv_payment"]["time"] = _CCTV_ROWS[payment - 1][0].isoformat()
    case.refs["cctv_vehicle"] = _ref(CCTV_CSV, "Illinois plate", row=1)


# --- Video (MP4) and its transcript sidecar (VTT) ------------------------------------------------

VIDEO_START = datetime(2024, 3, 14, 21, 15, 0, tzinfo=CDT)
VIDEO_SECONDS = 420.0
_VIDEO_CUES: list[tuple[float, float, str, str]] = [
    (5.0, 8.0, "Host", "Good evening, welcome to Harbor Lights."),
    (158.0, 161.0, "Host", "Good evening. Do you have a reservation?"),
    (161.5, 165.0, "Unidentified male", "Yes, a table for two at nine fifteen, under Hale."),
    (165.5, 169.0, "Host", "Right this way, table twelve by the window."),
    (
        190.0,
        194.5,
        "Unidentified female",
        "You made it up from Chicago in under two hours, Victor.",
    ),
    (
        195.0,
        199.0,
        "Unidentified male",
        "Traffic was light. Nobody at Northgate needs to know I was here.",
    ),
]


def _video(case: _Case) -> None:
    # A few bytes of stand-in media data so the mdat is not empty.
    payload = hashlib.sha256(b"harbor-lights-cam2").digest() * 64
    case.add(
        VIDEO_MP4,
        make_mp4(VIDEO_START.astimezone(UTC), VIDEO_SECONDS, payload),
        "Entrance camera 2 clip with audio, Harbor Lights Grill, March 14, 2024 from 21:15.",
    )
    lines = ["WEBVTT", f"X-RECORDING-START: {VIDEO_START.isoformat()}", ""]
    lines += ["NOTE Audio transcribed from the venue's entrance camera 2.", ""]
    for start, end, speaker, text in _VIDEO_CUES:
        lines += [f"{_vtt_time(start)} --> {_vtt_time(end)}", f"<v {speaker}>{text}", ""]
    case.add(
        VIDEO_VTT,
        "\n".join(lines).encode(),
        "Transcript of the audio of the entrance camera 2 clip (same name as the video).",
    )
    case.refs["video_meta"] = _meta(
        VIDEO_MP4, created=VIDEO_START.astimezone(UTC).isoformat(), duration=VIDEO_SECONDS
    )
    reservation = _VIDEO_CUES[2]
    case.refs["video_reservation"] = _ref(
        VIDEO_VTT, "under Hale", cue_start=reservation[0], cue_end=reservation[1]
    )
    case.refs["video_reservation"]["time"] = (
        VIDEO_START + timedelta(seconds=reservation[0])
    ).isoformat()
    chicago = _VIDEO_CUES[4]
    case.refs["video_from_chicago"] = _ref(
        VIDEO_VTT, "up from Chicago", cue_start=chicago[0], cue_end=chicago[1]
    )
    case.refs["video_from_chicago"]["time"] = (
        VIDEO_START + timedelta(seconds=chicago[0])
    ).isoformat()


# --- Company registry extract (HTML) -------------------------------------------------------------

_REGISTRY_ENTITY = [
    ["Field", "Value"],
    ["Entity name", VENDOR],
    ["File number", "LLC-0938-4415"],
    ["Entity type", "Domestic limited liability company"],
    ["Status", "Active"],
    ["Date of formation", "December 19, 2023"],
    ["Principal office", "1418 W Addison St, Suite 3, Chicago, IL 60613"],
    ["Registered agent", "Renee Ostrowski, 1418 W Addison St, Suite 3, Chicago, IL 60613"],
]
_REGISTRY_PEOPLE = [
    ["Name", "Role", "Address", "Since"],
    ["Renee Ostrowski", "Manager", "1418 W Addison St, Suite 3, Chicago, IL", "2023-12-19"],
    [SUBJECT, "Organizer", "77 Lakeview Terrace, Evanston, IL", "2023-12-19"],
    [SUBJECT, "Member (50%)", "77 Lakeview Terrace, Evanston, IL", "2023-12-19"],
    ["Renee Ostrowski", "Member (50%)", "1418 W Addison St, Suite 3, Chicago, IL", "2023-12-19"],
]
_REGISTRY_FILINGS = [
    ["Date", "Filing", "Document number"],
    ["2023-12-19", "Articles of Organization", "2023-AO-118842"],
    ["2024-01-03", "Statement of information", "2024-SI-000731"],
]


def _html_table(rows: list[list[str]]) -> str:
    head = "".join(f"<th>{cell}</th>" for cell in rows[0])
    body = "".join(
        "<tr>" + "".join(f"<td>{cell}</td>" for cell in row) + "</tr>" for row in rows[1:]
    )
    return f"<table>\n<thead><tr>{head}</tr></thead>\n<tbody>{body}</tbody>\n</table>"


def _registry(case: _Case) -> None:
    # Every element below is one text block for the extractor, and every table row one more:
    # the line numbers in the answers are counted from this list.
    blocks: list[tuple[str, str | list[list[str]]]] = [
        ("h1", "Business Entity Registry"),
        (
            "p",
            "Certified extract of entity detail, printed May 2, 2024. "
            "Search term: LAKESHORE CONSULTING GROUP",
        ),
        ("h2", "Entity"),
        ("table", _REGISTRY_ENTITY),
        ("h2", "Managers, members and organizers"),
        ("table", _REGISTRY_PEOPLE),
        ("h2", "Filing history"),
        ("table", _REGISTRY_FILINGS),
        (
            "p",
            "This extract reflects filings received up to the print date. "
            "Verify against certified copies before relying on it.",
        ),
    ]
    parts = []
    line = 0
    people_first_line = 0
    for tag, content in blocks:
        if isinstance(content, list):
            if content is _REGISTRY_PEOPLE:
                people_first_line = line + 1
            parts.append(_html_table(content))
            line += len(content)
        else:
            parts.append(f"<{tag}>{content}</{tag}>")
            line += 1
    document = (
        '<!DOCTYPE html>\n<html lang="en">\n<head>\n<meta charset="utf-8">\n'
        f"<title>Entity detail - {VENDOR}</title>\n"
        "<style>body{font-family:sans-serif;margin:2em}td,th{border:1px solid #999;"
        "padding:4px 8px}table{border-collapse:collapse;margin-bottom:1em}</style>\n"
        "</head>\n<body>\n" + "\n".join(parts) + "\n</body>\n</html>\n"
    )
    case.add(
        REGISTRY_HTML,
        document.encode(),
        f"Business registry extract for {VENDOR}: officers, members and filings.",
    )
    member_row = next(
        index for index, row in enumerate(_REGISTRY_PEOPLE) if row[1].startswith("Member")
    )
    organizer_row = next(
        index for index, row in enumerate(_REGISTRY_PEOPLE) if row[1] == "Organizer"
    )
    case.refs["registry_member"] = _ref(
        REGISTRY_HTML, "Victor A. Hale | Member (50%)", line=people_first_line + member_row
    )
    case.refs["registry_organizer"] = _ref(
        REGISTRY_HTML, "Victor A. Hale | Organizer", line=people_first_line + organizer_row
    )


# --- Case memo (Markdown) ------------------------------------------------------------------------

HYPOTHESES = [
    "Victor Hale holds an undisclosed interest in Lakeshore Consulting Group.",
    "The Lakeshore payments were made without the board approval the agreement requires.",
    "Victor Hale's sworn account of where he was on the evening of March 14, 2024 is false.",
]


def _memo(case: _Case) -> None:
    exhibits = "\n".join(
        f"- `{name}`: {case.descriptions[name]}" for name in case.files if name != MEMO_MD
    )
    hypotheses = "\n".join(f"{n}. {h}" for n, h in enumerate(HYPOTHESES, start=1))
    text = f"""# Case memo: Northgate Freight Solutions / Lakeshore Consulting Group

Prepared by Morgan Reyes, Reyes & Albright LLP (outside counsel to Northgate), June 20, 2024.
Privileged and confidential: attorney work product.

## Background

In April 2024 Northgate's CFO, Maria Delgado, referred two payments to Lakeshore Consulting Group
LLC for review. Lakeshore was added as a vendor in January 2024 by Victor A. Hale, VP Procurement,
who signed its consulting agreement for Northgate and approved both of its invoices.

## Allegations

- Mr. Hale approved payments to a consultant in which he has a concealed interest.
- The payments exceeded the agreement's limits without the approvals it requires.
- Money paid to Lakeshore was passed on in a way designed to avoid bank reporting.

## Exhibits

{exhibits}

The photograph was recovered from Renee Ostrowski's phone (consent extraction, May 20, 2024).
It shows a man matching Mr. Hale at a window table with a woman in a red coat.

## Hypotheses to test

{hypotheses}

## Open questions

- Where did the money in the Ridgeway Credit Union account ending 2291 go? (Subpoena pending.)
- Who owns and controls Harbor Point Holdings Ltd.?
- Is there any signed amendment to the agreement's spending cap?

All persons, companies, addresses, accounts and figures in this matter are fictional.
"""
    case.add(MEMO_MD, text.encode(), "Outside counsel's case memo: background and hypotheses.")


# --- Answers -------------------------------------------------------------------------------------


def _answers(case: _Case, mime_types: dict[str, str]) -> dict[str, Any]:
    r = case.refs
    structuring = r["structuring"]
    payments_total = 22000.0 + 84500.0
    photo = _meta(
        PHOTO_JPG,
        capture_time=PHOTO_TAKEN.isoformat(),
        gps_latitude=exif_degrees(PHOTO_LATITUDE),
        gps_longitude=exif_degrees(PHOTO_LONGITUDE),
    )
    photo_vs_cctv = PHOTO_TAKEN - datetime.fromisoformat(r["cctv_entry"]["time"])
    return {
        "conventions": {
            "file": "the evidence file's name, as uploaded",
            "location": (
                "extraction Location fields (1-based): page for PDF; row (data rows under the "
                "header) and sheet for CSV/XLSX; line for DOCX paragraphs, HTML text blocks, "
                "e-mail body lines and text lines; cue_start/cue_end seconds for transcripts"
            ),
            "excerpt": "found in the text of the chunk at that location, whitespace-insensitive",
            "metadata": "keys and values of the file's extraction metadata",
            "time": "the absolute moment of a cue or log row, ISO 8601 with its UTC offset",
        },
        "case": {
            "name": "Northgate Freight Solutions - Lakeshore procurement inquiry",
            "description": (
                "Internal investigation into Q1 2024 payments by Northgate Freight Solutions to "
                "Lakeshore Consulting Group LLC, approved by VP Procurement Victor A. Hale."
            ),
            "hypotheses": HYPOTHESES,
            "fictional": True,
        },
        "files": [
            {
                "filename": name,
                "mime_type": mime_types[name],
                "sha256": hashlib.sha256(content).hexdigest(),
                "description": case.descriptions[name],
            }
            for name, content in case.files.items()
        ],
        "entities": {
            "people": [
                SUBJECT,
                "Renee Ostrowski",
                "Maria Delgado",
                "Morgan Reyes",
                "Linda Cho",
                "Eleanor Park",
                "Tomas Brandt",
            ],
            "organizations": [
                COMPANY,
                VENDOR,
                INTERMEDIARY,
                "Meridian Federal Bank",
                "Ridgeway Credit Union",
                "Harbor Lights Grill",
            ],
            "accounts": [
                "Meridian Federal Bank account ending 4471",
                "Ridgeway Credit Union account ending 2291",
            ],
            "places": [ALIBI_CITY, PHOTO_CITY],
        },
        "legal": {
            "parties": [COMPANY, VENDOR],
            "governing_law": "State of Illinois",
            "clauses": [
                {"kind": "cap", "amount": 50000.0, "source": r["cap"]},
                {"kind": "approval_requirement", "amount": 25000.0, "source": r["approval"]},
                {"kind": "conflict_of_interest", "source": r["conflicts"]},
                {"kind": "governing_law", "source": r["governing_law"]},
            ],
        },
        "anomalies": [
            {
                "id": "structuring",
                "kind": "structuring",
                "description": (
                    f"Five transfers of 9,650-9,900 to V. Hale's Ridgeway CU account ending "
                    f"2291 on consecutive days ({structuring['first']} to {structuring['last']}), "
                    "each just under the 10,000 reporting threshold, right after the 84,500 "
                    "payment arrived."
                ),
                "severity": "HIGH",
                "total_amount": structuring["total"],
                "sources": structuring["rows"],
            },
            {
                "id": "round_trip",
                "kind": "round_trip",
                "description": (
                    "25,000 wired to Harbor Point Holdings Ltd on 2024-03-18 comes back from "
                    "the same counterparty as a 'refund' on 2024-03-25."
                ),
                "severity": "MEDIUM",
                "total_amount": 25000.0,
                "sources": [r["round_trip_out"], r["round_trip_back"]],
            },
            {
                "id": "invoice_amount_mismatch",
                "kind": "amount_mismatch",
                "description": (
                    "Invoice LCG-2024-017 totals 48,500.00 but the ledger records and the bank "
                    "shows 84,500.00 paid against it (transposed digits; 36,000 overpaid)."
                ),
                "severity": "HIGH",
                "total_amount": 84500.0 - INVOICE_TOTAL,
                "sources": [
                    _ref(INVOICE_PDF, "TOTAL DUE: USD 48,500.00", page=1),
                    r["email_invoice_amount"],
                    r["ledger_017"],
                    r["bank_payment_017"],
                ],
            },
            {
                "id": "cap_exceeded",
                "kind": "contract_cap_exceeded",
                "description": (
                    f"Payments to Lakeshore total {_money(payments_total)}, over the agreement's "
                    "USD 50,000 spending cap; the single 84,500 payment is also over the 25,000 "
                    "board-approval threshold."
                ),
                "severity": "HIGH",
                "total_amount": payments_total,
                "sources": [r["cap"], r["approval"], r["ledger_009"], r["ledger_017"]],
            },
            {
                "id": "self_approval",
                "kind": "related_party",
                "description": (
                    "Victor Hale added Lakeshore to the vendor master, signed its agreement and "
                    "approved its invoices while being its organizer and a 50% member."
                ),
                "severity": "HIGH",
                "sources": [r["vendor_master"], r["ledger_017"], r["registry_member"]],
            },
        ],
        "contradictions": [
            {
                "id": "alibi",
                "claim": "I was in Chicago all evening on March 14, 2024.",
                "claimed_place": ALIBI_CITY,
                "claimed_place_coordinates": list(ALIBI_COORDINATES),
                "claimed_date": "2024-03-14",
                "claim_source": r["alibi"],
                "evidence_against": [
                    photo,
                    r["cctv_entry"],
                    r["cctv_payment"],
                    r["video_meta"],
                    r["video_reservation"],
                    r["video_from_chicago"],
                ],
                "evidence_place": PHOTO_CITY,
                "explanation": (
                    "A photo taken at 21:38 (UTC-05:00) that evening carries GPS coordinates in "
                    "Milwaukee, about 130 km from Chicago; the Milwaukee venue's log shows a "
                    "reservation under HALE 20 minutes earlier and a payment with the card ending "
                    "2291; its entrance video records a man giving the name Hale."
                ),
                "severity": "HIGH",
            },
            {
                "id": "board_approval_claim",
                "claim": "The board approved the Lakeshore engagement at its March meeting.",
                "claim_source": r["claims_approval"],
                "also_claimed_in": [r["email_board_claim"]],
                "evidence_against": [
                    _ref(MINUTES_PDF, "No documents were circulated and no resolution", page=2),
                    r["email_keep_under"],
                ],
                "explanation": (
                    "The March 5, 2024 minutes record only the Coldline and Briggs & Kaul "
                    "resolutions; the procurement item was an oral update with no resolution."
                ),
                "severity": "HIGH",
            },
            {
                "id": "undisclosed_interest",
                "claim": "I have no connection to Lakeshore beyond approving their invoices.",
                "claim_source": r["denies_interest"],
                "evidence_against": [
                    r["registry_organizer"],
                    r["registry_member"],
                    r["email_keep_under"],
                ],
                "explanation": (
                    "The registry lists Victor A. Hale as Lakeshore's organizer and a 50% member; "
                    "the agreement's conflicts clause says no Northgate officer holds an interest."
                ),
                "severity": "HIGH",
            },
        ],
        "cross_modal_links": [
            {
                "id": "photo_cctv",
                "correlation_type": "same_place_and_time",
                "a": photo,
                "b": r["cctv_entry"],
                "time_delta_seconds": photo_vs_cctv.total_seconds(),
                "implication": (
                    "The photo and the venue's entry record put the same evening at the same "
                    "Milwaukee venue within about 20 minutes."
                ),
            },
            {
                "id": "video_cctv",
                "correlation_type": "same_event",
                "a": r["video_reservation"],
                "b": r["cctv_entry"],
                "time_delta_seconds": (
                    datetime.fromisoformat(r["video_reservation"]["time"])
                    - datetime.fromisoformat(r["cctv_entry"]["time"])
                ).total_seconds(),
                "implication": "The entrance video's audio and the entry log record one arrival.",
            },
            {
                "id": "card_2291",
                "correlation_type": "same_account",
                "a": r["cctv_payment"],
                "b": r["structuring"]["rows"][0],
                "time_delta_seconds": None,
                "implication": (
                    "The card that paid the table-12 bill is linked to the account ending 2291 "
                    "that received the structured transfers."
                ),
            },
            {
                "id": "invoice_chain",
                "correlation_type": "same_document_reference",
                "a": r["email_invoice_attachment"],
                "b": _ref(INVOICE_PDF, "Invoice No: LCG-2024-017", page=1),
                "also": [r["ledger_017"], r["bank_payment_017"]],
                "time_delta_seconds": None,
                "implication": (
                    "The invoice attached to the March 1 e-mail is the invoice file; the ledger "
                    "and the bank record payment against the same number."
                ),
            },
            {
                "id": "hale_lakeshore",
                "correlation_type": "same_person",
                "a": r["registry_member"],
                "b": r["vendor_master"],
                "time_delta_seconds": None,
                "implication": "The vendor's co-owner is the employee who onboarded it.",
            },
        ],
        "evidence_gaps": [
            {
                "id": "board_approval",
                "element": (
                    "Board approval of the Lakeshore payments over USD 25,000 and above the cap "
                    "(agreement section 4.2)"
                ),
                "current_strength": "MISSING",
                "requirement": r["approval"],
                "searched": [
                    _ref(MINUTES_PDF, "No vendor agreements were presented for approval", page=1),
                    _ref(MINUTES_PDF, "no resolution was proposed", page=2),
                ],
                "recommendation": (
                    "Ask the Corporate Secretary for all Q1 2024 resolutions and written consents."
                ),
            },
            {
                "id": "cap_amendment",
                "element": "A signed amendment raising the USD 50,000 spending cap (section 4.1)",
                "current_strength": "MISSING",
                "requirement": r["cap"],
                "searched": [],
                "recommendation": "Request any amendment from both parties' files.",
            },
            {
                "id": "invoice_009",
                "element": "Invoice LCG-2024-009 behind the 22,000 payment of February 2, 2024",
                "current_strength": "MISSING",
                "requirement": r["ledger_009"],
                "searched": [r["bank_payment_009"]],
                "recommendation": "Obtain the invoice from accounts payable.",
            },
            {
                "id": "account_2291",
                "element": "Statements of the Ridgeway Credit Union account ending 2291",
                "current_strength": "MISSING",
                "requirement": structuring["rows"][0],
                "searched": [],
                "recommendation": "Subpoena Ridgeway Credit Union for the account's statements.",
            },
        ],
        "timeline": [
            {
                "date": "2023-12-19",
                "event": "Lakeshore formed; Hale organizer and member",
                "source": r["registry_organizer"],
            },
            {
                "date": "2024-01-04",
                "event": "Hale asks Lakeshore to keep invoices under 25,000",
                "source": r["email_keep_under"],
            },
            {
                "date": "2024-01-05",
                "event": "Lakeshore added to the vendor master by V. Hale",
                "source": r["vendor_master"],
            },
            {"date": "2024-01-08", "event": "Consulting agreement signed", "source": r["cap"]},
            {
                "date": "2024-02-02",
                "event": "22,000 paid to Lakeshore",
                "source": r["bank_payment_009"],
            },
            {
                "date": "2024-03-01",
                "event": "Invoice LCG-2024-017 for 48,500 e-mailed",
                "source": r["email_invoice_amount"],
            },
            {
                "date": "2024-03-05",
                "event": "Board meeting: no Lakeshore resolution",
                "source": _ref(MINUTES_PDF, "March 5, 2024", page=2),
            },
            {
                "date": "2024-03-08",
                "event": "84,500 paid to Lakeshore",
                "source": r["bank_payment_017"],
            },
            {
                "date": "2024-03-11",
                "event": "First of five transfers under 10,000",
                "source": structuring["rows"][0],
            },
            {
                "date": "2024-03-14",
                "event": "Hale at Harbor Lights Grill, Milwaukee",
                "source": r["cctv_entry"],
            },
            {
                "date": "2024-03-15",
                "event": "Hale tells the CFO the board signed off",
                "source": r["email_board_claim"],
            },
            {
                "date": "2024-03-18",
                "event": "25,000 wired to Harbor Point Holdings",
                "source": r["round_trip_out"],
            },
            {
                "date": "2024-03-25",
                "event": "25,000 back from Harbor Point Holdings",
                "source": r["round_trip_back"],
            },
            {
                "date": "2024-06-12",
                "event": "Hale deposed; alibi for March 14",
                "source": r["alibi"],
            },
        ],
        # Ordinary activity a careful analyst leaves alone: flagging it counts as a false alarm.
        "decoys": [
            {
                "id": "recurring_subscription",
                "description": (
                    "The same 89.00 software subscription on the same card reference in January "
                    "and March is a recurring charge, not a duplicate payment."
                ),
                "sources": r["decoy_subscription"],
            },
            {
                "id": "recurring_rent",
                "description": "Monthly office rent of 1,200.00 to the same landlord.",
                "sources": r["decoy_rent"],
            },
            {
                "id": "bank_fees",
                "description": "The bank's monthly service fee.",
                "sources": r["decoy_fees"],
            },
        ],
        "sidecars": {VIDEO_MP4: VIDEO_VTT},
    }


def demo_case_files() -> tuple[dict[str, bytes], dict[str, Any]]:
    """The demo case in memory: {filename: content} and the answers."""
    case = _Case()
    _bank_statement(case)
    _ledger(case)
    invoice = _invoice()
    case.add(INVOICE_PDF, invoice, f"{VENDOR} invoice LCG-2024-017, March 1, 2024.")
    _agreement(case)
    case.add(MINUTES_PDF, _minutes(), f"Minutes of the {COMPANY} board, February and March 2024.")
    _emails(case, invoice)
    _deposition(case)
    case.add(
        PHOTO_JPG,
        _photo(),
        "Phone photo of a restaurant window at night, recovered from Renee Ostrowski's phone.",
    )
    _cctv(case)
    _video(case)
    _registry(case)
    _memo(case)
    answers = _answers(case, {name: mime_type_of(name) for name in case.files})
    return case.files, answers


def write_demo_case(directory: Path) -> Path:
    """Writes the demo case's evidence files and answers.json into `directory`.

    Returns the path of answers.json; the evidence files are beside it.
    """
    files, answers = demo_case_files()
    directory.mkdir(parents=True, exist_ok=True)
    for name, content in files.items():
        (directory / name).write_bytes(content)
    path = directory / ANSWERS_FILENAME
    path.write_text(json.dumps(answers, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    return path
