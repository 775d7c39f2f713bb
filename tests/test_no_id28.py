"""asides28: a line of answers with no student id is named by its file line and, when it
carries a name on the roster, by the roster student it may be; it is never graded as them."""

import csv

import pytest

import quizgen
from quizgen.grading import file_slice
from quizgen.grading.no_id import no_id_places
from quizgen.roster import Student

KEY = {"questions": [{"id": "Q1", "class": "C1", "template": "t1", "points": 2, "parts": [
    {"part": "a", "type": "numeric", "points": 1.0, "value": 0.5, "answer": "0.5", "abs_tolerance": 0.0005},
    {"part": "b", "type": "numeric", "points": 1.0, "value": 24, "answer": "24", "abs_tolerance": 0.0005}]}]}
HINT = "line 3 (name Alan Turing: roster's s002?)"


def _write(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows(rows)
    return path


@pytest.fixture
def wide(tmp_path):
    """A form export: line 3 has Alan Turing's answers and no id; s002 is Alan Turing on the roster."""
    answers = _write(tmp_path / "answers.csv", [["Student ID", "Name", "Q1 (a)", "Q1 (b)"],
                                                ["s001", "Ada Lovelace", "0.5", "24"], ["", "Alan  Turing", "0.5", "24"],
                                                ["s003", "Grace Hopper", "0.5", "23"]])
    roster = _write(tmp_path / "roster.csv", [["student_id", "name"], ["s001", "Ada Lovelace"],
                                              ["s002", "alan turing"], ["s003", "Grace Hopper"]])
    return answers, roster


def test_the_note_and_report_name_the_line_and_the_roster_student_it_may_be(wide, tmp_path):
    answers, roster = wide
    result = quizgen.grade(answers, key=KEY, roster=roster, force=True)
    notes = "\n".join(result.notes)
    assert f"2 answer(s) on 1 line(s) with no student id: {HINT}" in notes, notes
    assert f"1 line(s) of answers have no student id, so none of their answers is graded (invalid): {HINT}; put" \
        in notes, notes
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    roster_section = report[report.index("## Roster"):]
    assert HINT in roster_section, report
    assert result.absent == ["s002"], result.absent   # never graded as s002 by the name alone
    assert result.counts["invalid"] == 2


def test_a_line_with_no_name_and_a_name_off_the_roster_are_named_by_their_line(tmp_path):
    answers = _write(tmp_path / "long.csv", [["student_id", "name", "question_id", "part", "answer"],
                                             ["s001", "Ada", "Q1", "a", "0.5"], ["", "", "Q1", "a", "0.5"],
                                             ["", "Nobody Known", "Q1", "b", "24"], ["", "Nobody Known", "Q1", "a", "1"]])
    roster = _write(tmp_path / "roster.csv", [["student_id", "name"], ["s001", "Ada"]])
    notes = "\n".join(quizgen.grade(answers, key=KEY, roster=roster, force=True).notes)
    assert "3 row(s) with no student id: line 3, line 4 (name Nobody Known), line 5 (name Nobody Known)" in notes, notes


def test_names_compare_without_case_order_or_commas_and_many_lines_are_counted():
    roster = [Student("s002", "Alan Turing"), Student("s009", "Turing Alan"), Student("s001", "Ada Lovelace")]
    kept = [(3, "turing, ALAN"), (4, "")] + [(n, "x") for n in range(5, 13)]
    said = no_id_places(kept, 25, roster)
    assert said.startswith("line 3 (name turing, ALAN: roster's s002 or s009?), line 4, line 5 (name x)"), said
    assert said.endswith("line 12 (name x) and 15 more"), said


@pytest.mark.slow
def test_the_lines_are_named_alike_when_graded_in_parts(tmp_path, monkeypatch):
    """A later part's lines with no id (parallel.LaterPart.no_id_at) are merged in file order."""
    monkeypatch.setattr(file_slice, "MIN_PART_BYTES", 0)
    rows = [["student_id", "name", "question_id", "part", "answer"]]
    rows += [[f"s{n:03d}", f"S {n}", "Q1", "a", "0.5"] for n in range(300)]
    rows[10] = ["", "Early Bird", "Q1", "a", "0.5"]
    rows[290] = ["", "Late Owl", "Q1", "b", "24"]
    answers = _write(tmp_path / "answers.csv", rows)
    [cut] = file_slice.find_cuts(answers, answers.stat().st_size, "utf-8", ",", 5, 2)
    assert 0 < cut.offset < answers.read_bytes().index(b"Late Owl")
    notes = [quizgen.grade(answers, key=KEY, out=tmp_path / f"j{jobs}" / "graded.csv", jobs=jobs, force=True).notes
             for jobs in (1, 2)]
    assert notes[0] == notes[1]
    assert "line 11 (name Early Bird), line 291 (name Late Owl)" in "\n".join(notes[1]), notes[1]
