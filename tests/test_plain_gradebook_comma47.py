"""The plain gradebook is written as the class's answers file was (review 47b F7): a `;` file with
decimal commas gives `;` and `8,5`, as the graded and students CSVs do, where it wrote `,` and
`8.5106`, one column in a German or French Excel. No LMS reads it; Moodle's and Canvas's keep
their import format."""

import csv
import io


def _rows(path, delimiter):
    return list(csv.reader(io.StringIO(path.read_text(encoding="utf-8-sig")), delimiter=delimiter))


def test_a_semicolon_decimal_comma_class_gets_a_plain_gradebook_like_its_other_csvs(invoke, tmp_path):
    """Seed 1's three C1 questions, 2 points a part: d1's right (a) = 0.7157 scores 2 of 12, 16.6667%."""
    made = invoke("generate", "--seed", 1, "--classes", "C1", "--count", 3, "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    answers = tmp_path / "dc.csv"
    answers.write_text("student_id;question_id;part;answer\nd1;Q1;a;0,7157\nd1;Q1;b;0,4\nd2;Q1;a;0,1\n",
                       encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--gradebook", "plain",
                    "--out", tmp_path / "g/")
    assert graded.exit_code == 0, graded.output
    book = _rows(tmp_path / "g" / "dc-graded-gradebook-plain.csv", ";")
    assert book[0] == ["student_id", "name", "score", "max", "percent"]
    assert book[1][2:] == ["2", "12", "16,6667"]
    students = _rows(tmp_path / "g" / "dc-graded-students.csv", ";")
    assert students[0][0] == "student_id" and len(students[0]) > 3   # the students CSV is ; too
    again = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--gradebook", "plain",
                   "--out", tmp_path / "g/")
    assert again.exit_code == 0, again.output   # the ; gradebook is known as quizgen's own: replaced, not refused
    assert "gradebook" not in again.stderr


def test_a_comma_file_keeps_points_and_commas(invoke, tmp_path):
    made = invoke("generate", "--seed", 1, "--classes", "C1", "--count", 3, "--out", tmp_path / "q")
    assert made.exit_code == 0, made.output
    answers = tmp_path / "a.csv"
    answers.write_text("student_id,question_id,part,answer\nd1,Q1,a,0.7157\nd1,Q1,b,0.4\n", encoding="utf-8")
    graded = invoke("grade", answers, "--key", tmp_path / "q" / "key.json", "--gradebook", "plain",
                    "--out", tmp_path / "g/")
    assert graded.exit_code == 0, graded.output
    book = _rows(tmp_path / "g" / "a-graded-gradebook-plain.csv", ",")
    assert book[0] == ["student_id", "name", "score", "max", "percent"] and book[1][2:] == ["2", "12", "16.6667"]
