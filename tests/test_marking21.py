"""Session 21 (marking21): a trap worked from the student's own wrong (a)
is worded from their own answers, not the key's; one ranking of the nearest
known ids for an unknown one, in its rows and in the summary; and feedback
a student reading graded.csv found wrong or confusing."""

import csv
import io
import json

import pytest

import quizgen
from quizgen.marking.quotes import in_own_numbers
from quizgen.marking.rules import IMPRECISE, PartRule, mark_part
from test_marking_grade import _grade


SHIPPED_E = "every picked position counts, not only the [MASK] ones."
QUOTING_E = "every one of the {{ chosen }} picked positions counts, not only the [MASK] ones."


@pytest.fixture(scope="module")
def quoting_c6(tmp_path_factory):
    """One C6 draw from a copy of the template whose (e) trap quotes (a)'s count: the shipped
    one quotes no other part's value (parts can be shown apart), and a bank may still do so."""
    from quizgen.bank.loader import builtin_bank_dir, load_template
    from quizgen.generation.sampling import sample_instance

    text = (builtin_bank_dir() / "c6_masking_counts.yaml").read_text(encoding="utf-8")
    assert text.count(SHIPPED_E) == 1
    path = tmp_path_factory.mktemp("bank") / "c6_quoting.yaml"
    path.write_text(text.replace(SHIPPED_E, QUOTING_E), encoding="utf-8")
    return sample_instance(load_template(path), "marking/C6/0")


