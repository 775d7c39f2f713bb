"""The small-class caveat stopped at exactly 30 students, as if the figures turned exact there: from
30 to 99 students a shorter note says D, r and alpha are still estimates (the standard error of r,
about 1/√n, is 0.18 at 30), so a figure near the cut it is read against may be on either side of it."""

from quizgen.report import analyse, markdown_sections, report_html
from quizgen.report.model import Part, Student, Verdict

R, W = Verdict("correct", 1.0), Verdict("incorrect", 0.0)
PARTS = [Part("Q1", "a", "C1", "t", 1.0), Part("Q2", "a", "C1", "t", 1.0), Part("Q3", "a", "C1", "t", 1.0)]


def _analysis(n: int):
    return analyse(PARTS, [Student(f"s{k}", "", [R if (k >> j) & 1 or k % 4 == 0 else W for j in range(3)]) for k in range(n)])


def test_from_30_to_99_students_the_figures_are_said_to_be_estimates():
    md = markdown_sections(_analysis(30))
    note = ("30 students answered: D, r and alpha are steadier than in a class of fewer than 30 but are still "
            "estimates from these students (the standard error of r is about 1/√n = 0.18): a figure close to the "
            "cut it is read against (r 0.20; alpha 0.7 and 0.8) may lie on the other side of it by chance, so read "
            "such a flag, or its absence, as a hint.")
    assert note in md and note in report_html(_analysis(30))
    assert "A small class" not in md
    assert "99 students answered: D, r and alpha are steadier" in markdown_sections(_analysis(99))
    assert "steadier than" not in markdown_sections(_analysis(100))
    assert "A small class: 29 students answered" in markdown_sections(_analysis(29))
