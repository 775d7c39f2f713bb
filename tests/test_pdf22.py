"""A stem or part taller than a page breaks between its lines (no text is ever
cut off the page's foot); a piece that cannot break is reported by name; and a
long PDF run not on a terminal says now and then how far it is. The PDF tests
skip, with the reason shown, when pdflatex or pdftotext is missing."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

from quizgen.generation import pdf

EXAMPLE = Path(__file__).resolve().parent.parent / "docs" / "examples" / "bert_bank" / "c11_attention.yaml"


def user_bank(folder: Path, stem: str, first_ask: str = "", space: str = "") -> Path:
    """A bank of one template (class C31): the example attention question with ``stem``
    as its stem, ``first_ask`` before its first part's question, ``space`` cm of working space there."""
    text = EXAMPLE.read_text(encoding="utf-8")
    text = text[:text.index("stem: |")] + stem + "\n" + text[text.index("parts:"):]
    ask = '    ask: "What is the scaled score'
    text = text.replace(ask, (f"    space: {space}\n" if space else "") + ask.replace('"', '"' + first_ask, 1))
    text = text.replace("id: scaled-dot-product-attention", "id: long-attention").replace("class: C11", "class: C31")
    folder.mkdir()
    (folder / "c31_long.yaml").write_text(text, encoding="utf-8")
    return folder


