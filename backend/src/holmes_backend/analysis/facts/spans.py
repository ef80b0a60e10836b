"""Non-overlapping character spans, checked in logarithmic time (long texts have many matches)."""

from bisect import bisect_right


class Spans:
    def __init__(self) -> None:
        self._starts: list[int] = []
        self._ends: list[int] = []

    def overlaps(self, start: int, end: int) -> bool:
        index = bisect_right(self._starts, start)
        if index and self._ends[index - 1] > start:
            return True
        return index < len(self._starts) and self._starts[index] < end

    def add(self, start: int, end: int) -> None:
        index = bisect_right(self._starts, start)
        self._starts.insert(index, start)
        self._ends.insert(index, end)

    def take(self, start: int, end: int) -> bool:
        """Adds the span unless it overlaps one already taken; tells whether it was added."""
        if self.overlaps(start, end):
            return False
        self.add(start, end)
        return True
