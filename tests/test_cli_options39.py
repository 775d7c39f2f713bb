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


# ---------------------------------------------------------------- a --bank that does not exist

@pytest.mark.parametrize("command", [["list"], ["validate"], ["drill", "--no-save"]])
def test_a_bank_folder_that_does_not_exist_is_said_to_be_no_such_folder(invoke, tmp_path, command):
    said = _refused(invoke(*command, "--bank", tmp_path / "nope", input="q\n"))
    assert said == f"quizgen: error: {tmp_path / 'nope'}: no such folder", said


def test_a_bank_that_exists_but_is_no_folder_is_still_not_a_folder_of_templates(invoke, tmp_path):
    import os

    os.mkfifo(tmp_path / "pipe")
    said = _refused(invoke("list", "--bank", tmp_path / "pipe"))
    assert said == f"quizgen: error: {tmp_path / 'pipe'}: not a folder of templates", said
