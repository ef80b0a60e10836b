"""Times of day as logs and other countries write them: a police log's "0915hrs", a witness's
"at 2130 hours", a French "à 21h15"; a number of hours that is a duration ("I worked 1500 hours
last year", "a 4h30 drive") is no time."""

from datetime import time

import pytest

from holmes_backend.analysis.facts.dates import find_moments, find_times


@pytest.mark.parametrize(
    ("text", "moment"),
    [
        ("12 March 2026 0915hrs: officers attended", "2026-03-12T09:15:00"),
        ("at 2130 hours on 12 March 2026", "2026-03-12T21:30:00"),
        ("March 12th, 2026 at 21h15", "2026-03-12T21:15:00"),
    ],
)
def test_a_twenty_four_hour_time_without_a_colon(text: str, moment: str) -> None:
    assert [m.iso() for m in find_moments(text)] == [moment]


def test_both_ends_of_a_span() -> None:
    assert [t for t, _ in find_times("from 0800 hrs to 1730 hrs")] == [time(8), time(17, 30)]


@pytest.mark.parametrize(
    "text", ["I worked 1500 hours last year", "a 4h30 drive", "Order 2130 hours"]
)
def test_a_duration_is_no_time(text: str) -> None:
    assert find_times(text) == []
