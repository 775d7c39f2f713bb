"""A parameter string holding a backtick or a doubled quote prints as typed in a
LaTeX paper (docs/templates.md): quizgen's own escape writes \\textasciigrave and
\\textquotesingle for them, and the filled-text check refused the very commands
the escape had written (review 49a F1), stopping generate and validate."""

import shutil

import pytest
from click.testing import CliRunner

from quizgen.cli import main

TEMPLATE = """id: tex-escapes
class: C14
title: "Escapes"
points: 2
params:
  a: {integer: [2, 9]}
  w: {choice: [WORD]}
let:
  d: "2 * a"
stem: |
  Word: {{ w }}. Value a = {{ a }}.
parts:
  - name: double
    ask: "What is twice {{ a }} (for {{ w }})?"
    answer: "2 * a"
solution:
  forecast: "Twice a number."
  steps:
    - title: "Double"
      why: "Twice {{ w }}."
      work: "$2 \\\\cdot {{ a }} = {{ d }}$"
  verify: "Half of it is {{ a }}."
canonical:
  params: {a: 3, w: WORD}
  expect: {double: 6}
"""


def invoke(*args):
    return CliRunner().invoke(main, [str(a) for a in args], catch_exceptions=False)


def bank(folder, word: str):
    """A one-template bank whose one parameter string is ``word`` (YAML-quoted)."""
    (folder / "bank").mkdir()
    quoted = '"' + word.replace("\\", "\\\\").replace('"', '\\"') + '"'
    (folder / "bank" / "c14.yaml").write_text(TEMPLATE.replace("WORD", quoted), encoding="utf-8")
    return folder / "bank"


@pytest.mark.parametrize("word, command", [("?`x !`y", r"\textasciigrave{}"), ("it''s", r"\textquotesingle{}")])
def test_a_backtick_or_doubled_quote_in_a_parameter_makes_a_latex_paper(tmp_path, word, command):
    where = bank(tmp_path, word)
    made = invoke("generate", "--bank", where, "--classes", "C14", "--count", 2, "--format", "tex", "--seed", 3,
                  "--out", tmp_path / "out")
    assert made.exit_code == 0, made.output
    assert command in (tmp_path / "out" / "problems.tex").read_text(encoding="utf-8")
    checked = invoke("validate", "--bank", where)
    assert checked.exit_code == 0, checked.output


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex is not installed")
def test_the_pdf_prints_the_backtick_as_typed(tmp_path):
    where = bank(tmp_path, "?`x")
    made = invoke("generate", "--bank", where, "--classes", "C14", "--count", 1, "--format", "pdf", "--seed", 3,
                  "--out", tmp_path / "out")
    assert made.exit_code == 0, made.output
    assert (tmp_path / "out" / "problems.pdf").read_bytes().startswith(b"%PDF")
