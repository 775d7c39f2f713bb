"""The cover's points and score grid of a paper of more than 100 questions breaks across pages
(review 58b F2): it was one unbreakable tabular, so on a 120-question paper (110 on letter paper)
its last rows and the Total ran off the foot of the page, over the footer, with no warning. Above
100 questions the rows of 10 are the rows of a TeX \\halign, which a page may break between;
papers of 100 questions or fewer keep their one tabular (their files unchanged). Both layouts,
class and per-student papers. The PDF tests skip, with the reason shown, when pdflatex or
pdftotext is missing."""

import re
import subprocess

import pytest

ROSTER = "student_id,name\ns001,Ann One\n"


def _grid(tex: str) -> str:
    """The first paper's score grid: from its first Question row to the Total's Score row."""
    start = tex.index(r"\textbf{Question}")
    return tex[tex.rindex("\n", 0, tex.rindex(r"\renewcommand{\arraystretch}{1.4}", 0, start)):
               tex.index(r"\renewcommand{\arraystretch}{1.0}", start)]


def _generate(invoke, folder, count, fmt, *options):
    result = invoke("generate", "--format", fmt, "--seed", "11", "--count", count, "--no-solutions",
                    *options, "--out", folder)
    assert result.exit_code == 0, result.output


@pytest.mark.parametrize("options", [(), ("--layout", "compact"), ("--students", "ROSTER")])
def test_a_grid_over_100_questions_is_rows_a_page_may_break_between(invoke, tmp_path, options):
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    options = [str(roster) if option == "ROSTER" else option for option in options]
    _generate(invoke, tmp_path / "big", "11", "tex", *options)
    tex = next((tmp_path / "big").glob("problems*.tex")).read_text(encoding="utf-8")
    grid = _grid(tex)
    assert r"\begin{tabular}{@{}l@{}}" not in grid       # no box holding every row
    assert r"\halign to\linewidth{" in grid
    assert grid.count(r"\textbf{Question}") == 11 and grid.count(r"\cr") == 12   # the preamble's and 11 rows'
    assert r"\makebox[2.2em]{Q110}" in grid and r"\textbf{Total}" in grid


def test_a_grid_of_100_questions_keeps_its_one_tabular(invoke, tmp_path):
    _generate(invoke, tmp_path / "q", "10", "tex")
    grid = _grid((tmp_path / "q" / "problems.tex").read_text(encoding="utf-8"))
    assert grid.count(r"\begin{tabular}{@{}l@{}}") == 1 and r"\halign" not in grid


def _pages(pdf) -> list:
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True,
                          check=True).stdout
    return text.split("\f")


@pytest.mark.slow
@pytest.mark.parametrize("count, options", [("13", ("--paper", "a4")),
                                           ("11", ("--layout", "compact", "--paper", "letter", "--students", "ROSTER",
                                                   "--split"))])
def test_every_row_of_a_big_grid_and_its_total_are_printed(invoke, tmp_path, count, options):
    if any(subprocess.run(["which", tool], capture_output=True).returncode for tool in ("pdflatex", "pdftotext")):
        pytest.skip("pdflatex or pdftotext not installed")
    roster = tmp_path / "roster.csv"
    roster.write_text(ROSTER, encoding="utf-8")
    options = [str(roster) if option == "ROSTER" else option for option in options]
    _generate(invoke, tmp_path / "pdf", count, "pdf", *options)
    last = int(count) * 10
    pdf = next((tmp_path / "pdf").glob("problems*.pdf"))
    shown = "\n".join(_pages(pdf)[:4])          # the cover's grid, wherever its rows fall
    assert re.search(rf"\bQ{last}\b", shown) and re.search(r"\bTotal\b", shown)
    assert all(re.search(rf"\bQ{n}\b", shown) for n in range(1, last + 1))
    scores = re.findall(r"^\s*Score\b", shown, re.M)
    assert len(scores) == int(count), shown      # every row's Score line printed, none lost off a page's foot
