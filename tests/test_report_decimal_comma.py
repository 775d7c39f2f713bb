"""The reports of a decimal-comma class (a ';' file with 0,25) as an instructor
reads them: every figure in report.md and on the HTML page has a decimal
comma, only the mark changing (56,3%, 0,60, 1,5 / 3); the page's data, styles
and attributes keep their points; the key's own text stays as written; a
decimal-point class is unchanged. Also: whole percentages round a tie away
from zero, as the papers do, and counts group their thousands unambiguously."""

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import quizgen
from quizgen.grading.run import GradeResult
from quizgen.grading.report import REPORT_STUDENTS, report_markdown
from quizgen.grading.totals import StudentTotal
from quizgen.report.formatting import whole_number
from quizgen.key.status import Status
from quizgen.report import Part, Student, Trap, Verdict, analyse, report_html
from quizgen.report.tables import markdown_sections
from quizgen.report.trap_table import percent
from test_grade_outputs import numeric, trap

POINT_DECIMAL = re.compile(r"\d\.\d")
COMMA_DECIMAL = re.compile(r"\d,\d")


def half_point_key():
    """Q1 (a) 1.5 points with a trap whose feedback has a decimal, (b) 1.5 points."""
    parts = [numeric("a", 0.5, [trap("halved", 0.25, "halve 0.5 once, not twice")], points=1.5),
             numeric("b", 3.0, points=1.5)]
    return {"questions": [{"id": "Q1", "class": "C1", "template": "t1.5", "points": 3, "parts": parts}]}


ANSWERS = [("s1", "Ada", "Q1", "a", "0.5"), ("s1", "Ada", "Q1", "b", "3"),
           ("s2", "Bo", "Q1", "a", "0.25"), ("s2", "Bo", "Q1", "b", "3"),
           ("s3", "Cy", "Q1", "a", "0.25"), ("s3", "Cy", "Q1", "b", ""),
           ("s4", "Di", "Q1", "a", "0.5"), ("s4", "Di", "Q1", "b", "7")]


