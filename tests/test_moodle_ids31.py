"""A Moodle Responses download re-saved by a spreadsheet, whose ID numbers
lost their leading zeros, graded with --roster: the Moodle gradebook file
writes the roster's ids, which Moodle knows, and the note says why the ids
differ (rev-instructor31)."""

import pytest
import csv

from lms_support import exported_download, moodle_csv


def _download_without_zeros(invoke, folder, students: int = 3) -> None:
    """responses.csv with ID numbers 7, 8, ... (a spreadsheet's numbers) and roster.csv with 0000007, 0000008, ..."""
    header, *rows = exported_download(invoke, folder, "C1", 1, students)
    column = header.index("ID number")
    for n, row in enumerate(rows):
        row[column] = str(n + 7)
    (folder / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    roster = "".join(f"{n + 7:07d},Test S{n}\n" for n in range(students + 1))   # one more: no attempt
    (folder / "roster.csv").write_text("student_id,name\n" + roster, encoding="utf-8")


@pytest.mark.slow
def test_the_moodle_gradebook_writes_the_roster_ids_a_resaved_download_lost_the_zeros_of(tmp_path, invoke):
    _download_without_zeros(invoke, tmp_path)
    result = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                    "--roster", tmp_path / "roster.csv", "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    book = list(csv.reader((tmp_path / "responses-graded-gradebook-moodle.csv").open(encoding="utf-8")))
    assert [row[0] for row in book] == ["ID number", "0000007", "0000008", "0000009"]   # 0000010: no attempt, no row
    output = " ".join(result.output.split())
    assert ("3 student id(s) of the LMS download lack the leading zeros of the roster's ids (the download opened "
            "and saved again in a spreadsheet, most likely) and are that student, graded under the download's id; "
            "a Moodle gradebook file writes the roster's, which Moodle knows: 7 as 0000007, 8 as 0000008, "
            "9 as 0000009") in output
    assert "paper's id" not in output


def _download_with_right_answers(invoke, folder, maximum: str) -> None:
    """responses.csv of 2 students with every answer right (read from a first grading's expected
    column), headed ``Grade/<maximum>`` as Moodle heads the quiz's maximum grade."""
    header, *rows = exported_download(invoke, folder, "C1", 1, 2)
    assert invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json").exit_code == 0
    expected = {}
    for row in csv.DictReader((folder / "responses-graded.csv").open(encoding="utf-8-sig")):
        expected.setdefault(row["student_id"], []).append(row["expected"])
    for row in rows:
        row[header.index("Response 1")] = "; ".join(f"part {n}: {value}"
                                                     for n, value in enumerate(expected[row[2]], start=1))
    header[header.index("Grade/10.00")] = f"Grade/{maximum}"
    (folder / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")


def graded_with_maximum(invoke, folder, maximum: str):
    """grade --gradebook moodle on _download_with_right_answers's download headed ``Grade/<maximum>``."""
    _download_with_right_answers(invoke, folder, maximum)
    result = invoke("grade", folder / "responses.csv", "--key", folder / "questions-key.json",
                    "--gradebook", "moodle")
    assert result.exit_code == 0, result.output
    return result


@pytest.mark.slow
def test_the_moodle_gradebook_is_scaled_to_the_quiz_maximum_grade_the_download_names(tmp_path, invoke):
    result = graded_with_maximum(invoke, tmp_path, "10.00")
    book = list(csv.reader((tmp_path / "responses-graded-gradebook-moodle.csv").open(encoding="utf-8")))
    students = list(csv.DictReader((tmp_path / "responses-graded-students.csv").open(encoding="utf-8-sig")))
    assert [s["score"] for s in students] == [s["max_score"] for s in students] == ["4", "4"]   # points kept here
    assert [row[2] for row in book[1:]] == ["10", "10"]   # the quiz's maximum grade in Moodle
    assert ("the grades in the Moodle gradebook file are scaled to the quiz's maximum grade in Moodle, 10 (as the "
            "download's grade column heads it), from the paper's points, as Moodle's import reads a grade against "
            "its grade item's maximum and refuses the whole file at one above it: s000's 4 of 4 is written 10") \
        in " ".join(result.output.split())

    again = tmp_path / "again"   # a quiz whose maximum grade is the paper's points: written as they are, no note
    again.mkdir()
    _download_with_right_answers(invoke, again, "4.00")
    result = invoke("grade", again / "responses.csv", "--key", again / "questions-key.json", "--gradebook", "moodle")
    book = list(csv.reader((again / "responses-graded-gradebook-moodle.csv").open(encoding="utf-8")))
    assert [row[2] for row in book[1:]] == ["4", "4"] and "scaled" not in result.output
