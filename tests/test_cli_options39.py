"""Options the review of round 39 found named wrongly or silently ignored: an
answers file given as generate's roster names --students; an option that does
nothing with the options given is refused in one line, as its siblings are
(--zero-absent without --gradebook); a --bank that does not exist says so."""

import csv

import pytest


def _answers(path, rows=(("s1", "Q1", "a", "0.1"), ("s2", "Q1", "a", "0.5"))):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    return path


def _refused(result) -> str:
    """The one line of a refusal (exit 2)."""
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("quizgen: error: "), result.stderr
    return lines[0]


# ---------------------------------------------------------------- an answers file as generate's roster

def test_an_answers_file_given_to_generate_as_students_names_students(invoke, tmp_path):
    answers = _answers(tmp_path / "answers.csv")
    said = _refused(invoke("generate", "--students", answers, "--out", tmp_path / "x"))
    assert said.endswith("not a roster: --students takes the class list, a student_id and a name a row"), said
    assert "--roster" not in said
    assert not (tmp_path / "x").exists()
