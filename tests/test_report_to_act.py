"""Review 20 of the class report: the item tables give the facility's
denominator (reached) beside the students, report.md's Questions table says
which its % correct uses; report.md and the page list whom to act on (answers
awaiting a person, students who stopped early); wide tables scroll in their
own box at phone width; heat-map numbers read at 4.5:1 or more in both modes;
a flag's threshold compares the figure as shown; a student who stopped early
is told which parts had no answer received."""

import pytest
import csv
import json
import re

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate
from quizgen.report import analyse, markdown_sections, report_html
from quizgen.report import charts
from quizgen.report.analysis import reasons
from quizgen.report.model import ItemStats, Part, Student, Verdict

R, W, M = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)
REVIEW = Verdict("needs_review", 0.0)


def _stopped_class():
    """Five students on three parts: s3 stopped after Q1a, s4's Q2a awaits a person."""
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0), Part("Q3", "a", "C1", "t", 1.0)]
    rows = [[R, R, R], [R, W, R], [W, R, W], [R, M, M], [W, REVIEW, R]]
    return analyse(parts, [Student(f"s{k}", f"Student {k}", row) for k, row in enumerate(rows)])


def test_the_item_tables_give_the_facility_denominator_beside_the_students():
    md = markdown_sections(_stopped_class())
    assert "| item | class | students | reached | facility |" in md
    assert "| Q2a | C1 | 5 | 4 | 0.50 |" in md   # 2 correct of the 4 who reached it, 5 on the paper
    assert '<th scope="col" class="num">students</th><th scope="col" class="num">reached</th>' in report_html(_stopped_class())


def test_report_md_and_the_page_name_whom_to_act_on():
    analysis = _stopped_class()
    md, html = markdown_sections(analysis), report_html(analysis)
    assert md.startswith("## To act on")
    assert "- s4 (Student 4): Q2a" in md and "- s3 (Student 3): from Q2a on (2 parts)" in md
    assert '<ul id="to-review"><li>s4 (Student 4): Q2a</li></ul>' in html
    assert '<ul id="stopped-early"><li>s3 (Student 3): from Q2a on (2 parts)</li></ul>' in html


@pytest.mark.parametrize("awaiting, folded", [(10, False), (11, True), (300, True)])
def test_a_long_list_to_act_on_is_folded_so_the_figures_stay_near_the_top(awaiting, folded):
    """2,000 students with 334 answers awaiting a person put 200 lines above the class's figures; a list of more
    than 10 students now opens from one line (and printing opens it, as every folded table)."""
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k:03}", "", [R, REVIEW if k < awaiting else W]) for k in range(max(awaiting, 12) + 2)]
    html = report_html(analyse(parts, students))
    section = html[html.index('<section id="to-act"'):html.index("</section>", html.index('<section id="to-act"'))]
    assert section.count("<li>") == min(awaiting, 200)
    assert (f"<details><summary>Show the {awaiting:,} students</summary>" in section) is folded
    assert ("<details>" in section) is folded and section.count("</details>") == folded
    assert 'querySelectorAll("details").forEach(function (d) { d.open = true; })' in html   # opened for print


def test_the_folded_list_counts_its_students_as_a_decimal_comma_class_writes_them():
    """Review 41c F6: "Show the 1,200 students" on a page that writes every other count 1 200."""
    parts = [Part("Q1", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k:04}", "", [REVIEW]) for k in range(1200)]
    assert "<summary>Show the 1\u202f200 students</summary>" in report_html(analyse(parts, students), comma=True)
    assert "<summary>Show the 1,200 students</summary>" in report_html(analyse(parts, students))


def test_nobody_to_act_on_adds_no_section():
    parts = [Part("Q1", "a", "C1", "t", 1.0)]
    analysis = analyse(parts, [Student("s1", "", [R]), Student("s2", "", [W])])
    assert "To act on" not in markdown_sections(analysis) and "to-act" not in report_html(analysis)


def test_wide_tables_scroll_in_their_own_box():
    html = report_html(_stopped_class())
    css = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert ".scroll{overflow-x:auto;max-width:100%}" in css
    for table in ("item-table", "flagged-table", "class-table", "student-table"):
        assert f'<div class="scroll"><table id="{table}"' in html, table


def _contrast(opacity, page, heat, text):
    cell = [opacity * h + (1 - opacity) * b for h, b in zip(charts._rgb(heat), charts._rgb(page))]
    return charts._contrast(cell, charts._rgb(text))


def test_heat_map_numbers_read_at_4_5_to_1_in_both_modes():
    for step in range(15, 101):
        opacity = step / 100
        classes = charts.heat_ink(opacity).split()
        for mode, (page, heat) in charts.HEAT_COLOURS.items():
            text = "#ffffff" if mode in classes else "#000000"
            assert _contrast(opacity, page, heat, text) >= 4.5, (mode, opacity)
    html = report_html(_stopped_class())
    css = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert "--bg:#fff;" in css and "--heat:#7c3aed" in css and "--bg:#0f1419" in css and "--heat:#c4a5ff" in css
    assert "svg .heat-value{fill:#000;text-anchor:middle}svg .heat-value.lw{fill:#fff}" in css
    assert "@media (prefers-color-scheme:dark){svg .heat-value.lw{fill:#000}svg .heat-value.dw{fill:#fff}}" in css


def _item(r, facility=0.5):
    return ItemStats("Q1", "a", "C1", "t", 1.0, 40, facility=facility, discrimination=0.3, point_biserial=r)


def test_a_flag_compares_the_figure_as_shown():
    assert reasons(_item(0.19996)) == []             # shown as 0.20: not below 0.20
    assert "correlates weakly" in reasons(_item(0.194))[0]
    assert reasons(_item(0.3, facility=0.90004)) == []   # shown as 0.90: not above 0.90
    assert "very easy" in reasons(_item(0.3, facility=0.906))[0]


def _grade_stopped(tmp_path):
    generate(tmp_path / "quiz", classes="C7", count=1, seed=5)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    a = key["questions"][0]["parts"][0]["value"]
    rows = [("s1", "Q1", "a", f"{a:#.4g}"), ("s2", "Q1", "a", f"{a:#.4g}"), ("s2", "Q1", "b", "0.5"),
            ("s2", "Q1", "c", "0.5")]
    with open(tmp_path / "answers.csv", "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([("student_id", "question_id", "part", "answer"), *rows])
    result = CliRunner().invoke(main, ["grade", str(tmp_path / "answers.csv"), "--key",
                                       str(tmp_path / "quiz" / "key.json"), "--feedback", str(tmp_path / "sheets")])
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_a_sheet_of_a_student_who_stopped_early_names_the_parts_not_received(tmp_path):
    _grade_stopped(tmp_path)
    said = ("No answers were received for Q1 (b) and Q1 (c), after your last answer, so they show as missing "
            "and score 0.")
    assert said in (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    assert "No answers were received" not in (tmp_path / "sheets" / "s2.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_report_md_says_which_denominator_percent_correct_uses(tmp_path):
    _grade_stopped(tmp_path)
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    questions = report[report.index("## Questions"):report.index("## Misconceptions")]
    assert "% correct: correct answers over the students whose paper has the part (the students column)" in questions
    assert "- s1: from Q1b on (2 parts)" in report
