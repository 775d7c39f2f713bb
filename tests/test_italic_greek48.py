"""Round 47's leftover (fix47a): under LuaLaTeX, italic text's Greek letters (a bank's
``\\textit{...}`` in a stem) came from the fallback family's regular face: the italic
shape fell back to the regular list. Each shape now falls back to the family's face of that
shape (Noto Serif Italic). PDF tests skip, with the reason, without LuaLaTeX, a Greek font or
pdffonts."""

import re
from pathlib import Path

import pytest

from quizgen.generation import tex_fonts
from test_bold_greek47 import SOURCE
from test_pdf46_access import GREEK, lualatex_for_greek, run, tools

C3 = Path(__file__).resolve().parent.parent / "question_bank" / "c3_uniform_logits.yaml"


@pytest.mark.parametrize("shape, suffix, style", [("Italic", "italic", "/I"), ("BoldItalic", "bolditalic", "/BI")])
def test_italic_shapes_fall_back_to_italic_faces(monkeypatch, shape, suffix, style):
    monkeypatch.setattr(tex_fonts, "fonts", lambda: (("Latin Modern Roman", ()), ("Noto Serif", ((0x370, 0x3FF),))))
    tex = tex_fonts.for_lualatex(SOURCE + GREEK)
    assert f'add_fallback("quizgenfallback{suffix}", {{"Noto Serif{style}:mode=harf;"}})' in tex
    assert f"{shape}Features={{RawFeature={{fallback=quizgenfallback{suffix}}}}}" in tex


@pytest.mark.slow
def test_a_stems_italic_greek_is_set_in_an_italic_face(tmp_path, invoke):
    tools("pdffonts")
    lualatex_for_greek()
    if "Italic" not in run("fc-list", ":family=Noto Serif:style=Italic", "style"):
        pytest.skip("Noto Serif Italic not installed (Debian: fonts-noto-core)")
    bank = tmp_path / "bank"
    bank.mkdir()
    text = C3.read_text(encoding="utf-8").replace("id: mlm-uniform-logits", "id: italic-greek").replace("class: C3", "class: C33")
    text = text.replace("stem: |\n  A masked", "stem: |\n  \\textit{Read αβγ} first. A masked", 1)
    (bank / "c33.yaml").write_text(text, encoding="utf-8")
    out = tmp_path / "out"
    made = invoke("generate", "--bank", bank, "--classes", "C33", "--seed", 3, "--format", "pdf", "--no-solutions",
                  "--out", out)
    assert made.exit_code == 0, made.output
    assert "Read αβγ" in (out / "problems.tex").read_text(encoding="utf-8")
    assert re.search(r"NotoSerif-Italic", run("pdffonts", out / "problems.pdf"))
