"""Round 39 (LMS review F4): a Canvas student with no sis_id is named by their
Canvas id, which can be another student's sis_id; the two were merged into one
student (the run then stopped blaming the download, or one's grade went on the
other's row). Two Canvas users under one id now stop grade naming both rows."""

import csv
import io

from test_lms_attempts27 import RIGHT, WRONG, _canvas


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


def test_one_users_rows_with_and_without_a_sis_id_are_one_student(tmp_path, invoke):
    """Round 44: Ada's sis_id s001 is on her first attempt's row only (set in the SIS between her attempts);
    both rows are Canvas user 103's, so they are one student, s001, whose best attempt (the second) is
    graded, with a warning naming the rows. They were two students, s001 and 103, each with a paper."""
    path, key = _canvas(tmp_path, [("s001", 1, WRONG), ("s001", 2, RIGHT), ("s002", 1, RIGHT)])
    _with_ids(path, [("103", "s001"), ("103", ""), ("104", "s002")])
    result = invoke("grade", path, "--key", key, "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 0, result.output
    assert "Graded 6 answers from 2 students" in result.output
    assert (f"{path.name}: 1 Canvas user(s) have a sis_id on some rows and none on others (user 103: sis_id s001 "
            "on row 1, none on row 2; rows counted after the header); each one's rows are graded as one student, "
            "by that sis_id, as when the SIS id was set or removed in Canvas between their attempts; if the rows "
            "are not one person's (joined or edited by hand?), correct them or download the analysis again"
            ) in result.stderr
    with (tmp_path / "out" / "graded-students.csv").open(encoding="utf-8-sig") as handle:
        students = {row["student_id"]: row for row in csv.DictReader(handle)}
    assert sorted(students) == ["s001", "s002"] and students["s001"]["score"] == students["s002"]["score"]


def test_a_sis_id_is_lent_only_by_rows_of_the_same_canvas_user():
    """Rows 2 and 4 borrow their user's one sis_id; user 104's row keeps its Canvas id."""
    from quizgen.lms.row_checks import canvas_students

    students, filled = canvas_students(["103", "103", "104", "103", ""], ["s001", "", "", "", ""])
    assert students == ["s001", "s001", "104", "s001", ""]
    assert filled == {("103", "s001"): ([(1, "")], [(2, ""), (4, "")])}


def test_a_canvas_user_whose_rows_hold_two_sis_ids_is_refused_naming_the_user_the_ids_and_rows(tmp_path, invoke):
    """Review 44g F4: Ada (Canvas user 105) has sis_id a on her first attempt, b on her second and none
    on her third; she was graded as three students (a, b and 105), the gradebook getting her second attempt
    where Canvas keeps her highest. Which sis_id is hers cannot be told, so grade stops in one line."""
    path, key = _canvas(tmp_path, [("a", 1, RIGHT), ("b", 2, WRONG), ("x", 3, WRONG), ("s002", 1, RIGHT)])
    _with_ids(path, [("105", "a"), ("105", "b"), ("105", ""), ("104", "s002")])
    result = invoke("grade", path, "--key", key, "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert ("the Canvas student analysis's rows 1, 2 and 3 after the header: the Canvas user '105' (S a) has "
            "2 sis_ids ('a' on row 1; 'b' on row 2; none on row 3), so which is the student's cannot be told "
            "(taking one is a guess, and could put a wrong attempt in the gradebook); give the user one SIS id "
            "in Canvas and download the analysis again, or correct the rows' sis_id by hand") in result.output
    assert not (tmp_path / "out").exists()


def test_two_sis_ids_of_one_canvas_user_are_refused_with_no_bare_row_too():
    """Rows 1 and 3 hold s001, row 2 S9: one user, two sis_ids, no row without one."""
    import pytest

    from quizgen.errors import InputFileError
    from quizgen.lms.row_checks import canvas_students

    with pytest.raises(InputFileError) as raised:
        canvas_students(["103", "103", "103", "104"], ["s001", "S9", "s001", "s002"])
    assert "rows 1, 2 and 3 after the header: the Canvas user '103' has 2 sis_ids ('s001' on rows 1 and 3; " \
           "'S9' on row 2)" in str(raised.value)


def test_a_repeated_attempt_refusal_says_a_row_took_its_users_sis_id(tmp_path, invoke):
    """Review 44g F18: row 2 holds no sis_id, and is s001 because its Canvas user 103 has s001 on row 1;
    the refusal of attempt 1 twice named student 's001' for it with no word of why."""
    path, key = _canvas(tmp_path, [("s001", 1, RIGHT), ("s001", 1, WRONG), ("s002", 1, RIGHT)])
    _with_ids(path, [("103", "s001"), ("103", ""), ("104", "s002")])
    result = invoke("grade", path, "--key", key, "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
    assert ("the Canvas student analysis's rows 1 and 2 after the header: student 's001' has attempt 1 twice "
            "(row 2 has no sis_id; its Canvas user '103' has 's001' on row 1), and Canvas writes each attempt "
            "once") in result.output


def test_rows_that_both_took_the_sis_id_are_named_together():
    """Rows 2 and 3 have no sis_id, both attempt 1; their user's sis_id is on row 1 (attempt 2)."""
    import pytest

    from quizgen.errors import InputFileError
    from quizgen.lms.row_checks import canvas_attempts, canvas_students

    students, filled = canvas_students(["103", "103", "103"], ["s001", "", ""])
    with pytest.raises(InputFileError) as raised:
        canvas_attempts(["2", "1", "1"], students, None, filled)
    assert "attempt 1 twice (rows 2 and 3 have no sis_id; their Canvas user '103' has 's001' on row 1)" \
        in str(raised.value)


def test_the_sis_id_warning_lists_each_users_rows_apart_and_fits_a_sis_id_that_went():
    """Review 44g F16: 'none on row 1, 2, 4, user 104: ...' ran one user's rows into the next, and asking
    whether the SIS id was set between attempts did not fit user 103, whose sis_id is on row 3 and not row 4."""
    from quizgen.grading.download_warnings import filled_warning
    from quizgen.lms.row_checks import canvas_students

    _, filled = canvas_students(["103", "103", "103", "103", "104", "104"], ["", "", "s001", "", "", "s002"],
                                ["A", "A", "A", "A", "B", "B"])
    assert filled_warning("analysis.csv", filled) == [
        "analysis.csv: 2 Canvas user(s) have a sis_id on some rows and none on others (user 103: sis_id s001 "
        "on row 3, none on rows 1, 2 and 4; user 104: sis_id s002 on row 6, none on row 5; rows counted after "
        "the header); each one's rows are graded as one student, by that sis_id, as when the SIS id was set or "
        "removed in Canvas between their attempts; if the rows are not one person's (joined or edited by "
        "hand?), correct them or download the analysis again"]


def test_the_sis_id_warning_names_the_rows_names_when_they_differ(tmp_path, invoke):
    """Review 44g F5: user 103's rows are named Ada Lovelace (with s001) and Bob Byron (none): graded as one
    student, s001, which the warning now says is two names, for the instructor to tell a renamed user from
    rows joined by hand."""
    path, key = _canvas(tmp_path, [("s001", 1, WRONG), ("s001", 2, RIGHT), ("s001", 3, RIGHT), ("s002", 1, RIGHT)])
    _with_ids(path, [("103", "s001"), ("103", ""), ("103", ""), ("104", "s002")])
    rows = list(csv.reader(io.StringIO(path.read_text(encoding="utf-8"))))
    for row, name in zip(rows[1:], ["Ada Lovelace", "Bob  Byron", "Bob Byron", "Cy"]):
        row[0] = name
    out = io.StringIO()
    csv.writer(out).writerows(rows)
    path.write_text(out.getvalue(), encoding="utf-8")
    result = invoke("grade", path, "--key", key, "--out", tmp_path / "out" / "graded.csv")
    assert result.exit_code == 0, result.output
    assert ("(user 103: sis_id s001 on row 1, none on rows 2 and 3, named 'Ada Lovelace' on row 1, 'Bob Byron' "
            "on rows 2 and 3; rows counted after the header)") in result.stderr