def graded(folder, comma: bool):
    """The class graded from a ';' file with decimal commas, or a ',' file with points."""
    (folder / "key.json").write_text(json.dumps(half_point_key()), encoding="utf-8")
    delimiter = ";" if comma else ","
    lines = [delimiter.join(("student_id", "name", "question_id", "part", "answer"))]
    lines += [delimiter.join(row[:4] + ((row[4].replace(".", ",") if comma else row[4]),)) for row in ANSWERS]
    (folder / "answers.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    return quizgen.grade(folder / "answers.csv", key=folder / "key.json")


class _Texts(HTMLParser):
    """The text a reader sees (no script, no style) and every attribute value."""

    def __init__(self):
        super().__init__()
        self.hidden, self.texts, self.attributes = 0, [], []

    def handle_starttag(self, tag, attrs):
        self.hidden += tag in ("script", "style")
        self.attributes += [value or "" for _, value in attrs]

    def handle_endtag(self, tag):
        self.hidden -= tag in ("script", "style")

    def handle_data(self, data):
        if not self.hidden:
            self.texts.append(data)


def page_parts(html: str) -> _Texts:
    parser = _Texts()
    parser.feed(html)
    return parser


def test_report_md_of_a_comma_class_writes_every_figure_with_a_comma(tmp_path):
    result = graded(tmp_path, comma=True)
    text = result.paths["report"].read_text(encoding="utf-8")
    assert "Mean 50,0%, median 50,0%, lowest 0,0%, highest 100,0%." in text
    assert "| s1 | Ada | 3 | 3 | 100,0 | - |" in text and "| s2 | Bo | 1,5 | 3 | 50,0 | halved |" in text
    assert "| Q1 | a | C1 | 4 | 2 | 50,0 |" in text                 # % correct
    assert "| mean | 50,0% |" in text and "| Q1a | C1 | 4 | 0,50 |" in text   # the item analysis too
    assert "| C1 | 2 | 0,50 |" in text                                # mean facility of the class of scenario
    # the key's own words keep their points; nothing else has one
    assert "halve 0.5 once, not twice" in text
    assert not POINT_DECIMAL.search(text.replace("halve 0.5 once", "")), POINT_DECIMAL.findall(text)


def test_report_md_of_a_point_class_is_unchanged(tmp_path):
    result = graded(tmp_path, comma=False)
    text = result.paths["report"].read_text(encoding="utf-8")
    assert "Mean 50.0%, median 50.0%" in text and "| s2 | Bo | 1.5 | 3 | 50.0 | halved |" in text
    assert "| Q1a | C1 | 4 | 0.50 |" in text and not COMMA_DECIMAL.search(text)


def test_html_page_of_a_comma_class_shows_commas_and_keeps_its_data_and_attributes(tmp_path):
    result = graded(tmp_path, comma=True)
    html = result.paths["html"].read_text(encoding="utf-8")
    page = page_parts(html)
    shown = " | ".join(page.texts)
    assert "halve 0.5 once, not twice" in shown                              # the key's words, as written
    assert not POINT_DECIMAL.search(shown.replace("halve 0.5 once", "")), POINT_DECIMAL.findall(shown)
    assert "50,0%" in shown and "0,50" in shown                                # cards, tables
    assert "Dashed lines mark facility 0,2 and 0,9" in shown                  # the prose about the chart
    assert "Q1a facility 0,50" in shown and re.search(r"Q1a r \(corrected item-rest\) -?\d,\d\d", shown)   # tooltips
    assert ">0,2</text>" in html and ">0,9</text>" in html                    # the facility axis
    # machine-readable parts keep their points: the JSON of the student rows, the SVG's coordinates
    block = re.search(r'<script type="application/json" id="student-data">(.*?)</script>', html, re.S).group(1)
    assert ["s2", "Bo", "1.5", "3", 50.0] == json.loads(block)[1][:5]
    assert any(POINT_DECIMAL.search(value) for value in page.attributes)
    assert not any(COMMA_DECIMAL.search(value) for value in page.attributes)
    assert 'var MARK = ",";' in html                                        # the script shows rows with it


def test_html_page_of_a_point_class_is_unchanged(tmp_path):
    html = graded(tmp_path, comma=False).paths["html"].read_text(encoding="utf-8")
    shown = " | ".join(page_parts(html).texts)
    assert "50.0%" in shown and "Q1a facility 0.50" in shown and not COMMA_DECIMAL.search(shown)
    assert 'var MARK = ".";' in html


def test_whole_percentages_round_a_tie_away_from_zero_as_the_papers_do():
    # 1 of 8 is 12.5%: it was shown 12% beside 3 of 8 as 38% (round half to even on the float)
    assert percent(0.125) == "13%" and percent(0.375) == "38%" and percent(None) == "n/a"
    part = Part("Q1", "a", "C1", "t", 1, (Trap("x", ""),))
    students = [Student(f"s{k}", "", [Verdict("incorrect", 0.0, "x") if k == 0 else Verdict("correct", 1.0)])
                for k in range(8)]
    analysis = analyse([part], students)
    assert "| Q1a | x | 1 | 13% |" in markdown_sections(analysis)
    html = report_html(analysis)
    assert ">13</text>" in html and "x in Q1: 13%" in html                   # the heat map's cell and tooltip


def test_counts_group_their_thousands_without_a_comma_in_a_comma_class():
    assert whole_number(1234) == "1,234" and whole_number(1234, comma=True) == "1\u202f234"
    students = [StudentTotal(f"s{k}", "", 1.0, 2.0, {s: 0 for s in Status}, 0) for k in range(1234)]
    result = GradeResult(Path("a.csv"), "key.json", "long", ",", "utf-8", 1234, {s: 0 for s in Status}, students,
                         [], {})
    point = report_markdown(result)
    result.decimal_comma = True
    comma = report_markdown(result)
    assert f"The first {REPORT_STUDENTS} of 1\u202f234 students" in comma and "| 1 | 2 | 50,0 |" in comma
    assert f"The first {REPORT_STUDENTS} of 1,234 students" in point and "| 1 | 2 | 50.0 |" in point


@pytest.mark.slow
def test_the_terminal_summary_writes_percentages_with_the_classs_decimal_mark(tmp_path, invoke):
    for comma, mark in ((True, ","), (False, ".")):
        folder = tmp_path / ("comma" if comma else "point")
        folder.mkdir()
        graded(folder, comma)   # writes the class's files; `quizgen grade` then prints its summary
        printed = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out",
                         folder / "again" / "graded.csv").output
        assert f"Class: mean 50{mark}0%, lowest 0{mark}0%, highest 100{mark}0%." in printed
        assert f"  Q1        a           50{mark}0  halved (2)" in printed
