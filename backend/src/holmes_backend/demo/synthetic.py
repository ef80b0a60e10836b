"""Generated cases for benchmarks: any number of evidence files of mixed types, from a seed.

The theme (public-works contracting: bids, change orders, site inspections) and the vocabulary
are deliberately different from the demo case, so an analyst that only works on the demo case
shows up in a benchmark. Names, places, amounts and dates are drawn at random; some files carry
the patterns investigators look for (runs of transfers just under 10,000, money that comes
back, sworn whereabouts, photos with a place and time) so the analysts have real work to do.
"""

import hashlib
import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta, timezone
from io import BytesIO
from pathlib import Path

import docx
import openpyxl
from PIL import Image, ImageDraw

from holmes_backend.demo.formats import (
    jpeg_bytes,
    make_email,
    make_mp4,
    make_pdf,
    pdf_date,
    photo_exif,
    stable_package,
    wrap,
)

_FIRST = (
    "Amara", "Bastian", "Celeste", "Dmitri", "Esme", "Farid", "Greta", "Hiro", "Ines", "Jonah",
    "Kalani", "Leopold", "Mireille", "Nikhil", "Odette", "Pascal", "Quinn", "Rosalind", "Soren",
    "Talia", "Ulrich", "Vesna", "Wendell", "Ximena", "Yusuf", "Zofia",
)  # fmt: skip
_LAST = (
    "Abernathy", "Bellweather", "Castellanos", "Drummond", "Eriksen", "Fairbanks", "Gallo",
    "Haverford", "Iwasaki", "Jablonski", "Kowalczyk", "Lindqvist", "Marchetti", "Nakamura",
    "Oyelaran", "Pemberton", "Quintero", "Rasmussen", "Szabo", "Thorvaldsen", "Underhill",
    "Valdivia", "Whitcombe", "Yamada", "Zielinski",
)  # fmt: skip
_ORG_STEMS = (
    "Cobalt", "Granite", "Juniper", "Silverline", "Bramble", "Copperfield", "Redwater",
    "Stonebridge", "Tidewell", "Ironbark", "Foxglove", "Larkspur", "Ashgrove", "Pinecrest",
    "Westmark", "Oakhaven", "Saltmarsh", "Kestrel",
)  # fmt: skip
_ORG_TRADES = (
    "Civil Works", "Paving", "Engineering", "Materials", "Surveying", "Environmental",
    "Demolition", "Drainage", "Concrete", "Traffic Signals", "Aggregates", "Geotechnical",
)  # fmt: skip
_ORG_SUFFIXES = ("Co.", "LLC", "Ltd.", "Group", "Partners", "Inc.")
_PROJECT_PLACES = (
    "Route 9", "Eastside", "Harborview", "Millrace", "Copper Hill", "North Basin", "Quarry Road",
    "Cedar Flats", "Old Mill", "Lantern Bay", "Fenwick", "Prospect Ridge",
)  # fmt: skip
_PROJECT_WORKS = (
    "culvert replacement", "water main renewal", "bridge deck resurfacing", "storm drain upgrade",
    "roundabout construction", "sidewalk reconstruction", "pump station retrofit",
    "retaining wall repair", "bike lane extension", "landfill cap",
)  # fmt: skip
# (city, latitude, longitude, UTC offset in hours): a fixed offset keeps the generator simple.
_CITIES = (
    ("Sacramento, CA", 38.5816, -121.4944, -8), ("Tucson, AZ", 32.2226, -110.9747, -7),
    ("Boise, ID", 43.6150, -116.2023, -7), ("Spokane, WA", 47.6588, -117.4260, -8),
    ("Albuquerque, NM", 35.0844, -106.6504, -7), ("Omaha, NE", 41.2565, -95.9345, -6),
    ("Tulsa, OK", 36.1540, -95.9928, -6), ("Savannah, GA", 32.0809, -81.0912, -5),
    ("Richmond, VA", 37.5407, -77.4360, -5), ("Halifax, NS", 44.6488, -63.5752, -4),
    ("Anchorage, AK", 61.2181, -149.9003, -9), ("Honolulu, HI", 21.3069, -157.8583, -10),
)  # fmt: skip
_STATES = ("Oregon", "Arizona", "Idaho", "Washington", "New Mexico", "Nebraska", "Georgia")
_CAMERAS = (
    ("Canon", "EOS 90D"),
    ("Nikon", "Z 6II"),
    ("Google", "Pixel 7"),
    ("Samsung", "SM-S911B"),
)
_STRUCTURING_LIMIT = 10_000

