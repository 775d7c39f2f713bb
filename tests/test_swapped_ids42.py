"""Review 41b F1: a mistyped id that is nobody's (unknown_student, s690 for s069) whose
answers are an absent student's paper was never matched, as only ids with a paper were
compared. The same check now names it in one note; its rows stay ungraded."""

import pytest

from quizgen.grading import swapped_ids
import test_swapped_ids38 as base
from test_swapped_ids38 import _grade, _read, _weak, _wide

made = base.made   # the per-student papers fixture, shared

NOTE = "who has no answers here"


def _notes(stdout):
    return [line for line in stdout.splitlines() if NOTE in line]


def test_an_id_with_no_paper_whose_answers_fit_an_absent_students_paper_is_named(invoke, made):
    folder, answers, labels, _ = made
    rows = [("0000002", answers["0000002"]), ("0000004", answers["0000004"]), ("0000310", answers["0000031"]),
            ("0000099", _weak(answers["0000013"]))]   # 0000031 mistyped; 0000099: a stranger's wrong answers
    path = _wide(folder, "paperless.csv", rows, labels)
    result = _grade(invoke, folder, path)
    notes = _notes(result.stdout)
    assert len(notes) == 1, result.stdout
    count = sum(1 for text in answers["0000031"].values() if text.replace(".", "").replace("-", "").isdigit())
    assert f"0000310's answers fit the paper of 0000031, who has no answers here ({count} of {count} numeric " \
           "answers), but 0000310 has no paper in key.json: a mistyped id? Its rows stay ungraded (unknown_student); " \
           "if 0000031 wrote them, correct the id in the answers file and grade again" in notes[0], notes
    graded = [row for row in _read(path.with_name("paperless-graded.csv")) if row["student_id"] == "0000310"]
    assert graded and {row["status"] for row in graded} == {"unknown_student"}


def test_the_paperless_ids_compared_are_capped(invoke, made, monkeypatch):
    folder, answers, labels, _ = made
    monkeypatch.setattr(swapped_ids, "UNKNOWN_MOST", 1)
    rows = [("0000002", answers["0000002"]), ("0000777", _weak(answers["0000004"])), ("0000310", answers["0000031"])]
    result = _grade(invoke, folder, _wide(folder, "capped.csv", rows, labels))
    assert _notes(result.stdout) == [], result.stdout   # 0000310 is the second id with no paper: not compared
    assert "the answers of the first 1 of the 2 ids with no paper were compared" in result.stdout, result.stdout


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_a_long_file_finds_it_whatever_the_jobs(invoke, made, jobs):
    folder, answers, labels, _ = made
    path = folder / f"long-{jobs}.csv"
    lines = ["student_id,question_id,part,answer"]
    for sid, own in (("0000002", "0000002"), ("0000004", "0000004"), ("0000310", "0000031")):
        lines += [f"{sid},{label[:-1]},{label[-1]},{text}" for label, text in answers[own].items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = invoke("grade", path, "--key", folder / "papers" / "key.json", "--jobs", jobs)
    assert result.exit_code == 0, result.output
    assert [line.split("'s answers")[0].split()[-1] for line in _notes(result.stdout)] == ["0000310"], result.stdout


def test_the_line_after_the_notes_shown_is_true_of_ids_with_no_paper(invoke, made, monkeypatch):
    """rev42c F4: the count line after the notes shown said "far better than their own" of ids
    that have no paper of their own."""
    folder, answers, labels, _ = made
    monkeypatch.setattr(swapped_ids, "SHOWN", 1)
    rows = [("0000002", answers["0000002"]), ("0000310", answers["0000031"]), ("0000130", answers["0000013"])]
    result = _grade(invoke, folder, _wide(folder, "shown.csv", rows, labels))
    assert ("and 1 more id(s) whose answers fit the paper of a student with no answers here far better than their "
            "own paper, or with no paper of their own: check their ids in the answers file") in " ".join(
                result.stdout.split()), result.stdout
