"""The short summary ``quizgen grade`` prints on stdout: the answers read, the status counts, each
part's % correct and most common misconception, the class line, the files written and the notes."""

from __future__ import annotations

from quizgen.wording import printable
from quizgen.grading.class_line import (MISSING_PARTS, answers_text, class_figures, count_text, missing_parts,
                                        percent_text)
from quizgen.grading.off_roster import WarningNote
from quizgen.grading.paths import BUILT_FROM
from quizgen.grading.look_at import review_hint
from quizgen.grading.read_as import answers_read_as
from quizgen.grading.student_notes import absent_groups, students_text
from quizgen.key.status import Status
from quizgen.report.formatting import counted_name, ecf_said, whole_number
from quizgen.report.who_answered import split_words

SUMMARY_WIDTH = 80   # the summary's table lines: a misconception's name is cut short to stay within it


def summary_text(result) -> str:
    """The short summary printed by ``quizgen grade``."""
    comma, read_as = result.decimal_comma, result.read_as or answers_read_as(result)
    students = students_text(result, comma)   # "..., counted absent" closed by a comma: not "absent against"
    lines = [f"Graded {answers_text(result, comma)} from {students}{',' * students.endswith('absent')} "
             f"against {result.key_name} ({read_as}).", ""]
    lines += [f"  {status.value:<24}{whole_number(result.counts[status], comma):>8}"   # ECF as report.md
              f"{ecf_said(result.ecf * (status is Status.CORRECT), comma)}" for status in Status
              if result.counts[status] or status in (Status.CORRECT, Status.INCORRECT)]
    missing = missing_parts(result)
    lines += [f"  {MISSING_PARTS:<24}{whole_number(missing, comma):>8}"] * bool(missing)
    lines += ["", f"  {'question':<10}{'part':<6}{'% correct':>10}  most common misconception (answers)"]
    for q in result.questions:
        head = f"  {q.question_id:<10}{q.part:<6}{percent_text(q.percent_correct, comma) or '-':>10}  "
        top = counted_name(*q.misconceptions[0], result.names, SUMMARY_WIDTH - len(head)) if q.misconceptions else "-"
        lines.append(head + top)
    lines += _percent_legend(result, comma)
    figures = class_figures(result, comma, median=bool(result.absent))
    lines += ["", f"Class: {figures}."] if figures else []
    folder = next(iter(result.paths.values())).parent if result.paths else ""
    names = ", ".join(p.name for role, p in result.paths.items() if role != "feedback")
    lines.append(f"Wrote {names} in {folder}/")
    built = [path for path, role in result.files.items() if f" {BUILT_FROM} " in role]
    if built:   # an LMS download's answers and key, which grade read in its place
        lines.append(f"Wrote {' and '.join(p.name for p in built)} (the answers and key read from the download) "
                     f"in {built[0].parent}/")
    if "feedback" in result.paths:   # its own folder, wherever it is
        lines.append(f"Wrote the feedback sheets in {result.paths['feedback']}/ ({result.sheet_index} says which "
                     "sheet is whose)")
    lines += [f"Note: {note}" for note in result.notes if not isinstance(note, WarningNote)]   # said as warnings
    if (result.counts[Status.NEEDS_REVIEW] or result.counts[Status.INVALID]) and "graded" in result.paths:
        lines.append(review_hint(result.paths["graded"], bool(result.counts[Status.INVALID])))
    return "\n".join(map(printable, lines))


def _percent_legend(result, comma: bool = False) -> list:
    """The lines under the summary's table naming what % correct is out of: the
    students whose paper has the part, who answered something (a roster absentee
    is in no part's count; one marked only by overrides, who answered nothing, said
    apart), with each count when they differ; [] with no parts."""
    sizes = sorted({q.students for q in result.questions})
    if not sizes:
        return []
    sat, only = len(result.students) - len(result.absent), len(result.only_overrides)
    sat_words = count_text(sat, "student", comma) + (f", {split_words(sat, only, comma)}" if only else " who answered")
    if sizes == [sat]:
        who = f"all {sat_words} (every paper has every part)"
    elif len(sizes) == 1:
        who = f"the {count_text(sizes[0], 'student', comma)} whose paper has the part"
    else:
        who = (f"the students whose paper has the part ({whole_number(sizes[0], comma)} to "
               f"{whole_number(sizes[-1], comma)}, of {sat_words})")
    absent = len(result.absent)
    left_out = (f"; the {' and the '.join(absent_groups(result, comma, legend=True))} {'is' if absent == 1 else 'are'} left out"
                if absent else "")
    return ["", f"  % correct: answers with status correct (ECF included) out of {who}{left_out};",
            "  partial, imprecise, incorrect, needs_review, invalid, blank and no answer count as not correct."]
