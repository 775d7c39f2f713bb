"""Per-section figures (builder report31): a roster's Section (or Groups)
column is read, the students CSV and report.md say each student's section, and
the class report (report.md and the HTML page) gains a table by section; with
no section column every output is as before."""

import pytest
import csv
import io
import json
import math
import re

from click.testing import CliRunner

from quizgen.cli import main
from quizgen.grading.csv_columns import STUDENT_COLUMNS
from quizgen.report import Part, Student, Verdict, analyse
from quizgen.report.sections import section_stats
from quizgen.roster import parse_roster


def _part(letter, value):
    return {"part": letter, "name": letter, "type": "numeric", "points": 2.0, "value": value,
            "answer": f"{value:.4f}", "tolerance": {"sigfigs": 3}, "misconceptions": []}


KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 4,
                      "parts": [_part("a", 0.5), _part("b", 3.0)]},
                     {"id": "Q2", "class": "C2", "template": "t2", "points": 2, "parts": [_part("a", 1.5)]}]}
RIGHT = {"Q1a": "0.5", "Q1b": "3", "Q2a": "1.5"}
# the parts each student got right (every other answer wrong); a6 and b4 gave no answer
GOT = {"a1": "Q1a Q1b Q2a", "a2": "Q1a Q1b", "a3": "Q1a", "a4": "", "a5": "Q2a",
       "b1": "Q1a Q1b Q2a", "b2": "Q1b Q2a", "b3": "Q2a"}
SECTIONS = {**{f"a{i}": "Section A" for i in range(1, 7)}, **{f"b{i}": "Section B" for i in range(1, 5)}}


def _class(folder, section_header="Section", delimiter=","):
    """The two-section class: key, answers and roster (with ``section_header``, or none when None)."""
    (folder / "key.json").write_text(json.dumps(KEY), encoding="utf-8")
    answers = io.StringIO()
    writer = csv.writer(answers, delimiter=delimiter)
    writer.writerow(["student_id", "question_id", "part", "answer"])
    for sid, got in GOT.items():
        for label, value in RIGHT.items():
            writer.writerow([sid, label[:2], label[2], value if label in got.split() else "99"])
    (folder / "answers.csv").write_text(answers.getvalue(), encoding="utf-8")
    roster = io.StringIO()
    writer = csv.writer(roster, delimiter=delimiter)
    writer.writerow(["Student ID", "Name"] + ([section_header] if section_header else []))
    for sid, section in SECTIONS.items():
        writer.writerow([sid, sid.upper()] + ([section] if section_header else []))
    (folder / "roster.csv").write_text(roster.getvalue(), encoding="utf-8")


def _grade(folder, *extra):
    result = CliRunner().invoke(main, ["grade", str(folder / "answers.csv"), "--roster", str(folder / "roster.csv"),
                                       *extra])
    assert result.exit_code == 0, result.output
    return result


