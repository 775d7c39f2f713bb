"""The report page says D's reading beside the table that shows D (the chart above it draws facility
and r only), and writes scores as report.md does (formatting.number_text: 35, not 35.0 beside 28.5)."""

import re

from quizgen.report import analyse, report_html
from quizgen.report.html import student_rows
from quizgen.report.model import Part, Student, Verdict

PARTS = [Part("Q1", "a", "C1", "t", 35.0), Part("Q1", "b", "C1", "t", 1.0)]


def _analysis():
    half = Verdict("partly", 0.5)
    students = [Student(f"s{k}", "", [Verdict("correct", 35.0), half if k % 2 else Verdict("incorrect", 0.0)])
                for k in range(4)]
    return analyse(PARTS, students)


def test_the_d_note_sits_in_the_table_that_shows_d_not_above_the_chart():
    page = report_html(_analysis(), "t")
    table = page.index("<details><summary>Parts and questions as a table</summary>")
    assert table < page.index('id="d-note"') < page.index('<table id="item-table">')
    assert page.index('id="chart-items"') < table


def test_scores_on_the_page_are_written_as_report_md_writes_them():
    analysis = _analysis()
    rows = student_rows(analysis)
    assert [row[2] for row in rows] == ["35", "35.5", "35", "35.5"] and rows[0][3] == "36"
    assert re.search(r'<th scope="row">s0</th><td></td><td class="num">35</td><td class="num">36</td>',
                     report_html(analysis, "t"))
