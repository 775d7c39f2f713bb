"""Round 47's leftover: a figure's axis words went into the TikZ drawing as they were, so TeX
read them as it reads its own text: ``--`` printed an en dash, a backtick an opening quote,
``"`` a closing quote, ``?`` followed by a backtick an inverted question mark, where the SVG (Markdown) printed
the characters typed. The words are now TeX-escaped as every filled value is."""

import re

import pytest

from grading_support import c7_bank_with_figure

WORDS = 'the "odds" -- `x` ?`` 2*3'


def _generated(tmp_path, invoke, fmt: str):
    """A user bank's C7 copy, its axis words WORDS, generated in ``fmt``: the output folder."""
    bank = c7_bank_with_figure(tmp_path, "axis", "'" + WORDS.replace("'", "''") + "'")
    out = tmp_path / fmt
    result = invoke("generate", "--bank", bank, "--classes", "C77", "--seed", 3, "--format", fmt, "--out", out)
    assert result.exit_code == 0, result.output
    return out


def test_the_tikz_axis_words_are_escaped(tmp_path, invoke):
    tex = (_generated(tmp_path, invoke, "tex") / "solutions.tex").read_text(encoding="utf-8")
    axis = re.search(r"\\node\[below=1\.1em\][^\n]*\{\\small (\$[^$]*\$, [^\n]*)\};", tex).group(1)
    assert axis.endswith(r", the {\textquotedbl}odds{\textquotedbl} -\/- \textasciigrave{}x\textasciigrave{} "
                         r"?\textasciigrave{}\textasciigrave{} 2{*}3"), axis


def test_the_svg_prints_the_words_as_typed(tmp_path, invoke):
    md = (_generated(tmp_path, invoke, "md") / "solutions.md").read_text(encoding="utf-8")
    assert ', the "odds" -- `x` ?`` 2*3</text>' in md


@pytest.mark.slow
def test_the_pdf_prints_the_words_as_typed(tmp_path, invoke, tex):
    import subprocess

    out = _generated(tmp_path, invoke, "pdf")
    text = subprocess.run(["pdftotext", out / "solutions.pdf", "-"], capture_output=True, text=True, check=True).stdout
    assert WORDS in text, [line for line in text.splitlines() if "odds" in line]
