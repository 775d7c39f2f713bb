"""The class report as one self-contained HTML page: inline CSS, inline SVG
charts, the student rows as embedded JSON paged by a small inline script, and a
Content-Security-Policy that allows nothing but that CSS and that script."""

from __future__ import annotations

import base64
import hashlib
import json
from functools import lru_cache, partial
from pathlib import Path

import jinja2
from markupsafe import Markup

from quizgen.errors import QuizgenError
from quizgen.report.formatting import (decimal_mark, display_text, named, number_text, one_place, said, said_counts,
                                       whole_number)
from quizgen.report.item_pieces import item_pieces
from quizgen.report import attention, charts
from quizgen.report.flags import EASY, HARD
from quizgen.report.model import Analysis
from quizgen.report.sections import section_view
from quizgen.report.notes import (d_cell, facility_cell, fraction_note, item_places, negative_alpha_note,
                                  provisional_note, small_class_note, small_groups_note, trap_notes,
                                  no_dr_note, zero_points_note)
from quizgen.report.answer_counts import NOT_REACHED_NOTE, answer_columns, answers_note, some_not_reached
from quizgen.report.carried import CARRIED_HEADER, CARRIED_NOTE, carried_rows
from quizgen.report.flagged import (FLAGGED_NOTE, OVER_HEADER, WRONG_HEADER, critical_note, flag_legend, flag_parts,
                                    flagged_items, flagged_label, flagged_over, over_cell, wrong_cell, wrong_shown)
from quizgen.report.tables import CLASS_FACILITY, GROUPS_HEADER, R_HEADER, d_note, fixed, groups_cell, shrunk, test_lines
from quizgen.report.trap_table import POOLED_NOTE, percent, trap_caption, trap_cells, trap_header, trap_reading
from quizgen.report.reliability import spread_note
from quizgen.report.who_answered import in_the_figures

PAGE_SIZE = 50
"""Student rows shown at a time."""
HTML_STUDENTS = 50_000
"""Students embedded in the page; beyond this the page says the students CSV has them all."""
_JSON_ESCAPES = {"<": "\\u003c", ">": "\\u003e", "&": "\\u0026", "\u2028": "\\u2028", "\u2029": "\\u2029"}


def csp_hash(text) -> str:
    """The CSP source for an inline block: ``sha256-`` and the base64 digest of its exact text."""
    digest = hashlib.sha256(str(text).encode("utf-8")).digest()
    return "sha256-" + base64.b64encode(digest).decode("ascii")


def templates_dir() -> Path:
    """The shipped Jinja2 layouts, where ``quizgen.bank.loader.builtin_templates_dir``
    finds them, without importing quizgen.bank: that import (the bank schema,
    PyYAML) is 0.06-0.1 s of CPU that grade otherwise never needs."""
    package = Path(__file__).resolve().parent.parent
    for candidate in (package / "templates", package.parent / "templates"):
        if candidate.is_dir():
            return candidate
    raise QuizgenError("quizgen is installed without its templates/ folder; reinstall it")


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(templates_dir())), autoescape=True,
                             undefined=jinja2.StrictUndefined, keep_trailing_newline=True, finalize=display_text)
    env.filters["csp_hash"] = csp_hash
    return env


def prepare_page() -> None:
    """Compile the report page's template now (the environment keeps it), so
    that a process forked afterwards renders the page without compiling it:
    grade calls this while its main process waits for a later part."""
    _environment().get_template("report.html.j2")


def student_rows(analysis: Analysis, limit: int = HTML_STUDENTS) -> list:
    """The student rows ``[id, name, score, max, percent or null, [codes]]``; an absent
    student's row ends with the words the page shows for them where misconceptions go
    (StudentRow.absent_words: missing, or absent for one marked only by overrides scoring 0). Scores and
    maxima are written as report.md writes them (formatting.number_text: 35, 28.5). The percent
    is rounded as every other output rounds it (one_place: 13 of 16 is 81.3, a tie away from zero)."""
    students = analysis.students[:limit]
    scores, maxima = [number_text(s.score) for s in students], [number_text(s.max_score) for s in students]
    sections = bool(analysis.sections)   # then every row ends with the absent's words ("" for one who sat), the section
    return [[display_text(s.student_id), display_text(s.name), score, most,
             None if s.percent is None else float(one_place(s.percent)), s.codes]
            + ([s.absent_words(), display_text(s.section)] if sections else [s.absent_words()] * s.absent)
            for s, score, most in zip(students, scores, maxima)]


