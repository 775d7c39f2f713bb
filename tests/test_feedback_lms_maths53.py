"""Review 53a F7: a feedback sheet (Markdown and PDF) writes a misconception's
feedback as the LMS shows it (lms/html.feedback_text, the same conversion as
feedback_html: p̂, the minus sign and scripts), not in the key's ASCII
(``1 - p_hat``, ``e^(-s)``), which the LMS export stopped showing in review 46b:
the student read one sentence two ways. The PDF is set by pdflatex."""

import shutil
import subprocess

import pytest

import quizgen
from quizgen.generation import pdf
from quizgen.grading import feedback_pdf
from quizgen.grading.feedback import PartLine, part_notes
from quizgen.grading.outputs import GradeOutputs
from quizgen.lms.html import feedback_html, shown_maths
from test_grade_outputs import numeric, trap, write

SIGN = ("The sigmoid is 1/(1 + e^(-s)); with e^(+s) in the denominator you get 1 - p_hat, the probability "
        "of NotNext, and -ln(1 - p_hat) for L_MLM.")
SHOWN = ("The sigmoid is 1/(1 + e\u207b\u02e2); with e\u207a\u02e2 in the denominator you get 1 \u2212 p\u0302, the "
         "probability of NotNext, and \u2212ln(1 \u2212 p\u0302) for L_MLM.")


def test_a_sheets_misconception_reads_as_the_lms_shows_it():
    line = PartLine("a", "0.0953", "incorrect", "0", "2", "0.905", "wrong_sign", SIGN, "")
    note = part_notes(line)[0]
    assert (note.label, note.text) == ("misconception", SHOWN)
    # the LMS's HTML says the same: its scripts as <sup>, where the sheet's are Unicode
    assert feedback_html(shown_maths(SIGN)).startswith("The sigmoid is 1/(1 + e<sup>\u2212s</sup>)")


def test_the_markdown_sheet_writes_it(tmp_path):
    key = {"questions": [{"id": "Q1", "class": "C7", "template": "t", "points": 2,
                          "parts": [numeric("a", 0.905, [trap("wrong_sign", 0.0953, SIGN)])]}]}
    quizgen.grade(write(tmp_path, key, [("s1", "Ada", "Q1", "a", "0.0953")]), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    assert "1 \u2212 p\u0302" in sheet and "e\u207b\u02e2" in sheet and "p\\_hat" not in sheet


@pytest.mark.slow
def test_the_pdf_sheet_sets_it_with_pdflatex(tmp_path, monkeypatch):
    missing = [tool for tool in ("pdflatex", "pdftotext") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: {feedback_pdf.install_hint()} poppler-utils)")
    key = {"questions": [{"id": "Q1", "class": "C7", "template": "t", "points": 2,
                          "parts": [numeric("a", 0.905, [trap("wrong_sign", 0.0953, SIGN)])]}]}
    monkeypatch.setattr(pdf, "lualatex", lambda: None)   # pdflatex alone: p̂ and the scripts set by command
    quizgen.grade(write(tmp_path, key, [("s1", "Ada", "Q1", "a", "0.0953")]), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert not (tmp_path / "sheets" / "s1.md").exists()   # no Markdown sheet instead of a PDF LaTeX failed on
    text = subprocess.run(["pdftotext", str(tmp_path / "sheets" / "s1.pdf"), "-"], capture_output=True, check=True,
                          text=True).stdout
    said = " ".join(text.split())
    assert "p_hat" not in said and "e^(" not in said
    assert "1 \u2212 p" in said.replace("\u02c6", "").replace("\u0302", "")   # p̂: the accent is extracted apart
