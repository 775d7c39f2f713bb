"""A roster student who never submitted is shown as missing in both student
tables (Markdown report and HTML page), not as an ordinary zero: found running
a real week with a 25-student roster (one student never handed in)."""

import json
import re

from test_grade_roster import grade, right_answers, write, Q1


def _graded(tmp_path):
    answers = write(tmp_path, {"questions": [Q1]}, right_answers(["s001"]) + [["s002", "Q1", "a", "0.1"]])
    (tmp_path / "roster.csv").write_text("student_id,name\ns001,Ada\ns002,Bo\ns003,Cy\n", encoding="utf-8")
    result = grade(answers, "--roster", tmp_path / "roster.csv", "--jobs", "1")
    assert result.exit_code == 0, result.output
    return tmp_path


def test_markdown_students_table_says_who_gave_no_answer(tmp_path):
    report = (_graded(tmp_path) / "answers-graded-report.md").read_text(encoding="utf-8")
    table = report.split("## Students")[1].split("\n## ")[0]   # not the item analysis's lowest scorers
    lines = {line.split(" | ")[0].strip("| "): line for line in table.splitlines() if line.startswith("| s00")}
    assert lines["s003"].endswith("| missing (no answer) |")
    assert lines["s002"].endswith("| - |") and "missing" not in lines["s001"]


def test_html_student_rows_mark_the_absent_student_and_the_page_shows_it(tmp_path):
    html = (_graded(tmp_path) / "answers-graded-report.html").read_text(encoding="utf-8")
    block = re.search(r'<script type="application/json" id="student-data">(.*?)</script>', html, re.S).group(1)
    rows = {row[0]: row for row in json.loads(block)}
    assert rows["s003"][6:] == ["missing (no answer)"] and len(rows["s001"]) == len(rows["s002"]) == 6
    assert 'cell(tr, values[6] || values[5].map(said).join("; ") || "-")' in html
