"""The item analysis as rows: the ``-items.csv`` file and the Markdown sections
of the grading report (the same figures as the HTML page)."""

from __future__ import annotations

import csv
import io
import re
import statistics
from functools import partial

from quizgen.cells import safe_cells
from quizgen.report.attention import markdown as to_act_lines
from quizgen.report.formatting import decimal_mark, md_cell, number_text, said_counts, whole_number
from quizgen.report.reliability import alpha_na_words, spread_note
from quizgen.maths import numbers
from quizgen.report.flags import rounding_notes
from quizgen.report.flagged import (FLAGGED_NOTE, OVER_HEADER, WRONG_HEADER, critical_note, flag_legend, flag_tags,
                                    flagged_items, flagged_label, flagged_over, over_cell, tags_only, why,
                                    wrong_cell, wrong_shown)
from quizgen.report.answer_counts import NOT_REACHED_NOTE, REACHED_HEADER, answer_columns, answers_note, some_not_reached
from quizgen.report.model import COUNTED, ECF_COUNT, LATER, NOT_REACHED, SPLIT, Analysis, ItemStats
from quizgen.report.carried import CARRIED_HEADER, CARRIED_NOTE, carried_rows
from quizgen.report.override_only import with_overrides_words
from quizgen.report.score_bands import distribution_lines, lowest_lines
from quizgen.report.sections import section_view
from quizgen.report.who_answered import who_answered
from quizgen.report.trap_table import POOLED_NOTE, trap_cells, trap_header, trap_reading
from quizgen.report.notes import (d_cell, facility_cell, fraction_note, item_places,
                                  negative_alpha_note, provisional_note, small_class_note, small_groups_note,
                                  FACILITY_R_NOTE, na_text, no_dr_note, no_dr_text, places_text, trap_notes,
                                  zero_points_note)

ITEM_COLUMNS = ("level", "question_id", "part", "class", "template", "code", "points", "students",
                *COUNTED, "other", "facility", "discrimination_ul",
                "point_biserial", "share", "share_lower", "share_upper", "flag", "note",
                *SPLIT, NOT_REACHED, "reached",
                "d_r_students", "group_lower", "group_upper", *LATER, "name", ECF_COUNT)
"""The items CSV's header, from the same tuples as its rows (``_item_row``): a status
added to ``VERDICTS`` takes its column among ``SPLIT``'s, the header's too (the
columns after it move one letter on); other new columns last, so that letters keep."""
NA = "n/a"


def fixed(value, places: int = 2, missing: str = NA, comma: bool = False) -> str:
    """A figure with ``places`` decimals, a tie away from zero as every other figure of the report (a facility
    of 1 in 8 is 0.13, beside its 12.5%), or ``missing`` for None; never ``-0.00``; ``0,00`` when ``comma``."""
    if value is None:
        return missing
    return decimal_mark(numbers.fixed(value, places), comma)


def _item_row(level: str, item: ItemStats, comma: bool = False) -> list:
    c = item.counts
    return [level, item.question_id, item.part, item.cls, item.template, "", number_text(item.points),
            str(item.students), *(str(c.get(s, 0)) for s in (*COUNTED, "other")),
            fixed(item.facility, 3, ""), fixed(item.discrimination, 3, ""), fixed(item.point_biserial, 3, ""),
            "", "", "", "yes" if item.flagged else "",   # the note: quizgen's words, their figures marked as the class's
            "; ".join(filter(None, (why(item, comma), no_dr_text(item), na_text(item),
                                    *(decimal_mark(n, comma) for n in rounding_notes(item))))),
            *(str(c.get(s, 0)) for s in (*SPLIT, NOT_REACHED)), str(item.reached), str(item.dr_students),
            number_text(item.group_lower), number_text(item.group_upper), *(str(c.get(s, 0)) for s in LATER), "",
            str(c.get(ECF_COUNT, 0))]


def item_rows(analysis: Analysis, comma: bool = False):
    """The rows of the items CSV (header first): a ``part`` row per part followed
    by a ``trap`` row per trap of it (``students``: those who fell into it;
    ``reached``: those its share is over; ``name``: the trap's name in words, "" when
    the key gives none), then a ``question`` row per question (``comma``: the notes' figures with a decimal comma). Figures
    that cannot be computed are empty cells; every text from the key is
    spreadsheet-safe."""
    yield list(ITEM_COLUMNS)
    for item in analysis.parts:
        yield safe_cells(_item_row("part", item, comma))
        for trap in item.traps:
            yield safe_cells(_trap_row(item, trap, analysis.names))
    for item in analysis.questions:
        yield safe_cells(_item_row("question", item, comma))


