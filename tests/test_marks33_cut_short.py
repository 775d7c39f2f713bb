"""marks33 (1): an answer that is the right value cut off at fewer figures
than asked was ``incorrect`` while the value rounded to even fewer was
``imprecise``, so with ``imprecise_credit`` above 0 a nearer answer with more
right figures earned less (rev33i: seed 7's Q1 (b), 0.2368: `0.2` scored 1 of
2, `0.23` none). Cut off at 2 or more figures it is right to one fewer (its
last figure decides that rounding as the value's does), so it is
``imprecise`` too; one figure cut off is right to none and stays incorrect.
report34b: such a cut-off written with zeros after it (0.230, 0.2300) is the
same cut-off padded, as a rounding padded is: ``imprecise`` too, told so."""

from decimal import ROUND_DOWN, ROUND_HALF_UP, Decimal

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.grading.part_checker import question_checkers
from quizgen.key.entries import key_entry
from quizgen.marking.forms import NUMBER, Reading
from quizgen.marking.rules import Credits, PartRule, TrapRule, mark_value
from quizgen.marking.sources import figures_asked, trap_behind

SEEDS = range(1, 13)
RANK = {"incorrect": 0, "imprecise": 1, "correct": 2}


def _written(value: float, figures: int, rounding) -> str | None:
    """``value`` written to ``figures`` significant figures, cut (ROUND_DOWN) or rounded
    as the paper rounds (a tie away from zero); None where that needs zeros before the point."""
    exact = Decimal(repr(value))
    quantum = exact.adjusted() - figures + 1
    if quantum > 0:
        return None
    return str(exact.quantize(Decimal(1).scaleb(quantum), rounding=rounding))


def _bank_questions():
    for template in load_bank(()):
        for seed in SEEDS:
            yield key_entry(Question("Q1", sample_instance(template, seed_label(seed, template.id, 0))))


@pytest.fixture(scope="module")
def marked():
    """``{(template part, seed, policy): [(figures, how, answer, status, score), ...]}`` over the bank."""
    found = {}
    questions = list(_bank_questions())
    for policy, credits in (("default", Credits()), ("half", Credits(imprecise=0.5))):
        for n, question in enumerate(questions):
            checkers = question_checkers(question, credits)
            for part in question.parts:
                asked = figures_asked(part.spec.kind, part.spec.tolerance)
                if asked is None or part.value is None or part.value == 0:
                    continue
                rows = found.setdefault((question.template, part.spec.name, n, policy), [])
                for figures in range(1, asked):
                    for how, rounding in (("cut", ROUND_DOWN), ("rounded", ROUND_HALF_UP)):
                        answer = _written(part.value, figures, rounding)
                        if answer is not None:
                            verdict = checkers[part.letter](answer)
                            rows.append((figures, how, answer, verdict.status.value, verdict.score))
                        padded = _padded(answer, part.value, figures, asked)
                        if padded is not None:   # report34b: 0.230, 0.2300 for 0.2368 cut off at 2
                            verdict = checkers[part.letter](padded)
                            rows.append((figures, f"{how} padded", padded, verdict.status.value, verdict.score))
    return found


def _padded(answer: str | None, value: float, figures: int, asked: int) -> str | None:
    """``answer`` (``value`` cut or rounded to ``figures``) with zeros written after it up to
    ``asked`` figures or one more, when that adds zeros after a point; None where it does not, or
    where the padded number is ``value`` cut or rounded at more figures (its zeros right figures)."""
    if answer is None or "." not in answer:
        return None
    padded = answer + "0" * (asked - figures + figures % 2)   # to asked figures, or one more
    if any(Decimal(padded) == Decimal(more) for more in
           (_written(value, k, rounding) for k in range(figures + 1, asked + 2) for rounding in (ROUND_DOWN,
                                                                                               ROUND_HALF_UP))
           if more is not None):
        return None
    return padded


@pytest.mark.slow
def test_fewer_figures_kept_never_mark_higher_than_more(marked):
    """Over every numeric part of the bank's draws, by either policy: the right value
    cut off or rounded to k figures (fewer than asked) never scores, nor ranks, above
    either to more figures."""
    assert sum(len(rows) for rows in marked.values()) > 1000
    backwards = []
    for where, rows in marked.items():
        for low in rows:
            for high in rows:
                if low[0] < high[0] and (low[4], RANK[low[3]]) > (high[4], RANK[high[3]]):
                    backwards.append((where, low, high))
    assert backwards == [], backwards[:5]


@pytest.mark.slow
def test_a_cut_off_padded_with_zeros_marks_as_it_does_without_them(marked):
    """report34b: 0.230 for 0.2368 (3 figures asked) was incorrect, 0.23 imprecise: the zeros
    written after a cut-off at 2 figures or more are padding, as after a rounding, so it marks
    as the cut-off does (or higher: 0.2360 is a carried rounding of 0.2368, correct)."""
    same, padded, below = 0, 0, []
    for rows in marked.values():
        plain = {(row[0], row[1]): row for row in rows}
        for figures, how, answer, status, score in rows:
            if how == "cut padded" and figures >= 2:
                padded += 1
                _, _, cut, cut_status, cut_score = plain[(figures, "cut")]
                if (score, RANK[status]) < (cut_score, RANK[cut_status]):
                    below.append((answer, status, cut, cut_status))
                same += (status, score) == (cut_status, cut_score)
    assert padded > 100 and not below, below[:5]
    assert same > 0.9 * padded


