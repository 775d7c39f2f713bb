"""Whole-test reliability: Cronbach's alpha on the points (the reliability of
the score as graded) and, for right/wrong marking with every part worth the
same, KR-20 (Kuder and Richardson 1937), which alpha then equals (Cronbach
1951). Population variances throughout (docs/report.md)."""

from __future__ import annotations

from collections import Counter
from math import fsum
from operator import add

from quizgen.report.columns import SCORE, pvariance
from quizgen.report.formatting import decimal_mark


def score(verdict) -> float:
    """A verdict's score in points, as alpha reads it."""
    return verdict[1]


def right_wrong(parts, counts) -> bool:
    """Whether every part is worth the same (more than 0) and every score is 0
    or full marks: the right/wrong marking KR-20 is defined for, where it
    equals alpha on the points (Cronbach 1951)."""
    tops = {float(p.points) for p in parts}
    if len(tops) != 1 or not min(tops) > 0:
        return False
    top = tops.pop()
    return all(v is None or v[1] in (0.0, top) for c in counts for v in c)


def right(verdict) -> float:
    """A verdict scored right (1: full marks, as right_wrong allows no other
    non-zero score) or not (0), as KR-20 counts it."""
    return 1.0 if verdict[1] else 0.0


def rights(columns, counts) -> list:
    """Each student's number of parts right (every paper has every part here)."""
    rights = [0] * len(columns[0]) if columns else []
    for column, verdicts in zip(columns, counts):
        if any(v[1] for v in verdicts):
            rights = list(map(add, rights, map(bool, map(SCORE, column))))
    return rights


FLAT = 1e-12
"""A variance of the totals at most this is none: they do not vary, and alpha is undefined."""


def alpha_from(k: int, item_variances, totals):
    """Cronbach's alpha k/(k-1) (1 - Σ item variances / variance of the totals)
    (population variances; on 0/1 scores this is KR-20). None for fewer than two
    students or items, or when the totals do not vary. At most 1, as it is in exact
    arithmetic (the variance of a sum is at most k times the sum of the variances):
    parts that rank the students alike gave 1.0000000000000002, whose SEM failed."""
    if k < 2 or len(totals) < 2:
        return None
    total_var = pvariance(totals)
    if total_var <= FLAT:
        return None
    return min(1.0, k / (k - 1) * (1 - fsum(item_variances) / total_var))


def alpha(rows):
    """Cronbach's alpha of a students x items score table (a list of rows)."""
    columns = list(zip(*rows))
    return alpha_from(len(columns), [pvariance(c) for c in columns], [fsum(row) for row in rows]) if rows else None


def counted_variance(counts: Counter, value=score) -> float:
    """The population variance of ``value(verdict)`` over a column given as
    ``{verdict: how many}``: a part's few distinct verdicts, so the cost does not
    grow with the class."""
    n = sum(counts.values())
    mean = fsum(value(v) * c for v, c in counts.items()) / n
    return fsum(c * (value(v) - mean) ** 2 for v, c in counts.items()) / n


ALPHA_FEW = 10
"""Below this many students whose paper has every part, the report shows alpha, KR-20 and the SEM as
n/a (ALPHA_FEW_WORDS): with so few, alpha says nothing (Feldt's 95% interval on a 27-part paper
runs from -1.53 to 0.98 for alpha 0.36 at 3 students, -0.89 to 0.92 for alpha 0.35 at 5), and a SEM read from it is no "give or
take" to quote to a student. TestStats keeps the figures computed, for a caller."""
ALPHA_FEW_WORDS = f"n/a (fewer than {ALPHA_FEW} students with every part)"


SAME_TOTALS_WORDS = "n/a (every student has the same total)"


def too_few_for_alpha(test) -> str:
    """ALPHA_FEW_WORDS when the report shows alpha, KR-20 and the SEM as n/a for too few students, else ""."""
    return ALPHA_FEW_WORDS if test.complete < ALPHA_FEW else ""


def alpha_na_words(test) -> str:
    """Why the report shows alpha, KR-20 and the SEM as n/a, when it knows (else ""): the totals do
    not vary (SAME_TOTALS_WORDS: alpha is undefined), or too few students (ALPHA_FEW_WORDS)."""
    return SAME_TOTALS_WORDS if test.same_totals else too_few_for_alpha(test)


SPREAD_NOTE = ("The standard deviation divides by n (STDEV.P in a spreadsheet; STDEV.S, dividing by n − 1, "
               "gives more). Alpha is k/(k − 1) · (1 − Σ part variances / variance of the totals), on the points "
               "of the k parts worth points: 0.7 and above is acceptable for a class test, 0.8 good. The standard "
               "error of measurement is SD · √(1 − alpha), over the students whose paper has every part (both "
               f"n/a below {ALPHA_FEW} of them): taking alpha, an estimate, as the reliability of the score, each "
               "percentage is give or take about one SEM (about two for a 95% range). "
               "docs/report.md defines every figure.")
"""How the class figures are computed, said under them (a colleague's spreadsheet checks the SD with n − 1)."""


def spread_note(comma: bool = False) -> str:
    """``SPREAD_NOTE`` with its two guide values written with a decimal comma when ``comma``."""
    return SPREAD_NOTE.replace("0.7 and", f"{decimal_mark('0.7', comma)} and").replace(
        "0.8 good", f"{decimal_mark('0.8', comma)} good")