_KIND_ORDER = (
    "bank_csv", "report_pdf", "email", "contract_docx", "ledger_xlsx", "photo", "register_html",
    "interview_vtt", "notes_md", "statement_srt", "clip_mp4", "email", "invoice_pdf",
    "notes_txt", "bank_csv", "email", "photo", "invoice_pdf",
)  # fmt: skip


@dataclass
class _World:
    """The cast of one generated case: people, firms, projects, places and a period."""

    rng: random.Random
    people: list[str]
    firms: list[str]
    projects: list[str]
    start: date

    def person(self) -> str:
        return self.rng.choice(self.people)

    def firm(self) -> str:
        return self.rng.choice(self.firms)

    def project(self) -> str:
        return self.rng.choice(self.projects)

    def day(self, spread: int = 540) -> date:
        return self.start + timedelta(days=self.rng.randrange(spread))

    def moment(self, city: tuple[str, float, float, int]) -> datetime:
        zone = timezone(timedelta(hours=city[3]))
        day = self.day()
        seconds = self.rng.randrange(6 * 3600, 23 * 3600)
        return datetime(day.year, day.month, day.day, tzinfo=zone) + timedelta(seconds=seconds)

    def amount(self, low: float = 250, high: float = 90_000) -> float:
        return round(self.rng.uniform(low, high), 2)

    def email_address(self, person: str) -> str:
        first, last = person.lower().split()[:2]
        domain = self.rng.choice(self.firms).split()[0].lower()
        return f"{person} <{first}.{last}@{domain}.example>"


def _world(rng: random.Random) -> _World:
    people = sorted({f"{rng.choice(_FIRST)} {rng.choice(_LAST)}" for _ in range(24)})
    firms = sorted(
        {
            f"{rng.choice(_ORG_STEMS)} {rng.choice(_ORG_TRADES)} {rng.choice(_ORG_SUFFIXES)}"
            for _ in range(12)
        }
    )
    projects = sorted(
        {f"{rng.choice(_PROJECT_PLACES)} {rng.choice(_PROJECT_WORKS)}" for _ in range(8)}
    )
    start = date(2021, 1, 1) + timedelta(days=rng.randrange(900))
    return _World(rng=rng, people=people, firms=firms, projects=projects, start=start)


def _sentences(world: _World, count: int) -> list[str]:
    rng = world.rng
    templates: tuple[Callable[[], str], ...] = (
        lambda: (
            f"{world.person()} inspected the {world.project()} site on {world.day():%B %d, %Y} "
            f"and recorded {rng.randint(2, 14)} open defects."
        ),
        lambda: (
            f"Change order {rng.randint(100, 999)} adds ${world.amount(2000, 60000):,.2f} to "
            f"the {world.project()} contract held by {world.firm()}."
        ),
        lambda: (
            f"{world.firm()} submitted its bid of ${world.amount(90000, 2500000):,.2f} "
            f"{rng.randint(1, 6)} hours before the deadline."
        ),
        lambda: (
            f"{world.person()} approved payment application {rng.randint(1, 24)} without the "
            f"engineer's certificate."
        ),
        lambda: (
            f"Concrete cylinders from pour {rng.randint(1, 40)} broke at "
            f"{rng.randint(2400, 5200)} psi against {rng.choice((3000, 4000, 5000))} psi specified."
        ),
        lambda: (
            f"{world.person()} said the crew left the yard at {rng.randint(5, 9)}:"
            f"{rng.randint(0, 59):02d} a.m. on {world.day():%B %d, %Y}."
        ),
        lambda: (
            f"The daily log for {world.day():%Y-%m-%d} shows {rng.randint(3, 25)} workers "
            f"and {rng.randint(1, 9)} pieces of equipment on the {world.project()} site."
        ),
        lambda: (
            f"{world.firm()} invoiced {rng.randint(40, 900)} tons of aggregate at "
            f"${rng.uniform(18, 65):.2f} per ton."
        ),
        lambda: (
            f"The weighbridge tickets for {world.day():%B %Y} total {rng.randint(40, 900)} "
            f"tons, not the quantity invoiced."
        ),
        lambda: (
            f"{world.person()} met {world.person()} of {world.firm()} on "
            f"{world.day():%B %d, %Y} to discuss the {world.project()} schedule."
        ),
    )
    return [rng.choice(templates)() for _ in range(count)]


