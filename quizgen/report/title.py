"""The class report page's title (its <title> and <h1>): which exam and which files, so that
two exams' or two sections' pages are told apart in a browser tab, a window list and print."""

from __future__ import annotations

from quizgen.wording import printable, shortened
from quizgen.key.papercode import display_code
from quizgen.report.formatting import md_cell

EXAM_WORDS = 80
"""The most characters of the exam's title, and of its course, that the report's title shows."""


def report_title(codes, answers: str, key_name: str, printed=None) -> str:
    """``Class report: answers.csv against quiz/key.json (paper MBMB-NXW7)``: the answers
    file, the key, and the paper's code when the key holds one paper (``codes``: the key's
    ``(code, student id, seed label)`` of each paper; a class paper's code is what its
    students saw printed, while per-student papers each have their own); led by the exam's
    title and course when the key records them (``printed``: exam_words)."""
    code = f" (paper {display_code(codes[0][0])})" if len(codes) == 1 and codes[0][0] else ""
    exam = exam_words(printed)
    lead = exam + " \u2013 " if exam else ""
    return f"Class report: {lead}{answers} against {key_name}{code}"


def exam_words(printed) -> str:
    """``Midterm, NLP 101``: the ``--title`` and ``--course`` a per-student key records its papers
    were printed with (key.json's ``printed``, generation/printed.py), each as one short printable
    line; "" when it records neither. A class paper's key has no such field: grade cannot name its exam."""
    if not isinstance(printed, dict):
        return ""
    words = (printed.get(name) for name in ("title", "course"))
    return ", ".join(shortened(printable(" ".join(w.split())), EXAM_WORDS) for w in words if isinstance(w, str) and w.strip())


def markdown_heading(exam: str) -> str:
    """report.md's heading: ``# Grading report: Midterm, NLP 101``, naming the exam as the HTML
    page's title does (``exam``: exam_words), or ``# Grading report`` when the key records none;
    Markdown-escaped, a closing ``#`` too (a heading would drop it)."""
    words = md_cell(exam)
    return f"# Grading report: {words[:-1]}\\#" if words.endswith("#") else (
        f"# Grading report: {words}" if words else "# Grading report")
