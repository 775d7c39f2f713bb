"""A student marked only by overrides (no answer row) answered nothing: where the report counts the
students in its figures as those "who answered", it says how many of them were marked only by
overrides instead (the SD's row said "over the 3 who answered" of 2 who answered and 1 overridden)."""

from quizgen.report import analyse, markdown_sections, report_html
from quizgen.report.model import Part, Student, Verdict
from quizgen.report.override_only import add_without_overrides

R, W, MISSING = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)
PARTS = [Part("Q1", x, "C1", "t", 1.0) for x in "ab"]
SPLIT = "3 students (2 who answered and 1 marked only by overrides)"


def _class(overridden: bool):
    """s1 and s2 answered; s3 has only a marker's mark on Q1a (or an answer, when not ``overridden``);
    gone is absent."""
    students = [Student("s1", "", [R, R]), Student("s2", "", [R, W]),
                Student("s3", "", [R, MISSING], only_overrides=overridden), Student("gone", "", [MISSING] * 2)]
    analysis = analyse(PARTS, students)
    add_without_overrides(analysis, PARTS, students)
    return analysis


def test_the_count_of_who_answered_says_who_was_marked_only_by_overrides():
    analysis = _class(True)
    md, page = markdown_sections(analysis), report_html(analysis, "t")
    assert "who answered" not in md.replace(SPLIT, "").replace("2 who answered", "")
    assert f"| standard deviation over the {SPLIT} |" in md
    assert f"| mean over the {SPLIT} |" in md
    assert ("A small class: 3 students in the figures, 2 who answered and 1 marked only by overrides (fewer than "
            "30)") in md
    in_brackets = "3 students in the figures, 2 who answered and 1 marked only by overrides"   # no brackets in brackets
    assert f"(of the {in_brackets}; the page draws it)" in md
    assert f"the {in_brackets} (the 1 absent is in no band)" in page


def test_without_such_students_the_count_is_who_answered():
    md = markdown_sections(_class(False))
    assert "| standard deviation over the 3 who answered |" in md and "marked only by overrides" not in md
    assert "A small class: 3 students answered (fewer than 30)" in md
