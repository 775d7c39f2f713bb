"""Review 21 of the class report: the summary's "% correct" names what it is out
of; an items CSV trap row counts the students in the trap (and, in ``reached``,
those its share is over); a flagged question's reason is on the page; each kind
of flag's reason is said once, with a short tag per row; the students table can
go back to roster order after sorting by score."""

import csv
import io
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

import quizgen
from quizgen.grading.run import GradeResult
from quizgen.grading.summary import summary_text
from quizgen.grading.totals import QuestionStats, StudentTotal
from quizgen.key.status import Status
from quizgen.report import analyse, items_csv, markdown_sections, report_html, write_class_report
from quizgen.report.analysis import EASY_REASON, HARD_REASON, WEAK_REASON
from quizgen.report.demo import demo_class
from quizgen.report.model import Part, Student, Trap, Verdict
from quizgen.report.flagged import flag_legend
from test_grade_outputs import small_key, write
from browser_support import needs_browser, open_browser

R, W = Verdict("correct", 1.0, ""), Verdict("incorrect", 0.0, "")


def _rows(analysis) -> list:
    return list(csv.DictReader(io.StringIO(items_csv(analysis).lstrip("\ufeff"))))


# --- 1. the summary's % correct names its denominator ------------------------------------------

def test_the_summary_says_what_percent_correct_is_out_of(tmp_path):
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json")
    text = summary_text(result)
    # Q2a: 1 correct of the 5 students (3 of them gave no answer to it), not 1 of the 2 who answered it
    assert re.search(r"  Q2        a\s+20\.0  ", text)
    assert ("  % correct: answers with status correct (ECF included) out of all 5 students who answered "
            "(every paper has every part);") in text
    assert "  partial, imprecise, incorrect, needs_review, invalid, blank and no answer count as not correct." in text
    assert "most common misconception (answers)" in text


def _summary(sizes, absent=()):
    """The summary of a made-up class of 10 students (``absent`` among them), one part per size."""
    counts = {s: 0 for s in Status}
    students = [StudentTotal(f"s{k}", "", 1.0, 2.0, counts, 0) for k in range(10)]
    questions = [QuestionStats(f"Q{k}", "a", "C1", "t", 1.0, n, {**counts, Status.CORRECT: 5}, 5.0, [])
                 for k, n in enumerate(sizes, 1)]
    return summary_text(GradeResult(Path("a.csv"), "key.json", "long", ",", "utf-8", 20, counts, students,
                                    questions, {}, absent=list(absent)))


def test_the_legend_gives_the_range_when_papers_differ_and_leaves_the_absent_out():
    text = _summary([8, 6], absent=["s8", "s9"])
    assert ("out of the students whose paper has the part (6 to 8, of 8 students who answered); "
            "the 2 absent are left out;") in text   # no --roster: absent from the key's papers
    assert "out of the 8 students whose paper has the part;" in _summary([8, 8])


# --- 2. a trap row's students are the trap's -----------------------------------------------------

def test_a_trap_rows_students_are_those_in_the_trap_and_reached_those_its_share_is_over():
    # 6 students; the trap cannot be made on s5's paper; 2 fall into it: share 2 / 5
    trapped = Verdict("incorrect", 0.0, "halved")
    parts = [Part("Q1", "a", "C1", "t", 1.0, (Trap("halved", "halving", frozenset({5})),)),
             Part("Q1", "b", "C1", "t", 1.0)]
    students = [Student(f"s{k}", "", [v, R if k % 2 else W])
                for k, v in enumerate([trapped, trapped, R, W, R, R])]
    rows = _rows(analyse(parts, students))
    part = next(r for r in rows if r["level"] == "part" and r["part"] == "a")
    trap = next(r for r in rows if r["level"] == "trap")
    assert part["students"] == "6"
    assert (trap["students"], trap["reached"], trap["share"]) == ("2", "5", "0.400")
    md = markdown_sections(analyse(parts, students))
    assert "| Q1a | halved | 2 | 5 | 40% |" in md   # in the trap, and who could fall into it: the CSV's counts


# --- 3 and 4. flags: a question's reason on the page; each reason said once -----------------------

def _weak_class():
    """Four parts with an item-rest r between 0 and 0.20 (test_report_psychometrics' matrix):
    several rows flagged "weak r", question rows among them."""
    matrix = [(1, 1, 0, 1), (0, 1, 1, 0), (1, 1, 0, 1), (0, 0, 1, 1), (1, 0, 1, 0), (1, 1, 0, 0), (0, 0, 0, 0),
              (1, 1, 1, 1), (1, 0, 1, 0), (0, 1, 0, 1), (1, 0, 1, 1), (1, 1, 1, 0)]
    parts = [Part(f"Q{k}", "a", "C1", "t", 1) for k in range(1, 5)]
    matrix *= 3   # 36 students, the same r: below 30 a weak r is "low r (small class)"
    return analyse(parts, [Student(f"s{n}", "", [R if x else W for x in row]) for n, row in enumerate(matrix)])


