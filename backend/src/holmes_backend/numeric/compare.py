"""compare_values: does a source text state a value (amount, date, name or text) by meaning?"""

import math
import re
from dataclasses import dataclass
from datetime import date, time
from typing import Any, Literal

from holmes_backend.analysis.facts.dates import Moment, find_moments
from holmes_backend.analysis.facts.money import CODE, SCALE, SCALES, SYM, to_number
from holmes_backend.analysis.facts.names import find_names, kind_of, same_party

ValueKind = Literal["amount", "number", "date", "name", "text"]

_NUM = r"(?:\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d{1,3}(?:\.\d{3})+,\d{1,2}|\d+(?:[.,]\d+)?|\.\d+)"
_NUMBER = re.compile(
    rf"(?<![\w.,])(?<!\w-)(?P<cur>{SYM}\s?|{CODE}\s)?(?P<neg>-)?(?P<num>{_NUM}){SCALE}"
    r"(?!\w|[-/]\d)",
    re.IGNORECASE,
)
_WHOLE_NUMBER = re.compile(
    rf"^\s*(?P<cur>{SYM}|{CODE})?\s*(?P<neg>[-\u2212])?\s*(?P<num>{_NUM}){SCALE}"
    rf"\s*(?P<cur2>{SYM}|{CODE}|dollars?|euros?|pounds)?\s*(?P<pct>%)?\s*$",
    re.IGNORECASE,
)
_ALNUM = re.compile(r"[0-9a-z]", re.IGNORECASE)
_NAME_WORDS = 6
_TOLERANCE = 0.005


@dataclass(frozen=True)
class Value:
    """A value as read: its kind and its normal form."""

    raw: str
    kind: ValueKind
    number: float | None = None
    day: date | None = None
    at: time | None = None

    @property
    def normal(self) -> str:
        if self.number is not None:
            return _plain_number(self.number)
        if self.day is not None:
            return self.day.isoformat() + (f"T{self.at.isoformat()}" if self.at else "")
        return normal_text(self.raw)


@dataclass(frozen=True)
class Match:
    start: int
    end: int
    text: str


@dataclass(frozen=True)
class Comparison:
    kind: ValueKind
    original: str  # normal forms
    proposed: str
    same_value: bool
    original_matches: tuple[Match, ...]
    proposed_matches: tuple[Match, ...]

    @property
    def original_found(self) -> bool:
        """The original value stated on its own, not only inside the proposed one."""
        return any(
            not any(p.start <= o.start and o.end <= p.end for p in self.proposed_matches)
            for o in self.original_matches
        )

    @property
    def proposed_found(self) -> bool:
        return bool(self.proposed_matches)

    def as_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "original": self.original,
            "proposed": self.proposed,
            "same_value": self.same_value,
            "original_found": self.original_found,
            "proposed_found": self.proposed_found,
            "original_matches": [m.text for m in self.original_matches],
            "proposed_matches": [m.text for m in self.proposed_matches],
        }


def _plain_number(value: float) -> str:
    return f"{value:.2f}".rstrip("0").rstrip(".") if value % 1 else f"{value:.0f}"


def normal_text(text: str) -> str:
    return " ".join(re.findall(r"[0-9a-z]+", text.casefold()))


def _whole_moment(text: str) -> Moment | None:
    """The date the text consists of, if it is nothing but one date (and maybe a time)."""
    moments = find_moments(text)
    if len(moments) != 1:
        return None
    moment = moments[0]
    rest = text[: moment.start] + text[moment.end :]
    return moment if len(_ALNUM.findall(rest)) <= 9 and len(rest.split()) <= 2 else None


def read_value(text: str) -> Value:
    raw = text.strip()
    whole = _WHOLE_NUMBER.match(raw)
    if whole and (number := _value(whole)) is not None:
        money = bool(whole["cur"] or whole["cur2"]) and not whole["pct"]
        return Value(raw, "amount" if money else "number", number=number)
    moment = _whole_moment(raw)
    if moment is not None:
        return Value(raw, "date", day=moment.day, at=moment.at)
    named = 0 < len(raw.split()) <= _NAME_WORDS and not any(ch.isdigit() for ch in raw)
    return Value(raw, "name" if named and kind_of(raw) is not None else "text")


def _value(match: re.Match[str]) -> float | None:
    """A matched number's value, its scale word ("3.2M") and sign applied."""
    value = to_number(match["num"])
    if value is None:
        return None
    value *= _scaled(match)
    return -value if match["neg"] else value


def _numbers(text: str) -> list[tuple[float, Match, re.Match[str]]]:
    """Every number written in the text, outside dates and times."""
    dates = [(m.start, m.end) for m in find_moments(text)]
    found = []
    for match in _NUMBER.finditer(text):
        if any(s <= match.start("num") < e for s, e in dates):
            continue
        if (value := _value(match)) is None:
            continue
        found.append((value, Match(match.start(), match.end(), match.group(0).strip()), match))
    return found


