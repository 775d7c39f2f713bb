"""The commands of README.md's short tour and of each command's docstring example,
run as a newcomer pastes them into a fresh folder after the README's set-up: each
exits 0 and writes the files the docs name. A few are made quicker (fewer draws,
LaTeX instead of PDF) so that the whole walk stays near 30 seconds; QUICKER says how."""

import csv
import re
import shlex
import shutil
from pathlib import Path

import click
import pytest

from quizgen.cli import main

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.slow

# (what the docs say, what this test runs instead): the docs' figures are for real use.
QUICKER = [
    ("--format pdf", "--format tex"),            # pdflatex is test_pdf.py's business
    ("--count 1000", "--count 30"),              # course scale takes 20 s
    ("--samples 500", "--samples 20"),
]
GRADE_OUTPUTS = (".csv", "-students.csv", "-questions.csv", "-report.md", "-items.csv", "-report.html")


def _code_lines(text: str):
    """The lines of the ``bash`` code blocks of ``text``."""
    for block in re.findall(r"```bash\n(.*?)```", text, flags=re.S):
        yield from block.splitlines()


def _tour_commands():
    """README's short-tour commands, from its section to the documentation list."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    tour = readme.split("## A short tour", 1)[1].split("## Documentation", 1)[0]
    return [line.split(" #")[0].strip() for line in _code_lines(tour) if line.startswith("quizgen ")]


def _docstring_examples(group=main):
    """Every ``Example:`` line of every command's help, groups included."""
    for command in group.commands.values():
        yield from re.findall(r"Example: (.+)", command.help or "")
        if isinstance(command, click.Group):
            yield from _docstring_examples(command)


def _parse(line: str):
    """(arguments, standard input) of one documented command line."""
    line = " ".join(line.split())
    for documented, quicker in QUICKER:
        line = line.replace(documented, quicker)
    typed = None
    if line.startswith("printf "):
        printed, line = line.split(" | ", 1)
        typed = shlex.split(printed)[1].replace("\\n", "\n")
    args = shlex.split(line)
    assert args[0] == "quizgen", line
    if args[1] == "validate" and "--samples" not in args:
        args += ["--samples", "5"]   # 200 draws of every template take half a minute
    return args[1:], typed


def _answers_for_the_class_paper(folder: Path) -> None:
    """The inputs README's grade commands take: answers.csv (s001 and s002 answer
    every part correctly), key.json beside it, and a roster naming s003 too."""
    with open(folder / "quiz" / "key.csv", newline="", encoding="utf-8") as handle:
        key_rows = list(csv.DictReader(handle))
    lines = ["student_id,question_id,part,answer"]
    lines += [f"{sid},{row['question_id']},{row['part']},{row['answer']}" for sid in ("s001", "s002")
              for row in key_rows]
    (folder / "answers.csv").write_text("\n".join(lines) + "\n", encoding="utf-8")
    shutil.copy(folder / "quiz" / "key.json", folder / "key.json")


def _option(args, name, default=None):
    return args[args.index(name) + 1] if name in args else default


def _check_generate(folder: Path, args) -> None:
    out = folder / _option(args, "--out", "quiz")
    fmt = _option(args, "--format", "md")
    names = ["problems"] + ([] if "--no-solutions" in args else ["solutions"])
    if "--split" in args:
        names = [f"{name}-{sid}" for name in names for sid in ("s001", "s002")]
    expected = {"key.json", "key.csv", *(f"{name}.{fmt}" for name in names)}
    assert expected <= {p.name for p in out.iterdir()}, (args, sorted(p.name for p in out.iterdir()))


