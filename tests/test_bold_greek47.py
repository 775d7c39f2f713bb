"""Review 46b: a Greek name in a bold heading (a feedback sheet's "Feedback for s103 (Ζωή ...)",
a paper's bold "Name:") came out regular: LuaLaTeX's fallback fonts were the regular faces only.
Bold text now falls back to each fallback family's bold face (Noto Serif Bold for Greek). PDF
tests skip, with the reason, without LuaLaTeX, a Greek font or pdffonts."""

import re

import pytest

from quizgen.generation import tex_fonts
from test_pdf46_access import GREEK, lualatex_for_greek, run, tools

SOURCE = "\\documentclass{article}\n\\usepackage[utf8]{inputenc}\n\\usepackage[T1]{fontenc}\n\\begin{document}\n"


def test_bold_shapes_fall_back_to_bold_faces(monkeypatch):
    """The bold list holds only the families the text needs (the first holding each letter): a CJK bold face
    takes seconds to load."""
    greek, cjk = (0x370, 0x3FF), (0x4E00, 0x9FFF)
    monkeypatch.setattr(tex_fonts, "fonts", lambda: (("Latin Modern Roman", ()), ("Noto Serif", (greek,)),
                                                     ("Noto Serif CJK SC", (greek, cjk))))
    tex = tex_fonts.for_lualatex(SOURCE + GREEK)
    assert 'add_fallback("quizgenfallback", {"Noto Serif:mode=harf;", "Noto Serif CJK SC:mode=harf;"})' in tex
    assert 'add_fallback("quizgenfallbackbold", {"Noto Serif/B:mode=harf;"})' in tex
    assert "BoldFeatures={RawFeature={fallback=quizgenfallbackbold}}" in tex
    assert "UprightFeatures={RawFeature={fallback=quizgenfallback}}" in tex


@pytest.mark.slow
def test_a_sheets_bold_heading_sets_a_greek_name_in_bold(tmp_path, invoke):
    tools("pdffonts")
    lualatex_for_greek()
    if not re.search(r"Bold", run("fc-list", ":family=Noto Serif:style=Bold", "style")):
        pytest.skip("Noto Serif Bold not installed (Debian: fonts-noto-core)")
    quiz = tmp_path / "quiz"
    assert invoke("generate", "--seed", 4646, "--classes", "C1", "--out", quiz).exit_code == 0
    answers = tmp_path / "answers.csv"
    answers.write_text(f"student_id,name,Q1a,Q1b\ns103,{GREEK},0.69,0.37\n", encoding="utf-8")
    result = invoke("grade", answers, "--key", quiz / "key.json", "--feedback", tmp_path / "fb", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    assert "NotoSerif-Bold" in run("pdffonts", tmp_path / "fb" / "s103.pdf")
