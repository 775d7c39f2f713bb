"""drill --decimal-comma (review 45e F8): the drill's example numbers (the
help's 14.3 and 5.80, an answer asked again's 14.3) are written in the
learner's mark, and the suggested commands at the end keep --decimal-comma,
so the learner's next drill reads commas as this one did."""

from __future__ import annotations

from click.testing import CliRunner

from quizgen.cli import main

DRILL = ["drill", "--classes", "C7", "--seed", "1", "--count", "1", "--no-save"]


def _said(*options: str, typed: str) -> str:
    """The drill's output on one line for the lines ``typed``."""
    result = CliRunner().invoke(main, DRILL + list(options), input=typed)
    assert result.exit_code == 0, result.output
    return " ".join(result.output.split())


def test_the_examples_take_the_learners_comma():
    said = _said("--decimal-comma", typed="?\nabc\nmaybe 0,9\n")
    assert "a number (a decimal 14,3, a fraction 100/7" in said
    assert "zeros at the end counting: 5,80, not 5,8, unless the value is exactly 5,8)" in said
    assert "It was not counted; try again, e.g. 14,3 or 100/7, or ? for help." in said   # unreadable
    assert "type just the answer, a number such as 14,3 or an expression such as 100/7." in said   # asked again
    assert not any(point in said for point in ("decimal 14.3", "counting: 5.80", "e.g. 14.3", "such as 14.3"))


def test_without_the_option_the_examples_keep_points():
    said = _said(typed="?\nabc\nmaybe 0.9\n")
    assert "a decimal 14.3" in said and "5.80, not 5.8, unless the value is exactly 5.8)" in said
    assert "e.g. 14.3 or 100/7" in said and "a number such as 14.3" in said
    assert "--decimal-comma" not in said.split("What to practise next:")[1]


def test_the_suggested_commands_keep_the_option():
    # seed 1's C7 draws s = 2.65: (a) is 1/(1 + e^-2.65) = 0.9340, right to 3 figures, then the question is left
    said = _said("--decimal-comma", typed="0,934\nq\n")
    assert "same question: quizgen drill --seed 1 --classes C7 --no-save --decimal-comma" in said
    assert "try: quizgen drill --classes C7 --no-save --decimal-comma" in said
