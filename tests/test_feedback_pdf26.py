"""``grade --feedback DIR --format pdf`` when pdflatex fails on every sheet (a
broken TeX installation): the warning says no PDF sheet was made and quotes what
pdflatex said (its log is not kept), and the command exits 1 with every output
written; when only some sheets fail, the others are PDFs and it exits 0. A fake
pdflatex runs in place of TeX, so these are quick."""

import pytest

from quizgen.generation import pdf
from quizgen.grading import feedback_pdf
from test_grade_outputs import small_key, write

FAKE = """#!/bin/sh
# fails on s1's sheet (or every sheet with $FAIL_ALL), printing no TeX error; else writes a "PDF"
for last; do :; done
case "$last" in
  s1.tex) echo "This is a fake pdflatex that cannot set s1"; exit 1 ;;
esac
[ -n "$FAIL_ALL" ] && { echo "This is a fake pdflatex that cannot set anything"; exit 1; }
printf '%%PDF-1.5 fake\\n' > "${last%.tex}.pdf"
"""
ROWS = [("s1", "Ada", "Q1", "a", "0.5"), ("s2", "Bo", "Q1", "a", "0.25")]


@pytest.fixture
def fake_pdflatex(tmp_path, monkeypatch):
    """pdflatex (run without latexmk) is FAKE, as a broken installation would be."""
    program = tmp_path / "bin" / "pdflatex"
    program.parent.mkdir()
    program.write_text(FAKE, encoding="utf-8")
    program.chmod(0o755)
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, str(program)))
    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    return program


def grade_pdf(invoke, tmp_path, rows):
    answers = write(tmp_path, small_key(), rows)
    return invoke("grade", answers, "--key", tmp_path / "key.json", "--feedback", tmp_path / "sheets",
                  "--format", "pdf")


@pytest.mark.parametrize("rows", [ROWS[:1], ROWS], ids=["one student", "two students"])
@pytest.mark.slow
def test_no_pdf_sheet_at_all_is_said_so_and_exits_1_with_every_output_written(invoke, tmp_path, fake_pdflatex,
                                                                            monkeypatch, rows):
    monkeypatch.setenv("FAIL_ALL", "1")
    result = grade_pdf(invoke, tmp_path, rows)
    assert result.exit_code == 1, result.output
    names = sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*"))
    assert names == ["index.csv", *[f"{student}.md" for student, *_ in rows]]   # the index: which is whose
    assert (tmp_path / "answers-graded.csv").is_file()
    warning = " ".join(line for line in result.stderr.splitlines() if "PDF sheet" in line)
    assert "no PDF sheet was made" in warning and "every student has the Markdown sheet" in warning
    assert 'its output ends: "This is a fake pdflatex that cannot set' in warning   # what pdflatex said
    assert "other sheets are PDFs" not in warning and "see its log" not in warning
    assert warning.endswith("quizgen exits 1")
    assert "Traceback" not in result.output


@pytest.mark.slow
def test_some_sheets_failing_still_exits_0_and_names_them(invoke, tmp_path, fake_pdflatex):
    result = grade_pdf(invoke, tmp_path, ROWS)
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*")) == ["index.csv", "s1.md", "s2.pdf"]
    warning = " ".join(line for line in result.stderr.splitlines() if "PDF sheet" in line)
    assert "LaTeX failed on 1 PDF sheet(s)" in warning and "the other sheets are PDFs" in warning
    assert 'its output ends: "This is a fake pdflatex that cannot set s1"' in warning
