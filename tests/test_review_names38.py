"""polish38 (4): with --roster, report.md and the students CSV named a student
as the roster does, while ``quizgen review`` wrote graded.csv's name (the
answers file's): one student, two names in one run. review now takes the
students CSV's name (the roster's), graded.csv's only where that gives none."""

import csv


def review_rows(course, invoke, roster: bool):
    (course / "answers.csv").write_text("student_id,name,Q1a,Q1b\ns001,Ada L,0.5,maybe 0.3\ns002,Bob,maybe 0.7,0.335\n",
                                        encoding="utf-8")
    (course / "roster.csv").write_text("student_id,name\ns001,Ada Lovelace\ns002,\n", encoding="utf-8")
    extra = ("--roster", "roster.csv") if roster else ()
    assert invoke("grade", "answers.csv", "--key", "quiz/key.json", *extra).exit_code == 0
    result = invoke("review", "answers-graded.csv")
    assert result.exit_code == 0, result.output
    with open(course / "answers-graded-review.csv", newline="", encoding="utf-8-sig") as handle:
        return {row["student_id"]: row["name"] for row in csv.DictReader(handle)}


def test_review_names_a_student_as_the_roster_and_the_students_file_do(course, invoke):
    names = review_rows(course, invoke, roster=True)
    with open(course / "answers-graded-students.csv", newline="", encoding="utf-8-sig") as handle:
        students = {row["student_id"]: row["name"] for row in csv.DictReader(handle)}
    assert names["s001"] == students["s001"] == "Ada Lovelace"
    assert names["s002"] == "Bob"   # the roster gives no name: the answers file's, as before


def test_without_a_roster_the_answers_files_names_stay(course, invoke):
    assert review_rows(course, invoke, roster=False) == {"s001": "Ada L", "s002": "Bob"}