# --- one generator per kind: (world, stem) -> [(filename, content)] ------------------------------

_Files = list[tuple[str, bytes]]


def _bank_csv(world: _World, stem: str) -> _Files:
    rng = world.rng
    day = world.day(365)
    balance = world.amount(5000, 80000)
    account = f"{rng.randint(1000, 9999)}"
    lines = ["Posting Date,Narrative,Counterparty,Amount,Running Balance"]

    def post(when: date, narrative: str, party: str, amount: float) -> None:
        nonlocal balance
        balance = round(balance + amount, 2)
        lines.append(f"{when:%Y-%m-%d},{narrative},{party},{amount:.2f},{balance:.2f}")

    for _ in range(rng.randint(30, 160)):
        day += timedelta(days=rng.randint(0, 3))
        party = world.firm() if rng.random() < 0.7 else world.person()
        incoming = rng.random() < 0.4
        amount = world.amount(80, 45000)
        post(
            day,
            "Credit transfer" if incoming else "Payment",
            party,
            amount if incoming else -amount,
        )
        if rng.random() < 0.04:  # a run of transfers just under the reporting threshold
            person = world.person()
            for _ in range(rng.randint(3, 6)):
                day += timedelta(days=rng.randint(0, 2))
                cash = round(rng.uniform(_STRUCTURING_LIMIT * 0.9, _STRUCTURING_LIMIT - 50), 2)
                post(day, f"Transfer to acct ending {account}", person, -cash)
        if rng.random() < 0.03:  # money out and the same amount back from the same party
            party = world.firm()
            amount = round(world.amount(5000, 60000), -2)
            post(day, "Advance", party, -amount)
            day += timedelta(days=rng.randint(3, 12))
            post(day, "Refund of advance", party, amount)
    return [(f"{stem}.csv", ("\n".join(lines) + "\n").encode())]


def _ledger_xlsx(world: _World, stem: str) -> _Files:
    rng = world.rng
    workbook = openpyxl.Workbook()
    sheet = workbook.active
    assert sheet is not None
    sheet.title = "Payments"
    sheet.append(["Date", "Payee", "Project", "Cost Code", "Net", "Retention", "Certified By"])
    for _ in range(rng.randint(20, 120)):
        net = world.amount(500, 180000)
        sheet.append(
            [
                world.day(),
                world.firm(),
                world.project(),
                f"{rng.randint(1, 33):02d}-{rng.randint(100, 999)}",
                net,
                round(net * rng.choice((0, 0.05, 0.1)), 2),
                world.person(),
            ]
        )
    if rng.random() < 0.5:
        budget = workbook.create_sheet("Budget")
        budget.append(["Project", "Original", "Approved Changes", "Forecast"])
        for project in world.projects:
            original = world.amount(200000, 4000000)
            changes = world.amount(0, original * 0.3)
            budget.append([project, original, changes, round(original + changes, 2)])
    stamp = datetime.combine(world.day(), datetime.min.time(), tzinfo=UTC)
    workbook.properties.creator = world.person()
    workbook.properties.created = stamp.replace(tzinfo=None)
    buffer = BytesIO()
    workbook.save(buffer)
    return [(f"{stem}.xlsx", stable_package(buffer.getvalue(), stamp))]


