"""A student marked only by overrides (no answer row) answered nothing: report.md's class line and
grade's summary (its class line and the legend under its table) count them apart from those who
answered, as the class report does ("3 students (2 who answered and 1 marked only by overrides)"), and so
does the class report's table by section."""

import pytest

from quizgen.report import analyse, markdown_sections
from quizgen.report.model import Part, Student, Verdict
from quizgen.report.override_only import add_without_overrides
from quizgen.report.sections import section_stats, section_view
from test_review50b import answer, key_of, run, write

SPLIT = "3 students (2 who answered and 1 marked only by overrides)"
RIGHT, WRONG, MISSING = Verdict("correct", 1.0), Verdict("incorrect", 0.0), Verdict("missing", 0.0)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """s1 and s2 answered every part, s3 has only a marker's mark (1 point on Q1a), gone is absent:
    the report and the summary with the overrides, and without them (s3 absent too)."""
    folder = tmp_path_factory.mktemp("who63")
    parts = key_of(folder, "C1")
    rows = [["student_id", "question_id", "part", "answer"]]
    rows += [[s, q, letter, answer(part)] for s in ("s1", "s2") for q, letter, part in parts]
    write(folder / "answers.csv", rows)
    write(folder / "roster.csv", [["student_id", "name"], ["s1", ""], ["s2", ""], ["s3", "On Paper"], ["gone", ""]])
    write(folder / "ov.csv", [["student_id", "question_id", "part", "points", "comment"], ["s3", "Q1", "a", "1", "on paper"]])
    args = ["grade", "answers.csv", "--key", "quiz/key.json", "--roster", "roster.csv"]
    with_ov = run(args + ["--out", "with", "--overrides", "ov.csv"], folder)
    without = run(args + ["--out", "without"], folder)
    read = lambda out: (folder / out / "answers-graded-report.md").read_text(encoding="utf-8")   # noqa: E731
    return (read("with"), with_ov), (read("without"), without)


def _class_line(md: str) -> str:
    return md.split("## Class\n\n")[1].split("\n")[0]


def test_the_class_line_counts_the_override_only_student_apart(graded):
    (md, out), _ = graded
    assert _class_line(md).endswith(f" over the {SPLIT}.")
    assert f" over the {SPLIT}." in out.split("Class: ")[1].split("\n")[0]


def test_the_summary_legend_counts_the_override_only_student_apart(graded):
    (_, out), _ = graded
    assert ("out of all 3 students, 2 who answered and 1 marked only by overrides (every paper has every part)"
            in out)


def test_without_such_a_student_the_count_is_who_answered(graded):
    _, (md, out) = graded
    assert _class_line(md).endswith(" over the 2 who answered.")
    assert "out of all 2 students who answered (every paper has every part)" in out
    assert "marked only by overrides" not in _class_line(md)


def _sections(overridden: bool) -> dict:
    """Section A: s1 and s2 answered, s3 marked only by an override (or answered, when not ``overridden``)."""
    parts = [Part("Q1", "a", "C1", "t", 1.0)]
    students = [Student("s1", "", [RIGHT], section="A"), Student("s2", "", [WRONG], section="A"),
                Student("s3", "", [RIGHT], only_overrides=overridden, section="A")]
    return section_view(section_stats(analyse(parts, students), parts, students))


def test_the_sections_table_counts_the_override_only_student_apart():
    view = _sections(True)
    assert view["header"][1] == "students in the figures"
    assert view["rows"][0][:2] == ["A", "3† (2 who answered and 1 marked only by overrides)"]
    assert any(note.startswith("A student marked only by overrides (no answer row) answered nothing")
               for note in view["notes"])
    assert any("fewer than 5 students in its figures" in note for note in view["notes"])
    plain = _sections(False)
    assert plain["header"][1] == "students who answered" and plain["rows"][0][:2] == ["A", "3†"]
    assert not any("marked only by overrides" in note for note in plain["notes"])


def test_a_class_of_one_student_marked_only_by_overrides_is_not_said_to_have_answered():
    parts = [Part("Q1", x, "C1", "t", 1.0) for x in "ab"]
    for overridden in (True, False):
        students = [Student("s3", "", [RIGHT, WRONG], only_overrides=overridden), Student("gone", "", [MISSING] * 2)]
        analysis = analyse(parts, students)
        add_without_overrides(analysis, parts, students)
        md = markdown_sections(analysis)
        assert ("One student answered:" in md) != overridden
        assert ("One student in the figures, marked only by overrides (they answered nothing): facility, D, r, "
                "alpha and the flags") in md if overridden else "marked only by overrides" not in md


def test_one_student_marked_only_by_overrides_is_worded_in_the_singular_and_without_nested_brackets():
    from quizgen.report import report_html
    parts = [Part("Q1", x, "C1", "t", 1.0) for x in "ab"]
    students = [Student("s1", "", [RIGHT, MISSING], only_overrides=True), Student("gone", "", [MISSING] * 2)]
    analysis = analyse(parts, students)
    add_without_overrides(analysis, parts, students)
    md, page = markdown_sections(analysis), report_html(analysis)
    assert "| mean over the 1 student marked only by overrides | 50.0% |" in md
    assert "(of the 1 student in the figures, marked only by overrides; the page draws it)" in md
    assert "the 1 student in the figures, marked only by overrides (the 1 absent is in no band)" in page
    assert "1 students" not in md + page and "0 who answered" not in md + page


def test_several_marked_only_by_overrides_beside_those_who_answered_are_split_without_nested_brackets():
    parts = [Part("Q1", x, "C1", "t", 1.0) for x in "ab"]
    students = [Student("s1", "", [RIGHT, WRONG]), Student("s2", "", [RIGHT, MISSING], only_overrides=True),
                Student("gone", "", [MISSING] * 2)]
    analysis = analyse(parts, students)
    add_without_overrides(analysis, parts, students)
    md = markdown_sections(analysis)
    assert "(of the 2 students in the figures, 1 who answered and 1 marked only by overrides; the page draws it)" in md