def _trap_row(item: ItemStats, trap, names: dict) -> list:
    """A trap's row, its cells placed by column name (the others empty), so that it keeps to the header."""
    cells = {"level": "trap", "question_id": item.question_id, "part": item.part, "class": item.cls,
             "template": item.template, "code": trap.code, "students": str(trap.count),
             "share": fixed(trap.share, 3, ""), "share_lower": fixed(trap.lower, 3, ""),
             "share_upper": fixed(trap.upper, 3, ""), "note": trap.feedback, "reached": str(trap.of),
             "group_lower": number_text(trap.lower_places), "group_upper": number_text(trap.upper_places),
             "name": names.get(trap.code, "")}
    return [cells.get(column, "") for column in ITEM_COLUMNS]


NUMBER_COLUMNS = tuple(ITEM_COLUMNS.index(name) for name in (
    "points", "facility", "discrimination_ul", "point_biserial", "share", "share_lower", "share_upper",
    "group_lower", "group_upper"))


def _decimal_comma(row: list) -> list:
    """A row with its figures written with a decimal comma (``0.667`` -> ``0,667``);
    text from the key (template, code, note) stays as written."""
    return [cell.replace(".", ",") if k in NUMBER_COLUMNS else cell for k, cell in enumerate(row)]


def items_csv(analysis: Analysis, delimiter: str = ",", comma: bool = False) -> str:
    """The items CSV as text, its cells separated by ``delimiter``; with
    ``comma`` (a class that writes 0,408) its figures have a decimal comma, so
    that the spreadsheet that opened the answers reads them as numbers. It
    starts with a byte-order mark and ends its lines with CRLF, as the students
    and questions CSVs do, so that a spreadsheet reads the key's accents as UTF-8."""
    rows = item_rows(analysis, comma)
    if comma:
        rows = map(_decimal_comma, rows)
    out = io.StringIO()
    out.write("\ufeff")
    csv.writer(out, delimiter=delimiter).writerows(rows)   # CRLF, as the students CSV
    return out.getvalue()


def _table(header: list, rows: list) -> list:
    return ["| " + " | ".join(header) + " |", "|" + "|".join(" --- " for _ in header) + "|"] + [
        "| " + " | ".join(map(str, row)) + " |" for row in rows] + [""]


ALPHA = "reliability of the score (Cronbach's alpha)"
KR20 = "KR-20 (right/wrong, equal points: = alpha)"
"""Alpha is the reliability of the score as graded; KR-20 is shown only where it is the same figure."""


NO_GROUPS = ("n/a (no student answered)", "n/a (one student)")
"""The groups' line with no groups to make, by the students who answered (0 or 1)."""


def test_lines(analysis: Analysis, comma: bool = False) -> list:
    """The whole-test figures as (name, value) pairs, shared by Markdown and HTML
    (decimal commas when ``comma``)."""
    t = analysis.test

    def figure(value, places: int = 2, unit: str = "") -> str:
        return fixed(value, places, comma=comma) + ("" if value is None else unit)

    of = f" over the {who_answered(t, comma)}" if t.absent else ""
    few = alpha_na_words(t)   # alpha, KR-20 and the SEM: n/a, saying why
    groups = (f"{whole_number(t.group, comma)} student{'' if t.group == 1 else 's'} each" if t.students > 1 else
              NO_GROUPS[t.students])
    return [("students", whole_number(t.students, comma)), ("upper and lower groups (27%)", groups),
            *_everyone_lines(analysis, figure, comma),
            (f"mean{of}", figure(t.mean, 1, "%")),
            (f"median{of}", figure(t.median, 1, "%")),
            (f"standard deviation{of}", figure(t.sd, 1, " percentage points") + _without(t, t.sd, figure(t.sd_without, 1), comma)),
            (ALPHA, few or figure(t.alpha) + _without(t, t.alpha, figure(t.alpha_without), comma)),
            *[(KR20, few or figure(t.kr20))] * t.right_wrong,
            ("standard error of measurement", few or figure(t.sem, 1, " percentage points")),
            ("students whose paper has every part (alpha)", whole_number(t.complete, comma))] + \
        [("absent (no answer; in no figure but those over all students)", whole_number(t.absent, comma))] * bool(t.absent)


