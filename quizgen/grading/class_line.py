"""The wording report.md and grade's summary share: the class line (``class_figures``: the class's
centre and range), the count of answers read and the status tables' line for parts no row answered."""

from __future__ import annotations

import statistics

from quizgen.report.formatting import decimal_mark, one_place, whole_number
from quizgen.report.tables import roster_centre
from quizgen.report.who_answered import answered_of


def count_text(n: int, noun: str, comma: bool = False) -> str:
    """'1 answer', '54,000 answers' (thousands grouped as ``whole_number`` groups them)."""
    return f"1 {noun}" if n == 1 else f"{whole_number(n, comma)} {noun}s"


def answers_text(result, comma: bool = False) -> str:
    """'38 answers', and the rows overrides made, which the status counts include."""
    made = result.made_rows
    return count_text(result.rows, "answer", comma) + (f" (and {count_text(made, 'row', comma)} made by overrides)"
                                                        if made else "")


def percent_text(value, comma: bool = False) -> str:
    """A percentage to one decimal ("" for None), with the class's decimal mark."""
    return "" if value is None else decimal_mark(one_place(value), comma)


def class_percentages(result) -> list:
    return [t.percent for t in result.students if t.max_score]


def class_figures(result, comma: bool = False, median: bool = True) -> str:
    """The class's centre and range: ``mean 56.2%, median 60.0%, lowest 0.0%,
    highest 100.0%`` ("" with no percentages), the median left out when not
    ``median`` (stdout leaves it out when nobody is absent; report.md's class
    line always gives it). With roster absentees, both centres, each labelled:
    over everyone listed (the absent counted as 0%; roster_centre, as the
    item analysis gives them) and, with the range, over those who answered,
    as the class report's figures count them (the students marked only by
    overrides, who answered nothing, said apart: who_answered.answered_of)."""
    percents = class_percentages(result)
    if not percents:
        return ""
    absent = set(result.absent)
    answered = [t.percent for t in result.students if t.max_score and t.student_id not in absent]
    if not absent:
        return _centre(percents, comma, median) + _range(percents, comma)
    mean, middle, who = roster_centre(result.students, len(percents) - len(answered), comma)
    everyone = _said(mean, middle, comma, median) + who
    if not answered:
        return everyone + _range(percents, comma)
    return (f"{everyone}; {_centre(answered, comma, median)}{_range(answered, comma)} over the "
            f"{answered_of(len(answered), len(result.only_overrides), comma)}")


def _centre(percents: list, comma: bool, median: bool) -> str:
    """``mean 56.2%, median 60.0%`` of ``percents`` (the median left out when not ``median``)."""
    return _said(statistics.fmean(percents), statistics.median(percents), comma, median)


def _said(mean: float, middle: float, comma: bool, median: bool) -> str:
    """``mean 56.2%, median 60.0%`` (the median left out when not ``median``)."""
    said = f"mean {percent_text(mean, comma)}%"
    return said + (f", median {percent_text(middle, comma)}%" if median else "")


def _range(percents: list, comma: bool) -> str:
    """``, lowest 0.0%, highest 100.0%``."""
    return f", lowest {percent_text(min(percents), comma)}%, highest {percent_text(max(percents), comma)}%"


MISSING_PARTS = "missing (no answer row)"
"""The status tables' line for the parts of the students' papers no row answered (console and report.md alike)."""


def missing_parts(result) -> int:
    """The question parts of the students' papers no row answered (the absent's
    included): each scores 0, and no status counts it, since no row has one."""
    return sum(t.missing for t in result.students)

