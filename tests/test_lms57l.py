"""fix57l: review rev57b's LMS findings. F1: a student with a finished Moodle
attempt and a later one still open is held back as one whose only attempt is
open (no sheet, no LMS gradebook row, the held notes name them)."""

import csv

import pytest

from lms_support import exported_download, moodle_csv

GRADES_HEADER = "First name,Last name,ID number,Email address,State,Started on,Completed,Duration,Grade/10.00\n"


def _notes(output: str) -> list:
    return [" ".join(line.split()) for line in output.splitlines() if line.startswith("Note")]


def _book_ids(path) -> list:
    return [row[0] for row in list(csv.reader(path.open(encoding="utf-8-sig")))[1:]]


@pytest.fixture
def reopened(tmp_path, invoke):
    """A Moodle download of s000 and s001 (Finished) where s000 has a second
    attempt, still open, started after the first."""
    header, *rows = exported_download(invoke, tmp_path, "C1", 2, 2)
    started = header.index("Started on")
    rows[0][started] = rows[1][started] = "6 December 2026  9:07 AM"
    again = list(rows[0])
    again[header.index("State")], again[started] = "In progress", "6 December 2026  12:00 PM"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows + [again]), encoding="utf-8")
    (tmp_path / "grades.csv").write_text(
        GRADES_HEADER + "Test,S0,s000,s0@example.org,Finished,x,x,x,5.00\n"
        "Test,S0,s000,s0@example.org,In progress,x,-,-,-\nTest,S1,s001,s1@example.org,Finished,x,x,x,5.00\n",
        encoding="utf-8")
    return tmp_path


@pytest.mark.parametrize("roster", [False, True])
@pytest.mark.slow
def test_a_later_attempt_still_open_holds_back_the_sheet_and_the_gradebook_row(reopened, invoke, roster):
    extra = ["--roster", reopened / "grades.csv"] if roster else []
    run = invoke("grade", reopened / "responses.csv", "--key", reopened / "questions-key.json", "--feedback",
                 reopened / "fb", "--gradebook", "moodle", "--out", reopened / "out", *extra)
    assert run.exit_code == 0, run.output
    assert (reopened / "fb" / "s001.md").exists() and not (reopened / "fb" / "s000.md").exists()
    assert _book_ids(reopened / "out" / "responses-graded-gradebook-moodle.csv") == ["s001"]
    notes = _notes(run.output)
    assert any("get no feedback sheet" in n and "s000 (In progress" in n for n in notes), notes
    assert any("whose Moodle attempt is still open" in n and n.endswith("s000; grade again once the quiz is closed")
               for n in notes), notes
    assert not any("graded from an attempt Moodle shows as not submitted" in n for n in notes), notes
    graded = {r["student_id"] for r in csv.DictReader((reopened / "out" / "responses-graded.csv").open(
        encoding="utf-8-sig"))}
    assert graded == {"s000", "s001"}   # the finished attempt is graded: the class's own files have it


@pytest.mark.slow
def test_the_open_attempt_is_kept_in_the_built_key_and_holds_on_regrading(reopened, invoke):
    import json

    assert invoke("grade", reopened / "responses.csv", "--key", reopened / "questions-key.json",
                  "--out", reopened / "out").exit_code == 0
    key = json.loads((reopened / "out" / "responses-key.json").read_text(encoding="utf-8"))
    assert key["students"]["s000"]["open_attempt"] == "In progress" and "open_attempt" not in key["students"]["s001"]
    run = invoke("grade", reopened / "out" / "responses-answers.csv", "--key", reopened / "out" / "responses-key.json",
                 "--gradebook", "moodle", "--feedback", reopened / "fb2", "--out", reopened / "out2")
    assert run.exit_code == 0, run.output
    assert not (reopened / "fb2" / "s000.md").exists()
    assert _book_ids(reopened / "out2" / "responses-answers-graded-gradebook-moodle.csv") == ["s001"]


