"""The class report page's title (its <title> and <h1>): which exam and which files, so that
two exams' or two sections' pages are told apart in a browser tab, a window list and print."""

from __future__ import annotations

from quizgen.key.papercode import display_code


def report_title(codes, answers: str, key_name: str) -> str:
    """``Class report: answers.csv against quiz/key.json (paper MBMB-NXW7)``: the answers
    file, the key, and the paper's code when the key holds one paper (``codes``: the key's
    ``(code, student id, seed label)`` of each paper; a class paper's code is what its
    students saw printed, while per-student papers each have their own)."""
    code = f" (paper {display_code(codes[0][0])})" if len(codes) == 1 and codes[0][0] else ""
    return f"Class report: {answers} against {key_name}{code}"
