"""The thirtieth round's class-grade speed-ups keep their answers: ECF works out
a class paper's re-marking once for each set of outcomes of the question
(grading/ecf_pass.py); the reports' one-decimal percentages are worked out
once per value (report/formatting.one_place); and a part's trap shares take a
group as it is when every member reached the part (report/analysis.py)."""

import io

import pytest

from grading_support import quizzes_and_class
from quizgen.grading import ecf_pass
from quizgen.grading.answer_pass import pass_rows
from quizgen.grading.answers_file import open_answers
from quizgen.grading.key_index import KeyIndex
from quizgen.grading.matrix import AnswerGrid
from quizgen.grading.students import Students
from quizgen.grading.tally import Tally
from quizgen.grading.writer import RowWriter
from quizgen.key.load import load_key_file
from quizgen.report import formatting

TWINS = 40   # students who all give S999999's answers


@pytest.fixture(scope="module")
def folder(tmp_path_factory):
    """A class key (quiz1) and its answers, then TWINS students who give the one
    pair of answers ECF surely re-marks: (a) 0.5, then (b) -ln 0.5 to three figures (seed 1's Q1, C1)."""
    made = quizzes_and_class(tmp_path_factory.mktemp("class30"), 2_000, "answers.csv")
    twins = "".join(f"T{k:06d},Q1,a,0.5\nT{k:06d},Q1,b,0.693\n" for k in range(TWINS))
    with open(made / "answers.csv", "a", encoding="utf-8") as handle:
        handle.write(twins)
    return made


def _graded_grid(folder):
    """The class's index, students and grid after the pass (before ECF)."""
    index = KeyIndex(load_key_file(folder / "quiz1" / "key.json"), False, None, "key.json")
    students, grid, tally = Students(index), AnswerGrid(len(index.slots)), Tally(len(index.slots))
    pass_rows(open_answers(folder / "answers.csv"), index, students, grid, tally, RowWriter(io.StringIO(), ","))
    return index, students, grid


@pytest.mark.slow
def test_ecf_re_marks_students_with_the_same_outcomes_once_alike_and_as_each_alone(folder):
    index, students, grid = _graded_grid(folder)
    together = ecf_pass.carry_errors_forward(index, students, grid)
    slot = index.slot("Q1", "b")
    cells = [students.find(f"T{k:06d}") * grid.width + slot for k in range(TWINS)]
    remarked = [grid.outcomes[k] for k in cells]
    assert all(together[grid.rows[k]] is grid.outcomes[k] for k in cells)   # re-marked by ECF
    assert all(outcome is remarked[0] for outcome in remarked)   # one Outcome, worked out once
    index, students, grid = _graded_grid(folder)
    alone = {}
    for number in range(len(students)):   # a pass per student: nothing kept from another
        alone.update(ecf_pass.carry_errors_forward(index, students, grid, [number]))
    assert {row: outcome.cells for row, outcome in together.items()} == \
        {row: outcome.cells for row, outcome in alone.items()}


@pytest.mark.parametrize("value, text", [(81.25, "81.3"), (-0.04, "0.0"), (12.5, "12.5"), (1, "1.0"),
                                         (2.675, "2.7")])
def test_one_place_is_worked_out_once_per_value_a_tie_away_from_zero(value, text):
    formatting.one_place.cache_clear()
    assert [formatting.one_place(value), formatting.one_place(value)] == [text, text]
    assert formatting.one_place.cache_info().hits == 1


def _stopping_class():
    """Forty students on a question of three parts with a trap each: the weakest five stop after (a)."""
    from quizgen.report.model import Part, Student, Trap, Verdict

    parts = [Part("Q1", letter, "C1", "t", 1.0, (Trap("sign", "A sign slip."),)) for letter in "abc"]
    right, slip, missing = Verdict("correct", 1.0), Verdict("incorrect", 0.0, "sign"), Verdict("missing", 0.0)
    students = []
    for n in range(40):
        verdicts = [right if (n + k) % 7 else slip for k in range(3)] if n >= 10 else [slip, slip, slip]
        if n < 5:
            verdicts[1:] = [missing, missing]
        students.append(Student(f"s{n:02d}", "", verdicts))
    return parts, students


def test_trap_shares_of_a_group_whose_members_all_reached_the_part_are_not_worked_out_again(monkeypatch):
    from quizgen.report import analysis

    parts, students = _stopping_class()
    sat, kept = [], analysis._sat
    monkeypatch.setattr(analysis, "_sat", lambda members, *args: sat.append(members) or kept(members, *args))
    found = analysis.analyse(parts, students)
    lower = set(range(5))   # the five who stopped
    assert len(sat) == 2 and all(lower <= members.keys() for members in sat)   # (b) and (c): the lower group
    item = found.parts[1]
    assert item.reached == 35 and item.traps[0].count == sum(s.verdicts[1].code == "sign" for s in students)