def test_a_keys_open_attempt_is_read_and_another_value_refused():
    from quizgen.errors import InputFileError
    from quizgen.key.model import read_key

    question = {"id": "Q1", "parts": [{"part": "a", "value": 1, "points": 1}]}
    key = {"questions": [question], "students": {"s1": {"questions": [question], "open_attempt": "Overdue"}}}
    assert read_key(key).papers[0].open_attempt == "Overdue"
    key["students"]["s1"]["open_attempt"] = "Finished"
    with pytest.raises(InputFileError, match=r"open_attempt: expected one of 'In progress', 'Overdue', .*got 'Finished'"):
        read_key(key)


# ---------------------------------------------------------------- F3: the quiz's maximum kept for regrading

@pytest.fixture
def graded_once(tmp_path, invoke):
    """A Moodle download of three students graded with a Moodle gradebook into out/, the quiz's maximum
    grade 20 (the paper's points: 10)."""
    header, *rows = exported_download(invoke, tmp_path, "C1,C7", 2, 3)
    header[header.index("Grade/10.00")] = "Grade/20.00"
    (tmp_path / "responses.csv").write_text(moodle_csv(header, rows), encoding="utf-8")
    run = invoke("grade", tmp_path / "responses.csv", "--key", tmp_path / "questions-key.json",
                 "--gradebook", "moodle", "--out", tmp_path / "out")
    assert run.exit_code == 0, run.output
    return tmp_path


def _grades(path) -> dict:
    return {row[0]: row[2] for row in list(csv.reader(path.open(encoding="utf-8-sig")))[1:]}


@pytest.mark.slow
def test_regrading_the_built_answers_scales_the_moodle_gradebook_as_the_download_did(graded_once, invoke):
    import json

    key = json.loads((graded_once / "out" / "responses-key.json").read_text(encoding="utf-8"))
    assert key["moodle_maximum"] == "20.00"
    (graded_once / "ov.csv").write_text("student_id,question_id,part,share\ns000,Q1,a,1\n", encoding="utf-8")
    first = invoke("grade", graded_once / "responses.csv", "--key", graded_once / "questions-key.json",
                   "--gradebook", "moodle", "--overrides", graded_once / "ov.csv", "--out", graded_once / "out")
    assert first.exit_code == 0, first.output
    run = invoke("grade", graded_once / "out" / "responses-answers.csv", "--key", graded_once / "out" / "responses-key.json",
                 "--gradebook", "moodle", "--overrides", graded_once / "ov.csv", "--out", graded_once / "out2")
    assert run.exit_code == 0, run.output
    first = _grades(graded_once / "out" / "responses-graded-gradebook-moodle.csv")
    again = _grades(graded_once / "out2" / "responses-answers-graded-gradebook-moodle.csv")
    assert again == first and float(again["s000"]) > 0 and float(again["s000"]) % 1 == 0.0   # points 2.5 -> 5, say
    assert "scaled to the quiz's maximum grade in Moodle, 20" in " ".join(run.output.split())


@pytest.mark.slow
def test_an_older_built_key_without_the_maximum_says_its_grades_are_points(graded_once, invoke):
    import json

    path = graded_once / "out" / "responses-key.json"
    key = json.loads(path.read_text(encoding="utf-8"))
    del key["moodle_maximum"]   # as a quizgen before round 57 wrote it
    path.write_text(json.dumps(key), encoding="utf-8")
    run = invoke("grade", graded_once / "out" / "responses-answers.csv", "--key", path, "--gradebook", "moodle",
                 "--out", graded_once / "out2")
    assert run.exit_code == 0, run.output
    said = " ".join(run.output.split())
    assert ("the grades in the Moodle gradebook file are the paper's points (of 10), not scaled to the quiz's "
            "maximum grade in Moodle: responses-key.json keeps no such maximum") in said, said
    assert "grade the Moodle download itself again" in said


def test_a_keys_moodle_maximum_is_read_and_a_bad_one_refused():
    from quizgen.errors import InputFileError
    from quizgen.key.model import read_key

    question = {"id": "Q1", "parts": [{"part": "a", "value": 1, "points": 1}]}
    assert read_key({"questions": [question], "moodle_maximum": "7.50"}).moodle_maximum == "7.50"
    for bad in ("0", "ten", "-1", "1e3", 10):
        with pytest.raises(InputFileError, match="moodle_maximum: expected"):
            read_key({"questions": [question], "moodle_maximum": bad})
