"""PDF feedback sheets (grade --feedback DIR --format pdf): the LaTeX source
escapes every string from the answers file and the key (quick tests, TeX
stubbed out), a missing TeX stops grading before anything is written, and a
real compile (slow; skipped with the reason when TeX is missing) gives one PDF
per student whose text holds the hostile strings literally."""

import re
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


@pytest.mark.slow
def test_latex_source_escapes_hostile_ids_names_answers_and_key_text(tmp_path, pdf_sheet_sources):
    key = small_key(code="log_halved")   # a code is lower_snake_case (key/checks.py), shown as words
    key["questions"][0]["parts"][0]["misconceptions"][0]["feedback"] = "feedback for {halved}%"
    key["questions"][0]["title"] = "Loss $ of \\def\\x{1}"
    quizgen.grade(write(tmp_path, key, ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    assert sorted(p.name for p in (tmp_path / "sheets").glob("[!.]*")) == ["index.csv", "input_etc_passwd.pdf", "s2.pdf"]
    tex = pdf_sheet_sources["input_etc_passwd.tex"]
    for raw in (r"\input", r"\immediate", r"\write18", r"\def\x", "^^5c", "\x07"):
        assert raw not in tex and raw not in tex.replace(r"\penalty5000{}", "")
    assert r"\textbackslash{}input\{/\penalty5000{}etc/pass\penalty5000{}wd\}" in tex   # a long word may wrap
    tex = tex.replace(r"\penalty5000{}", "")
    assert r"Feedback for \textbackslash{}input\{/etc/passwd\} (Zoë \$x\$ 50\% \{\textasciicircum{}" in tex
    assert r"\textbackslash{}immediate\textbackslash{}write18\{id\}\% \$ \{" in tex   # newline, BEL: spaces
    assert r"misconception \textbf{log halved}: feedback for \{halved\}\%" in tex
    assert r"Q1: Loss \$ of \textbackslash{}def\textbackslash{}x\{1\}" in tex
    assert "No worked solution is available for this question." in tex and "-\\/-bank" not in tex
    assert tex.count(r"\begin{itemize}") == tex.count(r"\end{itemize}") == 2   # What to work on, the notes
    assert r"\item misconception ``{}log halved{}'': Q1 (a)." in tex   # no bank: the code; TeX's quotes


@pytest.mark.slow
def test_pdf_sheet_has_the_worked_solution_in_latex(tmp_path, pdf_sheet_sources):
    from quizgen.generation.run import generate
    import json

    generate(tmp_path / "quiz", classes="C7", count=1, seed=3)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    quizgen.grade(write(tmp_path, key, [("s1", "Ada", key["questions"][0]["id"], "a", "0.1")]),
                  key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    tex = pdf_sheet_sources["s1.tex"]
    assert r"\subsection*{Worked solution for the numbers on your paper}" in tex and r"\begin{qzsteps}" in tex
    assert "No worked solution" not in tex and "$" in tex.split("Worked solution", 1)[1]
    figure = tex.split(r"\begin{tikzpicture}", 1)[1]   # captioned as on the papers, saying why p̂ = 0.88595 beside 0.8859
    caption = (r"The loss $-\ln p$ against $p$, your question's point marked; the label gives $p$ to as many figures "
               r"as its $-\ln p$ needs.")
    assert caption in figure.split(r"\end{center}")[0]
    assert caption + r"\par}" + "\n" + r"\end{qzblock}\qzendrow" in figure   # Forecast. clears the row


@pytest.mark.slow
def test_every_page_names_its_student_and_counts_the_pages(tmp_path, pdf_sheet_sources):
    long_name = "Maximiliana Theodora Wilhelmina von Hohenzollern-Sigmaringen-Brandenburg the Third"
    rows = ROWS + [("s3", long_name, "Q1", "a", "0.5")]
    quizgen.grade(write(tmp_path, small_key(), rows), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    footer = r"\fancyfoot[L]{\small\parbox[b]{0.7\textwidth}{\raggedright "
    tex = pdf_sheet_sources["input_etc_passwd.tex"]
    assert footer + r"Zoë \$x\$ 50\% \{\textasciicircum{}\textasciicircum{}5c\} \#1 \textasciitilde{}\_\& " \
                    r"(\textbackslash{}input\{/etc/passwd\})}}" in tex
    assert r"\fancyfoot[R]{\small\qzpageof{qz-last}}" in tex and "\\qzlastpage{qz-last}\n\\end{document}" in tex
    assert footer + long_name[:57] + "... (s3)}}" in pdf_sheet_sources["s3.tex"]      # cut as on the exam paper


@pytest.mark.slow
def test_a_questions_heading_table_and_notes_stay_together_and_answers_are_listed(tmp_path, pdf_sheet_sources):
    from quizgen.generation.run import generate
    import json

    generate(tmp_path / "quiz", classes="C7", count=1, seed=3)
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    question = key["questions"][0]
    sign_error = f"{1 - question['parts'][0]['value']:.4f}"       # a trap: a note under the table
    quizgen.grade(write(tmp_path, key, [("s1", "Ada", question["id"], "a", sign_error)]), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    tex = pdf_sheet_sources["s1.tex"]
    kept = tex[tex.index(r"\begin{qzkeep}"):tex.index(r"\end{qzkeep}")]
    assert r"\section*{Q1:" in kept and r"\end{tabular}" in kept and r"\end{itemize}" in kept
    assert re.search(r"\\textbf\{Answers\.\} \(a\) [\d.]+, \(b\) [\d.]+, \(c\) [\d.]+\.\n", tex)
    about = tex.index(r"\textbf{About the answers.} The questions asked for decimal answers to 3 significant")
    assert tex.count("The questions asked for decimal answers") == 1 and about < tex.index(r"\section*{Q1:")

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
    assert names == ["index.csv", "input_etc_passwd.pdf", "s2.pdf"]
    text = subprocess.run(["pdftotext", str(tmp_path / "sheets" / "input_etc_passwd.pdf"), "-"],
                          capture_output=True, check=True, text=True).stdout
    text = " ".join(text.split())
    assert f"Feedback for {HOSTILE_ID} (Zoë $x$ 50% {{^^5c}} #1" in text
    assert "\\immediate\\write18{id}%${" in text.replace(" ", "")   # wrapped in its column: no overfull box
    assert "misconception halved: feedback for halved" in text


@pytest.mark.slow
def test_letter_paper_sheets(tmp_path, pdf_sheet_sources):
    quizgen.grade(write(tmp_path, small_key(), ROWS), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf", paper="letter"))
    tex = pdf_sheet_sources["s2.tex"]
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


@pytest.mark.slow
def test_real_sheet_keeps_each_questions_notes_on_its_headings_page_and_names_the_student(tmp_path):
    """A class paper (seed 42, every class) where Q9's notes fell onto the next page, away from its table."""
    import json
    from quizgen.generation.run import generate

    missing = [tool for tool in ("pdflatex", "pdftotext") if shutil.which(tool) is None]
    if missing:
        pytest.skip(f"{' and '.join(missing)} not installed (Debian: {feedback_pdf.install_hint()} poppler-utils)")
    (tmp_path / "roster.csv").write_text("student_id,name\ns003,Zoe Angstrom\n", encoding="utf-8")
    generate(tmp_path / "quiz", seed=42, students=tmp_path / "roster.csv")
    key = json.loads((tmp_path / "quiz" / "key.json").read_text(encoding="utf-8"))
    answers = {("Q1", "a"): "0.6667", ("Q1", "b"): "0.4054", ("Q2", "b"): "3.124", ("Q3", "a"): "about a third I think",
               ("Q3", "b"): "5.71", ("Q4", "a"): "0.41", ("Q5", "a"): "0", ("Q5", "b"): "0", ("Q5", "c"): "0.204",
               ("Q5", "d"): "1", ("Q6", "a"): "50", ("Q6", "b"): "40", ("Q6", "c"): "5", ("Q6", "d"): "5",
               ("Q6", "e"): "40", ("Q7", "a"): "0.81", ("Q7", "b"): "1.661", ("Q7", "c"): "1.661",
               ("Q8", "a"): "0.3196", ("Q8", "c"): "news", ("Q9", "a"): "13.85", ("Q9", "b"): "yes",
               ("Q9", "c"): "sum", ("Q10", "a"): "6", ("Q10", "b"): "0.6875"}
    rows = [("s003", "Zoe Angstrom", q, p, a) for (q, p), a in answers.items()]
    quizgen.grade(write(tmp_path, key, rows), key=tmp_path / "key.json",
                  outputs=GradeOutputs(feedback=str(tmp_path / "sheets"), feedback_format="pdf"))
    sheet = tmp_path / "sheets" / "s003.pdf"
    pages = subprocess.run(["pdftotext", "-layout", str(sheet), "-"], capture_output=True, check=True,
                           text=True).stdout.split("\f")[:-1]
    assert all("Zoe Angstrom (s003)" in page and f"Page {n} of {len(pages)}" in page
               for n, page in enumerate(pages, 1))
    for question in ("Q1", "Q5", "Q6", "Q7", "Q9", "Q10"):      # the questions with notes under their tables
        page = next(page for page in pages if re.search(rf"^\s*{question}: ", page, re.M))
        start = re.search(rf"^\s*{question}: ", page, re.M).start()
        end = page.find("Worked solution for the numbers on your paper", start)
        assert re.search(r"• \([a-e]\) ", page[start:end if end > 0 else None]), question
