"""A student id typed in Arabic-Indic digits (a phone's Arabic keyboard) is the id in ASCII
digits, as fullwidth digits and every other look-alike already were, for the answers, the
roster and the key alike (review 50a F9, second point: ``s٠٠٣`` had no paper)."""

import csv

from quizgen.marking.student_ids import normalise_id


def test_any_scripts_digits_are_ascii_digits_in_an_id():
    assert normalise_id("s\u0660\u0660\u0663") == "s003"   # Arabic-Indic
    assert normalise_id("S\u06f0\u06f0\u06f7") == "s007"   # Extended Arabic-Indic (Persian, Urdu)
    assert normalise_id("\u0967\u0968") == "12"            # Devanagari
    assert normalise_id("s\u0660\u0661\u0662", "strip") == "s12"


def test_answers_under_an_arabic_indic_id_are_graded_against_its_paper(invoke, tmp_path):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns001,A\ns002,B\ns\u0660\u0660\u0663,C\n", encoding="utf-8")
    made = invoke("generate", "--seed", "48613092775301", "--classes", "C1", "--students", roster,
                  "--out", tmp_path / "per")
    assert made.exit_code == 0, made.output
    key = list(csv.DictReader(open(tmp_path / "per" / "key.csv", encoding="utf-8-sig")))
    third = next(row for row in key if row["student_id"] == "s\u0660\u0660\u0663" and row["part"] == "a")
    answers = tmp_path / "a.csv"
    answers.write_text(f"student_id,question_id,part,answer\ns003,Q1,a,{third['answer']}\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "per" / "key.json", "--roster", roster,
                    "--out", tmp_path / "g")
    assert graded.exit_code == 0, graded.output
    rows = list(csv.DictReader(open(tmp_path / "g" / "a-graded.csv", encoding="utf-8-sig")))
    assert [(row["question_id"], row["part"], row["status"]) for row in rows] == [("Q1", "a", "correct")]
    assert "unknown_student" not in graded.output and "not on the roster" not in graded.output
