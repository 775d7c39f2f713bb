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
        if "--only" in args:   # it remakes papers beside their key: a folder an earlier command filled
            assert out in written, f"{page.name}: 'quizgen generate {' '.join(args)}' remakes papers in {out}/, " \
                                   "which no earlier command filled"
            continue
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


@pytest.mark.slow
def test_readme_names_key_csvs_columns_and_marking_md_quotes_a_real_policy_error(invoke, tmp_path):
    """README lists key.csv's columns as generate writes them, and docs/marking.md's
    example of a misspelt trap under a template is the line grade prints for it."""
    import re
    out = tmp_path / "quiz"
    assert invoke("generate", "--classes", "C1", "--seed", "1", "--out", out).exit_code == 0
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    columns = re.search(r"`key\.csv` \(([a-z_, ]+)\)", readme).group(1)
    assert columns.replace(" ", "") == (out / "key.csv").read_text(encoding="utf-8").splitlines()[0]

    marking = " ".join((ROOT / "docs" / "marking.md").read_text(encoding="utf-8").split())
    line, quoted = re.search(r"\(`policy\.yaml:(\d+): (traps\.C1\.[^`]+)`\)", marking).groups()
    code = quoted.split(".")[2].split(":")[0]
    policy = tmp_path / "policy.yaml"
    policy.write_text("ecf_credit: 1\n" * (int(line) - 3) + f"traps:\n  C1:\n    {code}: 0.5\n", encoding="utf-8")
    answers = tmp_path / "answers.csv"
    answers.write_text("student_id,question_id,part,answer\ns001,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", out / "key.json", "--policy", policy)
    assert result.exit_code == 2 and f"{policy}:{line}: {quoted}" in result.output, result.output


def test_report_demo_without_a_folder_prints_its_usage(capsys):
    """docs/report.md's `python -m quizgen.report.demo OUT [N]` run without OUT (or
    with N not a number) says how to call it, exit 2, instead of a traceback."""
    from quizgen.report import demo
    for argv in (["demo"], ["demo", "out", "many"]):
        with pytest.raises(SystemExit) as stop:
            demo.main(argv)
        assert stop.value.code == 2
        assert capsys.readouterr().err.startswith("usage: python -m quizgen.report.demo OUT [N]")


def _command(words):
    """The click command ``quizgen <words>`` names, or None (a group, or no such command)."""
    command = main
    for word in words:
        if not isinstance(command, click.Group) or word not in command.commands:
            return None
        command = command.commands[word]
    return None if isinstance(command, click.Group) else command


def test_every_option_written_after_a_command_is_one_of_its_options():
    """Each ``--option`` in a ``quizgen <command> ...`` line of README.md or docs/
    (code blocks and inline code alike) is an option of that command, so a renamed
    or removed option cannot live on in a documented command line."""
    import re
    wrong = []
    for page in [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]:
        text = page.read_text(encoding="utf-8")
        for line in re.finditer(r"quizgen ((?:export )?[a-z]+)((?:[ \t]+[^\s`|;#)]+)*)", text):
            command = _command(line.group(1).split())
            if command is None:
                continue
            known = {opt for param in command.params if isinstance(param, click.Option)
                     for opt in param.opts + param.secondary_opts} | {"--help"}
            wrong += [f"{page.name}: {line.group(0)}: {opt}" for opt in re.findall(r"(?<![\w-])(--[a-z][a-z-]*)", line.group(2))
                      if opt not in known]
    assert len(COMMANDS) >= 7 and not wrong, wrong


@pytest.mark.slow
def test_every_repository_path_the_docs_name_exists():
    """Files and folders of this repository named in README.md or docs/ (quizgen/...,
    tests/..., docs/..., templates/..., question_bank/..., benchmarks/....py) exist.
    performance-history.md is left out (it names files of earlier rounds), and so is
    benchmarks/results/, which the benchmarks write."""
    import re
    pages = [ROOT / "README.md", *sorted(p for p in (ROOT / "docs").glob("*.md") if p.name != "performance-history.md")]
    pattern = r"(?<![\w/.-])((?:quizgen|tests|docs|templates|question_bank)/[\w./-]*[\w/]|benchmarks/\w+\.py)"
    named = {(page.name, path) for page in pages for path in re.findall(pattern, page.read_text(encoding="utf-8"))}
    assert len(named) > 50, named   # the pages were read
    missing = sorted(f"{name}: {path}" for name, path in named if not (ROOT / path).exists())
    assert not missing, missing


def test_generate_offers_every_output_format_and_no_other():
    """cli.py reads the formats from quizgen/paper_formats.py (importing the documents module would load
    Jinja2 for every command), as documents.py does."""
    from quizgen.cli import main
    from quizgen.generation.documents import OUTPUT_FORMATS

    option = next(p for p in main.commands["generate"].params if p.name == "fmt")
    assert tuple(option.type.choices) == OUTPUT_FORMATS