def _without(test, value, without: str, comma: bool) -> str:
    """What a figure is without the students marked only by overrides (with_overrides_words), "" for n/a."""
    return "" if value is None else with_overrides_words(test.only_overrides, without, comma)


def _everyone_lines(analysis: Analysis, figure, comma: bool) -> list:
    """With roster absentees, the mean and median over everyone listed, the
    absent counted as 0% (roster_centre, which the summary on stdout and
    report.md's class line read too); [] with none."""
    if not analysis.test.absent:
        return []
    centre = roster_centre(analysis.students, analysis.test.absent, comma)
    if centre is None:
        return []
    mean, median, who = centre
    return [(f"mean{who}", figure(mean, 1, "%")), (f"median{who}", figure(median, 1, "%"))]


def roster_centre(students, absent: int, comma: bool = False):
    """``(mean, median, words)`` of the percentages of everyone listed, the
    ``absent`` counted as 0%, ``words`` saying so (`` over all 10 students
    (the 4 absent counted as 0%)``); None when no student's paper has marks.
    The one computation of the summary on stdout, report.md's class line and
    the item analysis: each reads it from its students' ``score`` and
    ``max_score`` (the same floats everywhere, quizgen/scores.py)."""
    percents = [100.0 * s.score / s.max_score for s in students if s.max_score]
    if not percents:
        return None
    everyone = f"all {whole_number(len(percents), comma)} students" if len(percents) != 1 else "the 1 student"
    words = f" over {everyone} (the {whole_number(absent, comma)} absent counted as 0%)"
    return statistics.fmean(percents), statistics.median(percents), words


GROUPS_HEADER = "D and r over: students (lower / upper group)"
"""The item tables' column of the students in D and r and the places of each 27% group among them."""
D_NOTE = ("D (27%) is the share of the points earned by the upper 27% of the class less that earned by the "
          "lower 27%, the students ranked by their percentage on the whole paper, this part included; read "
          "with Ebel's bands: {0.40} and above very good, {0.30} to {0.39} reasonably good, {0.20} to {0.29} "
          "marginal, below {0.20} poor, negative when the lower group did better. On a question, each group's "
          "share is its points earned over its points available (a ratio of sums).")
"""What D is, said once beside the item table as r's sentence is (its figures written by d_note)."""


def d_note(comma: bool = False) -> str:
    """D_NOTE with its figures, with a decimal comma when ``comma``."""
    return re.sub(r"\{(\d\.\d\d)\}", lambda m: decimal_mark(m.group(1), comma), D_NOTE)


def groups_cell(item: ItemStats, comma: bool = False) -> str:
    """``48 (7 / 5)``: the students in an item's D and r and the places of the lower and upper groups among them."""
    low, high = (places_text(g, comma) for g in (item.group_lower, item.group_upper))
    return f"{whole_number(item.dr_students, comma)} ({low} / {high})"


def shrunk(analysis: Analysis) -> bool:
    """Whether some item's D and r are over fewer students, or smaller groups, than the class's."""
    size, n = analysis.test.group, analysis.test.students
    return n > 1 and any((i.group_lower, i.group_upper, i.dr_students) != (size, size, n)
                         for i in analysis.parts + analysis.questions)


