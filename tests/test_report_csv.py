"""The items CSV as a spreadsheet opens it: a decimal-comma class (';' file,
0,25) gets its figures with a decimal comma and its cells separated as its
answers were, like the students CSV; a decimal-point class is unchanged."""

import codecs

import quizgen
from quizgen.report import analyse, items_csv
from quizgen.report.model import Part, Student, Trap, Verdict
from test_grade_outputs import ANSWERS, read_csv, small_key, write


def test_decimal_comma_class_gets_comma_figures_and_its_own_delimiter(tmp_path):
    rows = [r[:4] + (r[4].replace(".", ","),) for r in ANSWERS]
    result = quizgen.grade(write(tmp_path, small_key(), rows, delimiter=";"), key=tmp_path / "key.json")
    items = {(r[0], r[1], r[2], r[5]): r for r in read_csv(result.paths["items"], delimiter=";")}
    assert items[("part", "Q1", "a", "")][13] == "0,600"            # facility: 3 of 5 right
    assert items[("trap", "Q1", "a", "halved")][16] == "0,400"      # 2 of 5 fell into the trap
    assert items[("part", "Q1", "a", "")][6] == "2"
    students = read_csv(result.paths["students"], delimiter=";")
    assert len(students[0]) > 1                                      # the same separator as the students CSV


def test_decimal_point_class_is_unchanged(tmp_path):
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json")
    text = result.paths["items"].read_text(encoding="utf-8-sig")
    assert text.startswith("level,question_id,part,") and ",0.600," in text


def test_items_csv_starts_with_a_byte_order_mark_as_the_other_csvs_do(tmp_path):
    # the students, questions and graded CSVs had one and the items CSV not: a spreadsheet
    # opening it guessed its encoding and garbled the key's accents
    result = quizgen.grade(write(tmp_path, small_key()), key=tmp_path / "key.json")
    for role in ("graded", "students", "questions", "items"):
        data = result.paths[role].read_bytes()
        assert data.startswith(codecs.BOM_UTF8) and not data[3:].startswith(codecs.BOM_UTF8), role


def test_items_csv_ends_its_lines_as_the_other_csvs_do(tmp_path):
    # graded, students and questions CSVs end lines with CRLF (csv's default) and the
    # items CSV ended them with LF: one grading run wrote two kinds of line end
    comma_rows = [r[:4] + (r[4].replace(".", ","),) for r in ANSWERS]
    for folder, rows, delimiter in ((tmp_path / "point", ANSWERS, ","), (tmp_path / "comma", comma_rows, ";")):
        folder.mkdir()
        result = quizgen.grade(write(folder, small_key(), rows, delimiter), key=folder / "key.json")
        for role in ("graded", "students", "questions", "items"):
            data = result.paths[role].read_bytes()
            assert data.count(b"\r\n") == data.count(b"\n") > 1, (delimiter, role)


def test_only_figures_get_the_comma_key_text_stays_as_written():
    part = Part("Q1", "a", "C1", "v1.5", 0.5, (Trap("x", "use 0.25, not 0.5"),))
    students = [Student("s1", "", [Verdict("correct", 0.5)]), Student("s2", "", [Verdict("incorrect", 0.0, "x")])]
    text = items_csv(analyse([part], students), ";", comma=True)
    rows = [line.split(";") for line in text.removeprefix("\ufeff").splitlines()]
    assert rows[1][4] == "v1.5" and rows[1][6] == "0,5" and rows[1][13] == "0,500"
    assert rows[2][20] == "use 0.25, not 0.5" and rows[2][16:19] == ["0,500", "1,000", "0,000"]