def _check_grade(folder: Path, args, output: str) -> None:
    graded = _option(args, "--out", Path(args[1]).stem + "-graded.csv")
    base = str(folder / graded).removesuffix(".csv")
    written = [base + suffix for suffix in GRADE_OUTPUTS]
    if _option(args, "--gradebook"):
        written.append(f"{base}-gradebook-{_option(args, '--gradebook')}.csv")
    assert all(Path(path).is_file() for path in written), [path for path in written if not Path(path).is_file()]
    assert re.search(rf"^ +correct +{2 * _parts(folder)}$", output, flags=re.M), output   # every answer right
    if "--feedback" in args:
        sheets = [p for p in (folder / _option(args, "--feedback")).iterdir() if not p.name.startswith(".")]
        assert sorted(p.name for p in sheets if p.suffix == ".md") == ["s001.md", "s002.md"]
        shown = {name for p in sheets if p.suffix == ".md" for name in re.findall(r"^!\[[^\]]+\]\(([^)]+\.svg)\)$",
                                                                               p.read_text(encoding="utf-8"), re.M)}
        assert shown and {p.name for p in sheets if p.suffix != ".md"} == shown | {"index.csv"}   # the figures and the index
    if "--roster" in args:
        assert "1 student on the roster gave no answer (missing, scored 0): s003" in output


def _parts(folder: Path) -> int:
    return len((folder / "quiz" / "key.csv").read_text(encoding="utf-8").splitlines()) - 1


def _check(folder: Path, args, result) -> None:
    """The files and lines the docs promise for this command."""
    command = args[0]
    if command == "generate":
        _check_generate(folder, args)
    elif command == "grade":
        _check_grade(folder, args, result.output)
    elif command == "export":
        default = {"moodle": "questions.xml", "canvas": "quiz.zip"}[args[1]]
        out = folder / _option(args, "--out", default)
        assert out.stat().st_size > 0 and out.with_name(f"{out.stem}-key.json").is_file()
        assert "keep the key file" in result.output
    elif command == "list" and "--paths" in args:
        assert result.output.startswith("built-in bank: ") and "example user bank" in result.output
    elif command == "list":
        assert re.search(r"^C10 +causal-lm-next-token-loss", result.output, flags=re.M)
    elif command == "validate":
        assert result.output.startswith("ok C")
    elif command == "drill":
        assert "What to practise next" in result.output


def _walk(folder: Path, lines, runner, monkeypatch) -> list:
    """Set up as README says, then run ``lines`` in order; return each command's output."""
    monkeypatch.chdir(folder)
    monkeypatch.setenv("QUIZGEN_PROGRESS", str(folder / "progress.json"))
    (folder / "roster.csv").write_text("student_id,name\ns001,Ada Lovelace\ns002,Alan Turing\ns003,Grace Hopper\n",
                                       encoding="utf-8")
    shutil.copytree(ROOT / "docs" / "examples" / "bert_bank", folder / "my_bank")
    shutil.copytree(ROOT / "docs" / "examples" / "bert_bank", folder / "my_templates")
    outputs = []
    for line in ["quizgen generate --out quiz", *lines]:
        args, typed = _parse(line)
        if args[0] == "grade":
            _answers_for_the_class_paper(folder)
        result = runner.invoke(main, args, input=typed or "s\nq\n", catch_exceptions=False)
        assert result.exit_code == 0, f"{line}\n{result.output}"
        _check(folder, args, result)
        outputs.append(result.output)
    return outputs


def test_readme_short_tour_runs_in_order(tmp_path, runner, monkeypatch):
    lines = _tour_commands()
    assert len(lines) >= 15, lines   # the tour was read, not an empty section
    _walk(tmp_path, lines, runner, monkeypatch)


def test_every_docstring_example_runs(tmp_path, runner, monkeypatch):
    examples = list(_docstring_examples())
    assert {shlex.split(e.split(" | ")[-1])[1] for e in examples} == set(main.commands), examples
    outputs = dict(zip(examples, _walk(tmp_path, examples, runner, monkeypatch)[1:]))
    drill = next(out for example, out in outputs.items() if example.startswith("printf"))
    assert "Correct: 0.7157" in drill and 'the misconception "log base 10 instead of ln"' in drill
