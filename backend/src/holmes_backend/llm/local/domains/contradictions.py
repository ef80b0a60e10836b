"""Contradictions: sworn claims against the timeline and money, and documents against each other.

- place/time: a claim puts its speaker at a place during a time; an event in another file that is
  the speaker's own (attributed photo, their phone's log, an e-mail they sent) shows them
  elsewhere then. It is HIGH when the difference is verified (two named places, or coordinates
  more than a kilometre from where the case places the claimed place), MEDIUM when the event's
  position cannot be checked against the claimed place offline.
- denials: "I never met/spoke with X" against an event of both; "I never paid X" against a
  payment from the speaker to X; "I was never at P" against an event of the speaker at P.
- conditions: "the car had no problems" / "the loan is up to date" against records of a defect
  or of returned payments (condition_contradictions).
- documents: one reference or figure with different amounts in two files; payments above a
  contractual cap.
"""

import re
from bisect import bisect_left, bisect_right
from collections import defaultdict
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta, tzinfo

from holmes_backend.agents.schemas import (
    Clause,
    Contradiction,
    Finding,
    Severity,
    SourceRef,
    SwornClaim,
    Transaction,
)
from holmes_backend.llm.local.domains import negations
from holmes_backend.llm.local.domains.abroad import abroad_contradictions
from holmes_backend.llm.local.domains.activities import activity_contradictions
from holmes_backend.llm.local.domains.acts import act_contradictions
from holmes_backend.llm.local.domains.addresses import address_tie_contradictions
from holmes_backend.llm.local.domains.ages import age_contradictions
from holmes_backend.llm.local.domains.allowances import allowance_contradictions
from holmes_backend.llm.local.domains.approvers import (
    approver_contradictions,
    bounded_approval_contradictions,
)
from holmes_backend.llm.local.domains.authorship import shared_authorship_contradictions
from holmes_backend.llm.local.domains.backdating import backdating_contradictions
from holmes_backend.llm.local.domains.balances import BALANCE_BREAK
from holmes_backend.llm.local.domains.blackout import blackout_contradictions
from holmes_backend.llm.local.domains.bookings import stay_booked_contradictions
from holmes_backend.llm.local.domains.called_off import called_off_contradictions
from holmes_backend.llm.local.domains.case import CaseView
from holmes_backend.llm.local.domains.cheques import register_contradictions
from holmes_backend.llm.local.domains.completions import completion_contradictions
from holmes_backend.llm.local.domains.conditions import (
    CONDITION_REPORTED,
    as_new_contradictions,
    preexisting_contradictions,
)
from holmes_backend.llm.local.domains.conduct import conduct_contradictions
from holmes_backend.llm.local.domains.conflicted import conflicted_approvals
from holmes_backend.llm.local.domains.consignments import consignment_contradictions
from holmes_backend.llm.local.domains.countersigned import unchecked_contradictions
from holmes_backend.llm.local.domains.counts import count_contradictions
from holmes_backend.llm.local.domains.covenants import (
    competitor_contradictions,
    current_post_contradictions,
)
from holmes_backend.llm.local.domains.custody import seal_contradictions
from holmes_backend.llm.local.domains.dated_acts import (
    dated_act_contradictions,
    register_dated_contradictions,
)
from holmes_backend.llm.local.domains.deadlines import deadline_contradictions
from holmes_backend.llm.local.domains.deaths import after_death_contradictions
from holmes_backend.llm.local.domains.departures import departure_contradictions
from holmes_backend.llm.local.domains.dispositions import (
    disposal_contradictions,
    owning_contradictions,
)
from holmes_backend.llm.local.domains.earnings import earnings_contradictions
from holmes_backend.llm.local.domains.exfiltration import exfiltration_contradictions
from holmes_backend.llm.local.domains.exits import access_contradictions
from holmes_backend.llm.local.domains.expenses import expense_presence_contradictions
from holmes_backend.llm.local.domains.faculties import faculty_contradictions
from holmes_backend.llm.local.domains.figures import misstated_contradictions
from holmes_backend.llm.local.domains.filedates import created_after_contradictions
from holmes_backend.llm.local.domains.flights import flight_contradictions
from holmes_backend.llm.local.domains.fuel import fuel_contradictions
from holmes_backend.llm.local.domains.gaps import Unapproved, approver_words
from holmes_backend.llm.local.domains.halts import halt_contradictions
from holmes_backend.llm.local.domains.histories import history_contradictions
from holmes_backend.llm.local.domains.hospitality import (
    hospitality_contradictions,
    hosted,
    together,
    undeclared_contradictions,
)
from holmes_backend.llm.local.domains.hoursofday import hour_contradictions
from holmes_backend.llm.local.domains.households import (
    elsewhere_contradictions,
    household_contradictions,
)
from holmes_backend.llm.local.domains.incidents import incident_contradictions
from holmes_backend.llm.local.domains.instructions import instruction_contradictions
from holmes_backend.llm.local.domains.interests import (
    interest_contradictions,
    kin_employment_contradictions,
)
from holmes_backend.llm.local.domains.journeys import stop_contradictions
from holmes_backend.llm.local.domains.lastorders import last_orders_contradictions
from holmes_backend.llm.local.domains.leave import leave_contradictions
from holmes_backend.llm.local.domains.ledger import (
    distinct_payments,
    is_payment,
    is_transfer,
    tx_date,
)
from holmes_backend.llm.local.domains.legal import (
    APPROVAL_RECORD,
    NEGATED_DECISION,
    agreement_parties,
)
from holmes_backend.llm.local.domains.levels import level_contradictions
from holmes_backend.llm.local.domains.limits import COMPLIANCE, limit_contradictions
from holmes_backend.llm.local.domains.links import Item, dated_entries, instant
from holmes_backend.llm.local.domains.loans import gift_contradictions
from holmes_backend.llm.local.domains.logged_states import state_contradictions
from holmes_backend.llm.local.domains.logins import login_contradictions
from holmes_backend.llm.local.domains.lookalikes import usual_address_contradictions
from holmes_backend.llm.local.domains.losses import (
    bought_after_loss,
    loss_contradictions,
    padded_values,
    surviving_items,
)
from holmes_backend.llm.local.domains.meetings import (
    accompaniment_contradictions,
    attendance_contradictions,
    length_contradictions,
)
from holmes_backend.llm.local.domains.members import unpaid_office_contradictions
from holmes_backend.llm.local.domains.meters import meter_contradictions
from holmes_backend.llm.local.domains.mileage import mileage_contradictions
from holmes_backend.llm.local.domains.negations import RECORDED_NEGATION
from holmes_backend.llm.local.domains.nonevents import nonevent_contradictions
from holmes_backend.llm.local.domains.notices import notice_contradictions
from holmes_backend.llm.local.domains.observations import (
    observation_contradictions,
    presence_contradictions,
)
from holmes_backend.llm.local.domains.occurrences import occurrence_contradictions
from holmes_backend.llm.local.domains.omissions import omission_contradictions
from holmes_backend.llm.local.domains.orders import order_contradictions
from holmes_backend.llm.local.domains.ownaccount import own_account_contradictions
from holmes_backend.llm.local.domains.parked import parked_contradictions
from holmes_backend.llm.local.domains.paydays import payday_contradictions
from holmes_backend.llm.local.domains.payees import exclusive_account_contradictions
from holmes_backend.llm.local.domains.people import subjects_by_file
from holmes_backend.llm.local.domains.priors import prior_contradictions
from holmes_backend.llm.local.domains.quantities import quantity_contradictions
from holmes_backend.llm.local.domains.receipts import receipt_contradictions
from holmes_backend.llm.local.domains.records import written_on
from holmes_backend.llm.local.domains.refuted import refuted
from holmes_backend.llm.local.domains.registry import lifetime_contradictions
from holmes_backend.llm.local.domains.reports import report_contradictions
from holmes_backend.llm.local.domains.responses import response_contradictions
from holmes_backend.llm.local.domains.returns import return_contradictions
from holmes_backend.llm.local.domains.reviews import review_contradictions
from holmes_backend.llm.local.domains.routines import routine_contradictions
from holmes_backend.llm.local.domains.savings import savings_contradictions
from holmes_backend.llm.local.domains.sequence import (
    SEQUENCE_STATEMENT,
    sequence_contradictions,
)
from holmes_backend.llm.local.domains.services import (
    affirmed_contradictions,
    as_contradictions,
    billed_not_delivered,
    idle_days_billed,
)
from holmes_backend.llm.local.domains.signals import signal_contradictions
from holmes_backend.llm.local.domains.signings import signing_contradictions
from holmes_backend.llm.local.domains.speeds import speed_contradictions
from holmes_backend.llm.local.domains.splits import split_contradictions, split_purchases
from holmes_backend.llm.local.domains.stated import detail_contradictions, stated_contradictions
from holmes_backend.llm.local.domains.stays import PLACE_WINDOW, stay_contradictions
from holmes_backend.llm.local.domains.stocktakes import (
    balanced_contradictions,
    write_off_contradictions,
)
from holmes_backend.llm.local.domains.stolen import (
    names_directly,
    plate_key,
    stolen_plates,
    travelled_with_contradictions,
)
from holmes_backend.llm.local.domains.stoppages import (
    STATED_STOPPAGE,
    stated_as_claims,
    stoppage_contradictions,
)
from holmes_backend.llm.local.domains.submissions import (
    disclosure_contradictions,
    late_submission_contradictions,
)
from holmes_backend.llm.local.domains.substances import substance_contradictions
from holmes_backend.llm.local.domains.supplied import supplied_contradictions
from holmes_backend.llm.local.domains.takings import unbanked_contradictions
from holmes_backend.llm.local.domains.tallies import tally_contradictions
from holmes_backend.llm.local.domains.tenures import tenure_contradictions
from holmes_backend.llm.local.domains.threats import threat_contradictions
from holmes_backend.llm.local.domains.timeline import people_in, places_in
from holmes_backend.llm.local.domains.timeliness import timeliness_contradictions
from holmes_backend.llm.local.domains.timesheets import hours_contradictions
from holmes_backend.llm.local.domains.trades import trade_contradictions
from holmes_backend.llm.local.domains.trading import traded_before
from holmes_backend.llm.local.domains.turnover import (
    declared_takings_contradictions,
    stated_takings_contradictions,
)
from holmes_backend.llm.local.domains.unable import unable_contradictions
from holmes_backend.llm.local.domains.unavailable import unavailable_contradictions
from holmes_backend.llm.local.domains.undisclosed import undisclosed_contradictions
from holmes_backend.llm.local.domains.vessels import vessel_contradictions
from holmes_backend.llm.local.domains.weather import weather_contradictions
from holmes_backend.llm.local.domains.weekdays import weekday_contradictions
from holmes_backend.llm.local.domains.withdrawals import withdrawal_contradictions
from holmes_backend.llm.local.domains.worked import worked_contradictions
from holmes_backend.llm.local.domains.zones import zone_contradictions
from holmes_backend.llm.local.facts import condition
from holmes_backend.llm.local.facts.answers import answer_of
from holmes_backend.llm.local.facts.cite import unique_refs
from holmes_backend.llm.local.facts.dates import (
    WEEKDAYS,
    day_period,
    find_period,
    find_times,
    parse_iso,
    parse_span,
    since_day,
    span_words,
)
from holmes_backend.llm.local.facts.geo import distance_km, find_coordinates
from holmes_backend.llm.local.facts.lexicon import NOT_NAMES, STOPWORDS, wordset
from holmes_backend.llm.local.facts.money import find_money, format_money
from holmes_backend.llm.local.facts.names import (
    UPPER,
    distinctive_words,
    find_names,
    kind_of,
    name_key,
    org_core,
    same_party,
)
from holmes_backend.llm.local.facts.text import units

