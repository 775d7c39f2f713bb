"""Marking one part: rounded too early, truncated, traps with credit, statuses."""

import pytest

from quizgen.marking.rules import (BLANK, CORRECT, IMPRECISE, INCORRECT, INVALID, NEEDS_REVIEW, Credits, PartRule,
                                   TrapRule, mark_part)

RULE = PartRule("loss", "(b)", "numeric", 0.4269, {},
                traps=(TrapRule("log10_instead_of_ln", 0.1854, "use ln", credit=0.0),
                       TrapRule("missing_minus_sign", -0.4269, "minus", credit=0.25)))


@pytest.mark.parametrize("text, status, note", [
    ("0.427", CORRECT, ""), ("0.4269", CORRECT, ""), ("L = 0.427 nats", CORRECT, ""),
    ("0.43", IMPRECISE, "rounded_too_early"), ("0.426", IMPRECISE, "rounded_too_early"),
    ("0.4", IMPRECISE, "rounded_too_early"), ("0.44", INCORRECT, ""),
    ("0.42", IMPRECISE, "rounded_too_early"),   # cut off at 2 figures: right to 1, as 0.4 is (marks33)
    ("", BLANK, ""), ("0.4.2", INVALID, ""), ("0.4.", IMPRECISE, "rounded_too_early"),   # a full stop ends it
    ("I used the natural log of p here", NEEDS_REVIEW, "")])
def test_statuses_and_notes(text, status, note):
    verdict = mark_part(RULE, text, {}, {})
    assert (verdict.status, verdict.note) == (status, note)


def test_feedback_names_what_was_expected_and_credit_follows_policy():
    early = mark_part(RULE, "0.43", {}, {}, Credits(imprecise=0.25))
    assert early.score == 0.25 and "expected 0.427" in early.feedback
    cut = mark_part(RULE, "0.426", {}, {})
    assert cut.score == 0.0 and cut.feedback == "cut off instead of rounded: 0.4269 rounds to 0.427"


def test_trap_credit_from_template_and_policy():
    assert mark_part(RULE, "-0.427", {}, {}).score == 0.25
    assert mark_part(RULE, "0.185", {}, {}, Credits(traps={"log10_instead_of_ln": 0.5})).score == 0.5
    assert mark_part(RULE, "0.185", {}, {}).misconception == "log10_instead_of_ln"


def test_a_two_figure_answer_is_not_correct_even_inside_the_window():
    rule = PartRule("p", "(a)", "numeric", 0.4001, {})
    assert mark_part(rule, "0.40", {}, {}).status == IMPRECISE
    assert mark_part(rule, "0.400", {}, {}).status == CORRECT
    exact = PartRule("p", "(a)", "numeric", 0.5, {})
    assert mark_part(exact, "0.5", {}, {}).status == CORRECT


@pytest.mark.parametrize("text", ["0.13", "0.12", "0.0013", "0.0012"])
def test_a_tie_rounded_too_early_either_way_is_rounded_too_early(text):
    """0.125 (and 0.00125) to 2 figures is 0.13 as students round a tie, 0.12
    to even: both are an answer rounded too early, not a wrong one (the half-up
    student was marked incorrect when only the float's rounding was tried)."""
    value = 0.00125 if text.startswith("0.00") else 0.125
    verdict = mark_part(PartRule("p", "(a)", "numeric", value, {}), text, {}, {})
    assert (verdict.status, verdict.note) == (IMPRECISE, "rounded_too_early")


@pytest.mark.parametrize("value, text, feedback", [
    (0.001208, "0.00120", "cut off instead of rounded: 0.001208 rounds to 0.00121"),
    (0.001208, "0.001200", "cut off instead of rounded: 0.001208 rounds to 0.00121"),
    (6.719, "6.70", "rounded too early: right to 2 significant figures only, and the zeros written after them "
                    "are not the answer's figures; give at least 3 (expected 6.72)"),
    (0.76923, "0.7700", "rounded too early: right to 2 significant figures only, and the zeros written after them "
                        "are not the answer's figures; give at least 3 (expected 0.769)"),
    (6.719, "6.7", "rounded too early: right to 2 significant figures, give at least 3 (expected 6.72)")])
def test_too_early_feedback_never_says_fewer_figures_than_were_written(value, text, feedback):
    """0.00120 shows 3 figures: it is 0.001208 cut off, not 'only 2 figures' (rev-fresh15)."""
    verdict = mark_part(PartRule("p", "(a)", "numeric", value, {}), text, {}, {})
    assert (verdict.status, verdict.feedback) == (IMPRECISE, feedback)


