"""The drill with --decimal-comma writes its own numbers with a decimal comma, as
grade writes its feedback for a class that does (rev45c F16): the key's answer,
an earlier answer quoted for ECF, and how an answer was read."""

from __future__ import annotations

from click.testing import CliRunner

from quizgen.cli import main


def _drill(answers: str, *options: str) -> str:
    """The drill's words, lines joined, for seed 1's C7 question (s = 2.65, y = 0: p-hat 0.93401)."""
    result = CliRunner().invoke(main, ["drill", "--seed", "1", "--classes", "C7", "--no-save", "--count", "1",
                                       *options], input=answers)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_the_drills_own_numbers_take_the_learners_comma():
    said = _drill("0,800\n0,223\n1,61\n", "--decimal-comma")
    assert "Incorrect: the answer is 0,9340 (exactly 1/(1 + e^(-2.65)))." in said
    assert "from the right values it is 0,06827" in said and "from the right values it is 2,7183" in said
    assert said.count("Marked from your (a) = 0,800: correct given that value (error carried forward).") == 2
    assert "was read as" not in said   # 0,800 is read as written: nothing to say
    assert "0.9340" not in said.split("Worked solution")[0]


def test_without_it_the_numbers_keep_their_points():
    said = _drill("0.800\n0.223\n1.61\n")
    assert "Incorrect: the answer is 0.9340" in said and "Marked from your (a) = 0.800" in said


def test_a_reading_worth_telling_is_told_in_commas():
    said = _drill("8,0e-1\n0,223\n1,61\n", "--decimal-comma")   # not a plain decimal: how it was read is said
    assert "(Your 8,0e-1 was read as 0,8.)" in said


def test_the_note_held_back_to_the_questions_end_takes_the_comma():
    result = CliRunner().invoke(main, ["drill", "--seed", "5", "--classes", "C1", "--no-save", "--count", "1",
                                       "--decimal-comma"], input="0,3636\n0,36\nq\n")
    said = " ".join(result.output.split())
    assert "Your (a) '0,3636': this is the value of part (b), 0,3636, not of part (a)" in said
