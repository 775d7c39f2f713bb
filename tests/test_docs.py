"""The documentation keeps up with the CLI: every command has a docstring with an
example, and every command and option is named somewhere in README.md or docs/."""

import shlex
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


def _generate_commands(page: Path):
    """The ``quizgen generate`` commands of a page's code blocks, in order, as argument lists."""
    in_block = False
    for line in page.read_text(encoding="utf-8").splitlines():
        if line.lstrip().startswith("```"):
            in_block = not in_block
        elif in_block and "quizgen generate" in line and not line.lstrip().startswith("#"):
            yield shlex.split(line.split("quizgen generate", 1)[1].split(" #")[0])


WALKTHROUGHS = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "performance.md")]


@pytest.mark.parametrize("page", WALKTHROUGHS, ids=lambda page: page.name)
def test_documented_generate_commands_can_be_pasted_in_order(page):
    """A newcomer runs the README's set-up (which writes ./quiz), then pastes a
    page's commands one after another: a ``generate`` into a folder that already
    holds another paper is refused, so each must name a folder of its own (or
    pass --force). docs/performance.md is left out: its commands are measured runs."""
    written = set() if page.name == "README.md" else {"quiz"}
    for args in _generate_commands(page):
        out = args[args.index("--out") + 1] if "--out" in args else "quiz"
        assert "--force" in args or out not in written, \
            f"{page.name}: 'quizgen generate {' '.join(args)}' writes into {out}/, which an earlier command filled"
        written.add(out)


def test_the_package_map_names_every_module_and_no_other():
    """docs/architecture.md's package map names each module of quizgen/ (by file
    name) and names no module file that does not exist."""
    import re
    page = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    modules = [p for p in (ROOT / "quizgen").rglob("*.py") if p.name != "__init__.py"]
    unnamed = sorted(str(p.relative_to(ROOT)) for p in modules if f"{p.name}`" not in page)
    assert not unnamed, f"docs/architecture.md does not name: {unnamed}"
    names = {p.name for p in modules}
    ghosts = sorted(set(re.findall(r"`(?:[a-z_]+/)*([a-z_]+\.py)`", page)) - names)
    assert not ghosts, f"docs/architecture.md names modules that do not exist: {ghosts}"


@pytest.mark.slow
def test_authorings_validate_summary_line_is_what_validate_prints(invoke):
    """docs/authoring.md shows C10's summary line: its figures (share of draws
    kept, tests, distinct variants) are validate's own."""
    page = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    shown = next(line for line in page.splitlines() if line.startswith("ok C10 "))
    result = invoke("validate", ROOT / "question_bank" / "c10_causal_lm.yaml")
    printed = result.output.strip().replace(str(ROOT) + "/", "")
    assert printed == shown