@pytest.mark.parametrize("value, text", [(1.7232, "2.00"), (2.72, "3.00"), (0.335, "0.300"), (2.72, "3.0")])
def test_one_figure_padded_with_zeros_is_incorrect(value, text):
    """Zeros written after a 1-figure rounding leave one figure of agreement, none
    worth crediting: 2.00 for 1.7232 is incorrect, never 'right to 1 significant
    figure' and imprecise (rev-maths30: seed 1's Q9 (a), Q7 (c), Q1 (b))."""
    verdict = mark_part(PartRule("p", "(a)", "numeric", value, {}), text, {}, {}, Credits(imprecise=0.5))
    assert (verdict.status, verdict.score, verdict.feedback) == (INCORRECT, 0.0, "")


def test_a_padded_rounding_short_of_figures_asked_is_rounded_too_early():
    """6.70 for 6.719 where 4 figures are asked: 6.7 padded, right to 2 (it shows 3, fewer than 4)."""
    verdict = mark_part(PartRule("p", "(a)", "numeric", 6.719, {"sigfigs": 4}), "6.70", {}, {})
    assert (verdict.status, verdict.note) == (IMPRECISE, "rounded_too_early"), verdict


def test_a_traps_wording_drops_the_students_own_numbers():
    """The drill's summary and the class report quote a trap's words once, whoever met it."""
    from quizgen.marking.quotes import trap_wording

    assert trap_wording("marked from your (a) = 0.0474: Use ln, not log10.") == "Use ln, not log10."
    assert trap_wording("Use ln, not log10: base e.") == "Use ln, not log10: base e."


def test_an_answer_rounded_twice_is_told_why_it_is_wrong():
    """0.2315 is what C7's worked step shows for 0.231475; rounded again it is
    0.232, not 0.231: incorrect, but never a silent zero (rev-mark15b)."""
    rule = PartRule("p", "(a)", "numeric", 0.231475, {})
    verdict = mark_part(rule, "0.232", {}, {})
    assert (verdict.status, verdict.feedback) == (INCORRECT, (
        "rounded twice: 0.2315 (the value to 4 figures) rounded again to 3 is 0.232, but the value itself, "
        "0.23147, rounds to 0.231: round once, from the unrounded value"))
    assert mark_part(rule, "0.233", {}, {}).feedback == ""
    assert mark_part(PartRule("p", "(a)", "numeric", 0.2314, {}), "0.232", {}, {}).feedback == ""


def test_an_earlier_answer_is_quoted_as_a_plain_decimal():
    from quizgen.marking.quotes import marked_from

    assert marked_from([("(a)", 3.9e-05), ("(b)", 0.0474)]) == "marked from your (a) = 0.000039, (b) = 0.0474"


def test_rounded_twice_never_contradicts_itself_and_huge_answers_are_quoted_short():
    from quizgen.marking.quotes import marked_from

    # 0.2314999 shown to 5 figures is 0.23150, which would itself round to 0.232: never "0.23150 rounds to
    # 0.231"; since review 58b F1 the value is quoted to the figures that show its rounding, not left unsaid
    said = mark_part(PartRule("p", "(a)", "numeric", 0.2314999, {}), "0.232", {}, {}).feedback
    assert "but the value itself, 0.2314999, rounds to 0.231" in said and "0.23150" not in said
    assert marked_from([("(a)", 1e23), ("(b)", 1e-30)]) == "marked from your (a) = 1e+23, (b) = 1e-30"


@pytest.mark.parametrize("value, text, status", [
    (1.0239090561799076, "1.0285", INCORRECT),   # 1.03 at 3 figures; the answer is 1.02
    (0.15171, "0.1513", INCORRECT),              # 0.151; the answer is 0.152 (0.151 is 'cut off', imprecise)
    (1.0239090561799076, "1.0249", CORRECT),     # 1.02 at 3 figures
    (0.71549, "0.7155", CORRECT),                # the value to the 4 figures written, though 0.716 at 3
    (1.0239090561799076, "1.02", CORRECT)])
def test_more_figures_than_asked_must_be_right_at_those_asked(value, text, status):
    """The plain window is centred on the exact value, so it held answers to more
    figures than asked that round, at the figures asked, to another number
    (rev-maths30: seed 1's Q8 (b) 1.0285, Q5 (c) 0.1513, correct while 0.151 was
    'cut off'); they are accepted only as carried rounding, where reachable."""
    assert mark_part(PartRule("p", "(a)", "numeric", value, {}), text, {}, {}).status == status