def _expected(section):
    """The section's figures worked out here, from GOT: (answered, absent, mean, median, SD, Q1 %, Q2 %)."""
    members = [sid for sid, s in SECTIONS.items() if s == section or section is None]
    sat = [sid for sid in members if sid in GOT]
    percents = sorted(100 * len(GOT[sid].split()) / 3 for sid in sat)
    mean = sum(percents) / len(percents)
    middle = (percents[len(percents) // 2] if len(percents) % 2 else
              (percents[len(percents) // 2 - 1] + percents[len(percents) // 2]) / 2)
    sd = math.sqrt(sum((p - mean) ** 2 for p in percents) / len(percents))
    q1 = sum(100 * sum(p in GOT[sid].split() for p in ("Q1a", "Q1b")) / 2 for sid in sat) / len(sat)
    q2 = sum(100 * ("Q2a" in GOT[sid].split()) for sid in sat) / len(sat)
    return len(sat), len(members) - len(sat), mean, middle, sd, q1, q2


def _one(x, comma=False):
    text = f"{x:.1f}"
    return text.replace(".", ",") if comma else text


def _rows_of(report_md, after):
    """The rows of the first Markdown table after the line ``after``, as lists of cells."""
    table = report_md[report_md.index(after):].split("\n\n| ", 1)[1].split("\n\n")[0]
    return [[cell.strip() for cell in line.strip("|").split("|")] for line in ("| " + table).splitlines()[2:]]


def test_a_two_section_class_gets_its_figures_by_section_in_report_md_the_page_and_the_students_csv(tmp_path):
    _class(tmp_path)
    _grade(tmp_path)
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    rows = _rows_of(report, "### Sections")
    expected = {}
    for label, section in (("Section A", "Section A"), ("Section B", "Section B"), ("whole class", None)):
        n, absent, mean, middle, sd, q1, q2 = _expected(section)
        expected[label] = (q1, q2)
        mark = "†" if section and n < 5 else ""
        assert [label, f"{n}{mark}", str(absent), _one(mean), _one(middle), _one(sd)] in rows, rows
    assert [r[0] for r in rows] == ["Section A", "Section B", "whole class"]
    by_question = _rows_of(report, "Mean score per question by section")
    assert by_question == [["Q1", *(_one(expected[s][0]) for s in expected)],
                           ["Q2", *(_one(expected[s][1]) for s in expected)]]
    assert "† a section with fewer than 5 students who answered" in report   # Section B: 3 answered
    assert "| a6 | A6 | Section A | 0 | 6 | 0.0 | missing (no answer) |" in report
    students = list(csv.DictReader(io.StringIO((tmp_path / "answers-graded-students.csv").read_text("utf-8-sig"))))
    assert list(students[0])[-1] == "section"
    assert {row["student_id"]: row["section"] for row in students} == SECTIONS
    page = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    table = page[page.index('<table id="section-table">'):]
    table = table[:table.index("</table>")]
    n, absent, mean, middle, sd, _, _ = _expected("Section A")
    cells = "".join(f'<td class="num">{c}</td>' for c in (n, absent, _one(mean), _one(middle), _one(sd)))
    assert f'<th scope="row">Section A</th>{cells}' in table
    assert '<th scope="row">Section B</th><td class="num">3†</td>' in table
    assert 'id="section-question-table"' in page
    assert '<th scope="col">name</th><th scope="col">section</th>' in page   # the students table says each student's section
    assert '<tr><th scope="row">a6</th><td>A6</td><td>Section A</td><td class="num">0</td>' in page
    assert '"b3","B3","2","6",33.3,[],"","Section B"]' in page   # the rows the script builds, from the data


def test_a_decimal_comma_class_writes_its_section_figures_with_commas(tmp_path):
    _class(tmp_path, "Groups", delimiter=";")
    _grade(tmp_path, "--decimal-comma")
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    n, absent, mean, middle, sd, q1, q2 = _expected("Section A")
    assert ["Section A", str(n), str(absent), _one(mean, True), _one(middle, True), _one(sd, True)] \
        in _rows_of(report, "### Sections")
    assert "(here as few as 3 students: 33,3 points)" in report
    page = (tmp_path / "answers-graded-report.html").read_text(encoding="utf-8")
    assert f'<td class="num">{_one(mean, True)}</td>' in page


@pytest.mark.slow
def test_without_a_section_column_the_outputs_are_those_with_sections_less_the_section_parts(tmp_path):
    """The roster without its Section column: no section anywhere, and every
    output is the sectioned run's with only its section column and tables taken out."""
    plain, sectioned = tmp_path / "plain", tmp_path / "sectioned"
    for folder, header in ((plain, None), (sectioned, "Section")):
        folder.mkdir()
        _class(folder, header)
        _grade(folder)
    students = [(folder / "answers-graded-students.csv").read_text("utf-8-sig").splitlines()
                for folder in (plain, sectioned)]
    assert students[0][0] == ",".join(STUDENT_COLUMNS)
    assert students[0] == [line.rsplit(",", 1)[0] for line in students[1]]   # only the last column, section, added
    marked = r"Marked with: .*\n|<p class=\"muted\" id=\"marked-with\">.*</p>\n"   # each roster's own digest
    reports = [re.sub(marked, "", (folder / "answers-graded-report.md").read_text(encoding="utf-8"))
               for folder in (plain, sectioned)]
    without = re.sub(r"### Sections\n.*?(?=### Parts and questions)", "", reports[1], flags=re.S)
    head, rest = without.split("## Students", 1)
    table, tail = rest.split("## Roster", 1)   # the students table: its third column, section, taken out
    table = re.sub(r"^(\| [^|]* \| [^|]* \|) (?:section|Section [AB]|---) \|", r"\1", table, flags=re.M)
    without = f"{head}## Students{table}## Roster{tail}"
    lowest = re.search(r"### Lowest scorers\n.*?(?=### )", without, flags=re.S).group(0)   # its section column too
    without = without.replace(lowest, re.sub(r"^(\| [^|]* \| [^|]* \|) [^|]* \|", r"\1", lowest, flags=re.M))
    assert "### Sections" in reports[1] and reports[0] == without
    pages = [re.sub(marked, "", (folder / "answers-graded-report.html").read_text(encoding="utf-8"))
             for folder in (plain, sectioned)]
    assert 'id="h-sections"' not in pages[0] and 'id="h-sections"' in pages[1]
    unhashed = [re.sub(r"'sha256-[^']*'", "", page) for page in pages]   # the style's and script's hashes
    without = re.sub(r'<section id="sections".*?</section>\n\n', "", unhashed[1], flags=re.S)
    for added, gone in ((r'<th scope="col">section</th>|<td>Section [AB]</td>| cell\(tr, values\[7\]\);', ""),
                        (r',"Section [AB]"\]', "]"), (r',""\]', "]")):   # the students table's section column
        without = re.sub(added, gone, without)
    assert unhashed[0] == without


def test_a_canvas_gradebooks_section_column_is_read_with_each_student():
    roster = parse_roster("Student,ID,SIS User ID,SIS Login ID,Section\nPoints Possible,,,,\n"
                          '"Lovelace, Ada",1,s1,ada,Tutorial 10\n"Turing, Alan",2,s2,alan,Tutorial 9\n'
                          '"Hopper, Grace",3,s3,grace,\n')
    assert [(s.student_id, s.name, s.section) for s in roster] == [
        ("s1", "Ada Lovelace", "Tutorial 10"), ("s2", "Alan Turing", "Tutorial 9"), ("s3", "Grace Hopper", "")]


def test_a_section_with_no_one_who_answered_and_students_with_none_are_said(tmp_path):
    _class(tmp_path)
    roster = (tmp_path / "roster.csv").read_text(encoding="utf-8")
    roster = re.sub(r"a5,A5,Section A", "a5,A5,", roster) + "c1,C1,Section C\n"
    (tmp_path / "roster.csv").write_text(roster, encoding="utf-8")
    _grade(tmp_path)
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    rows = _rows_of(report, "### Sections")
    assert [r[0] for r in rows] == ["Section A", "Section B", "Section C", "(no section)", "whole class"]
    assert ["Section C", "0†", "1", "n/a", "n/a", "n/a"] in rows
    assert ["(no section)", "1†", "0", "33.3", "33.3", "n/a"] in rows
    assert "(no section): students the roster gives no section" in report


def test_sections_are_in_natural_order_with_the_students_without_one_last():
    parts = [Part("Q1", "a", "C1", "t1", 2.0)]
    students = [Student("s1", "", [Verdict("correct", 2.0)], section="Tutorial 10"),
                Student("s2", "", [Verdict("incorrect", 0.0)], section="Tutorial 9"),
                Student("s3", "", [Verdict("correct", 2.0)])]
    found = section_stats(analyse(parts, students), parts, students)
    assert [(s.name, s.graded, s.mean) for s in found] == [("Tutorial 9", 1, 0.0), ("Tutorial 10", 1, 100.0),
                                                           ("", 1, 100.0), ("whole class", 3, 200 / 3)]
