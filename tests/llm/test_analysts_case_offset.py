"""The case's UTC offset, read from its zoned times, does not depend on their order."""

from datetime import UTC, timedelta, timezone
from itertools import permutations

from holmes_backend.analysis.domains.links import case_offset

LONDON_SUMMER = "2024-06-03T09:00:00+01:00"
NEW_YORK_SUMMER = "2024-06-03T04:00:00-04:00"
TOKYO = "2024-06-03T17:00:00+09:00"


def test_the_most_common_offset_wins() -> None:
    times = [NEW_YORK_SUMMER, LONDON_SUMMER, NEW_YORK_SUMMER, "2024-06-03T09:00:00"]
    assert case_offset(times) == timezone(timedelta(hours=-4))


def test_a_tie_is_decided_the_same_way_in_every_order() -> None:
    # Events reach the analyst in the order their agents finished: the tie once went to the
    # first, so the same case read its times in another zone on another run.
    times = [
        LONDON_SUMMER,
        NEW_YORK_SUMMER,
        TOKYO,
        "2024-06-04T10:00:00+01:00",
        "2024-06-04T05:00:00-04:00",
        "2024-06-04T18:00:00+09:00",
    ]
    chosen = {case_offset(list(order)) for order in permutations(times)}
    assert chosen == {timezone(timedelta(hours=1))}  # nearest UTC


def test_no_zoned_time_means_utc() -> None:
    assert case_offset(["2024-06-03T09:00:00", "not a time", ""]) == UTC
