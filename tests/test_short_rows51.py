"""Review 51a F4: the short-rows warning (review 50a F7) fired when no answer was missing: for a header
with empty cells after its last column (as a spreadsheet writes when formatting sat past the data), and
for a line missing only a non-answer column (a comment), saying its last cells were "graded as blank
answers". It now names only lines that end before an answer column, and says how many answers, and which,
are graded blank."""

import csv


def _grade(invoke, folder, text: str):
    (folder / "wide.csv").write_text(text, encoding="utf-8")
    run = invoke("grade", folder / "wide.csv", "--key", folder / "key.json", "--out", folder / "g")
    assert run.exit_code == 0, run.output
    rows = list(csv.DictReader(open(folder / "g" / "wide-graded.csv", encoding="utf-8-sig")))
    return [line for line in run.stderr.splitlines() if "graded as blank" in line], rows


def test_empty_header_cells_after_the_last_column_are_no_missing_answers(invoke, three_question_folder):
    said, rows = _grade(invoke, three_question_folder, "student_id,Q1a,Q2a,Q3a,,\ns1,0.408,0.408,0.408\n"
                                                       "s2,0.408,0.408,0.408\n")
    assert said == [] and {row["status"] for row in rows} == {"correct"}


def test_a_line_missing_only_a_comment_column_loses_no_answer(invoke, three_question_folder):
    said, rows = _grade(invoke, three_question_folder, "student_id,Q1a,Q2a,Q3a,comment\ns1,0.408,0.408,0.408\n"
                                                       "s2,0.408,0.408,0.408,late\n")
    assert said == [] and {row["status"] for row in rows} == {"correct"}


def test_the_warning_counts_and_names_the_answers_graded_blank(invoke, three_question_folder):
    said, rows = _grade(invoke, three_question_folder, "student_id,Q1a,Q2a,Q3a,comment,,\ns1,0.408,0.408,0.408\n"
                                                       "s2,0.408\ns3,0.408,0.408,0.408,ok\n")
    assert said == ["quizgen: warning: wide.csv: line 3 has 2 cells where the header has 7: the answers missing "
                    "at a line's end are graded as blank (line 3: 2 answers, Q2a, Q3a); if the file was cut short "
                    "(a truncated export), export it again"]
    assert [row["status"] for row in rows if row["student_id"] == "s2"] == ["correct", "blank", "blank"]
