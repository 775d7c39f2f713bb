"""The day/month order of a timestamp column's ``d/m/y`` dates (timestamps.py),
told from the whole column, and the cell that keeps it from deciding."""

from __future__ import annotations

from quizgen.wording import printable, shortened
from quizgen.grading.time_text import ambiguous, day_month, numeric_match


class BadCell(Exception):
    """A timestamp cell that cannot decide (its ``row``, shown ``text`` and ``why``)."""

    def __init__(self, row: int, text: str, why: str):
        super().__init__(why)
        self.row, self.text, self.why = row, shortened(printable(text or ""), 60), why
        self.empty = not (text or "").strip()

    def said(self) -> str:
        """``'yesterday' is not a time ...``, or ``an empty time`` for a cell with nothing in it."""
        return "an empty time" if self.empty else f"{self.text!r} {self.why}"


class Undecided(BadCell):
    """A column whose day/month order cannot be told (day_order)."""


def day_order(cells: list, grid, source, locale_day_first: bool = False):
    """Whether ``d/m/y`` dates put the day first (True), the month (False), or
    None when no compared cell is such a date. Told from every timestamp the
    grid holds, else by dots or the header (``locale_day_first``); refused
    (``BadCell``) when the column says both, or neither while a date needs it."""
    if not any(day_month(text) for _, text in cells):
        return None
    needing = [(row, text) for row, text in cells if ambiguous(text)]
    seen = {}
    for row, text in sorted(_all_cells(cells, grid), key=lambda cell: cell[0]):
        match = numeric_match(text)
        if match and len(match[1]) < 4 and min(int(match[1]), int(match[3])) <= 12:   # 13/13 is no date
            for first, value in ((True, int(match[1])), (False, int(match[3]))):
                if value > 12:
                    seen.setdefault(first, row)
                    if (not first) in seen:
                        raise BadCell(row, text, f"puts the {'day' if first else 'month'} first, while line "
                                                  f"{line_of_row(source, seen[not first])} puts the "
                                                  f"{'month' if first else 'day'} first")
    day_first = locale_day_first or any(numeric_match(text)[2] == "." for _, text in needing)
    if not seen and needing and not day_first:   # "Zeitstempel", 03.12.2026: no such locale puts the month first
        row, text = needing[0]
        raise Undecided(row, text, "could be day/month or month/day, and no date in the column has a day over 12 "
                                    "to tell which, and the two readings order its repeated rows differently")
    return next(iter(seen), True if day_first else None)


def _all_cells(cells: list, grid):
    """The compared cells, and every other cell the grid holds (its latest answers' times)."""
    yield from cells
    held = set()
    for k, text in enumerate(grid.stamps):
        if text is not None and grid.rows[k] >= 0 and text not in held:
            held.add(text)
            yield grid.rows[k], text


def line_of_row(source, row: int) -> int:
    """The file line answer ``row`` (numbered from 0) ends on (0 past the
    file's last answer): the file is read again up to it (only to name a bad cell)."""
    return source.file_lines({row}).get(row, 0)
