"""The ``quizgen`` command's entry point (pyproject.toml, and ``python -m quizgen``): the command
line of cli.py, once its modules are imported. A Ctrl-C while Python imports them (click, Jinja2,
the package: the first fifth of a second or so) ends in the one line a Ctrl-C a moment later gets
from click, ``Aborted!``, exit 1 (docs/errors.md), not in a traceback."""

import sys


def main() -> None:
    """Import the command line, then run it as ``quizgen``."""
    try:
        from quizgen.cli import main as command
    except KeyboardInterrupt:
        sys.stderr.write("\nAborted!\n")
        raise SystemExit(1) from None
    command(prog_name="quizgen")
