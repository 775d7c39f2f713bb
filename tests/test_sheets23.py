"""Feedback sheets against hostile answers: a very long answer is quoted cut
short (Markdown and PDF), one sheet LaTeX fails on no longer stops the class's
grade (that student gets the Markdown sheet, named in one warning; a timeout
still stops everything), maths symbols pdflatex can set keep a sheet off
LuaLaTeX, and LuaLaTeX runs are bounded. Real compiles are slow and skip, with
the reason, without TeX."""

import shutil
import subprocess
import threading
import time

import pytest

import quizgen
from quizgen.errors import LatexError
from quizgen.generation import pdf
from quizgen.generation.tex_fonts import needs_unicode_engine
from quizgen.grading import feedback_pdf
from quizgen.grading.feedback_words import shown_answer
from quizgen.grading.outputs import GradeOutputs
from test_grade_outputs import small_key, write

LONG = ("x" * 15 + " ") * 620   # 9,920 characters of 15-letter words: the reviewer's answer
MATHS = "\u22120.7 \u2248 \u03c3\u00b2 \u2264 1 \u2026"   # −0.7 ≈ σ² ≤ 1 …
ROWS = [("s1", "Ada", "Q1", "a", LONG), ("s1", "Ada", "Q1", "b", "3"), ("s2", "Bo", "Q1", "a", MATHS),
        ("s2", "Bo", "Q1", "b", "3")]
SAID = "9920 characters in all; the graded CSV has it whole"


def test_a_long_answer_is_cut_with_its_length_and_a_short_one_is_whole():
    shown = shown_answer(LONG)
    assert shown.endswith(f"\u2026 ({SAID})") and len(shown) < 360
    assert LONG.startswith(shown.split(" \u2026")[0]) and not shown.split(" \u2026")[0].endswith("x" * 16)
    assert shown_answer("y" * 400) == "y" * 400


