"""The documentation keeps up with the CLI: every command has a docstring with an
example, and every command and option is named somewhere in README.md or docs/."""

from pathlib import Path

import click
import pytest

from quizgen.cli import main

ROOT = Path(__file__).resolve().parent.parent


def _docs_text() -> str:
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    return "\n".join(page.read_text(encoding="utf-8") for page in pages)


def _commands(group: click.Group, prefix=()):
    for name, command in sorted(group.commands.items()):
        path = prefix + (name,)
        yield path, command
        if isinstance(command, click.Group):
            yield from _commands(command, path)


COMMANDS = list(_commands(main))


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_command_has_a_docstring_with_an_example(path, command):
    assert command.help, f"quizgen {' '.join(path)} has no docstring"
    assert "Example" in command.help and "quizgen " + path[0] in command.help, \
        f"quizgen {' '.join(path)}: its docstring gives no 'Example: quizgen ...' line"


@pytest.mark.parametrize("path, command", COMMANDS, ids=[" ".join(p) for p, _ in COMMANDS])
def test_every_command_and_option_is_in_the_docs(path, command):
    docs = _docs_text()
    assert f"quizgen {' '.join(path)}" in docs, f"no page mentions 'quizgen {' '.join(path)}'"
    missing = [opt for param in command.params if isinstance(param, click.Option)
               for opt in param.opts + param.secondary_opts
               if opt.startswith("--") and opt not in ("--help",) and opt not in docs]
    assert not missing, f"quizgen {' '.join(path)}: options not named in README.md or docs/: {missing}"
