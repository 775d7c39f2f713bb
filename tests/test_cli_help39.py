"""Every command's --help shows each example command on one line at any
terminal width (review 39): click re-wrapped the examples at 80 columns, so a
pasted example named the wrong file (``--overrides answers-`` /
``graded-review.csv``)."""

import re

import click
import pytest
from click.testing import CliRunner

from quizgen.cli import main


def _commands(group: click.Group, prefix=()):
    yield prefix
    for name, command in sorted(group.commands.items()):
        if isinstance(command, click.Group):
            yield from _commands(command, prefix + (name,))
        else:
            yield prefix + (name,)


COMMANDS = list(_commands(main))
_EXAMPLE = re.compile(r"(?:printf \S+ \| )?quizgen (?:%s)\b.*" % "|".join(main.commands))


def _help(path, **how) -> str:
    result = CliRunner().invoke(main, [*path, "--help"], catch_exceptions=False, **how)
    assert result.exit_code == 0, result.output
    return result.output.split("Options:", 1)[0]   # the description: an option's help may name a command


def _examples(text: str) -> list:
    """Each line's example command, from its ``quizgen`` (or ``printf ... |``) to the line's end."""
    return [found.group(0).rstrip() for line in text.splitlines() if (found := _EXAMPLE.search(line))]


@pytest.mark.parametrize("how", [{"terminal_width": 60}, {"env": {"COLUMNS": "60"}}, {"terminal_width": 80}],
                         ids=["width-60", "COLUMNS-60", "width-80"])
@pytest.mark.parametrize("path", COMMANDS, ids=[" ".join(p) or "quizgen" for p in COMMANDS])
def test_every_example_of_every_help_is_whole_on_its_line(path, how):
    whole = _examples(_help(path, terminal_width=1000))   # no line wrapped: each example as its docstring has it
    assert whole, f"quizgen {' '.join(path)} --help shows no example"
    shown = _examples(_help(path, **how))
    assert shown == whole, f"quizgen {' '.join(path)} --help cuts an example short:\n" + "\n".join(shown)


def test_the_review_example_names_the_review_file_whole():
    """The reviewer's case: the overrides file was split as ``answers-`` / ``graded-review.csv``."""
    shown = _help(("review",), terminal_width=60)
    assert "quizgen grade answers.csv --overrides answers-graded-review.csv\n" in shown, shown
