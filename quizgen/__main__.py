"""``python -m quizgen``: the same as the ``quizgen`` command."""

from quizgen.cli import main

main(prog_name="quizgen")