def _invoice_pdf(world: _World, stem: str) -> _Files:
    rng = world.rng
    firm, issued = world.firm(), world.day()
    number = f"{firm.split()[0][:3].upper()}-{rng.randint(1000, 99999)}"
    items = [(f"{rng.choice(_PROJECT_WORKS).capitalize()} - stage {rng.randint(1, 9)}",
              world.amount(300, 40000)) for _ in range(rng.randint(1, 8))]  # fmt: skip
    lines = [firm.upper(), f"Tax invoice {number}", f"Issued: {issued:%d %B %Y}",
             f"Project: {world.project()}", f"Attention: {world.person()}", ""]  # fmt: skip
    lines += [f"{text}  ....  {amount:,.2f}" for text, amount in items]
    lines += ["", f"Amount payable: {sum(a for _, a in items):,.2f}",
              f"Terms: net {rng.choice((14, 30, 45))} days"]  # fmt: skip
    created = datetime.combine(issued, datetime.min.time(), tzinfo=UTC)
    info = {"Title": f"Invoice {number}", "Author": firm, "CreationDate": pdf_date(created)}
    return [(f"{stem}.pdf", make_pdf([lines], info))]


def _report_pdf(world: _World, stem: str) -> _Files:
    rng = world.rng
    title = f"{rng.choice(('Site inspection', 'Progress', 'Audit', 'Claims review'))} report"
    pages = []
    for number in range(1, rng.randint(2, 6) + 1):
        paragraphs = [f"{title} - {world.project()} - page {number}", ""]
        paragraphs += _sentences(world, rng.randint(6, 18))
        pages.append(wrap(paragraphs))
    return [(f"{stem}.pdf", make_pdf(pages, {"Title": title, "Author": world.person()}))]


def _contract_docx(world: _World, stem: str) -> _Files:
    rng = world.rng
    owner, contractor = world.firm(), world.firm()
    document = docx.Document()
    document.add_paragraph(f"SUBCONTRACT AGREEMENT - {world.project().upper()}", style="Title")
    document.add_paragraph(
        f"This agreement of {world.day():%B %d, %Y} is between {owner} and {contractor}."
    )
    clauses = [
        f"The subcontract sum shall not exceed ${world.amount(50000, 900000):,.2f} without a "
        "written variation.",
        f"Any variation above ${rng.choice((10000, 25000, 50000)):,} requires the prior written "
        f"approval of {world.person()}, the owner's representative.",
        f"Liquidated damages of ${rng.randint(5, 50) * 100:,} per day apply after practical "
        "completion is due.",
        f"This agreement is governed by the laws of the State of {rng.choice(_STATES)}.",
        "Retention of five percent is held until the defects liability period ends.",
    ]
    for number, clause in enumerate(clauses, start=1):
        document.add_paragraph(f"Clause {number}", style="Heading 1")
        document.add_paragraph(clause)
        for sentence in _sentences(world, rng.randint(0, 4)):
            document.add_paragraph(sentence)
    table = document.add_table(rows=0, cols=2)
    for left, right in ((owner, contractor), (f"By: {world.person()}", f"By: {world.person()}")):
        cells = table.add_row().cells
        cells[0].text, cells[1].text = left, right
    stamp = datetime.combine(world.day(), datetime.min.time(), tzinfo=UTC)
    document.core_properties.created = stamp.replace(tzinfo=None)
    document.core_properties.modified = stamp.replace(tzinfo=None)
    buffer = BytesIO()
    document.save(buffer)
    return [(f"{stem}.docx", stable_package(buffer.getvalue(), stamp))]