def _c6_student(instance, off: int = 20) -> dict:
    """A C6 student whose (a) is ``off`` short, (b) right from it (ECF), and (e)
    the [MASK]-only count from their own (a) (as their (b)): the only_mask_tokens_graded trap."""
    chosen = int(instance.parts[0].value) - off
    return {"chosen": str(chosen), "masked": str(chosen * 8 // 10), "graded": str(chosen * 8 // 10)}


# ---------------------------------------------------------------- a trap worked from the student's own (a)

def test_a_trap_from_a_wrong_a_quotes_the_students_own_count_not_the_keys(tmp_path, quoting_c6):
    """C6 (a) 3700 (key 3720), (b) 2960 from it, (e) 2960: the trap's note said
    'all 3720 picked positions' beside 'your (b) = 2960': two sets of numbers."""
    instance = quoting_c6
    key_chosen = str(int(instance.parts[0].value))
    own = _c6_student(instance)
    rows = _grade(tmp_path, {"s1": instance}, {"s1": own})
    row = rows[("s1", "e")]
    assert row["misconception"] == "only_mask_tokens_graded", row
    assert row["feedback"].startswith(f"marked from your (a) = {own['chosen']}: "), row   # what (e)'s recipe reads
    assert f"the {own['chosen']} picked positions" in row["feedback"], row
    assert key_chosen not in row["feedback"], row
    assert (row["status"], row["score"]) == ("incorrect", "0")


def test_a_trap_from_a_right_a_keeps_the_keys_words(tmp_path, quoting_c6):
    """(a) right, (b) wrong, (e) the trap from their own (b): the key's count is theirs too."""
    instance = quoting_c6
    chosen = int(instance.parts[0].value)
    rows = _grade(tmp_path, {"s1": instance}, {"s1": {"chosen": str(chosen), "masked": "1000", "graded": "1000"}})
    row = rows[("s1", "e")]
    assert row["misconception"] == "only_mask_tokens_graded"
    assert row["feedback"].startswith("marked from your (b) = 1000: "), row
    assert f"the {chosen} picked positions" in row["feedback"], row


def test_the_class_wide_wording_of_such_a_trap_is_the_keys(tmp_path, quoting_c6):
    """The class report's misconception table names no one student's own numbers."""
    instance = quoting_c6
    _grade(tmp_path, {"s1": instance}, {"s1": _c6_student(instance)})
    report = (tmp_path / "answers-graded-report.md").read_text(encoding="utf-8")
    assert f"the {int(instance.parts[0].value)} picked positions" in report
    assert f"the {int(instance.parts[0].value) - 20} picked positions" not in report


def test_only_numbers_that_quote_the_keys_earlier_answer_are_replaced():
    swaps = [("(a)", 3720.0, "3700"), ("(c)", 0.57442, "0.600")]
    text, used = in_own_numbers("all 3720 of 37200 at positions 2 to 6, p = 0.5744 or 0.57 (3720.5)", swaps)
    assert text == "all 3700 of 37200 at positions 2 to 6, p = 0.600 or 0.57 (3720.5)"
    assert used == {"(a)", "(c)"}
    assert in_own_numbers("11 and 11", [("(c)", 11.0, "12"), ("(d)", 11.0, "13")]) == ("11 and 11", set())
    assert in_own_numbers("the 5 words", [("(a)", 5.0, "6")]) == ("the 5 words", set())


# ---------------------------------------------------------------- one ranking of the nearest ids

def _paper(name):
    q1 = {"id": "Q1", "class": "C1", "template": "t1", "points": 2,
          "parts": [{"part": "a", "name": "a", "type": "numeric", "points": 2.0, "value": 0.5, "answer": "0.5000",
                     "tolerance": {"sigfigs": 3}, "misconceptions": []}]}
    return {"name": name, "seed": name, "questions": [q1]}, q1


def test_an_unknown_ids_row_and_the_summary_name_the_same_ids_first(tmp_path):
    """s10x is one edit from s101 (who answered) and s102 (who did not): the
    summary named s102 first, the row's feedback s101 (roster order)."""
    key = {"questions": [_paper("class")[1]], "students": {sid: _paper(sid)[0] for sid in ("s101", "s102")}}
    (tmp_path / "key.json").write_text(json.dumps(key), encoding="utf-8")
    (tmp_path / "answers.csv").write_text("student_id,question_id,part,answer\ns101,Q1,a,0.5\ns10x,Q1,a,0.5\n",
                                          encoding="utf-8")
    result = quizgen.grade(tmp_path / "answers.csv")
    rows = list(csv.DictReader(io.StringIO((tmp_path / "answers-graded.csv").read_text(encoding="utf-8-sig"))))
    hint = "did you mean s102 or s101?"
    assert rows[1]["feedback"] == hint, rows[1]
    assert any(f"s10x ({hint})" in note for note in result.roster_notes), result.roster_notes


# ---------------------------------------------------------------- feedback a student found wrong or confusing

def test_one_figure_padded_with_zeros_reads_it_not_them():
    """C7 (c) 3.00 for 3.3362 claims 3 figures and is wrong at them: incorrect, and one
    figure's agreement is never 'right' (rev-maths30; it was 'right to 1 significant figure')."""
    verdict = mark_part(PartRule("loss", "(c)", "numeric", 3.3362, {}), "3.00", {}, {})
    assert (verdict.status, verdict.feedback) == ("incorrect", "")


@pytest.mark.parametrize("text, value, said", [("4/8", 0.4810, "0.5"), ("28/8", 3.4896, "3.5"),
                                               ("32/8", 4.0123, "4")])
def test_an_expression_rounded_too_early_is_told_its_value(text, value, said):
    """'4/8' for 0.481 was told 'rounded too early: right to 1 significant
    figure', which a student who wrote no decimal cannot see: its value is named.
    A fraction's value is the decimal it states, exactly (round 35: it was "its value,
    4.0, is right to 2" for 32/8, which is exactly 4)."""
    verdict = mark_part(PartRule("p", "(a)", "numeric", value, {}), text, {}, {})
    assert verdict.status == IMPRECISE and verdict.note == "rounded_too_early"
    assert verdict.feedback.startswith(f"your fraction is exactly {said}, but the answer is not exactly {said}: "
                                       "this part asks for a decimal to at least 3 significant figures"), verdict.feedback


def test_an_expression_other_than_a_fraction_is_told_its_value_rounded():
    """0.4 + 0.1 is exactly 0.5, as 4/8 is, and told so (round 35, re-pinned on purpose: it
    was "its value, 0.5, is right to 1 significant figure", talk of a rounding of an exact
    number); an expression that is no terminating decimal is told its value rounded, as before."""
    verdict = mark_part(PartRule("p", "(a)", "numeric", 0.4810, {}), "0.4 + 0.1", {}, {})
    assert verdict.feedback.startswith("your expression is exactly 0.5, but the answer is not exactly 0.5: ")
    verdict = mark_part(PartRule("p", "(a)", "numeric", 0.4269, {}), "sqrt(0.1849)", {}, {})
    assert verdict.feedback.startswith("rounded too early: its value, 0.43, is right to 2 significant figures")


@pytest.mark.parametrize("text, figures", [("7", "1 significant figure"), ("7.0", "2 significant figures")])
def test_rounded_too_early_names_no_more_figures_than_were_written(text, figures):
    """'7' for 7.0211 was told 'right to 2 significant figures', though it shows
    one (7 is 7.0 to 2 figures as well; the student wrote one)."""
    verdict = mark_part(PartRule("loss", "(c)", "numeric", 7.0211, {}), text, {}, {})
    assert verdict.feedback == f"rounded too early: right to {figures}, give at least 3 (expected 7.02)"