STATIC_ROWS = 500
"""Up to this many students the rows are also written in the page itself, so that it lists them
with script off (and the script then pages and sorts them); a larger class's rows come from the data."""


def static_rows(rows: list, comma: bool, names: dict | None = None) -> list:
    """The cells of each row as the page's script writes them (``row()`` in the template: the
    misconceptions by name, formatting.said), or [] above STATIC_ROWS students."""
    if len(rows) > STATIC_ROWS:
        return []
    mark, names = partial(decimal_mark, comma=comma), names or {}
    return [(r[0], r[1], mark(r[2]), mark(r[3]), "n/a" if r[4] is None else mark(f"{r[4]:.1f}"),
             r[6] if len(r) > 6 and r[6] else "; ".join(said(c, names) for c in r[5]) or "-", *r[7:]) for r in rows]


def student_json(analysis: Analysis, limit: int = HTML_STUDENTS, rows: list | None = None) -> Markup:
    """The student rows (student_rows) as JSON safe inside a ``<script type="application/json">`` element."""
    rows = student_rows(analysis, limit) if rows is None else rows
    text = json.dumps(rows, ensure_ascii=False, separators=(",", ":"))
    for char, escape in _JSON_ESCAPES.items():
        text = text.replace(char, escape)
    return Markup(text)


def _codes(analysis: Analysis) -> list:
    """Every misconception code met, most students first."""
    totals = {code: sum(row.values()) for code, row in analysis.heat_counts.items()}
    return sorted(totals, key=lambda code: (-totals[code], code))


def heat_cell(heat: dict, code: str, question: str) -> str:
    """The misconceptions table's cell: the heat map's whole percentage, ``-`` where nobody met it."""
    share = heat.get(code, {}).get(question)
    return "-" if share is None else percent(share)


TAG = Markup('<span class="tag">{}</span>')
"""A flag's short tag, kept on one line (a printed "weak r" never splits into "weak" and "r")."""


def tags_only(item) -> Markup:
    """The item table's flag column: the item's tags (flagged.tags_only), each a TAG."""
    return Markup(", ").join(TAG.format(flag_parts(reason)[0]) for reason in item.reasons)


def flag_tags(item) -> Markup:
    """The flagged table's flags column (flagged.flag_tags), each tag a TAG; the item's own words escaped."""
    tagged = map(flag_parts, item.reasons)
    return Markup("; ").join(TAG.format(tag) + (Markup(": ") + own if own else "")   # own words: no cut in them
                             for tag, _, own in tagged)


def _to_act(rows: list) -> list:
    """The page's "To act on" lists: ``(element id, intro, rows, ToAct field)`` each ([] with nobody)."""
    if not rows:
        return []
    return [(name, intro, chosen(rows), key) for name, intro, chosen, key in attention.LISTS]


def _table_notes(analysis: Analysis, comma: bool) -> list:
    """The item table's caveats that apply (D over small groups, fractional places, 0-point parts)."""
    places = item_places(analysis) if shrunk(analysis) else ()
    notes = [small_groups_note(analysis, comma), fraction_note(places, comma), zero_points_note(analysis),
             no_dr_note(analysis)]
    return [note for note in notes if note]


def histogram_who(test, comma: bool = False) -> str:
    """Whom the score histogram counts, said when some roster students are
    absent: those who answered, as the mean over them beside it (the absent,
    counted as 0% only in the figures over all students, are in no band)."""
    if not test.absent:
        return ""
    return (f"the {in_the_figures(test, comma)} (the "
            f"{whole_number(test.absent, comma)} absent {'is' if test.absent == 1 else 'are'} in no band)")


