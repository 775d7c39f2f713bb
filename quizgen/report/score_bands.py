"""report.md's view of the scores for the instructor: the distribution of the percentages in
10-point bands as a text histogram (the page draws it), and the lowest scorers, lowest first,
so that who may need help is seen at a glance (the students table is in roster order)."""

from __future__ import annotations

from quizgen.report.formatting import decimal_mark, md_cell, one_place, whole_number
from quizgen.report.model import Analysis
from quizgen.report.who_answered import in_the_figures, who_answered

BAR = 30   # the widest text bar, in characters
LOWEST = 10   # the lowest scorers listed (more when tied with the last)
SHOWN = 30    # at most this many listed, however many are tied (a class of thousands on 0%, say)


def band_label(band: int, bands: int = 10) -> str:
    """A 10-point band of percentage score with its edges unambiguous: ``10 to
    under 20%`` (a student on 10% is in it, one on 20% is not); the last band,
    which includes 100, ``90 to 100%``."""
    low = 10 * band
    return f"{low} to 100%" if band == bands - 1 else f"{low} to under {low + 10}%"


def distribution_lines(analysis: Analysis, comma: bool = False) -> list:
    """The "### Score distribution" section: students per band, each with a bar of ``#`` (the
    largest band BAR wide, a band with any student at least one); [] with no student in a band."""
    counts = analysis.test.histogram
    if not any(counts):
        return []
    top = max(counts)
    rows = [f"| {band_label(b, len(counts))} | {whole_number(n, comma)} | {'#' * (max(1, round(BAR * n / top)) if n else 0)} |"
            for b, n in enumerate(counts)]
    test = analysis.test
    who = f"the {in_the_figures(test, comma)}" if test.absent else "the students"
    return ["### Score distribution", "", f"Students per band of percentage score (of {who}; the page draws it).", "",
            "| score band | students | |", "| --- | --- | --- |", *rows, ""]


def lowest_lines(analysis: Analysis, comma: bool = False) -> list:
    """The "### Lowest scorers" section: the LOWEST students who answered with the lowest percentages
    (and any tied with the last), lowest first, for the instructor to see who may need help. A student
    on the class's highest score is never listed (when the cut reaches it, as in a class of LOWEST or
    fewer, the list is those below it); [] when nobody is below it."""
    sat = sorted((row for row in analysis.students if not row.absent and row.percent is not None),
                 key=lambda row: row.percent)
    if not sat:
        return []
    top, cut = sat[-1].percent, sat[min(LOWEST, len(sat)) - 1].percent
    tied = [row for row in sat if row.percent <= cut and row.percent < top]
    if not tied:
        return []
    shown, more = tied[:SHOWN], len(tied) - SHOWN
    sections = any(row.section for row in shown)
    rows = [f"| {md_cell(row.student_id)} | {md_cell(row.name)} | {md_cell(row.section) + ' | ' if sections else ''}"
            f"{decimal_mark(one_place(row.percent), comma)} |" for row in shown]
    first = f"The first {whole_number(SHOWN, comma)} of the " if more > 0 else "The "
    return ["### Lowest scorers", "", first + _lowest_lead(len(tied), cut >= top, analysis, comma) + ": whom to check "
            "on first. The Students section has everyone, in roster order.", "",
            f"| student | name | {'section | ' if sections else ''}% |", f"|{' --- |' * (3 + sections)}", *rows, ""]


def _lowest_lead(listed: int, below_top: bool, analysis: Analysis, comma: bool) -> str:
    """"10 students with the lowest percentages of the 12 who answered, lowest first (...)", or, when
    the list is everyone below the highest score, "1 student below the class's highest percentage, of
    the 20 who answered" (lowest first when more than one)."""
    who = who_answered(analysis.test, comma)
    if not below_top:
        return (f"{whole_number(listed, comma)} students with the lowest percentages of the {who}, lowest first "
                "(those tied with the last included)")
    students = "1 student" if listed == 1 else f"{whole_number(listed, comma)} students"
    return f"{students} below the class's highest percentage, of the {who}{', lowest first' if listed > 1 else ''}"

