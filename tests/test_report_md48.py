"""Round 47's leftovers (fix47b) in report.md: a bare URL in a student's name or the exam's title
showed as a link in GitHub's Markdown (cmark-gfm links ``https://...`` and ``www....`` in text), and
the heading did not name the exam where the key records it, as the HTML report's title does. A URL's
``:`` before ``//`` and ``www``'s ``.`` are now escaped (shown as typed, never linked) and the heading
names the exam's title and course."""

import pytest

from quizgen.report.formatting import md_cell
from quizgen.report.title import markdown_heading
from test_report_exam_title47 import _grade


def _report(tmp_path, invoke, *options, students: bool = True) -> str:
    """report.md after grading a C1 paper made with ``options`` for s1 and s2, each name holding a URL."""
    return _grade(tmp_path, invoke, *options, students=students, names=("Ann https://evil.example/x", "Bo www.evil.example"),
                  page="report.md")


def test_the_heading_names_the_exam_and_no_url_is_a_link(tmp_path, invoke):
    report = _report(tmp_path, invoke, "--title", "Midterm (https://course.example)", "--course", "NLP 101")
    assert report.startswith("# Grading report: Midterm (https\\://course.example), NLP 101\n")
    assert "| s1 | Ann https\\://evil.example/x |" in report and "| s2 | Bo www\\.evil.example |" in report


def test_a_class_papers_heading_is_as_before(tmp_path, invoke):
    report = _report(tmp_path, invoke, "--title", "Midterm", "--course", "NLP 101", students=False)
    assert report.startswith("# Grading report\n")


@pytest.mark.parametrize("text, cell", [("see http://a.b and FTP://c.d", "see http\\://a.b and FTP\\://c.d"),
                                        ("WWW.a.b, awww.c", "WWW\\.a.b, awww.c"),
                                        ("anna_www.e.com (www.f.org", "anna\\_www\\.e.com (www\\.f.org"),
                                        ("*www.a ~www.b", "\\*www\\.a \\~www\\.b"), ("a:b 1.5 //x", "a:b 1.5 //x")])
def test_md_cell_escapes_what_github_links(text, cell):
    assert md_cell(text) == cell


def test_a_closing_hash_stays_in_the_heading():
    assert markdown_heading("Quiz #") == "# Grading report: Quiz \\#"
    assert markdown_heading("") == "# Grading report"


def test_github_shows_the_report_without_links(tmp_path, invoke):
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="cmarkgfm (GitHub's Markdown) not installed")
    html = cmarkgfm.github_flavored_markdown_to_html(_report(tmp_path, invoke, "--title", "See www.x.example"))
    assert "<a " not in html and "<h1>Grading report: See www.x.example</h1>" in html
    assert "<td>Ann https://evil.example/x</td>" in html


@pytest.mark.parametrize("text", ["anna_www.evil.com", "_www.x.org", "(www.a.b)", "~www.c.d", "*www.e.f"])
def test_github_links_no_www_after_a_mark(text):
    """GitHub links ``www.`` after ``_``, ``(``, ``~`` and ``*`` too (review 49a F3: after ``_`` it did)."""
    cmarkgfm = pytest.importorskip("cmarkgfm", reason="cmarkgfm (GitHub's Markdown) not installed")
    html = cmarkgfm.github_flavored_markdown_to_html(f"| name |\n| --- |\n| {md_cell(text)} |\n")
    assert "<a " not in html and f"<td>{text}</td>" in html, html
