"""PDF feedback sheets (grade --feedback DIR --format pdf): the LaTeX source
escapes every string from the answers file and the key (quick tests, TeX
stubbed out), a missing TeX stops grading before anything is written, and a
real compile (slow; skipped with the reason when TeX is missing) gives one PDF
per student whose text holds the hostile strings literally."""

import shutil
import subprocess

import pytest
from click.testing import CliRunner

import quizgen
from quizgen.cli import main
from quizgen.grading import feedback_pdf
from quizgen.grading.outputs import GradeOutputs
from test_grade_outputs import small_key, write

HOSTILE_ID = r"\input{/etc/passwd}"
HOSTILE_NAME = "Zoë $x$ 50% {^^5c} #1 ~_&"
HOSTILE_ANSWER = "\\immediate\\write18{id}%\n$\x07{"
ROWS = [(HOSTILE_ID, HOSTILE_NAME, "Q1", "a", "0.25"), (HOSTILE_ID, HOSTILE_NAME, "Q1", "b", HOSTILE_ANSWER),
        ("s2", "Bo", "Q1", "a", "0.5")]


@pytest.fixture
def sources(monkeypatch):
    """Grade with TeX stubbed out: {sheet name: LaTeX source} of the last run."""
    made = {}

    def fake_compile(documents):
        made.update(documents)
        return {name[:-4] + ".pdf": source.encode("utf-8") for name, source in documents.items()}

    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(feedback_pdf, "compile_sheets", fake_compile)
    return made


def test_latex_source_escapes_hostile_ids_names_answers_and_key_text(tmp_path, sources):
    key = small_key(code="{halved}%")
    key["questions"][0]["title"] = "Loss $ of \\def\\x{1}"
    quizgen.grade(write(tmp_path, key, ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*")) == ["input_etc_passwd.pdf", "s2.pdf"]
    tex = sources["input_etc_passwd.tex"]
    for raw in (r"\input", r"\immediate", r"\write18", r"\def\x", "^^5c", "\x07"):
        assert raw not in tex and raw not in tex.replace(r"\penalty5000{}", "")
    assert r"\textbackslash{}input\{/\penalty5000{}etc/pass\penalty5000{}wd\}" in tex   # a long word may wrap
    tex = tex.replace(r"\penalty5000{}", "")
    assert r"Feedback for \textbackslash{}input\{/etc/passwd\} (Zoë \$x\$ 50\% \{\textasciicircum{}" in tex
    assert r"\textbackslash{}immediate\textbackslash{}write18\{id\}\% \$ \{" in tex   # newline, BEL: spaces
    assert r"misconception \textbf{\{halved\}\%}: feedback for \{halved\}\%" in tex
    assert r"Q1: Loss \$ of \textbackslash{}def\textbackslash{}x\{1\}" in tex
    assert "No worked solution: template t1 is not in the bank" in tex and "pass -{}-bank" in tex
    assert tex.count(r"\begin{itemize}") == tex.count(r"\end{itemize}") == 1


def test_pdf_sheet_has_the_worked_solution_in_latex(tmp_path, sources):
    from quizgen.generation.run import generate
    import json

    generate(tmp_path / "quiz", classes="C7", count=1, seed=3)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    quizgen.grade(write(tmp_path, key, [("s1", "Ada", key["questions"][0]["id"], "a", "0.1")]),
                  key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    tex = sources["s1.tex"]
    assert r"\subsection*{Worked solution for your numbers}" in tex and r"\begin{qzsteps}" in tex
    assert "No worked solution" not in tex and "$" in tex.split("Worked solution", 1)[1]


def test_no_tex_stops_before_grading_with_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setattr(shutil, "which", lambda name: None)
    answers = write(tmp_path, small_key())
    result = CliRunner().invoke(main, ["grade", str(answers), "--feedback", str(tmp_path / "sheets"),
                                       "--format", "pdf"])
    assert result.exit_code == 1   # TexNotFoundError, as for generate --format pdf (docs/errors.md)
    line = result.output.strip()
    assert "\n" not in line and "pdflatex is not installed" in line and "apt-get install" in line
    assert not (tmp_path / "sheets").exists() and not (tmp_path / "answers-graded.csv").exists()


def test_format_pdf_needs_feedback_folder(tmp_path):
    result = CliRunner().invoke(main, ["grade", str(write(tmp_path, small_key())), "--format", "pdf"])
    assert result.exit_code == 2 and "--feedback DIR" in result.output


def real_sheets(tmp_path, reader: str, *options):
    """Grade ROWS into real PDF sheets (skipped, with the reason, without TeX or ``reader``)."""
    missing = [tool for tool in ("pdflatex", reader) if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: {feedback_pdf.install_hint()} poppler-utils)")
    result = CliRunner().invoke(main, ["grade", str(write(tmp_path, small_key(), ROWS)), "--feedback",
                                       str(tmp_path / "sheets"), "--format", "pdf", *options])
    assert result.exit_code == 0, result.output


@pytest.mark.slow
def test_real_pdf_sheets_hold_the_hostile_strings_literally(tmp_path):
    real_sheets(tmp_path, "pdftotext")
    names = sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*"))
    assert names == ["input_etc_passwd.pdf", "s2.pdf"]
    text = subprocess.run(["pdftotext", str(tmp_path / "sheets" / "input_etc_passwd.pdf"), "-"],
                          capture_output=True, check=True, text=True).stdout
    text = " ".join(text.split())
    assert f"Feedback for {HOSTILE_ID} (Zoë $x$ 50% {{^^5c}} #1" in text
    assert "\\immediate\\write18{id}%${" in text.replace(" ", "")   # wrapped in its column: no overfull box
    assert "misconception halved: feedback for halved" in text


def test_letter_paper_sheets(tmp_path, sources):
    quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf", paper="letter"))
    tex = sources["s2.tex"]
    assert tex.count("letterpaper") == 2 and "a4paper" not in tex


def test_paper_is_for_pdf_sheets_only(tmp_path):
    result = CliRunner().invoke(main, ["grade", str(write(tmp_path, small_key())), "--paper", "letter"])
    assert result.exit_code == 2 and "--format pdf" in result.output
    assert not (tmp_path / "answers-graded.csv").exists()


@pytest.mark.slow
def test_real_letter_sheets_are_letter_sized(tmp_path):
    real_sheets(tmp_path, "pdfinfo", "--paper", "letter")
    info = subprocess.run(["pdfinfo", str(tmp_path / "sheets" / "s2.pdf")], capture_output=True, check=True,
                          text=True).stdout
    assert "612 x 792 pts (letter)" in info
