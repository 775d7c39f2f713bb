"""The whole-test figures again without the students marked only by overrides (no answer row:
every part the marker did not mark counts 0), so that the report can say beside alpha and the
SD how much those zeros move them (one such student credited one part can lift alpha by 0.1)."""

from __future__ import annotations

from quizgen.report.analysis import analyse
from quizgen.report.formatting import whole_number
from quizgen.report.model import Analysis


def add_without_overrides(analysis: Analysis, parts, students) -> None:
    """Set ``analysis.test.only_overrides`` (the students who sat marked only by overrides) and
    the alpha and SD of the class without them (``alpha_without``, ``sd_without``); nothing
    when no such student is in the figures (an absent one is in none already)."""
    counted = {row.student_id for row in analysis.students if not row.absent}
    only = [s for s in students if s.only_overrides and s.student_id in counted]
    if not only:
        return
    left_out = {s.student_id for s in only}   # made absent, not dropped: the traps' lists index the students
    others = analyse(parts, [s._replace(verdicts=[None] * len(s.verdicts)) if s.student_id in left_out else s
                             for s in students])
    test = analysis.test
    test.only_overrides, test.alpha_without, test.sd_without = len(only), others.test.alpha, others.test.sd


def with_overrides_words(count: int, without: str, comma: bool = False) -> str:
    """`` (with the 1 student marked only by overrides, their unmarked parts 0; 0.71 without)``:
    said beside alpha and the SD when such students are in them ("" when none)."""
    if not count:
        return ""
    who = "the 1 student" if count == 1 else f"the {whole_number(count, comma)} students"
    return f" (with {who} marked only by overrides, their unmarked parts 0; {without} without)"
