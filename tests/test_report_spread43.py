"""The class figures say how they are computed and over whom (review 43c F2, F6): the SD
divides by n, which a colleague's STDEV.S does not, and with absent students the SD is,
like the mean and median beside it, over those who answered."""

from quizgen.report import Part, Student, Trap, Verdict, analyse, markdown_sections, write_class_report
from quizgen.report.reliability import SPREAD_NOTE, spread_note
from quizgen.report.tables import test_lines as class_figures

PARTS = [Part("Q1", "a", "C1", "t", 1.0), Part("Q1", "b", "C1", "t", 1.0)]


def _class():
    right, wrong = Verdict("correct", 1.0, ""), Verdict("incorrect", 0.0, "")
    answered = [Student(f"s{i}", "", [right if i > 0 else wrong, right if i > 1 else wrong]) for i in range(4)]
    absent = [Student("s9", "", [Verdict("missing", 0.0, ""), Verdict("missing", 0.0, "")])]
    return analyse(PARTS, answered + absent)


def test_with_an_absent_student_the_sd_says_over_whom_as_the_mean_does():
    figures = dict(class_figures(_class()))
    # 0, 50, 100, 100 percent: mean 62.5, population SD sqrt(6875 / 4) = 41.46 (STDEV.S: 47.9)
    assert figures["standard deviation over the 4 who answered"] == "41.5 percentage points"
    assert "standard deviation" not in figures


def test_the_markdown_and_the_page_say_how_sd_alpha_and_sem_are_computed(tmp_path):
    md = markdown_sections(_class())
    page = write_class_report(PARTS, [], tmp_path, "c", "A class", analysis=_class())["html"]
    assert f'<p class="muted" id="spread-note">{SPREAD_NOTE}</p>' in page.read_text(encoding="utf-8")
    assert SPREAD_NOTE in md and "dividing by n − 1" in SPREAD_NOTE and "SD · √(1 − alpha)" in SPREAD_NOTE
    comma = spread_note(True)
    assert "0,7 and above is acceptable" in comma and "0,8 good" in comma and "STDEV.P" in comma
    assert spread_note(False) == SPREAD_NOTE and "0.7 and above" in SPREAD_NOTE


def test_the_heat_map_leaves_out_students_whose_draw_cannot_make_the_trap_as_the_traps_table_does():
    """Per-student papers: trap ``t`` of Q1a can be made on 2 of the 4 papers; one student
    fell into it. The part's share is 1 of 2; the heat map's cell for Q1 said 1 of 4 (review 43c F4)."""
    parts = [Part("Q1", "a", "C1", "t", 1.0, traps=(Trap("t", "", frozenset({0, 1})),)),
             Part("Q1", "b", "C1", "t", 1.0)]
    right, wrong = Verdict("correct", 1.0, ""), Verdict("incorrect", 0.0, "")
    trapped = Verdict("incorrect", 0.0, "t")
    students = [Student("s0", "", [right, wrong]), Student("s1", "", [wrong, right]),
                Student("s2", "", [trapped, right]), Student("s3", "", [right, right])]
    analysis = analyse(parts, students)
    assert [(t.code, t.share, t.of) for t in analysis.parts[0].traps] == [("t", 0.5, 2)]
    assert [(t.code, t.share, t.of) for t in analysis.questions[0].traps] == [("t", 0.5, 2)]
    assert analysis.heat == {"t": {"Q1": 0.5}}