_NEG = (
    r"(?:never|not|didn['\u2019]t|did\s+not|have\s+not|haven['\u2019]t|had\s+not|hadn['\u2019]t|"
    r"don['\u2019]t|do\s+not)"
)
_CONTACT = re.compile(
    rf"\b{_NEG}\s+(?:ever\s+)?(?:met|meet|seen|see|saw|spoken|spoke|speak|talked|talk|known|know|"
    r"discussed|discuss|"
    r"knew|contacted|contact|communicated|called|emailed|e-mailed|texted|text|messaged|message|"
    r"phoned|phone|rang|ring|heard\s+of|"
    # "I did not send any messages to Ellie Graham"
    r"sen[dt]\s+(?:any\s+|a\s+|her\s+|him\s+|them\s+)?(?:messages?|texts?|e-?mails?|dms?|"
    r"letters?|photos?|pictures?)(?:\s+to)?)\b"
    # "I had no contact with him", "there were no dealings with them"
    r"|\b(?:had|have|has|was|were|there\s+(?:was|were))\s+no\s+(?:\w+\s+)?(?:contact|dealings|"
    r"communication|meetings?|conversations?)\b",
    re.IGNORECASE,
)
_FIRST_CONTACT = re.compile(
    r"\bfirst\s+(?:spoke|talked|met|contacted|called|heard\s+from|was\s+contacted\s+by|"
    r"had\s+(?:any\s+)?contact|approached|was\s+approached\s+by|dealt)\b(?:\s+(?:to|with))?",
    re.IGNORECASE,
)
_KNOWING_OF = re.compile(r"\s+(?:about|of|that|whether|how|why|what|when)\b", re.IGNORECASE)
_NOT_WITH = re.compile(
    r"\b(?:(?:was|were)\s+(?:not|never)|wasn['\u2019]t|weren['\u2019]t)\s+(?:ever\s+)?with\b",
    re.IGNORECASE,
)
_MEETING = re.compile(r"\b(?:met|meet|seen|see|saw)\b", re.IGNORECASE)
_PAYMENT = re.compile(
    rf"\b{_NEG}\s+(?:ever\s+)?(?:paid|pay|sent|send|transferred|transfer|wired|wire|gave|give|"
    r"loaned|lent)\b",
    re.IGNORECASE,
)
_RECEIPT = re.compile(
    rf"\b{_NEG}\s+(?:ever\s+)?(?:received|receive|got|get|accepted|accept|took|take|"
    # "I have never had a penny from her": had, of money only ("never had a problem" is none).
    r"had(?=\s+(?:a\s+(?:penny|cent|pound|dime|payment|loan|gift)|any\s+(?:money|cash|payments?|"
    r"funds|loans?|gifts?)|money|cash)\b))\b",
    re.IGNORECASE,
)
_FROM_SUPPLIER = re.compile(
    r"[^.;]{0,40}?\bfrom\s+(?:a|any|one\s+of\s+(?:the|our))\s+(?:of\s+(?:the|our)\s+)?"
    r"(?:suppliers?|vendors?|contractors?|subcontractors?|customers?|clients?|counterpart(?:y|ies))\b",
    re.IGNORECASE,
)
_PRESENCE = re.compile(
    rf"\b{_NEG}\s+(?:ever\s+)?(?:been|was|went|go|gone|visited|visit)\s+(?:to|at|in|near)?\s*"
    rf"(?:the\s+)?(?P<place>[{UPPER}][\w'\u2019&-]*(?:\s+[{UPPER}][\w'\u2019&-]*){{0,4}})",
)
# "I did not set foot in the office", "I wasn't at work", "never went into the depot".
_WORKPLACE = (
    r"(?P<place>offices?|work|workplace|site|building|premises|depot|warehouse|plant|factory|"
    r"store|shop|branch|headquarters|HQ|campus|yard|lab|laboratory|facility|station|ward|clinic|"
    r"surgery|pharmacy|hospital|school|kiosk|stall|salon|studio|restaurant|workshop|unit)\b"
)
_ABSENT = re.compile(
    rf"\b(?:{_NEG}\s+(?:ever\s+|once\s+|even\s+)?(?:set\s+foot\s+(?:in|on|at|inside|into|near)|"
    r"(?:go|went|gone|come|came|been|step(?:ped)?|turn(?:ed)?\s+up|show(?:ed)?\s+up)\s+"
    r"(?:in(?:to|side)?|to|at|near|back\s+to|on)|enter(?:ed)?|attend(?:ed)?|visit(?:ed)?)"
    r"|(?:was|were)(?:\s+not|n['\u2019]t)\s+(?:ever\s+)?(?:in|at|inside|on|near))\s+"
    rf"(?:(?:the|my|our|his|her|their|that)\s+)?(?:[\w-]+\s+)?{_WORKPLACE}",
    re.IGNORECASE,
)
# "I left the ward at 20:00 and did not return until …": not there from leaving to returning.
_LEFT = re.compile(
    rf"\bleft\s+(?:(?:the|my|our|that)\s+)?(?:[\w-]+\s+)?{_WORKPLACE}[^.;]*?"
    r"\b(?:did\s+not|didn['\u2019]t|never)\s+(?:return|come\s+back|go\s+back|get\s+back)\b",
    re.IGNORECASE,
)
# A question a bare "No." denies: "Did you go into the London office on those days?"
_ASKED_PRESENT = re.compile(
    r"\b(?:did|were|was|have|had)\s+you\s+(?:ever\s+|once\s+)?(?:set\s+foot|go|come|been|"
    r"attend|visit|enter|step|turn\s+up|show\s+up|in|at)\b[^?]{0,40}?\b"
    rf"(?:(?:the|your|our|that)\s+)?(?:[\w-]+\s+)?{_WORKPLACE}",
    re.IGNORECASE,
)
# A yes/no question's opening: "Have you ever received money from Mrs Whitcombe?".
_YES_NO = re.compile(r"^\s*(?:did|have|had|do|were|was)\s+you\s+(?:ever\s+)?", re.IGNORECASE)
# Records of being let in or of being there: door and badge logs, sign-in sheets, time clocks.
_ACCESS = re.compile(
    r"\b(?:badge|card\s?reader|reader|door|gate|turnstile|swipe[ds]?|key\s?card|fob|access|"
    r"entry|entrance|clock(?:ed)?[ -]?(?:in|on)|sign(?:ed)?[ -]?in|check(?:ed)?[ -]?in|"
    r"visitor log|reception)\b",
    re.IGNORECASE,
)
# A row's message fields: what someone wrote ("text: back door is open") is no door's record.
_SAID_FIELDS = re.compile(
    r"(?:^|;\s*)[\w. ]{0,20}\b(?:text|message|msg|body|content|comments?|notes?|subject)\s*:"
    r"\s*[^;]*",
    re.IGNORECASE,
)
_GENERIC_PLACE = wordset("home house office work room apartment flat in at the my our")
_VERIFIED_KM = 1.0
_FAR_KM = 10.0  # farther than a town's extent from where the case locates the claimed place
_SAYS_APPROVED = re.compile(
    r"\b(approved|signed off on|ratified|authori[sz]ed|consented to|gave (?:its|their) approval)\b",
    re.IGNORECASE,
)
_UNAWARE = re.compile(
    r"\b(?:(?:was|were|am|had been)\s+(?:not|never)\s+(?:aware|informed|told|made aware)"
    r"|(?:was|were)\s+unaware|(?:did not|didn['\u2019]t|never)\s+(?:know|hear|learn|see|"
    r"(?P<received>receive|get|read))|had no (?:knowledge|idea)|knew nothing|"
    r"first (?:learned|heard|became aware|saw)|first\s+(?:we|I)\s+(?:knew|heard|learned)|"
    # "I learned of the trial results on March 18": when they came to know, so not before.
    r"(?P<learned>\b(?:I|we)\s+(?:only\s+)?(?:learned|learnt|found\s+out|(?:was|were)\s+told))|"
    # "we had received no complaints about …"
    r"(?P<received_no>received)\s+no)"
    r"\s+(?:of|about|that)?\s*(?:the|any|a|an|his|her|their|this|that|such)?\s*"
    # "her [Joanna Pryor] grievance": whom a pronoun is, as the claim names them
    r"(?:\[[^\]\[]{2,60}\]\s*)?"
    r"(?:\w+['\u2019]s\s+)?(?P<topic>[a-z]{4,})",
    re.IGNORECASE,
)
# What one word for a thing complained of is also written as.
_SAME_TOPIC = {"complaint": "complaint|grievance", "grievance": "grievance|complaint"}
_PERIODIC = re.compile(
    r"\b(?:in\s+any|in\s+each|per|each|a)\s+(?:calendar\s+|financial\s+|fiscal\s+|contract\s+)?"
    r"(?P<unit>year|month|quarter|annum|week)\b",
    re.IGNORECASE,
)
_TOTAL = re.compile(
    r"\b(total|aggregate|in all|altogether|together|combined|cumulative(?:ly)?|in sum)\b", re.I
)
_EXCEPT = re.compile(
    r"\b(?:apart from|except(?: for)?|other than|besides|save for|aside from)\b", re.I
)
_SHARED_WORDS = 2
_ROLE_CLAIM = re.compile(
    r"\bI\s+(?:was|am|have\s+been)\s+(?:the|a|an)\s+(?:[\w-]+\s+){0,3}?(?:in\s+charge\s+of|"
    r"responsible\s+for|(?:manager|head|supervisor|lead)\s+(?:of|for))\b",
    re.IGNORECASE,
)
_CONVERSATION = 2
_SINCE = re.compile(r"\bsince\b", re.IGNORECASE)
_AFTER = re.compile(r"\b(?:after|once)\s+(?:she|he|they|i|we|you|the|that|this|it)\b", re.I)
_MAX = 60