def pdf_text(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


@pytest.mark.slow
@pytest.mark.parametrize("layout", ["exam", "compact"])
def test_a_stem_of_80_lines_and_a_part_of_50_breaks_across_pages_and_every_line_is_printed(invoke, tmp_path, tex, layout):
    stem = "stem: |\n" + "".join(f"  Stemline{i:02d} the head reads this sentence of the long stem.\n\n"
                                 for i in range(1, 81))
    ask = " ".join(f"Askline{i:02d} words words words words words words words words words words." for i in range(1, 51))
    bank = user_bank(tmp_path / "bank", stem, ask + " ", space="6")
    result = invoke("generate", "--bank", bank, "--classes", "C31", "--format", "pdf", "--layout", layout,
                    "--seed", 3, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    text = pdf_text(tmp_path / "out" / "problems.pdf")
    for word in [f"Stemline{i:02d}" for i in range(1, 81)] + [f"Askline{i:02d}" for i in range(1, 51)]:
        assert word in text, word
    assert text.count("Answer:") == 3
    pages = text.split("\f")
    broken = [i for i, page in enumerate(pages) if "Q1 continues on the next page." in page]
    assert broken and all("Q1 (continued)" in pages[i + 1] for i in broken)
    assert "(a) Askline01" in text.replace("\n", " ")   # the part's first line keeps its label
    # the working space and the answer box stay under the part's last line, on its page
    last = next(page for page in pages if "Askline50" in page)
    assert last.index("Askline50") < last.index("Answer:")


@pytest.mark.slow
def test_a_first_part_that_cannot_share_a_page_with_its_stem_starts_the_next_page(invoke, tmp_path, tex):
    stem = "stem: |\n" + "".join(f"  Stemline{i:02d} the head reads this sentence of the long stem.\n" for i in range(1, 31))
    bank = user_bank(tmp_path / "bank", stem, space="18")
    result = invoke("generate", "--bank", bank, "--classes", "C31", "--format", "pdf", "--seed", 3,
                    "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert "warning" not in result.stderr
    text = pdf_text(tmp_path / "out" / "problems.pdf")
    assert text.count("Answer:") == 3 and "Stemline30" in text


@pytest.mark.slow
def test_a_piece_taller_than_a_page_that_cannot_break_is_named_in_a_warning(invoke, tmp_path, tex):
    rows = r" \\\\ ".join(f"r_{{ {i} }}" for i in range(1, 81))
    bank = user_bank(tmp_path / "bank", 'stem: "A tall table: $\\\\begin{array}{c} ' + rows + ' \\\\end{array}$"\n')
    result = invoke("generate", "--bank", bank, "--classes", "C31", "--format", "pdf", "--seed", 3,
                    "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1   # the solutions lose the table's foot too (test_pdf22b.py)
    assert "problems.pdf and solutions.pdf: Q1 (template long-attention) runs off the foot of its page" in warnings[0]
    assert "working space (space:)" in warnings[0]


@pytest.mark.slow
def test_compile_pdf_reads_the_overflow_marker_from_the_log(tex):
    source = ("\\documentclass{article}\\begin{document}x\\typeout{quizgen-overflow: Q7}"
              "\\typeout{quizgen-overflow: Q7}\\end{document}\n")
    assert pdf.compile_pdf("a.tex", source).overflows == ("Q7",)
    assert pdf.compile_pdf("b.tex", source.replace("\\typeout{quizgen-overflow: Q7}", "")).overflows == ()


def test_overflow_warnings_name_each_question_once_with_its_documents():
    def made(*ids):
        result = pdf.CompiledPdf(b"%PDF")
        result.overflows = ids
        return result
    pdfs = {"problems-s1.pdf": made("Q3"), "problems-s2.pdf": made("Q3", "Q5"), "problems-s3.pdf": made("Q3"),
            "solutions.pdf": b"%PDF"}
    warnings = pdf.overflow_warnings(pdfs)
    assert [w.split(":")[0] for w in warnings] == ["problems-s1.pdf (and 2 other PDFs)", "problems-s2.pdf"]
    assert " Q3 runs off" in warnings[0] and " Q5 runs off" in warnings[1]
    assert pdf.overflow_warnings({"problems.pdf": b"%PDF"}) == []


def test_a_long_run_not_on_a_terminal_prints_a_progress_line_every_30_seconds(monkeypatch, capsys):
    ticks = iter(range(0, 10_000, 7))   # each document is seen done 7 s after the one before
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", lambda name, source, programs: source.encode())
    monkeypatch.setattr(pdf, "_clock", lambda: next(ticks))
    documents = {f"p{i:02d}.tex": "x" for i in range(20)}
    assert len(pdf.compile_documents(documents, progress=True)) == 20
    lines = capsys.readouterr().err.splitlines()
    assert lines == [f"quizgen: compiled {n} of 20 PDFs" for n in (5, 10, 15)]
    pdf.compile_documents(documents)                      # not asked for (grade's feedback sheets): silent
    assert capsys.readouterr().err == ""


def test_on_a_terminal_only_the_progress_bar_shows(monkeypatch):
    class Terminal:
        text = ""

        def isatty(self):
            return True

        def write(self, text):
            Terminal.text += text

        def flush(self):
            pass
    ticks = iter(range(0, 10_000, 40))
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", lambda name, source, programs: b"")
    monkeypatch.setattr(pdf, "_clock", lambda: next(ticks))
    monkeypatch.setattr(sys, "stderr", Terminal())
    pdf.compile_documents({"a.tex": "", "b.tex": "", "c.tex": ""}, progress=True)
    assert "Compiling PDFs" in Terminal.text and not re.search("compiled . of", Terminal.text)


def test_generate_split_not_on_a_terminal_says_how_far_the_pdfs_are(invoke, monkeypatch, tmp_path):
    """`generate --split --format pdf` in a CI job or under nohup (stderr not a terminal)."""
    ticks = iter(range(0, 10_000, 20))   # 20 s a document
    monkeypatch.setattr(pdf, "find_tex", lambda: (None, "pdflatex"))
    monkeypatch.setattr(pdf, "compile_pdf", lambda name, source, programs: pdf.CompiledPdf(b"%PDF-1.5\n"))
    monkeypatch.setattr(pdf, "_clock", lambda: next(ticks))
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\n" + "".join(f"s{i},Student {i}\n" for i in range(5)), encoding="utf-8")
    result = invoke("generate", "--classes", "C1", "--seed", 1, "--students", roster, "--split", "--format", "pdf",
                    "--no-solutions", "--jobs", 1, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    assert [line for line in result.stderr.splitlines() if "compiled" in line] == \
        ["quizgen: compiled 2 of 5 PDFs", "quizgen: compiled 4 of 5 PDFs"]
