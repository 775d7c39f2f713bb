"""Round 39 (LMS review F2): Moodle does not require ID numbers to be unique.
Two people under one ID number were taken for one student's two attempts: the
later graded as theirs, the other dropped with a note on "other attempts".
Now grade stops in one line naming both rows; one person's attempts (the same
email, or the same name where an email is missing) still read as before."""

import pytest

from lms_support import exported_download, moodle_csv


def _download(tmp_path, invoke, change):
    header, *rows = exported_download(invoke, tmp_path, "C1", 1, 3)
    rows[2] = change(header, list(rows[2]))
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    return invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                  "--out", tmp_path / "out" / "graded.csv")


def _as(header, row, **cells):
    for column, value in cells.items():
        row[header.index(column)] = value
    return row


def test_two_people_under_one_id_number_stop_grade_naming_both_rows(tmp_path, invoke):
    result = _download(tmp_path, invoke, lambda h, row: _as(h, row, **{"ID number": "s001"}))
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "responses.csv: the Moodle export's rows 2 and 3 after the header: the id 's001' names two people " \
           "(Test S1, s1@example.org; Test S2, s2@example.org)" in result.output and "--gradebook-key email" in result.output
    assert not (tmp_path / "out").exists()


def test_one_persons_second_attempt_is_still_an_attempt(tmp_path, invoke):
    same = {"ID number": "s001", "Email address": "S1@example.org", "Last name": "S1"}
    result = _download(tmp_path, invoke, lambda h, row: _as(h, row, **same))
    assert result.exit_code == 0, result.output
    assert "1 student(s) had more than one attempt (s001)" in " ".join(result.output.split())


def test_without_an_email_the_name_tells_them_apart(tmp_path, invoke):
    no_email = {"ID number": "s001", "Email address": ""}
    result = _download(tmp_path, invoke, lambda h, row: _as(h, row, **no_email))
    assert result.exit_code == 2 and "names two people (Test S1, s1@example.org; Test S2)" in result.output
    assert "--gradebook-key email" not in result.output   # an email to name them by is missing: no such advice


@pytest.mark.parametrize("same_person", [False, True])
def test_ids_differing_in_case_alone_are_refused_naming_the_rows(tmp_path, invoke, same_person):
    """The id rule reads S001 and s001 as one: they were refused as key.json's students["S001"] in
    responses-key.json, a file the user never wrote (one person's two accounts too: hostile review)."""
    cells = {"ID number": "S001", **({"Email address": "s1@example.org", "Last name": "S1"} if same_person else {})}
    result = _download(tmp_path, invoke, lambda h, row: _as(h, row, **cells))
    assert result.exit_code == 2 and result.output.count("\n") == 1
    assert "rows 2 and 3 after the header: the ids 's001' and 'S001' are one id by the id rule" in result.output
    assert "-key.json" not in result.output
