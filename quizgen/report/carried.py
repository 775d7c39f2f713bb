"""The class report's table of what the rules that read a student's own earlier answers did:
per part where any applied, the answers error carried forward (ECF) and carried rounding marked
right and the points they earned, and the answers rounded too early and theirs (report.md and
the page; grading/carried_counts.py counts them)."""

from __future__ import annotations

from quizgen.report.formatting import number_text, whole_number, decimal_mark
from quizgen.report.model import Analysis

KINDS = (("ecf", "ECF"), ("carried_rounding", "carried rounding"), ("imprecise", "rounded too early"))
"""Each kind counted (Analysis.carried's keys) and its column's name."""
CARRIED_HEADER = ["part", *(f"{name}: answers (points)" for _, name in KINDS)]
CARRIED_NOTE = ("What the rules that read a student's own earlier answers did, per part where any applied: "
                "ECF (error carried forward) marks an answer right given the student's own wrong earlier answer, "
                "at the policy's ECF credit; carried rounding accepts an answer worked from earlier values "
                "rounded to at least 3 significant figures; both would otherwise be marked incorrect (0 points), "
                "so their points are what the rules added. Rounded too early: answers right to fewer figures "
                "than asked, or cut off (status imprecise), at the policy's credit for them. Points are those "
                "the answers earned.")


def carried_rows(analysis: Analysis, comma: bool = False) -> list:
    """The table's rows (CARRIED_HEADER): each part where some kind applied, then the total;
    [] when none did (or grade gave no counts)."""
    used = [(item, counts) for item, counts in zip(analysis.parts, analysis.carried) if counts]
    if not used:
        return []
    rows = [[item.label, *(_cell(counts.get(kind), comma) for kind, _ in KINDS)] for item, counts in used]
    total = {kind: (sum(c.get(kind, (0, 0.0))[0] for _, c in used), sum(c.get(kind, (0, 0.0))[1] for _, c in used))
             for kind, _ in KINDS}
    return rows + [["all parts", *(_cell(total[kind] if total[kind][0] else None, comma) for kind, _ in KINDS)]]


def _cell(found, comma: bool) -> str:
    """``12 (9.5)``: answers and the points they earned; ``-`` for none."""
    if not found:
        return "-"
    answers, points = found
    return f"{whole_number(answers, comma)} ({decimal_mark(number_text(points), comma)})"
