"""Round 47's leftover (fix47a): feedback_pdf broke TeX's ligatures a second time, with a ``{}``
between two characters, which LuaLaTeX ignores: a Greek student's sheet (LuaLaTeX) printed an
answer ``<<0.69>>`` as «0.69». TeX escaping (escape_tex) now keeps ``<<`` and ``>>`` apart as it
keeps ``--`` apart, with ``\\/``, which both engines honour, so every text it escapes (a sheet's
answers and notes, a paper's filled values) prints them as typed, and feedback_pdf's own pass
is gone. The real compile is slow and skips, with the reason, without LuaLaTeX or a Greek font."""

import subprocess

import pytest

from quizgen.text.render import escape_tex
from test_pdf46_access import GREEK, lualatex_for_greek

ANSWERS = "student_id,name,Q1a,Q1b\ns1,Ann,<<0.69>> a--b,\"x,,y ?`` q''\"\ns2,{name},<<0.69>> a--b,0.37\n"


def test_escape_tex_keeps_guillemet_pairs_apart():
    assert escape_tex("<<a>> <b> a--b") == r"<\/<a>\/> <b> a-\/-b"


def _sheets(tmp_path, invoke, name: str = "Bea"):
    """The feedback sheets' folder of ANSWERS graded against C1 of seed 4646 (s2 named ``name``)."""
    quiz = tmp_path / "quiz"
    assert invoke("generate", "--seed", 4646, "--classes", "C1", "--out", quiz).exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text(ANSWERS.format(name=name), encoding="utf-8")
    result = invoke("grade", answers, "--key", quiz / "key.json", "--feedback", tmp_path / "fb", "--format", "pdf")
    assert result.exit_code == 0, result.output
    return tmp_path / "fb"


def test_a_sheets_answer_keeps_its_pairs_apart_in_the_tex(tmp_path, invoke, pdf_sheet_sources):
    _sheets(tmp_path, invoke)
    tex = pdf_sheet_sources["s1.tex"]
    assert r"<\/<0.69>\/> a-\/-b" in tex and r"x,\/,y ?\textasciigrave{}\textasciigrave{}" in tex
    assert "<{}<" not in tex


@pytest.mark.slow
@pytest.mark.parametrize("name", ["Bea", GREEK])
def test_both_engines_print_the_answer_as_typed(tmp_path, invoke, tex, name):
    if name == GREEK:
        lualatex_for_greek()
    sheet = _sheets(tmp_path, invoke, name) / "s2.pdf"
    text = subprocess.run(["pdftotext", sheet, "-"], capture_output=True, text=True, check=True).stdout
    assert "<<0.69>> a--b" in text and "\u00ab" not in text, text
