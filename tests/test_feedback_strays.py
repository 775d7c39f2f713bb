"""A student who sees "missing" for a part they believe they answered finds,
on their feedback sheet, where that answer went: an answer for a question or
part their paper does not have, with the text as written, or, in one line,
the parts they answered more than once; by question and part, never by the
row of the instructor's file. Sheets of students with no such answers are
the same as before, byte for byte."""

import csv
import json

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from quizgen.generation.run import generate

HEADER = ("student_id", "question_id", "part", "answer")


@pytest.fixture(scope="module")
def paper(tmp_path_factory):
    """A per-student C7 quiz for s01 and s02, and their right answers."""
    folder = tmp_path_factory.mktemp("strays")
    (folder / "roster.csv").write_text("student_id,name\ns01,Ann\ns02,Bob\n", encoding="utf-8")
    generate(folder / "quiz", classes="C7", count=1, seed=11, students=folder / "roster.csv")
    key = json.loads((folder / "quiz" / "key.json").read_text(encoding="utf-8"))
    right = {sid: [f"{p['value']:#.4g}" for p in key["students"][sid]["questions"][0]["parts"]]
             for sid in ("s01", "s02")}
    return folder, right


def grade(folder, rows, name, *options):
    """Grade ``rows`` with the CLI into sheets folder ``name``; the folder."""
    answers = folder / f"{name}.csv"
    with open(answers, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([HEADER, *rows])
    result = CliRunner().invoke(main, ["grade", str(answers), "--key", str(folder / "quiz" / "key.json"),
                                       "--feedback", str(folder / name), *options])
    assert result.exit_code == 0, result.output
    return folder / name


def class_rows(right, strays=True):
    """s02 answers everything once; s01 answers (a) twice, Q12 and Q1 (d) when ``strays``, and not (c)."""
    s01 = [("s01", "Q1", "a", "0.5")] * strays + [("s01", "Q1", "b", right["s01"][1])]
    s01 += [("s01", "Q12", "a", "'=1+2"), ("s01", "Q1", "a", right["s01"][0]), ("s01", "q1", "D", "0.3")] * strays
    s01 += [("s01", "Q1", "a", right["s01"][0])] * (not strays)
    return s01 + [("s02", "Q1", part, value) for part, value in zip("abc", right["s02"])]


def test_the_sheet_says_where_each_answer_not_graded_went(paper):
    folder, right = paper
    sheet = (grade(folder, class_rows(right), "with") / "s01.md").read_text(encoding="utf-8")
    assert "## Answers not graded against your paper" in sheet
    assert "- You answered Q1 (a) more than once; your last answer was graded.\n" in sheet
    assert "- Your answer =1+2 was for question Q12, which is not on your paper; it was not graded." in sheet
    assert ("- Your answer 0.3 was for q1 (D), but Q1 on your paper has parts a, b, c; it was not graded."
            in sheet)
    assert "| c | - | missing | 0 / 2 |" in sheet and "row" not in sheet.split("## Q1")[0].lower()


@pytest.mark.slow
def test_sheets_without_such_answers_are_unchanged(paper):
    folder, right = paper
    with_strays, without = grade(folder, class_rows(right), "with2"), grade(folder, class_rows(right, False), "none")
    assert (with_strays / "s02.md").read_bytes() == (without / "s02.md").read_bytes()
    assert "not graded against" not in (without / "s01.md").read_text(encoding="utf-8")
    assert "not graded against" not in (with_strays / "s02.md").read_text(encoding="utf-8")


@pytest.mark.slow
def test_a_wide_files_stray_answer_is_named_by_its_question(paper):
    folder, right = paper
    wide = folder / "wide.csv"
    wide.write_text("student_id,Q1a,Q1b,Q1c,Q9a\n"
                    f"s01,{right['s01'][0]},,,0.7\n"
                    f"s02,{','.join(right['s02'])},\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["grade", str(wide), "--key", str(folder / "quiz" / "key.json"),
                                       "--feedback", str(folder / "wide")])
    assert result.exit_code == 0, result.output
    assert ("- Your answer 0.7 was for question Q9, which is not on your paper; it was not graded."
            in (folder / "wide" / "s01.md").read_text(encoding="utf-8"))


def test_pdf_sheets_carry_the_same_section(paper, pdf_sheet_sources):
    made = pdf_sheet_sources
    folder, right = paper
    grade(folder, class_rows(right), "pdf", "--format", "pdf")
    assert r"\section*{\qzdest Answers not graded against your paper}" in made["s01.tex"]
    assert r"\item Your answer =1+2 was for question Q12, which is not on your paper" in made["s01.tex"]
    assert r"\item You answered Q1 (a) more than once; your last answer was graded." in made["s01.tex"]
    assert "Row" not in made["s01.tex"]
    assert "not graded against" not in made["s02.tex"]


def test_a_flood_of_such_answers_is_cut_short(paper):
    folder, right = paper
    rows = [("s01", "Q7", "a", str(n)) for n in range(30)] + class_rows(right, False)
    sheet = (grade(folder, rows, "flood") / "s01.md").read_text(encoding="utf-8")
    assert sheet.count("which is not on your paper") == 20
    assert "- ... and 10 more such answer(s), not listed here." in sheet