def test_a_flagged_questions_reason_is_on_the_page_and_in_the_markdown():
    analysis = _weak_class()
    question = analysis.questions[0]
    assert question.reasons == [WEAK_REASON]
    html, md = report_html(analysis), markdown_sections(analysis)
    flagged = re.search(r'<table id="flagged-table">.*?</table>', html, re.S).group(0)
    assert '<th scope="row">Q1 (whole question)</th>' in flagged and "<td><span class=\"tag\">weak r</span></td></tr>" in flagged
    assert "| Q1 (whole question) | " in md and md.count("| weak r |") >= 2
    items = re.search(r'<table id="item-table">.*?</table>', html, re.S).group(0)
    question_row = re.search(r'<tr[^>]*><th scope="row">Q1</th>.*?</tr>', items).group(0)
    assert question_row.endswith("<td><span class=\"tag\">weak r</span></td></tr>")   # its tag, not a bare "yes"


def test_each_flags_reason_is_said_once_however_many_rows_carry_it():
    analysis = _weak_class()
    weak = [i for i in analysis.parts + analysis.questions if WEAK_REASON in i.reasons]
    assert len(weak) >= 3
    html, md = report_html(analysis), markdown_sections(analysis)
    assert html.count(WEAK_REASON) == 1 and md.count(WEAK_REASON) == 1, "the reason once, in the legend"
    assert "<dt>weak r</dt><dd>" + WEAK_REASON + "</dd>" in html
    assert "- **weak r**: correlates weakly with the rest of the paper (item-rest r below 0.20)" in md
    flagged = re.search(r'<table id="flagged-table">.*?</table>', html, re.S).group(0)
    assert flagged.count("<td><span class=\"tag\">weak r</span></td></tr>") == len(weak)
    # a comma class reads the cut in the legend with a comma
    assert "item-rest r below 0,20" in report_html(analysis, comma=True)
    # the items CSV keeps each row's reasons in full
    notes = [r["note"] for r in _rows(analysis) if r["flag"] == "yes"]
    assert sum(note == WEAK_REASON for note in notes) == len(weak)


def test_a_very_hard_parts_own_words_follow_its_tag():
    parts = [Part("Q1", "a", "C1", "t", 1), Part("Q1", "b", "C1", "t", 1)]
    blank = Verdict("blank", 0.0, "")
    students = [Student(f"s{k}", "", [blank if k < 5 else W, R if k % 2 else W]) for k in range(10)]
    md = markdown_sections(analyse(parts, students))
    assert "- **very hard**: few students scored (facility below 0.20)" in md
    assert ("| very hard: 50% of its answers are blank or skipped (5 blank, 0 skipped): "
            "not taught, or no time left?; none of the 5 answers given scored: check the key too |") in md


# --- 5. the students table returns to roster order --------------------------------------------------

@pytest.mark.slow
def test_the_pages_script_cycles_the_score_sort_back_to_roster_order():
    html = report_html(analyse(*demo_class(30)))
    script = re.search(r"<script>(.*?)</script>", html, re.S).group(1)
    assert 'var NEXT = {"0": -1, "-1": 1, "1": 0};' in script   # highest first, lowest first, roster order
    assert "sortBy(NEXT[state.order])" in script and "rosterButton.addEventListener(\"click\", function () { sortBy(0); })" \
        in script
    assert '<button type="button" id="sort-roster">Roster order</button>' in html


@pytest.mark.slow
@needs_browser
def test_in_chromium_a_third_click_and_the_roster_button_restore_roster_order(tmp_path):
    from selenium.webdriver.common.by import By

    parts, students = demo_class(80)
    path = write_class_report(parts, students, tmp_path, "sort", "Sort")["html"]
    driver = open_browser(tmp_path / "profile")
    try:
        driver.get(path.as_uri())
        ids = "return Array.from(document.querySelectorAll('#student-rows tr')).filter(function (tr) {" \
              " return getComputedStyle(tr).display !== 'none'; }).map(function (tr) { return tr.cells[0].textContent; });"
        roster = [s.student_id for s in students][:50]
        assert driver.execute_script(ids) == roster
        sort, back = driver.find_element(By.ID, "sort-score"), driver.find_element(By.ID, "sort-roster")
        assert not back.is_enabled()
        sort.click()
        assert driver.execute_script(ids) != roster and back.is_enabled()
        sort.click()
        assert driver.execute_script(ids) != roster
        sort.click()   # the third click: roster order again
        assert driver.execute_script(ids) == roster
        assert driver.find_element(By.ID, "score-header").get_attribute("aria-sort") == "none"
        sort.click()
        back.click()   # straight back from highest first
        assert driver.execute_script(ids) == roster and not back.is_enabled()
    finally:
        driver.quit()


@pytest.mark.parametrize("comma, hard, easy", [(False, "0.20", "0.90"), (True, "0,20", "0,90")])
def test_the_legend_quotes_each_facility_cut_in_the_class_decimal_mark(comma, hard, easy):
    items = [SimpleNamespace(reasons=[HARD_REASON]), SimpleNamespace(reasons=[EASY_REASON])]
    legend = dict(flag_legend(items, comma))
    assert legend == {"very hard": f"few students scored (facility below {hard})",
                      "very easy": f"(almost) everyone scored (facility above {easy}), so it tells students apart little"}
