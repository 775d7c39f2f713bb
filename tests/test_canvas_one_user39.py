"""Round 39 (LMS review F4): a Canvas student with no sis_id is named by their
Canvas id, which can be another student's sis_id; the two were merged into one
student (the run then stopped blaming the download, or one's grade went on the
other's row). Two Canvas users under one id now stop grade naming both rows."""

import csv
import io

from test_lms_attempts27 import RIGHT, _canvas


def _with_ids(path, ids):
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    for row, (canvas_id, sis_id) in zip(rows[1:], ids):
        row[1], row[2] = canvas_id, sis_id
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")


def test_a_canvas_id_that_is_another_students_sis_id_is_refused_naming_both_rows(tmp_path, invoke):
    path, key = _canvas(tmp_path, [("s001", 1, RIGHT), ("s002", 1, RIGHT)])
    _with_ids(path, [("103", "104"), ("104", "")])
    result = invoke("grade", path, "--key", key, "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert ("the Canvas student analysis's rows 1 and 2 after the header: the id '104' names two Canvas users "
            "(ids '103' and '104'") in result.output
    assert not (tmp_path / "out").exists()


def test_one_users_attempts_and_students_sharing_nothing_grade(tmp_path, invoke):
    path, key = _canvas(tmp_path, [("s001", 1, RIGHT), ("s001", 2, RIGHT), ("s002", 1, RIGHT)])
    _with_ids(path, [("103", "s001"), ("103", "s001"), ("104", "")])
    result = invoke("grade", path, "--key", key, "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 0, result.output
    assert "Graded 6 answers from 2 students" in result.output


def test_a_student_the_download_names_by_canvas_id_is_graded_on_that_id_not_on_a_sis_id_alike(tmp_path, invoke):
    """Round 40 (LMS review F4b): Emilie has no sis_id, so the download names her by her Canvas id 104,
    which is Grace's SIS User ID; Grace took no attempt. Emilie's grade went on Grace's row."""
    path, key = _canvas(tmp_path, [("s001", 1, RIGHT), ("s002", 1, RIGHT)])
    _with_ids(path, [("103", "s001"), ("104", "")])
    template = tmp_path / "gradebook.csv"
    template.write_text("Student,ID,SIS User ID,SIS Login ID,Section,Quiz\n    Points Possible,,,,,\n"
                        "Ada,103,s001,ada,A,\nGrace,200,104,grace,A,\nEmilie,104,,emilie,A,\n", encoding="utf-8")
    result = invoke("grade", path, "--key", key, "--gradebook", "canvas", "--gradebook-template", template,
                    "--gradebook-item", "Quiz", "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 0, result.output
    book = list(csv.reader(io.StringIO(next((tmp_path / "out").glob("*gradebook-canvas*.csv")).read_text("utf-8-sig"))))
    grades = {row[0]: row[-1] for row in book[2:]}
    assert grades["Emilie"] == grades["Ada"] != "" and grades["Grace"] == "", book