def test_markdown_sheet_quotes_a_long_answer_cut_and_graded_csv_keeps_it_whole(tmp_path):
    result = quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets")))
    sheet = (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8")
    assert SAID in sheet and LONG.strip() not in sheet and len(sheet) < 4000
    assert LONG.strip() in result.paths["graded"].read_text(encoding="utf-8")


def test_pdf_sheet_cuts_a_long_answer_and_sets_maths_symbols_without_lualatex(tmp_path, pdf_sheet_sources):
    quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert "9920 characters in all" in pdf_sheet_sources["s1.tex"] and LONG.strip() not in pdf_sheet_sources["s1.tex"]
    tex = pdf_sheet_sources["s2.tex"]
    assert r"$-$0.7 $\approx$ $\sigma$" in tex and r"$\leq$ 1 {\ldots}" in tex
    assert not needs_unicode_engine(tex) and not needs_unicode_engine(pdf_sheet_sources["s1.tex"])
    assert needs_unicode_engine(feedback_pdf.tex_text("\U0001f600 \u4e2d"))   # emoji, CJK: still LuaLaTeX


@pytest.fixture
def failing_tex(monkeypatch):
    """TeX stubbed out at compile_pdf: s1's sheet fails with ``error`` (set by the test), the others compile."""
    error = {}

    def fake_compile_pdf(name, source, programs=None):
        if name == "s1.tex":
            raise error["raise"]
        return pdf.CompiledPdf(b"%PDF-1.5 " + name.encode())

    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", fake_compile_pdf)
    return error


def test_one_sheet_latex_fails_on_gets_markdown_and_the_class_is_graded(tmp_path, failing_tex):
    failing_tex["raise"] = LatexError("LaTeX failed on s1.tex line 77: Dimension too large.", "s1.tex", "log")
    result = quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    names = sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*"))
    assert names == ["index.csv", "s1.md", "s2.pdf"] and result.paths["graded"].is_file()
    index = (tmp_path / "sheets" / "index.csv").read_text(encoding="utf-8-sig").splitlines()
    assert index == ["student_id,name,file", "s1,Ada,s1.md", "s2,Bo,s2.pdf"]   # the Markdown sheet it got instead
    assert (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8").startswith("# Feedback for s1 (Ada)")
    said = [w for w in result.warnings if "s1.pdf" in w]
    assert len(said) == 1 and "s1.pdf -> s1.md" in said[0] and "Dimension too large" in said[0]


@pytest.mark.slow
def test_the_markdown_instead_never_takes_the_name_of_a_file_not_ours(tmp_path, failing_tex):
    failing_tex["raise"] = LatexError("LaTeX failed on s1.tex: Dimension too large.", "s1.tex", "log")
    (tmp_path / "sheets").mkdir()
    (tmp_path / "sheets" / "s1.md").write_text("my own notes\n", encoding="utf-8")
    result = quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert (tmp_path / "sheets" / "s1.md").read_text(encoding="utf-8") == "my own notes\n"
    assert (tmp_path / "sheets" / "s1-2.md").is_file() and any("s1.pdf -> s1-2.md" in w for w in result.warnings)


def test_a_tex_timeout_still_stops_the_grade_and_writes_nothing(tmp_path, failing_tex):
    failing_tex["raise"] = pdf.LatexTimeout("LaTeX took longer than 300 s on s1.tex", "s1.tex")
    with pytest.raises(LatexError, match="longer than 300 s"):
        quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                      outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert not (tmp_path / "sheets").exists() and not (tmp_path / "answers-graded.csv").exists()


def test_lualatex_runs_are_bounded_by_memory():
    gib = 2 ** 30
    assert [pdf.lualatex_jobs(m) for m in (None, gib // 2, 3 * gib, 24 * gib)] == [2, 1, 1, 8]


@pytest.mark.slow
def test_lualatex_runs_at_once_are_limited_and_pdflatex_runs_beside_them(monkeypatch):
    monkeypatch.setenv(pdf.LUALATEX_JOBS_ENV, "1")
    monkeypatch.setattr(pdf, "_LUALATEX_SLOTS", [])
    monkeypatch.setattr(pdf, "lualatex", lambda: "lualatex")
    monkeypatch.setattr(pdf, "find_tex", lambda: ("latexmk", "pdflatex"))   # no TeX needed: runs are faked
    monkeypatch.setattr(pdf, "for_lualatex", lambda source: source)
    monkeypatch.setattr(pdf, "needs_unicode_engine", lambda source: "\U0001f600" in source)
    running, most, lock = {"-pdf": 0, "-lualatex": 0}, {"-pdf": 0, "-lualatex": 0, "all": 0}, threading.Lock()

    def fake_run(name, source, latexmk, program, engine):
        with lock:
            running[engine] += 1
            most[engine] = max(most[engine], running[engine])
            most["all"] = max(most["all"], sum(running.values()))
        time.sleep(0.05)
        with lock:
            running[engine] -= 1
        return pdf.CompiledPdf(b"%PDF")

    monkeypatch.setattr(pdf, "_compile_in_folder", fake_run)
    documents = {f"s{n}.tex": "\\begin{document}" + ("\U0001f600" if n % 2 else "plain") for n in range(12)}
    assert len(pdf.compile_documents(documents, jobs=6)) == 12
    assert most["-lualatex"] == 1 and most["all"] >= 2


def real_tex(*tools):
    """Skip, with the reason, when a TeX tool the test runs is not installed."""
    missing = [tool for tool in ("pdflatex", *tools) if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: {feedback_pdf.install_hint()} poppler-utils)")


def pdf_text(path) -> str:
    return " ".join(subprocess.run(["pdftotext", str(path), "-"], capture_output=True, check=True,
                                   text=True).stdout.split())


@pytest.mark.slow
def test_real_sheets_of_a_long_answer_and_maths_symbols_compile_with_pdflatex(tmp_path, monkeypatch):
    real_tex("pdftotext")
    monkeypatch.setattr(pdf, "for_lualatex", lambda source: pytest.fail("a sheet went to LuaLaTeX"))
    result = quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*")) == ["index.csv", "s1.pdf", "s2.pdf"]
    assert "(9920 characters in all;" in pdf_text(tmp_path / "sheets" / "s1.pdf")
    assert not [w for w in result.warnings if ".pdf" in w]   # no sheet failed or ran off its page
    assert "\u22120.7 \u2248 \u03c3" in pdf_text(tmp_path / "sheets" / "s2.pdf")   # −0.7 ≈ σ as typed


@pytest.mark.slow
def test_real_sheet_latex_fails_on_is_markdown_and_the_others_are_pdfs(tmp_path, monkeypatch):
    real_tex()
    import json
    from quizgen.generation.run import generate

    monkeypatch.setattr(feedback_pdf, "shown_answer", lambda answer: answer)   # quoted whole, as before the cut
    generate(tmp_path / "quiz", seed=1)   # the reviewer's paper: Q1 (a) and (b) whole are taller than TeX's largest dimension
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    rows = [("s1", "Ada", "Q1", "a", LONG), ("s1", "Ada", "Q1", "b", LONG), ("s2", "Bo", "Q1", "a", MATHS)]
    result = quizgen.grade(write(tmp_path, key, rows), key=tmp_path / "key.json",
                           outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    names = sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*"))
    assert [n for n in names if not n.endswith("-figure.svg")] == ["index.csv", "s1.md", "s2.pdf"]   # the .md's figures beside it
    assert "s1-Q1-figure.svg" in names and (tmp_path / "answers-graded.csv").is_file()
    assert any("s1.pdf -> s1.md" in w and "Dimension too large" in w for w in result.warnings)


def test_documents_waiting_for_a_lualatex_slot_start_no_tex_once_one_has_timed_out(monkeypatch, tmp_path):
    """rev-final23: after a timeout, the documents waiting on the LuaLaTeX
    semaphore each still started TeX once they got the slot, and the run waited
    for them all (with the real limit, minutes per document)."""
    from quizgen.generation import pdf

    started = []

    def compile_in_folder(name, source, latexmk, program, engine):
        if name == "a.tex":
            raise pdf.LatexTimeout("LaTeX took longer than 300 s on a.tex", document=name)
        process = pdf._RUNNING.start(["sleep", "0.3"], tmp_path, {})
        started.append(name)
        process.communicate()
        pdf._RUNNING.finish(process)
        return pdf.CompiledPdf(b"%PDF")

    monkeypatch.setattr(pdf, "_LUALATEX_SLOTS", [threading.BoundedSemaphore(1)])
    monkeypatch.setattr(pdf, "needs_unicode_engine", lambda source: True)
    monkeypatch.setattr(pdf, "lualatex", lambda: "lualatex")
    monkeypatch.setattr(pdf, "find_tex", lambda: ("latexmk", "pdflatex"))
    monkeypatch.setattr(pdf, "for_lualatex", lambda source: source)
    monkeypatch.setattr(pdf, "_compile_in_folder", compile_in_folder)
    documents = {name: "\\begin{document}x\\end{document}" for name in ("a.tex", "b.tex", "c.tex", "d.tex")}
    with pytest.raises(pdf.LatexTimeout):
        pdf.compile_documents(documents, jobs=4)
    assert len(started) <= 1 and not {"c.tex", "d.tex"} & set(started)   # b may take the slot a freed, then is killed
    assert not pdf._RUNNING.stopped   # rev-last23: a direct compile_pdf after the failed batch is not stopped
    monkeypatch.setattr(pdf, "_compile_in_folder", lambda *args: pdf.CompiledPdf(b"%PDF"))
    assert len(pdf.compile_documents({"e.tex": "x"}, jobs=1)) == 1   # the next batch runs
