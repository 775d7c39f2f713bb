"""A file given to the wrong option says what it is (review 38): graded.csv
given as --overrides was read row by row ("score '2' is not a number from 0
to 1", or, with 1-point parts, every machine mark taken as a person's); an
answers file given as --roster was refused for its repeated ids alone."""

import csv

import pytest

from quizgen.generation.run import generate


@pytest.fixture(scope="module")
def key(tmp_path_factory):
    folder = tmp_path_factory.mktemp("wrongfile")
    generate(folder / "q", classes="C1", count=1, seed=8)
    return folder / "q" / "key.json"


def _answers(path, rows):
    with open(path, "w", newline="", encoding="utf-8") as handle:
        csv.writer(handle).writerows([["student_id", "question_id", "part", "answer"], *rows])
    return path


def test_a_graded_file_given_as_overrides_is_refused_and_told_to_review(invoke, tmp_path, key):
    answers = _answers(tmp_path / "answers.csv", [["s1", "Q1", "a", "0.1"], ["s2", "Q1", "b", "0.5"]])
    assert invoke("grade", answers, "--key", key, "--out", tmp_path / "first" / "g.csv").exit_code == 0
    graded = tmp_path / "first" / "g.csv"
    result = invoke("grade", answers, "--key", key, "--out", tmp_path / "second" / "g.csv", "--overrides", graded)
    assert result.exit_code == 2
    message = result.output.strip().splitlines()
    assert len(message) == 1 and f"{graded}: line 1: this is a graded file" in message[0]
    assert f"quizgen review {graded} writes the answers that need a person into an overrides file" in message[0]
    assert not (tmp_path / "second").exists()


@pytest.mark.parametrize("rows", [[["s1", "Q1", "a", "0.1"], ["s1", "Q1", "b", "0.5"]],   # an id repeated
                                  [["s1", "Q1", "a", "0.1"], ["s2", "Q1", "a", "0.5"]]])  # rev38c: or not
def test_an_answers_file_given_as_the_roster_is_refused_as_such(invoke, tmp_path, key, rows):
    answers = _answers(tmp_path / "answers.csv", rows)
    result = invoke("grade", answers, "--key", key, "--roster", answers)
    assert result.exit_code == 2
    said = result.output.strip()
    assert said.endswith(f"{answers}: line 1: this looks like an answers file (it has question and answer columns), "
                         "not a roster: --roster takes the class list, a student_id and a name a row")
    assert "\n" not in said


def test_a_roster_with_a_repeated_id_is_not_called_an_answers_file(invoke, tmp_path, key):
    answers = _answers(tmp_path / "answers.csv", [["s1", "Q1", "a", "0.1"]])
    (tmp_path / "roster.csv").write_text("student_id,name\ns1,Ada\ns1,Bo\n", encoding="utf-8")
    said = invoke("grade", answers, "--key", key, "--roster", tmp_path / "roster.csv")
    assert said.exit_code == 2 and "repeats line 2" in said.output + said.stderr
    assert "answers file" not in said.output + said.stderr


def test_a_graded_file_with_columns_added_is_refused_too(invoke, tmp_path, key):
    """rev38c: a column added after grade's (a marker's "checked") let the file through as overrides."""
    answers = _answers(tmp_path / "answers.csv", [["s1", "Q1", "a", "0.1"], ["s2", "Q1", "b", "0.5"]])
    assert invoke("grade", answers, "--key", key, "--out", tmp_path / "first" / "g.csv").exit_code == 0
    lines = (tmp_path / "first" / "g.csv").read_text(encoding="utf-8-sig").splitlines()
    edited = tmp_path / "edited.csv"
    edited.write_text("\n".join(["checked," + lines[0] + ",ok"] + ["," + line + "," for line in lines[1:]]) + "\n",
                      encoding="utf-8")
    result = invoke("grade", answers, "--key", key, "--out", tmp_path / "second" / "g.csv", "--overrides", edited)
    assert result.exit_code == 2 and "line 1: this is a graded file (it has grade's columns" in result.output