def _email(world: _World, stem: str) -> _Files:
    rng = world.rng
    sender, recipient = world.person(), world.person()
    city = rng.choice(_CITIES)
    sent = world.moment(city)
    body = [f"Hi {recipient.split()[0]},", "", *_sentences(world, rng.randint(2, 9)), "",
            sender.split()[0]]  # fmt: skip
    attachment = None
    if rng.random() < 0.3:
        name, content = _invoice_pdf(world, f"{stem}_attachment")[0]
        attachment = (name.rpartition("/")[2], "application/pdf", content)
    message = make_email(
        sender=world.email_address(sender),
        to=[world.email_address(recipient)],
        subject=f"{world.project().capitalize()}: {rng.choice(('pay app', 'site visit', 'RFI', 'variation', 'schedule'))}",  # noqa: E501
        sent=sent,
        body="\n".join(wrap(body, 76)) + "\n",
        message_id=f"<{stem}.{rng.randrange(10**9)}@mail.example>",
        attachment=attachment,
    )
    return [(f"{stem}.eml", message)]


def _register_html(world: _World, stem: str) -> _Files:
    rng = world.rng
    rows = "".join(
        f"<tr><td>{rng.randint(10000, 99999)}</td><td>{world.firm()}</td>"
        f"<td>{world.project()}</td><td>{world.day():%Y-%m-%d}</td>"
        f"<td>${world.amount(10000, 3000000):,.2f}</td></tr>"
        for _ in range(rng.randint(5, 30))
    )
    paragraphs = "".join(f"<p>{s}</p>" for s in _sentences(world, rng.randint(1, 5)))
    page = (
        "<!DOCTYPE html><html><head><meta charset='utf-8'><title>Bid register</title></head>"
        "<body><h1>Public bid register</h1>" + paragraphs + "<table><tr><th>Bid</th><th>Bidder</th>"
        "<th>Project</th><th>Opened</th><th>Amount</th></tr>" + rows + "</table></body></html>"
    )
    return [(f"{stem}.html", page.encode())]


def _timed_transcript(world: _World, vtt: bool) -> tuple[str, datetime]:
    rng = world.rng
    city = rng.choice(_CITIES)
    start = world.moment(city)
    speakers = [world.person(), world.person()]
    blocks = []
    header = f"Recording-Start: {start.isoformat()}" if rng.random() < 0.8 else ""
    if vtt:
        blocks.append("WEBVTT\n" + header if header else "WEBVTT")
    elif header:
        blocks.append(f"INTERVIEW RECORD\n{header}")
    at = 2.0
    sentences = _sentences(world, rng.randint(20, 80))
    other = rng.choice(_CITIES)[0]
    sentences.insert(
        rng.randrange(len(sentences)),
        f"I was in {other} the whole day on {world.day():%B %d, %Y}, I never went to the site.",
    )
    for number, sentence in enumerate(sentences, start=1):
        length = 2 + len(sentence) / 15
        speaker = speakers[number % 2]
        timing = f"{_clock(at, vtt)} --> {_clock(at + length, vtt)}"
        text = f"<v {speaker}>{sentence}" if vtt else f"{speaker}: {sentence}"
        blocks.append(f"{timing}\n{text}" if vtt else f"{number}\n{timing}\n{text}")
        at += length + rng.uniform(0.2, 3)
    return "\n\n".join(blocks) + "\n", start


def _clock(seconds: float, vtt: bool) -> str:
    millis = round(seconds * 1000)
    hours, rest = divmod(millis, 3_600_000)
    minutes, rest = divmod(rest, 60_000)
    separator = "." if vtt else ","
    return f"{hours:02d}:{minutes:02d}:{rest // 1000:02d}{separator}{rest % 1000:03d}"


def _interview_vtt(world: _World, stem: str) -> _Files:
    return [(f"{stem}.vtt", _timed_transcript(world, vtt=True)[0].encode())]


def _statement_srt(world: _World, stem: str) -> _Files:
    return [(f"{stem}.srt", _timed_transcript(world, vtt=False)[0].encode())]


