"""``python -m quizgen``: the same as the ``quizgen`` command."""

from quizgen.launch import main

main()
