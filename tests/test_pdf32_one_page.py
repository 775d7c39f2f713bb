"""In the exam layout every question of the built-in bank is printed on one page, its
data beside every part: a question taller than a page has its working spaces cut by
one share until it fits (Q7-Q10 of --seed 7 broke between their parts, leaving Q8 (c)
alone on a page with its logits on the page before), as long as that share is at least
half; a question that needs more cut (C9 everywhere, C7 and C8 on letter in some draws)
breaks between its parts instead (test_pdf61_working_space). A figure stands beside the
stem's first paragraphs only. Class and per-student papers, A4 and letter. The PDF
tests skip, with the reason shown, when pdflatex or pdftotext is missing."""

import re
import subprocess

import pytest

from quizgen.text.tex_paragraphs import tex_paragraphs

ROSTER = "student_id,name\ns001,Ann One\ns002,Bob Two\ns003,Cy Three\n"
_HEADING = re.compile(r"^\s*Q\d+\.\s", re.M)


def pages(pdf) -> list:
    """The text of each page of ``pdf``."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")


def parts_without_their_question(pdf) -> list:
    """Page numbers (from 1) holding a part's answer box above any question heading of that page,
    or saying that a question continues: a part printed away from its question's stem."""
    found = []
    for number, page in enumerate(pages(pdf), 1):
        heading = _HEADING.search(page)
        before = page[:heading.start()] if heading else page
        if "Answer:" in before or "continues on the next page" in page or "(continued)" in page:
            found.append(number)
    return found


@pytest.fixture(scope="module", params=["a4", "letter"])
def papers(request, tmp_path_factory):
    """{"class": folder, "students": folder}: --seed 7's class paper and --seed 1's for three students."""
    from click.testing import CliRunner

    from quizgen.cli import main

    if any(subprocess.run(["which", tool], capture_output=True).returncode for tool in ("pdflatex", "pdftotext")):
        pytest.skip("pdflatex or pdftotext not installed")
    base = tmp_path_factory.mktemp(f"one-page-{request.param}")
    (base / "roster.csv").write_text(ROSTER, encoding="utf-8")
    runs = {"class": ["--seed", "7", "--title", "Midterm", "--course", "NLP 101", "--date", "3 March 2026"],
            "students": ["--seed", "1", "--students", str(base / "roster.csv")]}
    for name, options in runs.items():
        result = CliRunner().invoke(main, ["generate", "--format", "pdf", "--paper", request.param, *options,
                                           "--out", str(base / name)], catch_exceptions=False)
        assert result.exit_code == 0, result.output
    return {name: base / name for name in runs}


# the questions that may need their working space cut below half to keep one page: C9 on A4;
# C7, C8 and C9 on letter
_MAY_BREAK = {"a4": ("Exam twist",), "letter": ("Exam twist", "Next-sentence prediction", "Fine-tuning")}


def broken_titles(pdf) -> list:
    """The title of each question that continues on the next page, from the page it starts on."""
    return [re.search(r"^\s*Q\d+\.\s+([^:]+):", page, re.M).group(1) for page in pages(pdf)
            if "continues on the next page" in page]


@pytest.mark.slow
def test_every_question_of_the_bank_is_on_one_page_unless_that_cuts_its_space_below_half(papers, request):
    paper = request.node.callspec.params["papers"]
    for name, folder in papers.items():
        text = "\f".join(pages(folder / "problems.pdf"))
        assert len(_HEADING.findall(text)) == (10 if name == "class" else 30)
        broken = broken_titles(folder / "problems.pdf")
        assert set(broken) <= set(_MAY_BREAK[paper]), (name, broken)
        assert len(parts_without_their_question(folder / "problems.pdf")) == 2 * len(broken), name
        if paper == "a4":
            assert broken == ["Exam twist"] * (1 if name == "class" else 3)


@pytest.mark.slow
def test_the_seed_7_paper_takes_a_page_a_question_and_the_cover_and_c9_two(papers):
    """15 pages before (Q7-Q10 two pages each); then the cover and one page for each question, C9's
    working space cut below half; now C9 takes two pages, with enough of it (all on A4)."""
    assert len(pages(papers["class"] / "problems.pdf")) - 1 == 12


@pytest.mark.slow
def test_a_narrow_column_never_squeezes_the_spaces_round_plus(papers):
    """C7's s = w^T h_[CLS] + b, beside the solutions' figure, printed "h[CLS] +b" (review 32)."""
    text = " ".join(" ".join(pages(papers["class"] / "solutions.pdf")).split())
    assert "h[CLS] + b = −2.55" in text and "+b" not in text


def test_a_stem_is_cut_at_its_blank_lines_outside_braces_and_environments():
    stem = ("First, where\n\n\\begin{itemize}\n  \\item a\n\n  \\item b\n\\end{itemize}\n\n"
            "\\textbf{bold\n\ntext} and $x$.\n\nLast.")
    assert tex_paragraphs(stem) == [
        {"text": "First, where", "plain": True},
        {"text": "\\begin{itemize}\n  \\item a\n\n  \\item b\n\\end{itemize}", "plain": False},
        {"text": "\\textbf{bold\n\ntext} and $x$.", "plain": True},
        {"text": "Last.", "plain": True}]
    assert tex_paragraphs("a {b\n\nc") == [{"text": "a {b\n\nc", "plain": False}]
