"""A registrar's or LMS's roster keeps its students' names (given and family
name columns, Canvas's "Last, First"), and grade's "did you mean" for an
unknown id names the obvious student: a swap of two digits or a dropped
digit is one edit, and among equally near ids those who gave no answer come
first (review 20: 120 students, registrar roster)."""

import csv
import io
import json

import pytest

from quizgen.marking.student_ids import edit_distance, id_hint, nearest_ids
from quizgen.roster import Student, parse_roster


def rows(path):
    return list(csv.DictReader(io.StringIO(path.read_text(encoding="utf-8-sig"))))


# ---------------------------------------------------------------- names from given and family name columns

@pytest.mark.parametrize("header", [
    "Student ID,Last Name,First Name", "Matrikelnummer;Nachname;Vorname", "Numéro étudiant,Nom,Prénom",
    "student_id,Surname,Given name", "Student number,Family name,Forename", "email,Apellido(s),Nombre",
])
def test_given_and_family_name_columns_make_one_name_first_last(header):
    delimiter = ";" if ";" in header else ","
    roster = parse_roster(f"{header}\n2300100{delimiter}Lovelace{delimiter}Ada\n2300101{delimiter}Turing{delimiter}\n")
    assert roster == [Student("2300100", "Ada Lovelace"), Student("2300101", "Turing")]


def test_a_single_name_column_still_wins_and_nom_alone_is_still_the_whole_name():
    assert parse_roster("id,First name,Last name,Name\n1,Ada,Lovelace,A. Lovelace\n") == [Student("1", "A. Lovelace")]
    assert parse_roster("Numéro étudiant;Nom\n1;Émile Zola\n") == [Student("1", "Émile Zola")]
    assert parse_roster("Nombre,Email\nAna García,a@x\n") == [Student("a@x", "Ana García")]


def test_a_canvas_gradebook_export_reads_by_sis_id_with_names_first_last():
    """Canvas: Student ("Last, First"), ID (Canvas's), SIS User ID (the registrar's); a
    posting-policy row, "Points Possible" and the Test Student are no students."""
    export = ('Student,ID,SIS User ID,SIS Login ID,Section,Quiz 1 (77)\n'
              ',,,,,Manual Posting\n'
              '    Points Possible,,,,,10.00\n'
              '"Lovelace, Ada",101,2300100,ada,S1,5\n'
              '"Student, Test",999,,,S1,\n'
              '"Turing, Alan",102,,alan,S1,\n')
    assert parse_roster(export) == [Student("2300100", "Ada Lovelace"), Student("102", "Alan Turing")]
    without_sis = 'Student,ID,Section\n    Points Possible,,\n"Lovelace, Ada",101,S1\n'
    assert parse_roster(without_sis) == [Student("101", "Ada Lovelace")]


def test_a_moodle_export_reads_by_id_number_else_email_as_its_quiz_downloads_do():
    export = ("First name,Last name,ID number,Institution,Department,Email address\n"
              "Ada,Lovelace,2300100,,,ada@uni.example\nAlan,Turing,,,,alan@uni.example\n")
    assert parse_roster(export) == [Student("2300100", "Ada Lovelace"), Student("alan@uni.example", "Alan Turing")]


