"""Maths and tables in a bank's text, and text lost off a page's foot (rev-pdf22):
display maths and a tabular keep their ``&``; an array or aligned outside maths is
refused when the bank loads; the solutions warn (and break a block of answers taller
than a page) as the problems do, naming the template; the compact layout fills
its pages. The PDF tests skip, with the reason shown, without pdflatex or pdftotext."""

import re
import subprocess
from pathlib import Path

import pytest

from quizgen.generation import pdf
from quizgen.text.tex_markdown import alignment_outside_maths, markdown_to_tex

BANK = Path(__file__).resolve().parent.parent / "question_bank" / "c6_masking_counts.yaml"
TABLE = r"\begin{array}{c|c} rowA & 1 \\ rowB & 2 \end{array}"


def user_bank(folder: Path, stem_line: str, first_ask: str = "", space: str = "") -> Path:
    """C6's template as class C14 of a bank of its own, ``stem_line`` (YAML-escaped as a
    double-quoted scalar's text) its stem's first paragraph, ``first_ask`` before its first
    part's question, with ``space`` cm of working space there."""
    text = BANK.read_text(encoding="utf-8")
    text = text.replace("id: mlm-masking-counts", "id: user-masking-counts").replace("class: C6", "class: C14")
    stem = text[text.index("stem: |\n"):text.index("\nparts:")]
    body = "\n".join(line[2:] for line in stem.splitlines()[1:])
    escaped = (stem_line + "\n\n" + body).replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")
    text = text.replace(stem, f'stem: "{escaped}"')
    old = '    ask: "How many positions in the whole batch are picked for prediction?"'
    assert old in text, f"{BANK.name}'s first ask has changed: update user_bank"
    ask = (first_ask + " How many positions in the whole batch are picked for prediction?").replace("\\", "\\\\")
    text = text.replace(old, (f"    space: {space}\n" if space else "") + f'    ask: "{ask}"')
    folder.mkdir()
    (folder / "c14_user.yaml").write_text(text, encoding="utf-8")
    return folder


def pdf_text(path: Path, layout: bool = True) -> str:
    return subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(path), "-"],
                          capture_output=True, text=True, check=True).stdout


def rows(count: int) -> str:
    return r" \\ ".join(f"r{i:02d} & {i}" for i in range(1, count + 1))


def test_display_maths_and_a_tabular_keep_their_ampersands_and_prose_escapes_its_own():
    assert markdown_to_tex(rf"See \[ {TABLE} \] or $$ {TABLE} $$, Q & A.") == \
        rf"See \[ {TABLE} \] or $$ {TABLE} $$, Q \& A."
    assert markdown_to_tex(r"\( a & b \) and $x & y$ \\[2pt] AT&T") == r"\( a & b \) and $x & y$ \\[2pt] AT\&T"
    tabular = r"\begin{tabular}{cc} **n** & 50% \\ $a&b$ & c \end{tabular} & more"
    assert markdown_to_tex(tabular) == r"\begin{tabular}{cc} \textbf{n} & 50\% \\ $a&b$ & c \end{tabular} \& more"
    assert markdown_to_tex(r"\$5 & \$6, a \[ unclosed & one") == r"\$5 \& \$6, a \[ unclosed \& one"


def test_an_alignment_outside_maths_is_found_and_one_inside_maths_is_not():
    assert alignment_outside_maths(f"Counts: {TABLE}") == r"\begin{array}"
    assert alignment_outside_maths(r"\begin{tabular}{c} \begin{pmatrix} a & b \end{pmatrix} \end{tabular}") == \
        r"\begin{pmatrix}"
    for fine in (f"$ {TABLE} $", rf"\[ {TABLE} \]", f"$$ {TABLE} $$", r"\begin{tabular}{cc} a & b \end{tabular}",
                 r"{% if x %}$\begin{aligned} a &= b \end{aligned}${% endif %}", "no TeX & at all"):
        assert alignment_outside_maths(fine) is None, fine


@pytest.mark.slow
def test_validate_refuses_an_array_outside_maths_naming_file_line_and_what_to_do(invoke, tmp_path):
    bank = user_bank(tmp_path / "bank", f"Counts: {TABLE}")
    result = invoke("validate", bank)
    assert result.exit_code == 1
    assert re.search(r"c14_user\.yaml:\d+: stem: text uses \\begin\{array\} outside maths, where its & would "
                     r"print as a character; put it inside \\\[ \.\.\. \\\] \(or \$ \.\.\. \$\)", result.output), \
        result.output
    assert invoke("validate", user_bank(tmp_path / "fine", rf"\[ {TABLE} \]")).exit_code == 0


