"""Session 32's visual review of grade's outputs: the items CSV says why a figure
past a cut at 3 decimals is not flagged; a PDF sheet quotes as TeX does; at 400 px
the heat map keeps its row names in view, a flag's tag stays whole, the classes
table fits and the flagged table says it scrolls."""

import csv
import io
import re

import lxml.html
import pytest

from browser_support import needs_browser, open_browser
from quizgen.report import analyse, items_csv, report_html
from quizgen.grading.feedback_pdf import work_tex
from quizgen.grading.feedback_words import WorkList
from quizgen.report.model import Part, Student, Verdict

R, W = Verdict("correct", 1.0), Verdict("incorrect", 0.0)


def _csv_rows(analysis) -> dict:
    return {f"{row['question_id']}{row['part']}": row for row in csv.DictReader(io.StringIO(items_csv(analysis)[1:]))
            if row["level"] == "part"}


def test_an_items_csv_facility_of_0_901_says_why_it_is_not_very_easy():
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0)]
    students = [Student(f"s{k}", f"S {k}", [R if k < 901 else W, R if k % 2 else W]) for k in range(1000)]
    row = _csv_rows(analyse(parts, students))["Q1a"]
    assert row["facility"] == "0.901" and "very easy: almost" not in row["note"]
    assert ("not very easy: facility 0.901 is 0.90 to 2 decimals, the figure the flags compare, so not above 0.90"
            in row["note"])
    other = _csv_rows(analyse(parts, [Student(f"s{k}", "", [R if k < 906 else W, R if k % 2 else W])
                                      for k in range(1000)]))["Q1a"]
    assert "very easy: (almost) everyone scored" in other["note"] and "not very easy" not in other["note"]


def test_a_pdf_sheet_quotes_a_misconception_as_tex_does_and_escapes_its_name():
    name = "the \"chance\" {\\input x} 'of' `none`"
    work = WorkList([f'misconception "{name}": Q5 (c).', "Q1 (C1): marks lost in (b)."], "", ((name, "Q5 (c)"),))
    lines = work_tex(work)
    assert lines[0] == ("misconception ``{}the {\\textquotedbl}chance{\\textquotedbl} \\{\\textbackslash{}input x\\} "
                        "'of' \\textasciigrave{}none\\textasciigrave{}{}'': Q5 (c).")   # a backtick as typed (review 46c F15)
    assert lines[1] == "Q1 (C1): marks lost in (b)."


def _page(analysis):
    return lxml.html.fromstring(report_html(analysis))


def _demo():
    from quizgen.report.demo import demo_class

    return analyse(*demo_class(30))


def test_the_heat_maps_labels_are_drawn_again_to_be_pinned_over_it_and_hidden_from_readers():
    analysis = _demo()
    html = report_html(analysis)
    page = lxml.html.fromstring(html)
    box = page.get_element_by_id("chart-heat").getparent()
    labels = box.find_class("heat-labels")[0]
    assert labels.get("aria-hidden") == "true" and labels.getprevious().get("id") == "chart-heat"
    drawn = [t.text for t in labels.xpath(".//*[local-name()='text']")]
    whole = [t.text for t in labels.xpath(".//*[local-name()='g']/*[local-name()='title']")]
    headers = [t.text for t in page.get_element_by_id("heat-table").xpath("./tbody/tr/th")]
    assert drawn and whole == headers   # each label's tooltip names it as the table's row does (names33)
    # report34b: drawn by its name, cut short with an ellipsis (the code only for a trap without a name)
    assert all(header.startswith(label.rstrip("\u2026")) or header == label for label, header in zip(drawn, headers))
    css = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert "svg.heat-labels{display:block;position:sticky;left:0;z-index:1;margin:.5rem 0}" in css