def _same_number(a: float, b: float) -> bool:
    return math.isclose(a, b, rel_tol=1e-9, abs_tol=_TOLERANCE)


def _same_moment(value: Value, moment: Moment) -> bool:
    if moment.day != value.day:
        return False
    if value.at is None or moment.at is None:
        return True
    return (moment.at.hour, moment.at.minute) == (value.at.hour, value.at.minute)


def _text_spans(needle: str, text: str) -> list[Match]:
    """Where the needle's words occur in the text, as whole words, ignoring case and punctuation."""
    words = re.findall(r"[0-9a-z]+", needle.casefold())
    if not words:
        return []
    pattern = re.compile(
        r"(?<![0-9a-z])" + r"[^0-9a-z]+".join(re.escape(w) for w in words) + r"(?![0-9a-z])",
        re.IGNORECASE,
    )
    return [Match(m.start(), m.end(), m.group(0)) for m in pattern.finditer(text)]


def find_value(value: Value, text: str, *, loose_names: bool = True) -> list[Match]:
    """Where the source states the value (by meaning, see the module docstring)."""
    if value.number is not None:
        return [m for number, m, _ in _numbers(text) if _same_number(number, value.number)]
    if value.day is not None:
        return [
            Match(m.start, m.end, text[m.start : m.end])
            for m in find_moments(text)
            if _same_moment(value, m)
        ]
    matches = _text_spans(value.raw, text)
    if value.kind == "name" and loose_names:
        taken = {(m.start, m.end) for m in matches}
        for name in find_names(text):
            if (name.start, name.end) not in taken and same_party(value.raw, name.text):
                matches.append(Match(name.start, name.end, name.text))
    return sorted(matches, key=lambda m: m.start)


def _same(original: Value, proposed: Value) -> bool:
    if original.number is not None and proposed.number is not None:
        return _same_number(original.number, proposed.number)
    if original.day is not None and proposed.day is not None:
        return original.day == proposed.day and original.at == proposed.at
    return normal_text(original.raw) == normal_text(proposed.raw)


def compare_values(original: str, proposed: str, source_text: str) -> Comparison:
    """Whether the source text states the original value and the proposed one, read by kind."""
    first, second = read_value(original), read_value(proposed)
    if first.kind != second.kind and {first.kind, second.kind} != {"amount", "number"}:
        first, second = Value(first.raw, "text"), Value(second.raw, "text")
    kind: ValueKind = first.kind if first.kind == second.kind else "amount"
    loose = not (kind == "name" and same_party(first.raw, second.raw))
    return Comparison(
        kind=kind,
        original=first.normal,
        proposed=second.normal,
        same_value=_same(first, second),
        original_matches=tuple(find_value(first, source_text, loose_names=loose)),
        proposed_matches=tuple(find_value(second, source_text, loose_names=loose)),
    )


def _format_like(number: float, written: str) -> str:
    """The number written the way another one was: separators and decimals kept."""
    decimals = len(written.rsplit(".", 1)[1]) if "." in written and "," not in written[-3:] else 0
    if decimals == 0 and number % 1:
        decimals = 2
    text = f"{abs(number):,.{decimals}f}" if "," in written else f"{abs(number):.{decimals}f}"
    return ("-" if number < 0 else "") + text


def _scaled(match: re.Match[str]) -> float:
    return SCALES.get((match["scale"] or "").lower(), 1.0)


def rewrite_text(text: str, original: Value, proposed: Value) -> str:
    """The text with every statement of the original value replaced by the proposed one."""
    if original.number is not None and proposed.number is not None:
        pieces: list[str] = []
        last = 0
        for number, _, match in _numbers(text):
            if not _same_number(number, original.number):
                continue
            scale = _scaled(match)
            pieces.append(text[last : match.start("num")])
            value = proposed.number / scale
            pieces.append(_format_like(abs(value), match["num"]))
            last = match.end("num")
        return "".join(pieces) + text[last:] if pieces else text
    if original.day is not None and proposed.day is not None:
        moments = [m for m in find_moments(text) if _same_moment(original, m)]
        for moment in sorted(moments, key=lambda m: -m.start):
            written = text[moment.start : moment.end]
            if re.match(r"\d{4}-\d{2}-\d{2}", written):
                replacement = proposed.day.isoformat() + written[10:]
                if proposed.at is not None and len(written) > 10:
                    replacement = re.sub(
                        r"T\d{2}:\d{2}(:\d{2})?(\.\d+)?",
                        "T" + proposed.at.isoformat(),
                        replacement,
                        count=1,
                    )
            else:
                replacement = proposed.raw
            text = text[: moment.start] + replacement + text[moment.end :]
        return text
    spans = _text_spans(original.raw, text)
    for span in sorted(spans, key=lambda m: -m.start):
        text = text[: span.start] + proposed.raw + text[span.end :]
    return text
