"""hints23: feedback on a wrong answer. (1) Another part's answer given at
this part (seed 5's C1 (a) answered with (b)'s -ln 0.6952 = 0.3636) was a bare
incorrect: it is told whose value it is (note another_part), a trap still
wins, and no such hint is given when the two parts' values could be taken for
each other. (2) A 1-figure answer that is the value cut off (0.6 for 0.6952)
was a bare incorrect while 0.69 was told it was cut off; `1` is neither and
`0.7` stays rounded too early. (3) C5 (d) answered 0 was named "0/0 taken as
0", a reason a 0 there need not have."""

import io
from dataclasses import replace

import pytest

from grading_support import paper_grader
from quizgen.bank.loader import load_bank
from quizgen.drill.session import run_drill
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.grading.careful import QuestionRules
from quizgen.grading.part_checker import PartChecker, question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.rules import Credits, PartRule, TrapRule, mark_value


def drill(typed: str, classes: str = "C1") -> str:
    """The drill's output, seed 5, for the lines ``typed`` (its first C1 question: p = 0.6952, L = 0.3636)."""
    out = io.StringIO()
    run_drill(io.StringIO(typed), out, io.StringIO(), classes=classes, seed=5, save=False)
    return " ".join(out.getvalue().split())


@pytest.fixture(scope="module")
def grade(tmp_path_factory):
    return paper_grader(tmp_path_factory.mktemp("hints23"), seed=5, count=1)


@pytest.fixture(scope="module")
def c1():
    """A C1 key question: (a) p, (b) -ln p."""
    template = next(t for t in load_bank(()) if t.cls == "C1")
    return key_entry(Question("Q1", sample_instance(template, seed_label(5, template.id, 0))))


# 1. another part's answer

def test_the_drill_does_not_name_a_later_part_s_value():
    """grade says it (a paper shows every part); the drill has not asked (b) yet (rev-student24)."""
    said = drill("0.3636\nq\n")
    reply = said.split("Worked solution")[0].split("Your (a) '0.3636'")[0]   # round 42: said once the question ends
    assert "value of part" not in reply and "Incorrect: the answer is 0.6952" in reply, said
    assert "value of part" not in drill("0.36\nq\n")   # not (b)'s value within (a)'s tolerance: no hint


@pytest.mark.slow
def test_grade_notes_another_part_s_value_and_a_trap_still_wins(grade):
    graded = grade([("Q1", "a", "0.3636"), ("Q1", "a", "-ln(0.6952)"), ("Q1", "b", "0.6952"), ("Q1", "a", "0.5")])
    for answer in ("0.3636", "-ln(0.6952)"):
        row = graded["Q1", "a", answer]
        assert (row["status"], float(row["score"]), row["note"]) == ("incorrect", 0.0, "another_part"), row
        assert "this is the value of part (b), 0.3636, not of part (a)" in row["feedback"], row
    trap = graded["Q1", "b", "0.6952"]   # (a)'s value at (b) is the named trap probability_as_loss
    assert (trap["misconception"], trap["note"]) == ("probability_as_loss", ""), trap
    assert "value of part" not in trap["feedback"]
    assert graded["Q1", "a", "0.5"]["note"] == ""


def test_no_hint_when_the_two_parts_values_could_be_taken_for_each_other(c1):
    """(b) moved to 0.6960: its window (--atol 0.0005) meets (a)'s, 0.6952 +- 0.0005,
    so 0.6962 is no safe hint; at 0.6990 it is."""
    a, b = c1.parts[0], c1.parts[1]

    def at_a(b_value: float, text: str):
        question = replace(c1, parts=(a, replace(b, value=b_value, trap_values=()), *c1.parts[2:]))
        return PartChecker(a, override={"atol": 0.0005}, question=QuestionRules(question, Credits()))(text)
    assert (at_a(0.6960, "0.6962").status, at_a(0.6960, "0.6962").note) == ("incorrect", "")
    assert at_a(0.6990, "0.6992").note == "another_part"


# 2. one figure, cut off

def test_one_figure_cut_off_is_not_named_a_cut_off(c1):
    """Review 41 F3 (re-pinned): any value from 0.6 to 0.6999 is 0.6952 cut off at one
    figure, so 0.6 is a plain incorrect; from 2 figures (0.69) the cut-off is named."""
    check = question_checkers(c1)["a"]
    six, sixty_nine = check("0.6"), check("0.69")
    assert (six.status, sixty_nine.status) == ("incorrect", "imprecise")   # 0.69 is 0.7 at 1 figure (marks33)
    assert six.feedback == "", six
    assert "cut off instead of rounded" in sixty_nine.feedback
    one = check("1")   # neither 0.6952 rounded (0.7) nor cut (0.6) to one figure
    assert one.status == "incorrect" and not one.feedback and not one.note, one
    assert (check("0.7").status, check("0.7").note) == ("imprecise", "rounded_too_early")
    assert check("0.70").status == "imprecise"   # a 2-figure answer is never correct
    assert "Cut off" not in drill("0.6\nq\n")


def test_a_trap_that_rounds_to_the_one_figure_keeps_the_hint_back():
    plain = PartRule("p", "(a)", "numeric", 0.6952, {})
    assert mark_value(plain, Reading(NUMBER, 0.6, 1), {}, {}).feedback == ""   # one figure: no cut-off named
    trapped = replace(plain, traps=(TrapRule("sign", 0.6364),))   # 0.6364 is 0.6 to one figure too
    verdict = mark_value(trapped, Reading(NUMBER, 0.6, 1), {}, {})
    assert (verdict.status, verdict.feedback) == ("incorrect", ""), verdict
    assert mark_value(trapped, Reading(NUMBER, 0.64, 2), {}, {}).misconception == "sign"   # 2 figures: the trap


# 3. C5 (d) answered 0

def test_c5_d_zero_is_not_charged_with_taking_0_over_0_as_0():
    said = drill("0\nundefined\n0.5\n0\nq\n", "C5")
    after_d = said.split("(d) BERT's own pretraining code")[1]
    assert "no position selected, which BERT's minimum of one rules out" in after_d, after_d
    assert "0/0 taken as 0" not in after_d
    template = next(t for t in load_bank(()) if t.cls == "C5")
    checkers = question_checkers(key_entry(Question("Q1", sample_instance(template, seed_label(5, template.id, 0)))))
    assert checkers["d"]("0").misconception == "none_selected"
    assert checkers["b"]("0").misconception == "zero_mask_is_zero"   # (b)'s 0 is the formula's value taken as 0
