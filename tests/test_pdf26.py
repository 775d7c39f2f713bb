"""Every per-student paper numbers its pages "Page N of M" with M its own page
count: the last-page label of a paper whose end note went into its last page's
footer was written on the next paper's page 1 ("Page 14 of 1"). The PDF tests
skip, with the reason shown, when pdflatex or pdftotext is missing."""

import re
import subprocess

import pytest

# --seed 2027: the paper of S2026003 ends with its end note in the footer of a full page (page 14)
ROSTER = "student_id,name\nS2026002,Ann Two\nS2026003,Bob Three\nS2026004,Cy Four\n"
_PAGE = re.compile(r"Page (\d+) of (\d+)")


def page_numbers(pdf) -> list:
    """[(N, M)] of each page that has a "Page N of M" footer, in order (a blank back page has none)."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    found = [_PAGE.findall(page) for page in text.split("\f")]
    return [tuple(map(int, marks[-1])) for marks in found if marks]


def papers_of(numbers: list) -> list:
    """The footers cut into papers: a paper starts at each "Page 1 of"."""
    papers = []
    for n, m in numbers:
        if n == 1 or not papers:
            papers.append([])
        papers[-1].append((n, m))
    return papers


@pytest.mark.slow
def test_every_per_student_paper_counts_its_own_pages(invoke, tmp_path, tex):
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    out = tmp_path / "out"
    result = invoke("generate", "--seed", 2027, "--format", "pdf", "--students", tmp_path / "roster.csv",
                    "--out", out)
    assert result.exit_code == 0, result.stderr
    for name in ("problems.pdf", "solutions.pdf"):
        papers = papers_of(page_numbers(out / name))
        assert len(papers) == 3, (name, papers)
        for paper in papers:
            count = len(paper)
            assert paper == [(n, count) for n in range(1, count + 1)], (name, paper)
    assert "End of paper." in subprocess.run(["pdftotext", str(out / "problems.pdf"), "-"], capture_output=True,
                                             text=True, check=True).stdout   # the case the test is about


@pytest.mark.parametrize("document", ["problems.tex", "solutions.tex"])
@pytest.mark.slow
def test_each_papers_last_page_is_labelled_by_its_footer(invoke, tmp_path, document):
    """No \\label after the paper's text (a \\write the page builder may carry past the
    paper's last break, onto the next paper's page 1): \\qzlastpage ships the last page,
    whose footer (\\qzpageof) writes the label, before the next paper begins."""
    (tmp_path / "roster.csv").write_text(ROSTER, encoding="utf-8")
    result = invoke("generate", "--seed", 2027, "--format", "tex", "--students", tmp_path / "roster.csv",
                    "--out", tmp_path / "out")
    assert result.exit_code == 0, result.stderr
    source = (tmp_path / "out" / document).read_text(encoding="utf-8")
    assert "\\label{qz-last" not in source and "\\qzpageof{qz-last-\\qzpaper}" in source
    body = source.partition("\\begin{document}")[2]
    for number in (1, 2, 3):
        before, mark, after = body.partition(f"\\qzlastpage{{qz-last-{number}}}")
        assert mark and "\\clearpage" not in before.rpartition(f"\\def\\qzpaper{{{number}}}")[2], number
        assert f"\\def\\qzpaper{{{number + 1}}}" not in before, number   # before the next paper begins


@pytest.mark.slow
def test_a_feedback_sheet_labels_its_last_page_by_its_footer(tmp_path, invoke, pdf_sheet_sources):
    """The feedback sheet's "Page N of M" reads the same qz-last, written the same way."""
    from quizgen.generation.run import generate

    generate(tmp_path / "quiz", classes="C7", count=1, seed=11)
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns01,Q1,a,0.5\n", encoding="utf-8")
    result = invoke("grade", tmp_path / "answers.csv", "--key", tmp_path / "quiz" / "key.json",
                    "--feedback", tmp_path / "fb", "--format", "pdf")
    assert result.exit_code == 0, result.output
    source = pdf_sheet_sources["s01.tex"]
    assert "\\label{qz-last" not in source
    assert source.rstrip().endswith("\n\\qzlastpage{qz-last}\n\\end{document}")
    assert "\\fancyfoot[R]{\\small\\qzpageof{qz-last}}" in source