@pytest.mark.slow
def test_two_figures_cut_off_are_imprecise_and_said_so(marked):
    cut = [row for rows in marked.values() for row in rows if row[:2] == (2, "cut")]
    assert cut and all(row[3] == "imprecise" for row in cut), [r for r in cut if r[3] != "imprecise"][:5]


def _rule(traps=()):
    return PartRule("b", "(b)", "numeric", 0.2368, {}, traps=traps)


def test_the_reviewers_answers_score_in_order_of_their_figures():
    """0.2368 (3 figures asked): 0.2, 0.23 (cut off) and 0.24 all earn the imprecise credit."""
    half = Credits(imprecise=0.5)
    marks = {answer: mark_value(_rule(), Reading(NUMBER, float(answer), figures), {}, {}, half)
             for answer, figures in (("0.2", 1), ("0.23", 2), ("0.24", 2))}
    assert {a: (v.status, v.note, v.score) for a, v in marks.items()} == {
        a: ("imprecise", "rounded_too_early", 0.5) for a in marks}
    assert marks["0.23"].feedback == ("cut off instead of rounded, and to too few figures: 0.2368 rounds to 0.24 "
                                      "at 2 significant figures, and this part asks for at least 3 (expected 0.237)"
                                      ", which earns half of the marks in this course")


def test_a_cut_off_beats_a_trap_rounded_to_it_as_a_rounding_does():
    """0.23 is 0.2368 cut off and the trap 0.2310 rounded: the right value is read first."""
    verdict = mark_value(_rule((TrapRule("sign", 0.2310),)), Reading(NUMBER, 0.23, 2), {}, {})
    assert (verdict.status, verdict.note, verdict.misconception) == ("imprecise", "rounded_too_early", "")


@pytest.mark.parametrize("answer, figures", [("0.230", 3), ("0.2300", 4)])
def test_a_cut_off_padded_with_zeros_is_imprecise_and_told_so(answer, figures):
    """report34b: 0.230 was incorrect while 0.23 was imprecise; its zero is padding."""
    verdict = mark_value(_rule(), Reading(NUMBER, float(answer), figures), {}, {}, Credits(imprecise=0.5))
    assert (verdict.status, verdict.note, verdict.score) == ("imprecise", "rounded_too_early", 0.5)
    zeros = ("a zero written after it, which is not one of" if figures == 3 else
             "zeros written after it, which are not")
    assert verdict.feedback == (f"cut off instead of rounded, and to too few figures: {answer} is 0.23 with {zeros} "
                                "the answer's figures; 0.2368 rounds to 0.24 at 2 significant figures, and this part "
                                "asks for at least 3 (expected 0.237), which earns half of the marks in this course")


def test_a_zero_that_is_a_right_figure_and_one_figure_padded_are_as_before():
    assert mark_value(PartRule("b", "(b)", "numeric", 0.2302, {}), Reading(NUMBER, 0.23, 3), {}, {}).status == "correct"
    verdict = mark_value(_rule(), Reading(NUMBER, 0.2, 3), {}, {}, Credits(imprecise=0.5))   # 0.200: padded after 1
    assert (verdict.status, verdict.score) == ("incorrect", 0.0)


def test_one_figure_cut_off_stays_incorrect():
    verdict = mark_value(PartRule("a", "(a)", "numeric", 0.6952, {}), Reading(NUMBER, 0.6, 1), {}, {},
                         Credits(imprecise=0.5))
    assert (verdict.status, verdict.score) == ("incorrect", 0.0)
    assert verdict.feedback == ""   # any value from 0.6 to 0.6999 is that cut-off: not named (review 41 F3)


def test_an_earlier_answer_cut_off_stands_for_no_trap_it_rounds():
    """ECF reads (a) 0.23 as 0.2368 cut off, marked at (a), not as the trap 0.2310 carried on."""
    assert trap_behind(0.23, 2, 0.2368, (0.2310,), {}, "numeric") is None
    assert trap_behind(0.23, 2, 0.2450, (0.2310,), {}, "numeric") == 0.2310


def test_a_padded_cut_off_is_read_at_the_most_figures_it_is_cut_at():
    """0.200 for 0.2068 is 0.20 (cut off at 2, its zero a right figure) padded, as 0.20 is marked."""
    rule = PartRule("b", "(b)", "numeric", 0.2068, {})
    plain = mark_value(rule, Reading(NUMBER, 0.2, 2), {}, {}, Credits(imprecise=0.5))
    padded = mark_value(rule, Reading(NUMBER, 0.2, 3), {}, {}, Credits(imprecise=0.5))
    assert (plain.status, plain.score) == (padded.status, padded.score) == ("imprecise", 0.5)
    assert padded.feedback.startswith("cut off instead of rounded, and to too few figures: 0.200 is 0.20 with a zero")