R_HEADER = "r (corrected item-rest)"
"""The item-rest correlation's column (Pearson's r of the part with the rest of the paper; on
a right/wrong part the corrected point-biserial), the same in the page and the Markdown."""
CLASS_FACILITY = "facility (weighted by points)"
"""A class of scenario's facility: the share of its parts' points earned, as a question's is."""
def markdown_sections(analysis: Analysis, comma: bool = False) -> str:
    """Markdown sections for the grading report: whole test, items, flagged
    items, traps, classes of scenario; decimal commas when ``comma``."""
    lines = to_act_lines(analysis.to_act, analysis.unanswered, comma)
    lines += ["## Item analysis", "", "Figures that cannot be computed are shown as n/a; "
             "docs/report.md defines each one.", ""]
    notes = [provisional_note(analysis, comma), small_class_note(analysis, comma), negative_alpha_note(analysis, comma)]
    lines += [line for note in notes if note for line in (note, "")]
    lines += _table(["figure", "value"], [[name, value] for name, value in test_lines(analysis, comma)])
    lines += [spread_note(comma), ""]
    lines += distribution_lines(analysis, comma) + lowest_lines(analysis, comma)
    lines += _section_lines(analysis.sections, comma)
    counted = answer_columns(analysis)
    stopped = some_not_reached(analysis)
    groups = shrunk(analysis)
    header = ["item", "class", "students", *[REACHED_HEADER] * stopped, "facility", *(name for _, name in counted),
              "D (27%)", R_HEADER, *[GROUPS_HEADER] * groups, "flag"]
    count = partial(whole_number, comma=comma)
    rows = [[md_cell(i.label), md_cell(i.cls), count(i.students), *[count(i.reached)] * stopped,
             facility_cell(i, comma), *(count(i.counts.get(s, 0)) for s, _ in counted), d_cell(i, comma),
             fixed(i.point_biserial, comma=comma), *[groups_cell(i, comma)] * groups, md_cell(tags_only(i))]
            for i in analysis.parts + analysis.questions]
    notes = [answers_note(analysis), *[POOLED_NOTE] * analysis.pooled, FACILITY_R_NOTE, d_note(comma)] + [
        NOT_REACHED_NOTE] * stopped + [
        small_groups_note(analysis, comma), fraction_note(item_places(analysis) if groups else (), comma),
        zero_points_note(analysis), no_dr_note(analysis)]
    lines += ["### Parts and questions", "", *(line for note in notes if note for line in (note, ""))]
    lines += _table(header, rows) + _flagged_lines(analysis, comma) + _carried_lines(analysis, comma)
    traps = [[*map(md_cell, cells[:2]), *cells[2:]] for cells in (trap_cells(analysis, i, t, comma)
                                                                  for i in analysis.parts for t in i.traps)]
    lines += ["### Traps (distractor analysis)", ""]
    notes = [trap_reading(analysis), *trap_notes(analysis, comma)]
    lines += [line for note in notes * bool(traps) for line in (note, "")]
    lines += _table(trap_header(analysis), traps) if traps else ["No part has traps.", ""]
    classes = [[md_cell(c.cls or "-"), count(c.parts), fixed(c.facility, comma=comma),
                md_cell(said_counts(c.misconceptions, analysis.names, comma)) or "-"] for c in analysis.classes]
    lines += ["### Classes of scenario", ""] + _table(["class", "parts", CLASS_FACILITY, "misconceptions met"],
                                                      classes)
    return "\n".join(lines)


def _carried_lines(analysis: Analysis, comma: bool) -> list:
    """The "### ECF and carried rounding" table (report/carried.py), or no lines when no rule applied."""
    rows = [list(map(md_cell, row)) for row in carried_rows(analysis, comma)]
    return ["### ECF and carried rounding", "", CARRIED_NOTE, ""] + _table(CARRIED_HEADER, rows) if rows else []


def _section_lines(sections: list, comma: bool) -> list:
    """The "### Sections" tables (sections.py), or no lines when no student has a section."""
    view = section_view(sections, comma)
    if not view:
        return []

    def cells(rows: list) -> list:
        return [list(map(md_cell, row)) for row in rows]
    lines = ["### Sections", ""] + [line for note in view["notes"] for line in (note, "")]
    lines += _table(view["header"], cells(view["rows"])) + [md_cell(view["questions_note"]), ""]   # names parts
    return lines + _table(*cells([view["question_header"]]), cells(view["question_rows"]))


def _flagged_lines(analysis: Analysis, comma: bool) -> list:
    """The "Flagged parts and questions" section: each kind of flag said once, then a tag per item."""
    flagged = flagged_items(analysis)
    lines = ["### Flagged parts and questions", ""]
    if not flagged:
        return lines + ["No part or question is flagged.", ""]
    legend = [f"- **{md_cell(tag)}**: {md_cell(words)}" for tag, words in flag_legend(flagged, comma)]
    over, wrong = flagged_over(analysis), wrong_shown(flagged)
    rows = [[md_cell(flagged_label(i)), fixed(i.facility, comma=comma), fixed(i.point_biserial, comma=comma),
             *[over_cell(i, comma)] * over, *[md_cell(wrong_cell(i, comma))] * wrong, md_cell(flag_tags(i))]
            for i in flagged]
    critical = critical_note(analysis, flagged, comma)
    return lines + [FLAGGED_NOTE, "", *legend, "", *[critical, ""] * bool(critical)] + _table(
        ["item", "facility", R_HEADER, *[OVER_HEADER] * over, *[WRONG_HEADER] * wrong, "flags"], rows)