def _notes(world: _World, stem: str, extension: str) -> _Files:
    rng = world.rng
    lines = [f"# {rng.choice(('Field notes', 'Meeting notes', 'Call notes'))}: {world.project()}"]
    for _ in range(rng.randint(2, 6)):
        lines += ["", f"## {world.day():%Y-%m-%d}"]
        lines += [f"- {sentence}" for sentence in _sentences(world, rng.randint(2, 8))]
    return [(f"{stem}.{extension}", ("\n".join(lines) + "\n").encode())]


def _photo(world: _World, stem: str) -> _Files:
    rng = world.rng
    city = rng.choice(_CITIES)
    image = Image.new("RGB", (320, 240), (rng.randrange(90, 160),) * 3)
    draw = ImageDraw.Draw(image)
    for _ in range(rng.randint(4, 12)):  # machinery and spoil heaps, roughly
        x, y = rng.randrange(300), rng.randrange(100, 230)
        colour = (rng.randrange(120, 255), rng.randrange(90, 200), rng.randrange(0, 80))
        draw.rectangle([x, y, x + rng.randint(10, 60), y + rng.randint(8, 30)], fill=colour)
    make, model = rng.choice(_CAMERAS)
    exif = photo_exif(
        taken=world.moment(city),
        latitude=city[1] + rng.uniform(-0.05, 0.05),
        longitude=city[2] + rng.uniform(-0.05, 0.05),
        make=make,
        model=model,
    )
    return [(f"{stem}.jpg", jpeg_bytes(image, exif, quality=80))]


def _clip_mp4(world: _World, stem: str) -> _Files:
    text, start = _timed_transcript(world, vtt=True)
    payload = hashlib.sha256(stem.encode()).digest() * world.rng.randint(16, 256)
    duration = world.rng.uniform(30, 1800)
    return [
        (f"{stem}.mp4", make_mp4(start.astimezone(UTC), duration, payload)),
        (f"{stem}.vtt", text.encode()),  # the sidecar transcript, named like the clip
    ]


_GENERATORS: dict[str, Callable[[_World, str], _Files]] = {
    "bank_csv": _bank_csv,
    "ledger_xlsx": _ledger_xlsx,
    "invoice_pdf": _invoice_pdf,
    "report_pdf": _report_pdf,
    "contract_docx": _contract_docx,
    "email": _email,
    "register_html": _register_html,
    "interview_vtt": _interview_vtt,
    "statement_srt": _statement_srt,
    "notes_md": lambda world, stem: _notes(world, stem, "md"),
    "notes_txt": lambda world, stem: _notes(world, stem, "txt"),
    "photo": _photo,
    "clip_mp4": _clip_mp4,
}


def synthetic_case_files(n_files: int, seed: int) -> list[tuple[str, bytes]]:
    """`n_files` (filename, content) pairs of mixed types; the same seed gives the same bytes."""
    rng = random.Random(seed)
    world = _world(rng)
    order = list(_KIND_ORDER)
    rng.shuffle(order)
    files: list[tuple[str, bytes]] = []
    index = 0
    while len(files) < n_files:
        kind = order[index % len(order)]
        index += 1
        if kind == "clip_mp4" and n_files - len(files) < 2:
            continue  # no room for the clip and its transcript
        slug = (
            world.firm().split()[0].lower()
            if rng.random() < 0.5
            else world.person().split()[1].lower()
        )
        stem = f"{len(files) + 1:04d}_{kind.rsplit('_', 1)[0]}_{slug}"
        files += _GENERATORS[kind](world, stem)
    return files


def write_synthetic_case(directory: Path, n_files: int, seed: int) -> list[Path]:
    """Writes `n_files` generated evidence files into `directory`; returns their paths."""
    directory.mkdir(parents=True, exist_ok=True)
    paths = []
    for name, content in synthetic_case_files(n_files, seed):
        path = directory / name
        path.write_bytes(content)
        paths.append(path)
    return paths