@dataclass
class Timeline:
    by_day: dict[date, list[Item]]
    positions: dict[str, tuple[float, float]]


def timeline_index(items: list[Item], view: CaseView) -> Timeline:
    by_day: dict[date, list[Item]] = defaultdict(list)
    for item in items:
        by_day[item.when.date()].append(item)
    for day_items in by_day.values():
        day_items.sort(key=lambda item: item.when)
    return Timeline(by_day, _gazetteer(view, items))


def _gazetteer(view: CaseView, items: list[Item]) -> dict[str, tuple[float, float]]:
    """Where the case itself places named places (a place name beside coordinates)."""
    known: dict[str, tuple[float, float]] = {}
    for item in items:
        if item.position and item.place and not re.match(r"^[\d.]+°", item.place):
            known.setdefault(item.place.lower(), item.position)
    for event in view.evidence.events:
        if event.latitude is not None and event.longitude is not None:
            for place in places_in(event.description):
                known.setdefault(place.lower(), (event.latitude, event.longitude))
    for doc in view.documents:
        for unit in units(doc):
            coordinates = find_coordinates(unit.text)
            if coordinates:
                for place in places_in(unit.text):
                    known.setdefault(place.lower(), coordinates[0][:2])
    return known


def _named_parts(place: str) -> list[str]:
    words = [w for w in re.split(r"\s+", place) if w.lower() not in _GENERIC_PLACE]
    return [" ".join(words)] if words else []


_HOME = re.compile(r"\bhome\b", re.IGNORECASE)
_ACCESS_POINT = re.compile(
    r"^\s*(?:(?:front|back|rear|side|main|fire|staff|loading|north|south|east|west)\s+)?"
    r"(?:door|gate|entrance|exit|reader|turnstile|barrier|shutter)s?(?:\s+\w{1,4})?\s*$",
    re.IGNORECASE,
)


def _relation(claimed: str, item: Item, index: Timeline) -> tuple[str, bool, str]:  # noqa: PLR0911
    """("same" | "different" | "unknown", verified, how) for a claimed place and an event."""
    names = _named_parts(claimed)
    generic = not names
    # Where the case itself locates the claimed place, distance decides.
    located = [(n, p) for n in names if (p := _located(n, index.positions))]
    if item.position and located:
        name, position = located[0]
        km = distance_km(position, item.position)
        if km <= _VERIFIED_KM:
            return "same", True, f"{km:.1f} km from {name}"
        far = km >= _FAR_KM
        return "different", far, f"{km:.1f} km from {name} as located in the case"
    coded = item.place and not re.search(r"[^\W\d_]{3,}|°", item.place)
    if coded or _ACCESS_POINT.search(item.place or ""):
        # A reader's or a door's code ("R-2231", "B12"), or a door ("Back door"), names no
        # place to compare: where on a site, not which site.
        return "unknown", False, f"{item.place} is a code or a door, not a place"
    if item.place and not re.match(r"^[\d.]+°", item.place):
        event_place = item.place.lower()
        if any(n.lower() in event_place or event_place in n.lower() for n in names):
            return "same", True, "same place name"
        if _one_names_the_other(claimed, item.place):
            return "same", True, "same place name"
        if generic and _HOME.search(claimed) and _HOME.search(item.description):
            # "drove straight home to Kettering": the place it names is the home claimed.
            return "same", False, f"the record places the home at {item.place}"
        if generic:
            return "different", True, f"the event is at {item.place}, not the claimant's {claimed}"
        return "different", False, f"{item.place} against the claimed {claimed}"
    if item.position:
        return (
            "unknown",
            False,
            (
                f"the GPS position {item.place or item.position} cannot be placed offline relative "
                f"to \u201c{claimed}\u201d"
            ),
        )
    return "unknown", False, "the event has no place"


def _proper_words(place: str) -> set[str]:
    return {
        w.lower()
        for w in re.findall(rf"[{UPPER}][\w'\u2019-]+", place)
        if w.lower() not in _GENERIC_PLACE
    }


def _one_names_the_other(claimed: str, place: str) -> bool:
    """Whether the names in one place are all in the other: "my sister's house in Leeds" and a
    mast's "Leeds, Armley"; "Armley, Leeds" and "Leeds"."""
    said, seen = _proper_words(claimed), _proper_words(place)
    return bool(said and seen) and (said <= seen or seen <= said)


def _located(name: str, positions: dict[str, tuple[float, float]]) -> tuple[float, float] | None:
    """Where the case places a named place: by its name, or by an address ending in it
    ("Foleshill Road Coventry" for Coventry)."""
    key = name.lower()
    if key in positions:
        return positions[key]
    return next((p for k, p in positions.items() if k.endswith(f" {key}")), None)


def _claim_window(
    claim: SwornClaim, zone: tzinfo, slack: timedelta
) -> tuple[datetime, datetime] | None:
    """The claimed time as a window; an exact time is widened by the linking window."""
    span = parse_span(claim.claimed_time)
    if span is None:
        return None
    start, end = instant(span[0].isoformat(), zone), instant(span[1].isoformat(), zone)
    if start is None or end is None:
        return None
    if start == end:
        start, end = start - slack, end + slack
    return start, end


def _involves(item: Item, person: str | None) -> bool:
    return bool(person) and any(same_party(person or "", p) for p in item.people)


_WEEKDAY_NAMED = re.compile(
    r"\b(?P<day>monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b", re.IGNORECASE
)


def _excepted_time(
    claim: str, window: tuple[datetime, datetime], zone: tzinfo
) -> tuple[datetime, datetime] | tuple[()] | None:
    """The time a claim excepts from itself ("… apart from a GP appointment on the Wednesday
    morning", within the days it gives): () when it excepts nothing, None when it excepts a
    time it does not tell ("except for my break")."""
    match = _EXCEPT.search(claim)
    if match is None:
        return ()
    rest = claim[match.end() :]
    hours = find_times(rest)
    part = day_period(rest)
    days = find_period(rest, window[1].date())
    day = days[0] if days else None
    if day is None and (named := _WEEKDAY_NAMED.search(rest)):
        wanted = WEEKDAYS.index(named["day"].lower())
        first = window[0].date()
        day = first + timedelta(days=(wanted - first.weekday()) % 7)
    if day is None or not window[0].date() <= day <= window[1].date():
        return None
    start, end = (
        (hours[0][0], hours[1][0]) if len(hours) >= 2 else part or (time(0), time(23, 59, 59))
    )
    first_moment = instant(datetime.combine(day, start).isoformat(), zone)
    last_moment = instant(datetime.combine(day, end).isoformat(), zone)
    if first_moment is None or last_moment is None:
        return None
    return first_moment, last_moment


def in_window(index: Timeline, window: tuple[datetime, datetime]) -> list[Item]:
    start, end = window
    found: list[Item] = []
    day = start.date() - timedelta(days=1)
    while day <= end.date() + timedelta(days=1):
        day_items = index.by_day.get(day, [])
        first = bisect_left(day_items, start, key=lambda item: item.when)
        last = bisect_right(day_items, end, key=lambda item: item.when)
        found += day_items[first:last]
        day += timedelta(days=1)
    return found


def place_contradictions(
    claims: list[SwornClaim], index: Timeline, zone: tzinfo, slack: timedelta
) -> list[Contradiction]:
    """A claim of being at a place against the speaker's own events elsewhere then: one
    contradiction per claim, citing each event (HIGH when one of them is verified elsewhere).
    The records of a vehicle the speaker says was stolen, naming them by its plate alone, do not
    place them; a record naming them in its own words leads."""
    found: list[Contradiction] = []
    stolen = stolen_plates(claims)
    for claim in claims:
        if not claim.claimed_place or not claim.speaker:
            continue
        if _absent_from(claim) or _PRESENCE.search(claim.claim):
            continue  # "I was never at …" says where they were not (denial_contradictions)
        if _ROLE_CLAIM.search(claim.claim):
            continue  # "I was the nurse in charge of Bay 3": a duty, not a place never left
        window = _claim_window(claim, zone, slack)
        if window is None or window[1] - window[0] > PLACE_WINDOW:
            continue  # "in Lyon in March" does not exclude a day elsewhere that month
        excepted = _excepted_time(claim.claim, window, zone)
        if excepted is None:
            continue  # "… except for my break": an exception whose time cannot be told
        against: list[tuple[Item, bool, str]] = []
        for item in in_window(index, window):
            if item.file_id == claim.source.file_id or not _involves(item, claim.speaker):
                continue
            plates = stolen.get(claim.speaker, set())
            written = plate_key(item.description)
            if any(p in written for p in plates) and not names_directly(item, claim.speaker):
                continue  # the stolen vehicle's record: where it was, not where they were
            if excepted and excepted[0] <= item.when <= excepted[1]:
                continue  # within the time the claim itself excepts
            relation, verified, how = _relation(claim.claimed_place, item, index)
            if relation == "same" or (relation == "unknown" and not item.position):
                continue
            against.append((item, verified, how))
        if not against:
            continue
        speaker = claim.speaker
        item, _, how = next(
            (a for a in against if a[1]),
            next((a for a in against if names_directly(a[0], speaker)), against[0]),
        )
        more = f" (and {len(against) - 1} more record(s) of theirs)" if len(against) > 1 else ""
        found.append(
            Contradiction(
                claim=claim.claim,
                claim_source=claim.source,
                evidence_against=unique_refs([a[0].source for a in against], 50)[:6],
                explanation=(
                    f"{claim.speaker} claims to have been at {claim.claimed_place} "
                    f"({span_words(claim.claimed_time)}); {item.description[:160]} places them "
                    f"elsewhere at {item.at()}{more}: {how}."
                ),
                severity="HIGH" if any(verified for _, verified, _ in against) else "MEDIUM",
            )
        )
    return found


_WORD = re.compile(rf"\b[{UPPER}][\w'\u2019-]{{3,}}\b")