def test_a_solutions_overflow_and_the_template_are_named_once_with_both_pdfs():
    def made(*questions):
        result = pdf.CompiledPdf(b"%PDF")
        result.overflows = questions
        return result
    warnings = pdf.overflow_warnings({"problems.pdf": made("Q1 (template a)"),
                                      "solutions.pdf": made("Q1 (template a)", "Q2 (template b)")})
    assert [w.split(" runs off")[0] for w in warnings] == ["problems.pdf and solutions.pdf: Q1 (template a)",
                                                           "solutions.pdf: Q2 (template b)"]


@pytest.mark.slow
def test_compile_pdf_reads_the_template_from_the_overflow_marker(tex):
    source = "\\documentclass{article}\\begin{document}x\\typeout{quizgen-overflow: Q7 some-id}\\end{document}\n"
    assert pdf.compile_pdf("a.tex", source).overflows == ("Q7 (template some-id)",)



def _pdf_paper(invoke, bank, out):
    """``quizgen generate`` of the bank's C14 as PDF (seed 1) into ``out``: the run's result, checked to succeed."""
    result = invoke("generate", "--bank", bank, "--classes", "C14", "--format", "pdf", "--seed", 1, "--out", out)
    assert result.exit_code == 0, result.stderr
    return result

@pytest.mark.slow
def test_a_display_array_prints_its_columns(invoke, tmp_path, tex):
    bank = user_bank(tmp_path / "bank", rf"\[ {TABLE} \]")
    _pdf_paper(invoke, bank, tmp_path / "out")
    text = pdf_text(tmp_path / "out" / "problems.pdf")
    assert "&" not in text
    assert re.search(r"rowA +1\n", text) and re.search(r"rowB +2\n", text)


@pytest.mark.slow
def test_a_stem_table_taller_than_a_page_is_warned_for_the_solutions_too_naming_the_template(invoke, tmp_path, tex):
    bank = user_bank(tmp_path / "bank", rf"Rows: $\begin{{array}}{{c|c}} {rows(70)} \end{{array}}$")
    result = _pdf_paper(invoke, bank, tmp_path / "out")
    warnings = [line for line in result.stderr.splitlines() if "warning" in line]
    assert len(warnings) == 1
    assert ("problems.pdf and solutions.pdf: Q1 (template user-masking-counts) runs off the foot of its page"
            in warnings[0])


@pytest.mark.slow
def test_a_block_of_answers_taller_than_a_page_breaks_between_its_lines_in_the_solutions(invoke, tmp_path, tex):
    ask = " ".join(f"Askline{i:02d} words words words words words words words words words words." for i in range(60))
    bank = user_bank(tmp_path / "bank", "A long first part follows.", ask)
    result = _pdf_paper(invoke, bank, tmp_path / "out")
    assert "warning" not in result.stderr
    text = pdf_text(tmp_path / "out" / "solutions.pdf", layout=False)
    for word in [f"Askline{i:02d}" for i in range(60)] + ["keep the token they had", "Working.", "Check."]:
        assert word in text, word


def continuation_problems(text: str) -> list:
    """Pages whose "Qn continues on the next page." has no "Qn (continued)" on the next page, or the reverse."""
    pages, wrong = text.split("\f"), []
    for i, page in enumerate(pages):
        for question in re.findall(r"(Q\d+) continues on the next page", page):
            if i + 1 >= len(pages) or f"{question} (continued)" not in pages[i + 1]:
                wrong.append((i + 1, question))
        for question in re.findall(r"(Q\d+) \(continued\)", page):
            if i == 0 or f"{question} continues on the next page" not in pages[i - 1]:
                wrong.append((i + 1, question))
    return wrong


@pytest.mark.slow
def test_compact_seed_1_fills_its_pages_with_every_question_and_continuation_right(invoke, tmp_path, tex):
    result = invoke("generate", "--format", "pdf", "--seed", 1, "--layout", "compact", "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    text = pdf_text(tmp_path / "out" / "problems.pdf")
    assert text.count("\f") == 8                      # 9 when Q3 and Q6 were sent on, each leaving ~300 pt blank
    assert text.count("Answer:") == 27 and "End of paper" in text
    assert continuation_problems(text) == []
    pages = text.split("\f")
    assert "Q3." in pages[1] and "Q6." in pages[3]    # each on the page of the question before it


@pytest.mark.slow
def test_a_question_that_fits_its_page_once_its_glue_shrinks_is_not_warned_about(invoke, tmp_path, tex):
    roster = tmp_path / "roster.csv"
    roster.write_text("student_id,name\ns3,Student 3\n", encoding="utf-8")
    result = invoke("generate", "--format", "pdf", "--seed", 5, "--students", roster, "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    warned = [line for line in result.stderr.splitlines() if "short enough to guess" not in line]   # seed 5
    assert not [line for line in warned if "warning" in line]   # Q8 was said to run off its page (6 pt of shrinkable glue)
    text = pdf_text(tmp_path / "out" / "problems.pdf")
    assert text.count("Answer:") == 27 and continuation_problems(text) == []