@pytest.mark.slow
def test_a_registrar_roster_with_first_and_last_name_names_every_output(invoke, tmp_path):
    """review 20: papers, solutions, graded-students.csv and the gradebook had every name blank."""
    roster = tmp_path / "roster.csv"
    roster.write_text("Student ID,Last Name,First Name,Program\n2300100,Lovelace,Ada,CS\n2300101,Turing,Alan,CS\n",
                      encoding="utf-8")
    quiz = tmp_path / "quiz"
    result = invoke("generate", "--seed", 3, "--classes", "C1", "--students", roster, "--out", quiz)
    assert result.exit_code == 0, result.output
    assert "| Ada Lovelace | 2300100 |" in (quiz / "problems.md").read_text(encoding="utf-8")
    assert "For Ada Lovelace (student ID 2300100)." in (quiz / "solutions.md").read_text(encoding="utf-8")
    (quiz / "answers.csv").write_text("student_id,question_id,part,answer\n2300100,Q1,a,1\n", encoding="utf-8")
    result = invoke("grade", quiz / "answers.csv", "--roster", roster, "--gradebook", "plain")
    assert result.exit_code == 0, result.output
    graded = {r["student_id"]: r["name"] for r in rows(quiz / "answers-graded-students.csv")}
    assert graded == {"2300100": "Ada Lovelace", "2300101": "Alan Turing"}
    gradebook = next(quiz.glob("*gradebook*.csv"))
    assert {r["student_id"]: r["name"] for r in rows(gradebook)} == graded


# ---------------------------------------------------------------- the nearest ids

def test_a_swap_of_two_neighbours_is_one_edit_and_the_work_is_bounded():
    assert edit_distance("2300124", "2300142", 2) == 1
    assert edit_distance("230054", "2300541", 2) == 1
    assert edit_distance("ca", "abc", 5) == 3   # optimal string alignment: no edit of a swapped pair
    assert edit_distance("2300124", "2300912", 1) == 2   # over the limit: limit + 1
    assert edit_distance("x" * 200, "y" * 200, 3) == 4


def test_a_transposed_id_names_its_student_first_among_120():
    roster = [str(2300100 + n) for n in range(120)]   # 2300124 is on it: take it off
    roster.remove("2300124")
    assert nearest_ids("2300124", roster)[0] == "2300142"   # same digits, two swapped
    assert nearest_ids("230054", ["2300548", "2300541"], prefer=["2300541"]) == ["2300541", "2300548"]
    assert id_hint("230054", ["2300548", "2300541"]) == "did you mean 2300548 or 2300541?"   # ties: roster order


def paper(name):
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 2,
          "parts": [{"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
                     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}
    return {"name": name, "seed": name, "questions": [q1]}, q1


def test_the_hint_for_an_unknown_id_prefers_the_roster_student_who_gave_no_answer(invoke, tmp_path):
    """review 20: 2300124 (2300142 swapped, who gave no answer) got 'did you mean 2300912 or
    2300814 or 2300324?'; 230054 (2300541 less a digit, absent) got 2300548 (who answered) first."""
    ids = ["2300912", "2300814", "2300324", "2300548", "2300142", "2300541"]
    key = {"questions": [paper("class")[1]], "students": {sid: paper(f"S {sid}")[0] for sid in ids}}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    answered = ["2300912", "2300814", "2300324", "2300548", "2300124", "230054"]
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\n"
                                          + "".join(f"{sid},Q1,a,0.5\n" for sid in answered), encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv")
    assert result.exit_code == 0, result.output
    assert ("2 student id(s) have no paper in key.json (unknown_student, not graded): "
            "2300124 (did you mean 2300142 or 2300324 or 2300912?), "
            "230054 (did you mean 2300541 or 2300548 or 2300142?)") in result.output
    feedback = {r["student_id"]: r["feedback"] for r in rows(tmp_path / "answers-graded.csv")}
    assert feedback["2300124"].startswith("did you mean 2300142 or ")   # as read: nearest, same digits first


def test_a_graded_id_the_roster_lacks_is_hinted_towards_who_gave_no_answer(invoke, tmp_path):
    """One class paper and --roster: the same ranking names the absent student first."""
    key = {"questions": [paper("class")[1]]}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "roster.csv").write_text("Student ID,First Name,Last Name\n2300548,Bo,B\n2300541,Ada,A\n",
                                         encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\n2300548,Q1,a,0.5\n230054,Q1,a,0.5\n",
                                          encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--roster", tmp_path / "roster.csv")
    assert result.exit_code == 0, result.output
    assert "not on the roster: 230054 (did you mean 2300541 or 2300548?)" in result.output
