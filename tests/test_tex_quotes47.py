"""Quote marks, accents and ligatures in template text print in the PDF as written (review 46c F4, F5):
two ``\\"`` accents in one paragraph were paired as a quotation ("M`‘uller and G´’odel"), an inch
mark opened a quotation (``5" by 3"`` as 5“ by 3”), ``''`` printed ” and ``,,`` „, and under LuaLaTeX
``-{}-`` still printed an en dash."""

import shutil
import subprocess

import pytest

from quizgen.text.tex_markdown import markdown_to_tex
from test_tex_literal46 import _bank_with_note

NOTE = r'''NOTE: M\"{u}ller and G\"{o}del; 5" by 3"; "a "b" c"; ''x'' and ``y''; 5 -- 6; ,,low.'''
SEEN = 'NOTE: Müller and Gödel; 5" by 3"; “a “b” c”; \'\'x\'\' and ``y\'\'; 5 -- 6; ,,low.'
"""What the PDF's text reads, worked out by hand: accents set, the one word-bounded pair (nested too) curled,
everything else as typed."""


@pytest.mark.parametrize("text, tex", [
    (r'M\"{u}ller and G\"{o}del', r'M\"{u}ller and G\"{o}del'),
    ('5" by 3" and "a "b" c" end', r"5\textquotedbl{} by 3\textquotedbl{} and ``a ``b'' c'' end"),
    ('("x"), **"b"** and "open', r"(``x''), \textbf{``b''} and \textquotedbl{}open"),
    ('"from $x$ on" here', "``from $x$ on'' here"),
    ("''x'' ``y'' don't", r"\textquotesingle{}\textquotesingle{}x\textquotesingle{}\textquotesingle{} "
                          r"\textasciigrave{}\textasciigrave{}y\textquotesingle{}\textquotesingle{} don't"),
    ("5 -- 6 ,,low", r"5 -\/- 6 ,\/,low")])
def test_quotes_pair_only_at_word_boundaries(text, tex):
    """An accent's ``\\"`` is TeX's command; a ``"`` opens after a space or bracket and closes before one
    (across maths too); every other ``"``, and each ``'`` of ``''``, is printed as typed."""
    assert markdown_to_tex(text) == tex


def _pdf_text(invoke, tmp_path, note: str) -> str:
    """The problem paper's text, as pdftotext reads it, of C3's template with ``note`` in its stem."""
    bank = _bank_with_note(tmp_path / "bank", note)
    out = tmp_path / "pdf"
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--seed", "1", "--count", "1",
                    "--format", "pdf", "--jobs", "1", "--out", out)
    assert result.exit_code == 0, result.output
    text = subprocess.run(["pdftotext", out / "problems.pdf", "-"], capture_output=True, text=True, check=True).stdout
    return " ".join(text.split())


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("pdflatex") is None or shutil.which("pdftotext") is None,
                    reason="needs pdflatex and pdftotext to compile the paper and read it back")
def test_pdflatex_prints_quotes_and_accents_as_written(invoke, tmp_path):
    assert SEEN in _pdf_text(invoke, tmp_path, NOTE)


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("lualatex") is None or shutil.which("pdftotext") is None,
                    reason="needs lualatex and pdftotext to compile the paper and read it back")
def test_lualatex_prints_quotes_and_accents_as_written(invoke, tmp_path):
    """A Greek word in the stem sends the paper to LuaLaTeX, where ``-{}-`` was still an en dash."""
    assert "λόγος " + SEEN in _pdf_text(invoke, tmp_path, "λόγος " + NOTE)