def report_html(analysis: Analysis, title: str = "Class report", comma: bool = False, roster_notes=(),
                settings: str = "", key_check: str = "") -> str:
    """The whole page as text; with ``comma`` (a class that writes decimal
    commas) every figure shown has one, in the tables, the charts' labels and
    tooltips and the student rows, while the embedded JSON, the CSS and every
    attribute keep their points. ``roster_notes``: what reconciling the students
    with the roster and key found (absent, unknown ids, ids matched by leading
    zeros), one line each, shown at the top as report.md's Roster section; ``settings``:
    what the run was marked with (grading/run_settings.py), under the title; ``key_check``: the key check's note
    (too few answers to check they belong to this key, or a wrong key's sign: grading/belong_note.py), below it."""
    codes = _codes(analysis)
    questions = [q.question_id for q in analysis.questions]
    flagged = flagged_items(analysis)
    histogram, who = analysis.test.histogram, histogram_who(analysis.test, comma)
    rows = student_rows(analysis, HTML_STUDENTS)
    context = dict(
        title=title, settings=settings, key_check=key_check, test=analysis.test, parts=analysis.parts, questions=analysis.questions,
        summary=test_lines(analysis, comma)[1:], spread_note=spread_note(comma), items=analysis.parts + analysis.questions,
        flagged=flagged, flag_legend=flag_legend(flagged, comma), flagged_note=FLAGGED_NOTE,
        flagged_label=flagged_label, tags_only=tags_only, flag_tags=flag_tags,
        traps=[(i, t) for i in analysis.parts for t in i.traps], classes=analysis.classes, codes=codes,
        bands=[(charts.band_label(b, len(histogram)), n) for b, n in enumerate(histogram)],
        histogram_svg=charts.histogram(histogram, who=who, comma=comma) + charts.histogram(histogram, True, who, comma),
        histogram_who=who,
        items_svg=charts.item_chart(analysis.parts, comma) + charts.item_chart(analysis.parts, comma, narrow=True),
        heat_svg=charts.heat_map(codes, questions, analysis.heat, analysis.names),
        heat_labels=charts.heat_labels(codes, analysis.names),   # and the phone's, its labels shorter:
        heat_narrow=charts.heat_map(codes, questions, analysis.heat, analysis.names, narrow=True)
        + charts.heat_labels(codes, analysis.names, narrow=True),
        heat_pieces=charts.heat_pieces(codes, questions, analysis.heat, analysis.names),
        items_pieces=item_pieces(analysis.parts, comma),
        named=partial(named, names=analysis.names), said=partial(said, names=analysis.names),
        said_counts=partial(said_counts, names=analysis.names, comma=comma), count=partial(whole_number, comma=comma),
        apart=whole_number(1000, comma)[1],
        student_json=student_json(analysis, rows=rows), static_rows=static_rows(rows, comma, analysis.names), page_size=PAGE_SIZE, capped=len(analysis.students) > HTML_STUDENTS,
        shown_students=min(len(analysis.students), HTML_STUDENTS), all_students=len(analysis.students),
        answer_columns=answer_columns(analysis), answers_note=answers_note(analysis), class_facility=CLASS_FACILITY,
        not_reached_note=NOT_REACHED_NOTE if some_not_reached(analysis) else "",
        provisional=provisional_note(analysis, comma), to_act=_to_act(analysis.to_act), who=attention.who, parts_text=attention.parts_text,
        to_act_shown=attention.SHOWN, more=lambda rows: attention.more_text(min(len(rows), attention.SHOWN), len(rows), comma),
        fold=lambda rows: attention.fold_text(len(rows), comma),
        small_class=small_class_note(analysis, comma), r_header=R_HEADER, trap_header=trap_header(analysis), trap_caption=trap_caption(analysis),
        negative_alpha=negative_alpha_note(analysis, comma), d_note=d_note(comma), groups_header=GROUPS_HEADER,
        groups=shrunk(analysis), groups_cell=partial(groups_cell, comma=comma), trap_reading=trap_reading(analysis),
        trap_cells=partial(trap_cells, analysis, comma=comma), pooled_note=POOLED_NOTE * analysis.pooled, d_cell=partial(d_cell, comma=comma),
        facility_cell=partial(facility_cell, comma=comma), table_notes=_table_notes(analysis, comma),
        trap_notes=trap_notes(analysis, comma), over=flagged_over(analysis), over_cell=partial(over_cell, comma=comma),
        heat_caption=charts.HEAT_CAPTION, heat_cell=partial(heat_cell, analysis.heat),
        over_header=OVER_HEADER, wrong=wrong_shown(flagged), wrong_header=WRONG_HEADER,
        carried_rows=carried_rows(analysis, comma), carried_header=CARRIED_HEADER, carried_note=CARRIED_NOTE,
        wrong_cell=partial(wrong_cell, comma=comma), critical_note=critical_note(analysis, flagged, comma),
        unanswered=attention.unanswered_text(analysis.unanswered),
        fixed=partial(fixed, comma=comma), percent=percent, decimal_mark="," if comma else ".",
        guides=[charts.guide_text(k, comma) for k in (HARD, EASY)], roster_notes=list(roster_notes),
        sections=section_view(analysis.sections, comma))
    return _environment().get_template("report.html.j2").render(**context)