def test_a_flag_tag_stays_on_one_line_and_the_flagged_table_says_it_scrolls():
    parts = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0), Part("Q3", "a", "C1", "t", 1.0)]
    rows = [[R, R, R], [R, W, R], [W, W, W], [R, R, W], [W, R, R], [R, W, W]] * 6
    html = report_html(analyse(parts, [Student(f"s{k}", "", row) for k, row in enumerate(rows)]))
    page = lxml.html.fromstring(html)
    flagged = page.get_element_by_id("flagged-table")
    assert flagged.getparent().getprevious().text_content() == "scroll \u2192"
    assert flagged.find_class("tag") and all(" " not in t.text or t.text in ("weak r", "very easy", "very hard",
                                                                             "same score", "r < 0")
                                             for t in flagged.find_class("tag"))
    css = re.search(r"<style>(.*?)</style>", html, re.S).group(1)
    assert ".tag{white-space:nowrap}" in css and "#class-table td:last-child{overflow-wrap:anywhere}" in css


@pytest.fixture(scope="module")
def narrow(tmp_path_factory):
    """Chromium 400 CSS px wide on the 30-student demo class's page."""
    folder = tmp_path_factory.mktemp("look32")
    path = folder / "class.html"
    path.write_text(report_html(_demo()), encoding="utf-8")
    driver = open_browser(folder / "profile")
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 400, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        driver.get(path.as_uri())
        yield driver
    finally:
        driver.quit()


PINNED = """var box = document.getElementById('chart-heat').parentNode;
box.scrollIntoView(); box.scrollLeft = box.scrollWidth; box.dispatchEvent(new Event('scroll'));
var shown = Array.from(box.querySelectorAll('.heat-labels')).filter(function (s) { return s.getClientRects().length; });
var label = shown[0].querySelector('text'), r = label.getBoundingClientRect();
var top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
return [box.scrollLeft, r.left >= box.getBoundingClientRect().left - 0.5, top && top.closest('svg').getAttribute('class'),
        shown.length];"""


@pytest.mark.slow
@needs_browser
def test_at_400_px_the_heat_maps_row_names_stay_in_view_when_it_is_scrolled(narrow):
    scrolled, inside, on_top, shown = narrow.execute_script(PINNED)
    assert scrolled > 0 and inside and on_top == "heat-labels narrow" and shown == 1   # the phone's labels


@pytest.mark.slow
@needs_browser
def test_at_400_px_the_classes_table_fits_its_misconceptions_column(narrow):
    wider = narrow.execute_script("var b = document.getElementById('class-table').parentNode;"
                                  "return b.scrollWidth - b.clientWidth;")
    assert wider <= 1


def test_report_md_says_its_missing_line_holds_the_absent_students_parts_the_questions_csv_leaves_out(tmp_path):
    from test_grade_roster import Q1, grade, read, write

    answers = write(tmp_path, {"questions": [Q1]}, [["s001", "Q1", "a", "0.5"], ["s002", "Q1", "a", "0.5"],
                                                    ["s002", "Q1", "b", "3"]])
    (tmp_path / "roster.csv").write_text("Student ID,Name\ns001,Ada\ns002,Bo\ns003,Cy\ns004,Di\n", encoding="utf-8")
    assert grade(answers, "--roster", tmp_path / "roster.csv").exit_code == 0
    questions, students = read(tmp_path / "answers-graded-questions.csv"), read(tmp_path / "answers-graded-students.csv")
    assert sum(int(r["missing"]) for r in questions) == 1 and sum(int(r["missing"]) for r in students) == 5
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert "| missing (no answer row) | 5 |" in report
    assert ("missing (no answer row): the parts of each student's paper with no answer row, the 2 absent "
            "students' 4 parts included, as the students CSV's missing column counts them; the questions CSV's "
            "missing column counts only the students who gave some answer (1 part).") in report


def test_a_sheet_says_plainly_that_no_answer_came_for_the_parts_after_the_last_one(tmp_path):
    from test_report_to_act import _grade_stopped

    _grade_stopped(tmp_path)   # s1 answered Q1 (a) alone, right; s2 every part
    sheet = (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    work = sheet.split("## What to work on", 1)[1].split("**About the answers.**", 1)[0]
    assert work.strip() == ("- Q1 (b) and Q1 (c): you gave no answers, so there is no mistake to look for; the "
                            "worked solutions below show how each is done.")
    assert "not answered" not in sheet and "quizgen drill" not in sheet
