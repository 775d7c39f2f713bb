"""A Greek student's PDF feedback sheet (review 46, F13): their name is set as
text, in a font that has Greek (LuaLaTeX, as on their exam paper), and reads
back exactly; it was set as maths symbols (italic, omicron as a Latin o), so
the sheet could not be searched for it. An answer's Greek letters stay maths,
which keeps a sheet of Latin names on pdflatex. The real compile is slow and
skips, with the reason, without LuaLaTeX, a Greek font or pdftotext."""

import shutil
import subprocess

import pytest

from quizgen.generation import tex_fonts
from quizgen.grading import feedback_pdf
from test_grade_outputs import small_key, write

GREEK = "Ζωή Παπαδοπούλου"   # three omicrons, two letters with a tonos


def test_a_greek_name_is_text_on_the_sheet_and_an_answers_greek_letter_is_maths(tmp_path, invoke,
                                                                                 pdf_sheet_sources):
    rows = [("s103", GREEK, "Q1", "a", "\u03c3"), ("s103", GREEK, "Q1", "b", "3"),
            ("s104", "Ada", "Q1", "a", "\u03c3")]
    result = invoke("grade", write(tmp_path, small_key(), rows), "--key", tmp_path / "key.json",
                    "--feedback", tmp_path / "sheets", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    tex = pdf_sheet_sources["s103.tex"]
    assert f"Feedback for s103 ({GREEK})" in tex and f"{GREEK} (s103)" in tex   # heading and footer, as typed
    assert "$\\omega$" not in tex and "$\\pi$" not in tex and "Papad" not in tex
    assert "$\\sigma$ &" in tex   # the answer σ, in the table: pdflatex's maths symbol
    assert not tex_fonts.needs_unicode_engine(pdf_sheet_sources["s104.tex"])   # Ada's σ keeps her sheet on pdflatex


def test_a_note_sets_a_lone_greek_letter_as_maths_and_a_greek_word_as_text():
    # a note may quote an answer, σ(s), or be a marker's comment in Greek, "Καλή δουλειά"
    comment = "\u039a\u03b1\u03bb\u03ae \u03b4\u03bf\u03c5\u03bb\u03b5\u03b9\u03ac"
    assert feedback_pdf.tex_text(f"\u03c3(s) {comment}", "symbols") == f"$\\sigma$(s) {comment}"
    assert feedback_pdf.tex_text(GREEK) == GREEK and feedback_pdf.tex_text("\u03c3\u03c0", "maths") == "$\\sigma$$\\pi$"


@pytest.mark.slow
def test_a_greek_students_pdf_sheet_reads_back_their_name_exactly(tmp_path, invoke):
    missing = [tool for tool in ("pdflatex", "pdftotext") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: {feedback_pdf.install_hint()} poppler-utils)")
    if tex_fonts.lualatex() is None or not tex_fonts.can_typeset(GREEK):
        pytest.skip(f"lualatex with fontspec and a Greek font not installed (Debian: {' '.join(tex_fonts.DEBIAN_PACKAGES)})")
    rows = [("s103", GREEK, "Q1", "a", "0.5"), ("s103", GREEK, "Q1", "b", "3")]
    result = invoke("grade", write(tmp_path, small_key(), rows), "--key", tmp_path / "key.json",
                    "--feedback", tmp_path / "sheets", "--format", "pdf")
    assert result.exit_code == 0, result.stderr
    text = subprocess.run(["pdftotext", str(tmp_path / "sheets" / "s103.pdf"), "-"], capture_output=True,
                          check=True, text=True).stdout
    assert f"Feedback for s103 ({GREEK})" in text and f"{GREEK} (s103)" in text   # omicron, not Latin o