def _targets(text: str, after: int, speaker: str | None, known: set[str]) -> list[str]:
    """Who a denial names after its verb: full names, and a party of the case called by its
    distinctive word alone ("a cent from Brennock": Brennock Civil Works Ltd)."""
    rest = text[after:]
    names = [n.text for n in find_names(rest) if n.kind in ("person", "organization")]
    for word in _WORD.findall(rest):
        if any(word.lower() in distinctive_words([n]) for n in names):
            continue
        called = [k for k in known if word.lower() in distinctive_words([k])]
        if called and all(same_party(called[0], k) for k in called[1:]):
            names.append(max(called, key=len))
    distinct: list[str] = []
    for name in names:
        if not (speaker and same_party(name, speaker)) and not any(
            same_party(name, kept) for kept in distinct
        ):
            distinct.append(name)
    return distinct


_SINCE_THEN = re.compile(r"\bsince\s+(?:then|that\s+(?:day|date|time|night))\b", re.IGNORECASE)


def _since(claim: SwornClaim, said: str | None = None) -> date | None:
    """The day from which a denial speaks ("have not spoken to her since April"); a month or
    day without a year is of the claim's own time's year. `said`: the claim's words as a
    denial (_denied_words), when read so."""
    text = said if said is not None else answer_of(claim).said
    span = parse_span(claim.claimed_time)
    if not _SINCE.search(text):
        # "I did not message her after she asked me to stop": after the day the claim is of
        # (the request's, told just before), from the next day.
        after = _AFTER.search(text)
        return span[0].date() + timedelta(days=1) if after and span else None
    day = since_day(text, span[1].date() if span else None)
    if day is None and span and _SINCE_THEN.search(text):
        return span[0].date()  # "since then": since the day the claim is of, told before it
    return day


