"""Session 29 (hostile29b): a --feedback folder that is an output, a repeated
header line, an over-long answer, override shares in scientific notation,
US-format times on one day, and the hint for an id a spreadsheet wrote as a
number in scientific notation."""

from __future__ import annotations

import csv

import pytest

LONG = "student_id,question_id,part,answer\n"


def _answers(folder, text: str, name: str = "a.csv"):
    path = folder / name
    path.write_text(text, encoding="utf-8")
    return path


def _graded(path) -> list:
    with open(path, encoding="utf-8-sig", newline="") as handle:
        return list(csv.DictReader(handle))


@pytest.mark.parametrize("out, feedback, role", [("g.csv", "g.csv", "the graded file"),
                                                 ("g.csv", "g-report.md", "the Markdown report")])
def test_a_feedback_folder_that_is_an_output_is_refused(three_question_folder, invoke, monkeypatch,
                                                        out, feedback, role):
    """``--out g.csv --feedback g.csv`` lost every sheet (stranded in a
    .quizgen-*.tmp folder) and exited 0: now refused in one line, nothing written."""
    folder = three_question_folder
    answers = _answers(folder, LONG + "s1,Q1,a,0.408\n")
    monkeypatch.chdir(folder)
    before = sorted(p.name for p in folder.iterdir())
    result = invoke("grade", answers.name, "--key", "key.json", "--out", out, "--feedback", feedback)
    assert result.exit_code == 2, result.output
    assert len(result.output.strip().splitlines()) == 1
    assert f"--feedback {feedback}: the feedback folder" in result.output and role in result.output
    assert sorted(p.name for p in folder.iterdir()) == before


@pytest.mark.parametrize("text", [LONG + "s1,Q1,a,0.408\n" + LONG + "s2,Q1,a,0.408\n",
                                  LONG + "s1,Q1,a,0.408\n\ufeff" + LONG.upper().replace(",", " , ") + "s2,Q1,a,0.408\n",
                                  "student_id,Q1a,Q2a\ns1,0.408,0.408\nstudent_id,Q1a,Q2a\ns2,0.408,1\n"])
def test_a_repeated_header_line_is_no_student(three_question_folder, invoke, text):
    """Two exports joined: the second header line became a student
    ``student_id`` (``\\ufeffstudent_id`` after a byte-order mark) scoring 0 in
    the class figures. Now it is an invalid row naming its line, no student's."""
    folder = three_question_folder
    answers = _answers(folder, text)
    result = invoke("grade", answers, "--key", folder / "key.json", "--out", folder / "g.csv")
    assert result.exit_code == 0, result.output
    students = [row["student_id"] for row in _graded(folder / "g-students.csv")]
    assert students == ["s1", "s2"]
    again = [row for row in _graded(folder / "g.csv") if "student_id" in row["student_id"].casefold()]
    assert again and all(row["status"] == "invalid" and row["reason"].startswith("line 3 repeats the header line")
                         for row in again)
    assert "Class: mean" in result.output and "lowest 0.0%" not in result.output


@pytest.mark.parametrize("score", ["1e-5", "1e-41", "1e-400", "0.00001", "0.001%", "1e-40"])
def test_a_share_too_small_to_show_is_refused(three_question_folder, invoke, score):
    """``1e-41`` got past 'a decimal of at most 40 places' (and ``1e-5`` and
    ``0.00001`` gave partial with a score shown as 0; ``1e-400`` was silently
    incorrect): one rule for both spellings, and a share too small to show is
    refused in one line naming the row."""
    folder = three_question_folder
    answers = _answers(folder, LONG + "s1,Q1,a,0.5\n")
    overrides = _answers(folder, f"student_id,question_id,part,score\ns1,Q1,a,{score}\n", "o.csv")
    result = invoke("grade", answers, "--key", folder / "key.json", "--overrides", overrides,
                    "--out", folder / "g.csv")
    assert result.exit_code == 2, result.output
    assert "o.csv: line 2: score" in result.output and "0 or at least 0.0001" in result.output
    assert not (folder / "g.csv").exists()


