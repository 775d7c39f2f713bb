"""Review 41b F6, the part left: off a terminal (a CI job, a nohup'd run), `grade --feedback DIR
--format pdf` printed nothing while its sheets compiled; it now says how far they are, with the
same `quizgen: compiled N of M PDFs` line every 30 s that `generate --format pdf` prints."""

from quizgen.generation import pdf
from quizgen.grading import feedback_pdf


def test_grade_not_on_a_terminal_says_how_far_the_sheets_are(invoke, monkeypatch, three_question_folder):
    ticks = iter(range(0, 10_000, 20))   # 20 s a sheet
    monkeypatch.setattr(feedback_pdf, "check_tex", lambda: None)
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", lambda name, source, programs: pdf.CompiledPdf(b"%PDF-1.5\n"))
    monkeypatch.setattr(pdf, "_clock", lambda: next(ticks))
    folder = three_question_folder
    rows = "".join(f"s{i},Q1,a,0.408\n" for i in range(5))
    (folder / "answers.csv").write_text("student_id,question_id,part,answer\n" + rows, encoding="utf-8")
    result = invoke("grade", folder / "answers.csv", "--key", folder / "key.json", "--out", folder / "out",
                    "--feedback", folder / "sheets", "--format", "pdf", "--jobs", 1)
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "compiled" in line] == \
        ["quizgen: compiled 2 of 5 PDFs", "quizgen: compiled 4 of 5 PDFs"]
    assert sorted(p.name for p in (folder / "sheets").glob("*.pdf")) == [f"s{i}.pdf" for i in range(5)]