def denial_contradictions(
    claims: list[SwornClaim], items: list[Item], transactions: list[Transaction]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    transfers = [t for t in transactions if is_transfer(t)]
    known = {n for t in transfers for n in (t.from_party, t.to_party) if n}
    known |= {p for item in items for p in item.people}
    conversations = _conversations(items)
    guests = hosted(transfers)
    for claim in claims:
        # A bare "No." to "Did you message Chloe after she asked you to stop?" denies as much.
        speaker, text = claim.speaker, _denied_words(claim)
        if not speaker:
            continue
        match = _CONTACT.search(text)
        if match is not None and _KNOWING_OF.match(text, match.end()):
            match = None  # "I did not know about any report by Mr Wrona": of a thing, not him
        if match is not None:
            since = _since(claim, text if text != claim.claim else None)
            found += _mail_domain_contact(claim, match.end(), items, since)
            for target in _targets(text, match.end(), speaker, known):
                both = [
                    i
                    for i in items
                    if i.file_id != claim.source.file_id
                    and _involves(i, speaker)
                    and (_involves(i, target) or _with_someone_from(i, target))
                    and (since is None or i.when.date() >= since)
                ]
                evidence = [i.source for i in both]
                evidence += _chat_evidence(conversations, items, claim, target, since)
                evidence += [t.source for t in transfers if _between(t, speaker, target)]
                evidence += [t.source for t in together(guests, speaker, target)]
                evidence = _placed_first(unique_refs(evidence, 50))
                # Denying a meeting, messages between the two weigh less than both somewhere.
                met = _MEETING.search(match.group()) is None or any(i.place for i in both)
                if evidence:
                    found.append(
                        _denial(
                            claim,
                            evidence,
                            f"{speaker} denies contact with {target}, "
                            f"yet {len(evidence)} record(s) show both together or "
                            "dealing with each other",
                            "HIGH" if met else "MEDIUM",
                        )
                    )
        found += _not_together(claim, items, known)
        denied = _denied_words(claim)
        for pattern, outgoing in ((_PAYMENT, True), (_RECEIPT, False)):
            match = pattern.search(denied)
            if match is None:
                continue
            allowed = _excepted(denied)
            for target in _paying(denied, match.end(), speaker, known, transfers, outgoing):
                payer, payee = (speaker, target) if outgoing else (target, speaker)
                paid = [
                    t
                    for t in transfers
                    if _paid(t, payer, payee)
                    and t.source.file_id != claim.source.file_id
                    and not any(abs(t.amount - amount) <= 0.01 * amount for amount in allowed)
                ]
                if paid:
                    total = sum(t.amount for t in paid)
                    found.append(
                        _denial(
                            claim,
                            [t.source for t in paid],
                            f"{speaker} denies {'paying' if outgoing else 'receiving from'} "
                            f"{target}, yet {len(paid)} payment(s) from {payer} to {payee} "
                            f"totalling {format_money(total, paid[0].currency)} are recorded",
                            "HIGH",
                        )
                    )
        presence = _PRESENCE.search(text)
        if presence:
            place = presence["place"].lower()
            seen = [
                i.source
                for i in items
                if i.file_id != claim.source.file_id
                and _involves(i, speaker)
                and i.place
                and place in i.place.lower()
            ]
            if seen:
                found.append(
                    _denial(
                        claim,
                        seen,
                        f"{speaker} denies being at {presence['place']}, "
                        f"yet {len(seen)} event(s) place them there",
                        "HIGH",
                    )
                )
    return found


_MET_US = re.compile(
    r"\b(?:met|visited|called|phoned|rang|emailed|e-mailed|contacted|approached|came\s+to\s+see|"
    r"spoke\s+to|wrote\s+to)\s+(?:with\s+)?(?:us|me)\b",
    re.IGNORECASE,
)


def _mail_domain_contact(
    claim: SwornClaim, after: int, items: list[Item], since: date | None
) -> list[Contradiction]:
    """ "I never discussed prices with any competitor, including Vantapak" against the
    speaker's mail with an address at that firm's domain (m.bellini@vantapak.it): a firm named
    by one word no party of the case spells out."""
    found: list[Contradiction] = []
    speaker = claim.speaker or ""
    mail = [
        i
        for i in items
        if "@" in i.description
        and i.file_id != claim.source.file_id
        and (since is None or i.when.date() >= since)
        and _involves(i, speaker)
    ]
    # "Rhys Morgan from Ferrox met us on 28 April", written from the firm's own address: a
    # meeting its sender reports with the speaker.
    senders = {
        i.file_id: i.description.split(" to ", 1)[0]
        for i in items
        if i.description.startswith("E-mail from ") and "@" in i.description
    }
    reported = [
        i
        for i in items
        if i.file_id in senders
        and i.file_id != claim.source.file_id
        and (since is None or i.when.date() >= since)
        and _MET_US.search(text := f"{i.description} {i.source.excerpt or ''}")
        and (_involves(i, speaker) or any(same_party(speaker, p) for p in people_in(text)))
    ]
    for word in dict.fromkeys(_WORD.findall(claim.claim[after:]) if mail or reported else []):
        low = word.lower()
        if low in STOPWORDS or low in NOT_NAMES or same_party(word, speaker):
            continue
        at_firm = re.compile(rf"@(?:[\w-]+\.)*{re.escape(low)}[\w-]*\.", re.IGNORECASE)
        told = [i for i in reported if at_firm.search(senders[i.file_id])]
        mails = [] if told else [i for i in mail if at_firm.search(i.description)]
        if not (told or mails):
            continue
        first = (told or mails)[0]
        says = (
            f"a message from an address at {word} reports dealing with them, on "
            f"{first.when.date().isoformat()}: {(first.source.excerpt or first.description)[:160]}"
            if told
            else f"{len(mails)} message(s) passed between them and an address at {word}, first "
            f"on {first.when.date().isoformat()}: {first.description[:140]}"
        )
        found.append(
            _denial(
                claim,
                unique_refs([i.source for i in told or mails], 6),
                f"{speaker} denies contact with {word}, yet {says}",
                "HIGH",
            )
        )
    return found


def _paying(
    text: str,
    after: int,
    speaker: str,
    known: set[str],
    transfers: list[Transaction],
    outgoing: bool,
) -> list[str]:
    """Who a denial of paying or receiving names; "never received any money from a supplier":
    every firm the case pays."""
    targets = _targets(text, after, speaker, known)
    if outgoing or targets or not _FROM_SUPPLIER.match(text, after):
        return targets
    return sorted({t.to_party for t in transfers if t.to_party and is_payment(t)} - {speaker})


def _denied_words(claim: SwornClaim) -> str:
    """What a claim denies in words: its own, or a bare "No, never." to "Have you ever received
    money from Mrs Whitcombe?" read as "I have never received money from Mrs Whitcombe"."""
    answer = answer_of(claim)
    opening = _YES_NO.match(answer.question) if answer.no else None
    if opening is None:
        return claim.claim
    return f"{answer.said} I have never {answer.question[opening.end() :].rstrip('?. ')}."


def _absent_from(claim: SwornClaim) -> str | None:
    """The workplace a claim says its speaker was not at: in its own words, or as the bare
    "No." to a question asking whether they were."""
    answer = answer_of(claim)
    if (match := _ABSENT.search(answer.said) or _LEFT.search(answer.said)) is not None:
        return match["place"].lower()
    if answer.no and (match := _ASKED_PRESENT.search(answer.question)) is not None:
        return match["place"].lower()
    return None


_LEAVING_SLACK = timedelta(minutes=30)
_LEFT_RECORD = re.compile(
    r"\b(?:event|action|status|state)\s*:\s*(?:set|armed|locked|lock|exit|out|closed|"
    r"clock(?:ed)?[- ]out|sign(?:ed)?[- ]out|badge[- ]out)\b",
    re.IGNORECASE,
)


def absence_contradictions(
    claims: list[SwornClaim], index: Timeline, zone: tzinfo, filenames: dict[str, str]
) -> list[Contradiction]:
    """ "I did not set foot in the office on 4 or 5 March" against the speaker's own entries in
    a door or badge log, or events at that place, in those days; "I left the ward at 20:00 and
    did not return until 16 March" against their entries in the ward's own register
    ("CD_register_Ward7.csv") in between."""
    found: list[Contradiction] = []
    for claim in claims:
        place = _absent_from(claim)
        window = _claim_window(claim, zone, timedelta(0)) if place else None
        if place is None or window is None or not claim.speaker:
            continue
        there = [
            item
            for item in in_window(index, window)
            if item.file_id != claim.source.file_id
            and item.kind != "transaction"
            and _involves(item, claim.speaker)
            # Locking up as they say they left (the alarm set at 17:46, told left at 17:45).
            and not (
                item.when - window[0] <= _LEAVING_SLACK and _LEFT_RECORD.search(item.description)
            )
            and (
                _ACCESS.search(_SAID_FIELDS.sub("", item.description))
                or (item.place and place in item.place.lower())
                or _kept_at(place, filenames.get(item.file_id, ""))
            )
        ]
        if there:
            found.append(
                _denial(
                    claim,
                    unique_refs([item.source for item in there], 50),
                    f"{claim.speaker} says they were not at the {place} "
                    f"({span_words(claim.claimed_time)}), yet {len(there)} access or presence "
                    f"record(s) log them there then, first: {there[0].description[:160]}",
                    "HIGH",
                )
            )
    return found


def _kept_at(place: str, filename: str) -> bool:
    """Whether a file is a record kept at a place its name gives ("CD_register_Ward7.csv",
    "site-diary-depot.pdf"): a word of the name, digits apart."""
    words = re.split(r"[^a-z]+", re.sub(r"([a-z])([A-Z])", r"\1 \2", filename).lower())
    return place in words[:-1]  # not the extension


# "I did not attend the Hannover packaging fair", "I have never been to Gdansk": a named place
# or event the speaker says they were not at.
_NOT_AT_NAMED = re.compile(
    rf"\b(?:{_NEG}\s+(?:ever\s+|even\s+)?(?:attend(?:ed)?|visit(?:ed)?|(?:go|went|travel(?:l?ed)?|"
    r"fly|flew|drive|drove)\s+to|been\s+(?:to|in|at)|stay(?:ed)?\s+(?:in|at))"
    r"|(?:was|were)(?:\s+not|n['\u2019]t)\s+(?:ever\s+)?(?:in|at))\s+(?:the\s+)?"
    rf"(?P<what>[{UPPER}][\w'\u2019-]+)",
)


def named_absence_contradictions(
    claims: list[SwornClaim], items: list[Item]
) -> list[Contradiction]:
    """ "I did not attend the Hannover packaging fair in February" against the speaker's own
    records at Hannover then: a hotel, a meal, a taxi on their expenses, a sign-in."""
    found: list[Contradiction] = []
    for claim in claims:
        match = _NOT_AT_NAMED.search(claim.claim)
        span = parse_span(claim.claimed_time)
        if match is None or span is None or not claim.speaker or _absent_from(claim):
            continue
        word = match["what"].lower()
        if word in STOPWORDS or word in NOT_NAMES:
            continue
        start, end = span[0].replace(tzinfo=None), span[1].replace(tzinfo=None)
        there = [
            item
            for item in items
            if item.file_id != claim.source.file_id
            and _involves(item, claim.speaker)
            and start <= item.when.replace(tzinfo=None) <= end
            and re.search(rf"\b{re.escape(word)}\b", f"{item.place or ''} {item.description}", re.I)
        ]
        if there:
            found.append(
                _denial(
                    claim,
                    unique_refs([item.source for item in there], 6),
                    f"{claim.speaker} says they were not at {match['what']} "
                    f"({span_words(claim.claimed_time)}), yet {len(there)} record(s) of theirs "
                    f"place them there, first on {there[0].when.date().isoformat()}: "
                    f"{there[0].description[:140]}",
                    "HIGH" if len(there) > 1 else "MEDIUM",
                )
            )
    return found


def _chat_evidence(
    conversations: dict[str, list[Item]],
    items: list[Item],
    claim: SwornClaim,
    target: str,
    since: date | None,
) -> list[SourceRef]:
    """A chat of the speaker and the target: from a day on, the lines the speaker wrote then;
    else the chat itself."""
    speaker = claim.speaker or ""
    found: list[SourceRef] = []
    for file_id, lines in conversations.items():
        writers = lines[0].people + lines[1].people
        if file_id == claim.source.file_id or not (
            any(same_party(speaker, p) for p in writers)
            # A chat names its other writer as the phone does, often by a first name alone.
            and any(same_party(target, p) or _first_name_of(p, target) for p in writers)
        ):
            continue
        found += (
            [
                i.source
                for i in items
                if i.file_id == file_id
                and i.when.date() >= since
                and any(same_party(speaker, p) for p in i.people)
            ]
            if since
            else [lines[0].source]
        )
    return found


def _first_name_of(written: str, person: str) -> bool:
    """Whether a one-word name is the person's first name ("Ellie" of "Ellie Graham")."""
    parts = person.split()
    return " " not in written.strip() and len(parts) >= 2 and parts[0].lower() == written.lower()


def _conversations(items: list[Item]) -> dict[str, list[Item]]:
    """Files that are a conversation of two (a chat export): each line has one writer, and two
    write in turn; a line of each, by file."""
    writers: dict[str, dict[str, Item]] = defaultdict(dict)
    for item in items:
        if item.kind == "document" and len(item.people) == 1:
            writers[item.file_id].setdefault(name_key(item.people[0]), item)
    return {f: list(w.values()) for f, w in writers.items() if len(w) == _CONVERSATION}


def _with_someone_from(item: Item, organisation: str) -> bool:
    """A record of the speaker with someone of an organisation ("anyone from Apex Facility
    Services Ltd"): another person in it, and the organisation's whole name ("Tom Reeve (Apex
    Facility Services Ltd)" among a meeting's attendees)."""
    core = org_core(organisation)
    if kind_of(organisation) != "organization" or len(core.split()) < 2:
        return False
    text = " ".join(item.description.lower().split())
    for person in item.people:
        at = text.find(person.lower())
        # The firm right after its person: "Ruud Vermeer (Kestrel …)", "Ruud Vermeer, Kestrel …".
        if at >= 0 and core in text[at + len(person) : at + len(person) + len(core) + 8]:
            return True
    return False


def _placed_first(refs: list[SourceRef]) -> list[SourceRef]:
    """The refs, a file's whole-file ref left out beside a ref to a place in it: an e-mail's
    sentence telling of the meeting is the e-mail, not another record."""
    placed = {r.file_id for r in refs if r.line or r.row or r.page or r.cue_start is not None}
    return [
        r
        for r in refs
        if r.file_id not in placed or r.line or r.row or r.page or r.cue_start is not None
    ]


def _not_together(claim: SwornClaim, items: list[Item], known: set[str]) -> list[Contradiction]:
    """ "I was not with Mrs Brightman on 19 August" against records of both together that day."""
    speaker, text = claim.speaker or "", claim.claim
    match = _NOT_WITH.search(text)
    window = _claim_window(claim, UTC, timedelta(0)) if match else None
    if match is None or window is None:
        return []
    found: list[Contradiction] = []
    for target in _targets(text, match.end(), speaker, known):
        together = [
            i
            for i in items
            if i.file_id != claim.source.file_id
            and i.kind != "transaction"
            and _involves(i, speaker)
            and _involves(i, target)
            and window[0].date() <= i.when.date() <= window[1].date()
        ]
        if together:
            found.append(
                _denial(
                    claim,
                    unique_refs([i.source for i in together], 6),
                    f"{speaker} denies being with {target} then, yet {len(together)} record(s) "
                    f"show them together: {together[0].description[:160]}",
                    "HIGH",
                )
            )
    return found


def _excepted(text: str) -> list[float]:
    """The amounts a denial allows ("apart from my agreed weekly wage of $600")."""
    match = _EXCEPT.search(text)
    return [m.value for m in find_money(text[match.end() :])] if match else []


def _between(tx: Transaction, a: str, b: str) -> bool:
    return _paid(tx, a, b) or _paid(tx, b, a)


def _paid(tx: Transaction, payer: str, payee: str) -> bool:
    return same_party(tx.from_party or "", payer) and same_party(tx.to_party or "", payee)


def _denial(
    claim: SwornClaim, evidence: list[SourceRef], why: str, severity: Severity
) -> Contradiction:
    return refuted(claim, evidence, why + ".", severity)


def document_contradictions(
    view: CaseView, caps: list[tuple[Clause, Contradiction]]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for anomaly in view.financial.anomalies:
        if (
            anomaly.kind not in ("amount_mismatch", "narrative_mismatch", BALANCE_BREAK)
            or len(anomaly.sources) < 2
        ):
            continue
        found.append(
            Contradiction(
                claim=anomaly.sources[0].excerpt or anomaly.description[:200],
                claim_source=anomaly.sources[0],
                evidence_against=anomaly.sources[1:],
                explanation=anomaly.description,
                severity=anomaly.severity,
            )
        )
    found += [contradiction for _, contradiction in caps]
    return found


def caps_exceeded(view: CaseView) -> list[tuple[Clause, Contradiction]]:
    """Caps the payments under their agreement break: a single payment above the cap, or (a cap
    on the total) the payments together. A payment recorded in several documents counts once."""
    found: list[tuple[Clause, Contradiction]] = []
    caps = [c for c in view.legal.clauses if c.kind == "cap" and c.amount]
    payments = [t for t in view.financial.transactions if is_payment(t)] if caps else []
    parties = view.legal.parties
    # Without an agreement's own parties, the payments naming any party of the case (once).
    of_case = [
        t
        for t in payments
        if not parties or any(same_party(p, q) for p in parties for q in _named(t))
    ]
    for clause in caps:
        assert clause.amount is not None
        money = find_money(clause.text)
        currency = money[0].currency if money else None
        bound = agreement_parties(view.legal, clause.source.file_id)
        under = [t for t in payments if _between_parties(t, bound)] if bound else of_case
        under = _capped(clause, under)
        paid = distinct_payments([t for t in under if currency is None or t.currency == currency])
        over = [t for t in paid if t.amount > clause.amount]
        total = sum(t.amount for t in paid)
        cumulative = bool(_TOTAL.search(clause.text)) and total > clause.amount
        period = ""
        if (periodic := _PERIODIC.search(clause.text)) and not over:
            # "shall not exceed £60,000 in any calendar year": the payments of each year.
            period, paid = _worst_period(paid, periodic["unit"].lower())
            total = sum(t.amount for t in paid)
            cumulative = total > clause.amount
        if not over and not cumulative:
            continue
        cap = format_money(clause.amount, currency or paid[0].currency)
        worst = max(paid, key=lambda t: t.amount)
        largest = (
            f"{format_money(worst.amount, worst.currency)} on {worst.date or 'an unknown date'}"
        )
        if cumulative:
            explanation = (
                f"Payments under the agreement total {format_money(total, worst.currency)}"
                + (f" in {period}" if period else "")
                + f", over its cap of {cap}"
                + (
                    f"; {len(over)} payment(s) exceed it alone, the largest {largest}"
                    if over
                    else ""
                )
            )
        else:
            explanation = (
                f"{len(over)} payment(s) exceed the contractual cap of {cap}; the largest is "
                + largest
            )
        against = over or paid
        found.append(
            (
                clause,
                Contradiction(
                    claim=clause.text[:300],
                    claim_source=clause.source,
                    evidence_against=unique_refs([t.source for t in against], 6),
                    explanation=explanation + ".",
                    severity="HIGH"
                    if max(total if cumulative else 0.0, worst.amount) >= 2 * clause.amount
                    else "MEDIUM",
                ),
            )
        )
    return found


def _capped(clause: Clause, payments: list[Transaction]) -> list[Transaction]:
    """The payments of what a cap caps, when their descriptions tell: "the total of all gifts
    shall not exceed AUD 500" counts the rows saying GIFT, not the wages beside them. Without a
    word of the clause telling some payments from the others, all of them."""
    words = negations.stems(clause.text)
    told = [t for t in payments if words & negations.stems(t.description)]
    return told if 0 < len(told) < len(payments) else payments


def _worst_period(paid: list[Transaction], unit: str) -> tuple[str, list[Transaction]]:
    """The period ("2024", "2024-03", "2024-Q2", "the week of 2024-03-04") whose payments total
    most, and those payments; payments without a date are left out."""
    periods: dict[str, list[Transaction]] = defaultdict(list)
    for tx in paid:
        day = tx_date(tx)
        if day is None:
            continue
        if unit in ("year", "annum"):
            key = str(day.year)
        elif unit == "quarter":
            key = f"{day.year}-Q{(day.month - 1) // 3 + 1}"
        elif unit == "month":
            key = f"{day.year}-{day.month:02d}"
        else:
            key = f"the week of {(day - timedelta(days=day.weekday())).isoformat()}"
        periods[key].append(tx)
    return max(periods.items(), key=lambda item: sum(t.amount for t in item[1]), default=("", []))


def _named(tx: Transaction) -> list[str]:
    return [q for q in (tx.from_party, tx.to_party) if q]


def _between_parties(tx: Transaction, bound: list[str]) -> bool:
    """Whether a payment is one under an agreement: between its own parties `bound` (a side left
    unnamed is the document's holder)."""
    named = _named(tx)
    return bool(named) and all(any(same_party(p, q) for p in bound) for q in named)


_ALL_APPROVED = re.compile(
    r"\b(?:every|each|all|any)\b[^.;]{0,160}?\b(?:approved|authori[sz]ed|signed\s+off|"
    r"countersigned)\b",
    re.IGNORECASE,
)


def approval_claim_contradictions(view: CaseView, missing: list[Unapproved]) -> list[Contradiction]:
    """Someone saying the approver approved a payee whose approval no record gives, while the
    approver's decisions are on record (its minutes approve others): the records deny it. And
    "every payment over 10,000 was authorised by two signatories" against the payments the
    records show without it."""
    decisions = [f for f in view.legal.findings if f.finding_type == APPROVAL_RECORD]
    found = _all_approved_contradictions(view.evidence.sworn_claims, missing)
    for item in missing:
        payee_words = distinctive_words(item.payees)
        if not payee_words or not decisions:
            continue
        wanted = approver_words(item.approver)
        for event in view.evidence.events:
            said = event.description.split(": ", 1)[-1] if event.people else event.description
            words = {w.lower().strip(".,;:()'\u2019s") for w in said.split()}
            if said.rstrip().endswith("?") or not _SAYS_APPROVED.search(said):
                continue
            if NEGATED_DECISION.search(said) or not (wanted & words and payee_words & words):
                continue
            approved = sorted({name for f in decisions for name in f.entities})
            found.append(
                Contradiction(
                    claim=said[:300],
                    claim_source=event.source,
                    evidence_against=unique_refs(
                        [item.clause.source, *(s for f in decisions for s in f.sources)], 6
                    ),
                    explanation=(
                        f"{event.people[0] if event.people else 'A statement'} says "
                        f"{item.approver} approved {', '.join(item.payees)}; its decisions on "
                        f"record approve {', '.join(approved[:4])}, none {', '.join(item.payees)}"
                    ).rstrip(".")
                    + ".",
                    severity="HIGH",
                )
            )
    return found


def _all_approved_contradictions(
    claims: list[SwornClaim], missing: list[Unapproved]
) -> list[Contradiction]:
    found: list[Contradiction] = []
    for claim in claims:
        said = answer_of(claim).said
        if not _ALL_APPROVED.search(said) or NEGATED_DECISION.search(said):
            continue
        words = {w.lower().strip(".,;:()'\u2019") for w in said.split()}
        for item in missing:
            if not item.over or not approver_words(item.approver) <= words:
                continue
            over = item.over
            listed = "; ".join(
                f"{t.date or 'undated'} {format_money(t.amount, t.currency)} to "
                f"{t.to_party or 'an unnamed payee'}"
                for t in over[:4]
            )
            found.append(
                refuted(
                    claim,
                    unique_refs([*(t.source for t in over[:5]), item.clause.source], 6),
                    f"{claim.speaker or 'The statement'} says every such payment was "
                    f"authorised by {item.approver}; {len(over)} payment(s) above the "
                    f"threshold show no authorisation by {item.approver} in the records "
                    f"({listed}).",
                    "HIGH",
                )
            )
    return found


_UNTIL = re.compile(r"\b(?:until|till|before|prior\s+to)\b", re.IGNORECASE)


def knowledge_contradictions(
    claims: list[SwornClaim],
    items: list[Item],
    said: dict[str, str] | None = None,
    filenames: dict[str, str] | None = None,
) -> list[Contradiction]:
    """ "I was not aware of any complaint until …" against records about it that involve the
    speaker before: an e-mail to or from them whose subject names the thing (a complaint, the
    invoice, the audit), or whose words the evidence domain quotes (`said`: its findings' text
    per file: "After her grievance on Monday …"), minutes of a meeting they attended that name
    it; rows of a log named for it ("customer_complaints_log.csv"), about what the denial says
    it was about ("no complaints about the heater overheating"). HIGH when they wrote one
    themselves or several involve them; the date a denial gives ("until 12 May") bounds the
    records."""
    said = said or {}
    filenames = filenames or {}
    found: list[Contradiction] = []
    for claim in claims:
        match = _UNAWARE.search(claim.claim)
        # "I did not see Callum Reid after 20:30": a person not seen, not a thing unknown
        # (contact denials are read for that).
        if match is None or not claim.speaker or match["topic"][:1].isupper():
            continue
        topic = match["topic"].lower().rstrip("s")
        about = _about_words(claim.claim[match.end() :])
        span = parse_span(claim.claimed_time)
        # "… until 12 May": records before it; "… that night": records by its end.
        bounded = span and (_UNTIL.search(claim.claim) or match["learned"])
        last = span[1].replace(tzinfo=None) if span else None
        known = [
            item
            for item in items
            if item.file_id != claim.source.file_id
            and item.kind != "transaction"
            and _involves(item, claim.speaker)
            and re.search(
                rf"\b(?:{_SAME_TOPIC.get(topic, re.escape(topic))})",
                f"{item.description} {_mail_text(item, said)} "
                f"{filenames.get(item.file_id, '').replace('_', ' ')}",
                re.IGNORECASE,
            )
            and (not about or about & {w.lower() for w in wordset(item.description)})
            and (
                (item.when.replace(tzinfo=None) < span[0].replace(tzinfo=None))
                if bounded and span
                else (last is None or item.when.replace(tzinfo=None) <= last)
            )
        ]
        if not known:
            continue
        wrote = [i for i in known if _sent_by(i, claim.speaker)]
        first = min(known, key=lambda i: i.when)
        received = match["received"] or match["received_no"]
        denies = (
            f"dates learning of the {topic} to {span[0].date().isoformat()}"
            if match["learned"] and span
            else f"denies {'receiving any' if received else 'knowing of the'} {topic}"
        )
        found.append(
            _denial(
                claim,
                unique_refs([i.source for i in wrote + known], 6),
                f"{claim.speaker} {denies}, yet "
                f"{len(known)} record(s) about it {'came from or reached' if wrote else 'involve'} "
                f"them, the first on {first.when.date().isoformat()}",
                "HIGH" if wrote or len(known) > 1 else "MEDIUM",
            )
        )
    return found


def first_contact_contradictions(
    claims: list[SwornClaim], items: list[Item]
) -> list[Contradiction]:
    """ "I first spoke to them [Brevik Sourcing] in June" against a record of the speaker with
    them before June: a meeting, a call, a message naming both."""
    found: list[Contradiction] = []
    for claim in claims:
        match = _FIRST_CONTACT.search(claim.claim)
        span = parse_span(claim.claimed_time)
        if match is None or not claim.speaker or span is None:
            continue
        start = span[0].replace(tzinfo=None)
        for target in _targets(claim.claim, match.end(), claim.speaker, set()):
            words = distinctive_words([target])
            earlier = [
                i
                for i in items
                if i.file_id != claim.source.file_id
                and i.kind != "transaction"
                and i.when.replace(tzinfo=None) < start
                and _involves(i, claim.speaker)
                and (
                    _involves(i, target)
                    or words & {w.lower().strip(".,;:()") for w in i.description.split()}
                )
            ]
            if earlier:
                first = min(earlier, key=lambda i: i.when)
                found.append(
                    _denial(
                        claim,
                        unique_refs([i.source for i in earlier], 6),
                        f"{claim.speaker} dates their first contact with {target} from "
                        f"{start.date().isoformat()}, yet a record has them together on "
                        f"{first.at()}: {first.description[:160]}",
                        "HIGH",
                    )
                )
    return found


def traded_knowledge_contradictions(view: CaseView) -> list[Contradiction]:
    """ "I first learned of the acquisition from the press release on June 2" against the
    speaker's own trades in that company before that announcement."""
    traded = [(a, t) for a in view.financial.anomalies if (t := traded_before(a))]
    found: list[Contradiction] = []
    for claim in view.evidence.sworn_claims if traded else []:
        if not _UNAWARE.search(claim.claim) or not claim.speaker:
            continue
        until = parse_span(claim.claimed_time)
        against = [
            anomaly
            for anomaly, (holder, day) in traded
            if same_party(holder, claim.speaker) and (until is None or day <= until[1].date())
        ]
        if against:
            found.append(
                _denial(
                    claim,
                    unique_refs([s for a in against for s in a.sources], 6),
                    f"{claim.speaker} says they knew nothing before it, yet: "
                    f"{against[0].description.rstrip('.')}",
                    "HIGH",
                )
            )
    return found


# What a denial says the thing was about: "no complaints about the ThermaPlus 300 heater".
_ABOUT = re.compile(
    r"^\s*(?:about|concerning|regarding|over|relating\s+to)\s+(?P<what>[^.;,]+)", re.I
)


def _about_words(rest: str) -> set[str]:
    match = _ABOUT.match(rest)
    if match is None:
        return set()
    words = {w.lower() for w in wordset(match["what"])}
    return {w for w in words if len(w) >= 4 and w not in STOPWORDS}


def _mail_text(item: Item, said: dict[str, str]) -> str:
    """What an e-mail says beyond its subject: its first sentence (the event's excerpt) and
    the sentences the evidence domain quotes from it."""
    if item.kind != "e-mail":
        return ""
    return f"{item.source.excerpt or ''} {said.get(item.file_id, '')}"


def _sent_by(item: Item, person: str) -> bool:
    if item.kind != "e-mail":
        return False
    sender = item.description.removeprefix("E-mail from ").split(" to ", 1)[0]
    return same_party(sender.split("<", 1)[0].strip().strip('"'), person)


def record_contradictions(view: CaseView) -> list[Contradiction]:
    """A witness saying something was planned, approved or agreed ("the restructure had been
    planned since December 2024") against a record of the time saying it was not ("No
    restructuring of the night shift is planned for 2025"): the same verb, and two words of
    what was decided in common."""
    records = [
        (f, match, negations.stems(f.summary))
        for f in view.evidence.findings
        if f.finding_type == RECORDED_NEGATION
        and f.sources
        and (match := negations.negated(f.summary))
    ]
    found: list[Contradiction] = []
    for claim in view.evidence.sworn_claims if records else []:
        said = negations.deciding(claim.claim)
        if said is None or not claim.speaker or negations.negated(claim.claim):
            continue
        words = negations.stems(claim.claim)
        against = [
            f
            for f, match, record_words in records
            if f.sources[0].file_id != claim.source.file_id
            and negations.verb_stem(match["verb"]) == negations.verb_stem(said["verb"])
            and len(words & record_words) >= _SHARED_WORDS
        ]
        if against:
            first = against[0]
            found.append(
                _denial(
                    claim,
                    unique_refs([f.sources[0] for f in against], 6),
                    f"{claim.speaker} says it was {said['verb'].lower()}; "
                    f"{first.title.split(' in ', 1)[-1]} records otherwise: {first.summary[:200]}",
                    "MEDIUM",
                )
            )
    return found


# Words that take a claim's state beyond its day.
_BEYOND = re.compile(
    r"\b(?:before|until|till|prior\s+to|ever|never|always|at\s+any\s+time|previously|since|"
    r"up\s+to|earlier|throughout|every|each|whole|entire|all\s+along)\b",
    re.IGNORECASE,
)


def condition_contradictions(view: CaseView) -> list[Contradiction]:
    """A witness's denial of a defect or of arrears ("the vehicle had no mechanical problems",
    "the loan is fully up to date") against records in other files reporting one: a garage's
    "needs a full replacement", a statement's payment "NSF RETURNED". A record counts when it
    concerns the witness (they send or receive it, it is their account) or is about the same kind
    of thing (a vehicle, a building); a defect recorded after the time the witness's account
    starts from is no contradiction (damage after a theft). HIGH when the record is the witness's
    own and of the same kind of thing, or their account's returned payment."""
    records = _condition_records(view)
    starts = _account_starts(view)
    found: list[Contradiction] = []
    for claim in view.evidence.sworn_claims:
        denied = condition.denied(claim.claim) if claim.speaker else None
        if denied is None or claim.speaker is None:
            continue
        kinds = condition.kinds_of_thing(claim.claim)
        claim_words = _subject_words(claim.claim)
        start = starts.get(claim.speaker)
        # A denial of one day ("that morning the alarm was working") is met by the records of
        # that day or the day before, not by a fault found and mended months apart.
        # (Not "no damage before the frost on 3 January": a state until the day, not of it.)
        span = parse_span(claim.claimed_time)
        days = (
            (span[0].date() - timedelta(days=1), span[1].date())
            if span and span[1] - span[0] <= timedelta(days=1) and not _BEYOND.search(claim.claim)
            else None
        )
        own_and_alike: list[SourceRef] = []
        against: list[SourceRef] = []
        for record in records:
            if record.condition != denied or record.source.file_id == claim.source.file_id:
                continue
            if days:  # the claim's own day, whatever the account starts from
                if record.when and not days[0] <= record.when <= days[1]:
                    continue
            elif denied == "defect" and start and record.when and record.when > start:
                continue
            own = any(same_party(claim.speaker, p) for p in record.people)
            alike = bool(kinds & record.kinds) or bool(claim_words & record.words)
            if kinds and record.kinds and not kinds & record.kinds:
                continue
            if own or alike:
                against.append(record.source)
                if own and alike:
                    own_and_alike.append(record.source)
        if not against:
            continue
        what = "any defect" if denied == "defect" else "being in arrears"
        reported = "a defect" if denied == "defect" else "payments returned or overdue"
        found.append(
            _denial(
                claim,
                unique_refs(own_and_alike + against, 6),
                f"{claim.speaker} denies {what}, yet {len(unique_refs(against, 50))} record(s) "
                f"in other files report {reported}: {against[0].excerpt[:160].rstrip('.')}",
                "HIGH" if own_and_alike else "MEDIUM",
            )
        )
    return found


@dataclass
class _Record:
    condition: str
    source: SourceRef
    people: list[str]
    kinds: set[str]
    words: set[str]
    when: date | None


_SUBJECT = re.compile(r"[a-z]{4,}")


def _subject_words(text: str) -> set[str]:
    return {w for w in _SUBJECT.findall(text.lower()) if w not in _STOP}


_STOP = wordset(
    "that this with have been were they their there what when where which would could about "
    "from into your none never nothing perfectly fully date asked payments payment account"
)


def _condition_records(view: CaseView) -> list[_Record]:
    found: list[_Record] = []
    rows: set[tuple[str, int | None]] = set()  # a table's rows, each read once
    for finding in view.evidence.findings + view.financial.findings:
        if finding.finding_type != CONDITION_REPORTED or not finding.sources:
            continue
        source = finding.sources[0]
        reported = condition.reported(finding.summary)
        if reported:
            if source.row is not None:
                rows.add((source.file_id, source.row))
            text = finding.summary
            found.append(
                _Record(
                    reported,
                    source,
                    finding.entities,
                    condition.kinds_of_thing(text),
                    _subject_words(text),
                    written_on(finding),
                )
            )
    for tx in view.financial.transactions:
        reported = condition.reported(tx.description)
        if reported:
            held = view.held(tx)
            rows.add((tx.source.file_id, tx.source.row))
            found.append(
                _Record(
                    reported,
                    tx.source,
                    [p for p in (held.from_party, held.to_party) if p],
                    condition.kinds_of_thing(tx.description),
                    _subject_words(tx.description),
                    tx_date(tx),
                )
            )
    # A table's row with no amount reports it too ("DD RETURNED UNPAID - CORBY FINANCE LOAN").
    for event in view.evidence.events:
        source = event.source
        if source.row is None or (source.file_id, source.row) in rows:
            continue
        reported = condition.reported(event.description)
        if reported:
            rows.add((source.file_id, source.row))
            when = parse_iso(event.timestamp)
            found.append(
                _Record(
                    reported,
                    source,
                    event.people,
                    condition.kinds_of_thing(event.description),
                    _subject_words(event.description),
                    when.date() if when else None,
                )
            )
    return found


def _account_starts(view: CaseView) -> dict[str, date]:
    """The day each witness's account starts from: the earliest time they testify about."""
    starts: dict[str, date] = {}
    for claim in view.evidence.sworn_claims:
        span = parse_span(claim.claimed_time)
        if claim.speaker and span:
            day = span[0].date()
            if claim.speaker not in starts or day < starts[claim.speaker]:
                starts[claim.speaker] = day
    return starts


def all_contradictions(
    view: CaseView,
    items: list[Item],
    zone: tzinfo,
    window_minutes: float,
    caps: list[tuple[Clause, Contradiction]],
    missing: list[Unapproved],
) -> list[Contradiction]:
    """Every contradiction; `caps` (caps_exceeded) and `missing` (gaps.unapproved) are read by
    the gaps too."""
    index = timeline_index(items, view)
    claims = view.evidence.sworn_claims
    absent = absence_contradictions(claims, index, zone, view.filenames)
    found = (
        place_contradictions(claims, index, zone, timedelta(minutes=window_minutes))
        + absent
        + travelled_with_contradictions(claims, items, zone)
    )
    # Left a place, and seen there later; ways in and out; every Saturday of a month, against
    # the log and the pay; logins.
    found += (
        departure_contradictions(claims, items, view.evidence.findings)
        + access_contradictions(claims, items, zone)
        + weekday_contradictions(claims, items)
        + login_contradictions(claims, items)
        + omission_contradictions(claims, items)
        + _not_said_again(return_contradictions(claims, items), absent)
        + write_off_contradictions(claims, items)
        + worked_contradictions(claims, items, view.filenames)
    )
    found += routine_contradictions(
        claims, view.evidence.events, view.filenames
    ) + response_contradictions(claims, items)
    found += named_absence_contradictions(claims, items) + threat_contradictions(
        claims, items, view.filenames
    )
    found += stay_booked_contradictions(claims, view.evidence.findings)
    # A statement's unnamed side is its holder's: "never received a cent from Acme" against
    # Acme's credits on the speaker's statement.
    held = [view.held(t) for t in view.financial.transactions]
    found += denial_contradictions(claims, items, held)
    said: dict[str, str] = defaultdict(str)
    for finding in view.evidence.findings:
        for ref in finding.sources:
            said[ref.file_id] += f" {ref.excerpt or ''}"
    found += knowledge_contradictions(claims, items, said, view.filenames)
    found += incident_contradictions(claims, items, view.filenames)
    found += exfiltration_contradictions(claims, items)
    found += stop_contradictions(claims, items)
    guests = hosted(held)
    found += hospitality_contradictions(claims, guests, view.legal.findings, view.evidence.findings)
    found += undeclared_contradictions(claims, guests, held, view.filenames)
    found += first_contact_contradictions(claims, items) + report_contradictions(claims, items)
    found += order_contradictions(view.legal.findings, items)
    found += review_contradictions(claims, view.evidence.findings)
    found += traded_knowledge_contradictions(view)
    billed = billed_not_delivered(view.evidence.events, held, view.filenames)
    billed += idle_days_billed(view.evidence.events, held, view.filenames)
    found += as_contradictions(billed)
    found += affirmed_contradictions(billed, claims)
    found += hours_contradictions(held, items, claims)
    splits = split_purchases(view.legal.clauses, held)
    found += split_contradictions(splits)
    replaced = bought_after_loss(view.financial.findings, held)
    found += loss_contradictions(replaced)
    found += (
        stated_contradictions(view.financial.findings)
        + detail_contradictions(view.financial.findings)
        + vessel_contradictions(view.evidence.findings, view.evidence.events)
        + unchecked_contradictions(claims, view.evidence.findings)
        + unavailable_contradictions(claims, view.evidence.findings, view.evidence.events)
        + flight_contradictions(claims, view.evidence.findings)
        + halt_contradictions(claims, view.evidence.events, view.filenames)
        + parked_contradictions(claims, view.evidence.events)
        + unable_contradictions(claims, view.evidence.events, view.filenames)
        + tally_contradictions(claims, view.evidence.events)
        + called_off_contradictions(
            view.evidence.findings, view.evidence.events, view.financial.transactions, claims
        )
        + dated_act_contradictions(claims, view.legal.dates, view.evidence.events, view.filenames)
        + register_dated_contradictions(claims, view.evidence.events, view.filenames)
    )
    patterns = view.financial.anomalies + billed + [split.anomaly for split in splits]
    patterns += [anomaly for *_, anomaly in replaced]
    found += conduct_contradictions(claims, patterns, view.holders)
    found += (
        interest_contradictions(view)
        + conflicted_approvals(view.legal.findings, view.financial.transactions, view.legal.clauses)
        + blackout_contradictions(view.legal.findings, view.financial.transactions)
    )
    found += kin_employment_contradictions(view)
    found += condition_contradictions(view)
    found += record_contradictions(view)
    found += nonevent_contradictions(view.evidence.findings, claims, held)
    found += instruction_contradictions(view.evidence.findings, claims)
    found += deadline_contradictions(
        view.legal.clauses, view.evidence.findings, claims
    ) + completion_contradictions(claims, items, view.evidence.findings)
    found += (
        approval_claim_contradictions(view, missing)
        + usual_address_contradictions(claims, view.evidence.findings)
        + approver_contradictions(claims, held)
        + bounded_approval_contradictions(claims, held)
        + payday_contradictions(claims, held)
        + trade_contradictions(claims, held, view.financial.findings)
        + misstated_contradictions(view.financial.findings)
    )
    found += document_contradictions(view, caps) + allowance_contradictions(
        view.financial.findings + view.legal.findings, view.financial.transactions, claims
    )
    found += _against_records(view, items, held)
    found += _of_dealings(view, held)
    order = {"HIGH": 0, "MEDIUM": 1, "LOW": 2}
    found.sort(key=lambda c: order[c.severity])
    return _once(found)[:_MAX]


def _against_records(
    view: CaseView, items: list[Item], held: list[Transaction]
) -> list[Contradiction]:
    """What the records' own values, counts, days and names deny: limits broken, counters
    wound back, acts out of the order stated, counts that disagree, acts denied, work claimed
    on leave, seals replaced, lines written at hours denied."""
    claims, events = view.evidence.sworn_claims, view.evidence.events
    stated = [f for f in view.legal.findings if f.finding_type == COMPLIANCE]
    found = limit_contradictions(view.legal.clauses, events, stated)
    readings = [*view.evidence.findings, *view.financial.findings]
    found += meter_contradictions(events, readings, claims)
    ordered = [f for f in view.evidence.findings if f.finding_type == SEQUENCE_STATEMENT]
    found += sequence_contradictions(claims, ordered, events, view.legal.dates)
    found += quantity_contradictions(events, claims) + supplied_contradictions(
        view.evidence.findings, items
    )
    found += act_contradictions(claims, items)
    found += leave_contradictions(events, held, claims, subjects_by_file(view.evidence.findings))
    found += exclusive_account_contradictions(claims, held)
    found += own_account_contradictions(claims, held)
    found += address_tie_contradictions(claims, view.financial.anomalies)
    found += observation_contradictions(view.evidence.findings, claims) + (
        presence_contradictions(view.evidence.findings, claims)
    )
    found += seal_contradictions(claims, view.evidence.custody)
    found += stoppage_contradictions(_stoppages(view), events)
    found += preexisting_contradictions(claims, view.evidence.findings) + (
        as_new_contradictions(claims, view.evidence.findings)
    )
    found += hour_contradictions(claims, items)
    found += faculty_contradictions(claims, items, view.evidence.findings, view.evidence.people)
    found += household_contradictions(claims, view.evidence.findings) + elsewhere_contradictions(
        claims, view.evidence.findings
    )
    # A vehicle's speed and its signal's aspect, against their recorders' logs.
    found += speed_contradictions(claims, view.evidence.findings) + signal_contradictions(
        claims, items
    )
    found += state_contradictions(claims, items, view.filenames)
    found += activity_contradictions(claims, items)
    found += substance_contradictions(claims, view.evidence.findings) + age_contradictions(
        claims, view.evidence.findings
    )
    found += tenure_contradictions(claims, view.evidence.findings, view.filenames)
    # Records of a person's past, routed to the legal domain alone, count too.
    entries = dated_entries(view.legal.dates, items)
    found += prior_contradictions(claims, entries, view.filenames, view.evidence.findings)
    found += history_contradictions(claims, entries, view.evidence.findings, view.filenames)
    found += timeliness_contradictions(claims, entries, view.filenames)
    found += occurrence_contradictions(claims, entries)
    # The cause a record gives for a stoppage is tested as its author's word too.
    causes = stated_as_claims(_stoppages(view))
    found += weather_contradictions([*claims, *causes], entries)
    found += fuel_contradictions(claims, view.evidence.findings, items)
    found += earnings_contradictions(claims, view.evidence.findings, items)
    found += last_orders_contradictions(claims, items)
    found += competitor_contradictions(claims, view.evidence.findings + view.legal.findings)
    found += current_post_contradictions(claims, view.evidence.findings)
    found += zone_contradictions(claims, view.evidence.findings + view.legal.findings, items)
    found += count_contradictions(view.evidence.findings + view.financial.findings)
    found += mileage_contradictions(claims, items)
    found += level_contradictions(claims, view.evidence.findings)
    return found


def _stoppages(view: CaseView) -> list[Finding]:
    """The records' statements of a stoppage, from whichever domain read the record (a notice
    is often routed to the legal agent alone), each once."""
    found = [
        f
        for f in view.evidence.findings + view.legal.findings
        if f.finding_type == STATED_STOPPAGE and f.sources
    ]
    return list({(f.title, f.sources[0].file_id, f.sources[0].line): f for f in found}.values())


def _of_dealings(view: CaseView, held: list[Transaction]) -> list[Contradiction]:
    """What the records of property, cash, goods and offices deny: assets given away, documents
    dated before they were written, items claimed lost that turn up or were bought for less,
    cash banked short, goods sent elsewhere than certified, office holders paid, rival bids
    written by one hand, services billed for the dead, documents signed for, meetings minuted,
    submissions received late, stays abroad with the card used at home."""
    claims = view.evidence.sworn_claims
    findings = view.financial.findings
    found = disposal_contradictions(claims, findings + view.evidence.findings, held)
    found += owning_contradictions(claims, findings + view.evidence.findings)
    found += backdating_contradictions(
        view.evidence.findings, view.legal.dates, claims, held, view.legal.parties, view.filenames
    )
    found += surviving_items(findings, claims)
    found += padded_values(findings)
    found += unbanked_contradictions(claims, findings, view.financial.transactions)
    found += stated_takings_contradictions(claims, findings) + declared_takings_contradictions(
        claims, findings
    )
    found += consignment_contradictions(findings, view.filenames) + balanced_contradictions(
        claims, view.evidence.findings
    )
    found += unpaid_office_contradictions(claims, view.evidence.findings, held)
    found += shared_authorship_contradictions(findings)
    found += expense_presence_contradictions(held, view.evidence.events, view.filenames)
    found += after_death_contradictions(view.evidence.findings, held, claims)
    found += receipt_contradictions(claims, view.evidence.findings)
    minutes = view.legal.findings + view.evidence.findings
    found += attendance_contradictions(claims, minutes)
    found += accompaniment_contradictions(claims, minutes) + length_contradictions(claims, minutes)
    everyone = findings + view.legal.findings + view.evidence.findings
    found += late_submission_contradictions(everyone)
    found += disclosure_contradictions(everyone) + undisclosed_contradictions(claims, everyone)
    found += savings_contradictions(claims, findings)
    found += stay_contradictions(claims, view.financial.transactions, view.holders)
    found += created_after_contradictions(view.evidence.findings, claims)
    found += register_contradictions(view.financial.anomalies, claims)
    found += lifetime_contradictions(everyone, held, claims)
    found += notice_contradictions(claims, everyone)
    found += gift_contradictions(claims, everyone, held) + abroad_contradictions(
        claims, held, view.holders
    )
    found += withdrawal_contradictions(claims, view.evidence.events, view.financial.transactions)
    found += signing_contradictions(claims, view.legal.findings, view.filenames)
    return found


def _once(found: list[Contradiction]) -> list[Contradiction]:
    """One contradiction per statement and finding: a bare "Never." and the sentence of the
    same line that says it again ("I have never sent work documents to my personal e-mail")
    meet the same records with the same words; the speaker's own sentence is kept, where the
    first stood."""
    kept: dict[tuple[object, ...], int] = {}
    result: list[Contradiction] = []
    for contradiction in found:
        source = contradiction.claim_source
        key = (source.file_id, source.page, source.line, source.row, contradiction.explanation)
        if key not in kept:
            kept[key] = len(result)
            result.append(contradiction)
        elif _fuller(contradiction.claim) > _fuller(result[kept[key]].claim):
            result[kept[key]] = contradiction
    return result


def _not_said_again(found: list[Contradiction], said: list[Contradiction]) -> list[Contradiction]:
    """The contradictions of `found` that no contradiction `said` of the same claim already
    makes with the same records or more, as strongly or more ("did not go back", met by the
    alarm unset at 01:52 as an absence from the shop: a way back in says it again)."""
    rank = {"LOW": 0, "MEDIUM": 1, "HIGH": 2}

    def refs(c: Contradiction) -> set[tuple[object, ...]]:
        return {(r.file_id, r.page, r.line, r.row) for r in c.evidence_against}

    return [
        c
        for c in found
        if not any(
            o.claim_source == c.claim_source
            and refs(c) <= refs(o)
            and rank[o.severity] >= rank[c.severity]
            for o in said
        )
    ]


def _fuller(claim: str) -> tuple[bool, int]:
    """The speaker's own sentence before a bare answer with its question; then the longer."""
    return not answer_of(claim).question, len(claim)