def test_exponent_shares_follow_the_places_rule():
    """``1e-4`` and ``0.0001`` are one share; 41 places are refused in either spelling."""
    from quizgen.maths.shares import read_share

    assert read_share("1e-4") == read_share("0.0001") == 0.0001
    assert read_share("5e-1") == 0.5 and read_share("0") == 0.0
    assert read_share("1e-41") is None and read_share("0." + "0" * 40 + "1") is None


@pytest.mark.parametrize("later, earlier, graded", [("12/3/26 11:05:00", "12/3/26 10:25:00", "0.408"),
                                                    ("12/3/26 11:05:00", "3/12/26 10:25:00", "0.9")])
def test_times_of_unknown_day_month_order_decide_when_both_readings_agree(three_question_folder, invoke,
                                                                          later, earlier, graded):
    """MS Forms' M/D/YY on one day, newest row first: both readings put 11:05
    after 10:25, yet the file's row order decided (10:25 graded). Where the two
    readings disagree (12 March or 3 December?), row order still decides."""
    folder = three_question_folder
    answers = _answers(folder, f"student_id,Completion time,Q1a\ns1,{later},0.408\ns1,{earlier},0.9\n")
    result = invoke("grade", answers, "--key", folder / "key.json", "--out", folder / "g.csv")
    assert result.exit_code == 0, result.output
    kept = [row["answer"] for row in _graded(folder / "g.csv") if row["status"] != "superseded"]
    assert kept == [graded]
    assert ("latest 'Completion time' was graded" in result.output) == (graded == "0.408")


def test_a_scientific_id_hint_names_the_rows_namesake_first():
    """``2.02600E+13`` on a row named "Person 15": the hint named ...10, ...11,
    ...12 (or 8 more), not the student of that name with no answers (...15).
    Ids with the row's name come first, then students with no answers."""
    from quizgen.marking.student_ids import id_hint

    known = [f"202600000000{n:02d}" for n in range(10, 21)]
    hint = id_hint("2.02600E+13", known, named=["20260000000015"], prefer=["20260000000018"])
    assert "did you mean 20260000000015 or 20260000000018 or 20260000000010 (or 8 more)?" in hint
    assert id_hint("2.02600E+13", known, prefer=["20260000000018"]).count("20260000000018") == 1


@pytest.mark.parametrize("text", [LONG + "s1,Q1,a,{long}\ns2,Q1,a,0.408\n",
                                  "student_id,Q1a,Q2a\ns1,{long},0.408\ns2,0.408,0.408\n"])
def test_an_over_long_answer_is_invalid_on_its_part(three_question_folder, invoke, text):
    """A 10,001-character answer was a malformed row graded against no part:
    ``expected`` empty, the note 'not read as a row', and the sheet said 'not
    answered' and 'its row was malformed: a comma ...'. Now it is invalid on
    its part, the expected answer shown, the sheet saying it was too long."""
    folder = three_question_folder
    answers = _answers(folder, text.format(long="1" * 10_001))
    result = invoke("grade", answers, "--key", folder / "key.json", "--out", folder / "g.csv",
                    "--feedback", folder / "fb")
    assert result.exit_code == 0, result.output
    row = next(row for row in _graded(folder / "g.csv") if row["student_id"] == "s1" and row["question_id"] == "Q1")
    assert row["status"] == "invalid" and row["expected"] == "0.408" and row["answer"] == "1" * 100 + "..."
    assert "the answer is 10,001 characters long" in row["reason"]
    assert "not read as a row" not in result.output and "s1 Q1 (a)" in result.output
    sheet = (folder / "fb" / "s1.md").read_text(encoding="utf-8")
    assert "10,001 characters long" in sheet and "malformed" not in sheet
    assert "| a | 1111" in sheet and "| invalid |" in sheet
