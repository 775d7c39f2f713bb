"""Review 46b: a PDF feedback sheet had a bookmark per question but none for its "What to work on"
list (nor for the sections on answers not graded against the paper), so a reader moving by bookmarks
could not reach the list that says what to do next. Compiling tests skip, with the reason, without TeX."""

import re

import pytest

from test_grade_outputs import small_key, write
from test_pdf46_access import outline, tools, unhex


def test_each_section_of_a_sheet_has_its_bookmark(tmp_path, invoke, pdf_sheet_sources):
    rows = [("s1", "Ann", "Q1", "a", "0.5"), ("s1", "Ann", "Q2", "a", "24"), ("s1", "Ann", "Q9", "a", "3")]
    result = invoke("grade", write(tmp_path, small_key(), rows), "--key", tmp_path / "key.json",
                    "--feedback", tmp_path / "sheets", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    tex = pdf_sheet_sources["s1.tex"]
    marks = [unhex(m) for m in re.findall(r"^\\qzbookmark\{0\}\{(.*)\}$", tex, re.M)]
    assert marks == ["What to work on", "Answers not graded against your paper", "Q1: t1", "Q2: t2"]
    assert "\\section*{\\qzdest What to work on}" in tex   # the bookmark leads to the heading


@pytest.mark.slow
def test_the_sheets_pdf_outline_starts_with_what_to_work_on(tmp_path, invoke):
    tools("pdftohtml")
    quiz = tmp_path / "quiz"
    assert invoke("generate", "--seed", 4646, "--classes", "C1", "--out", quiz).exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,name,Q1a,Q1b\ns104,Ada Lovelace,0.31,1.2\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", quiz / "key.json", "--feedback", tmp_path / "fb", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    marks = outline(tmp_path / "fb" / "s104.pdf")
    assert marks[0] == "What to work on" and marks[1].startswith("Q1: Masked-token loss") and len(marks) == 2
