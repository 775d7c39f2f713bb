"""A part's own working with an intermediate (not an earlier part) rounded to
2 significant figures where the paper asks for 3 in the answers and 4 in the
working: the exponentials or their sum in a softmax, e^-s in a sigmoid, a
per-position loss or their sum before the mean. A careful marker marks it
imprecise, rounded_too_early, saying which value was kept short
(early_carry.py, ``_key_steps``); before, the first part of C1 and C7, and
C10's loss after a right count, stayed a bare ``incorrect``. It is one step
so kept, the others carried (review 55a F10): two at once, or -s, a number the
paper prints, are no early rounding, and stay incorrect. A trap stays the
trap, a correct answer stays correct, and an answer reached only with
1-figure intermediates stays incorrect.

The students are built by hand from seed 1's key (``generate --seed 1
--count 1``: Q1 is C1, Q7 C7; Q10, C10, from seed 7's since review 52b F1) and graded from a CSV as a user
grades them; the trap property runs over the shipped bank and many seeds."""

import math
from dataclasses import replace

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.maths.numbers import significant
from quizgen.marking.roundings import sig_roundings
from quizgen.marking.own_step_early import EARLY_LEVELS, _early_covers
from quizgen.marking.hull import CarriedSpans
from quizgen.marking.rule_model import Credits, TrapRule
from quizgen.marking.rules import figures_asked, mark_part
from tests.grading_support import paper_grader
from tests.paper_support import mark_paper, part_rules

EARLY = ("your answer is what the working gives with a value on the way kept to too few figures{}: this paper "
         "asks you to keep at least 4 significant figures in intermediate results (expected {})")


def _sig(x: float, figures: int) -> float:
    """``x`` rounded to ``figures`` significant figures, as the paper rounds
    (76.29 to 1 figure: 80; a tie away from zero: -2.65 to 2 figures, -2.7)."""
    return max(sig_roundings(x, figures), key=abs)


def _c1(params: dict, total_figures: int | None = None, top_figures: int | None = None) -> str:
    """C1 (a), the softmax p = e^z_t / sum e^z, with the sum (or e^z_t, the same way in the
    numerator and in the sum: one intermediate is rounded once, rev-maths30) rounded to the figures given."""
    z, t = params["z"], int(params["t"])
    exps = [math.exp(float(v)) for v in z]
    exps[t] = _sig(exps[t], top_figures) if top_figures else exps[t]
    total = sum(exps)
    top = exps[t]
    total = _sig(total, total_figures) if total_figures else total
    return significant(top / total, 3)


def _c7(params: dict, neg_s_figures: int | None = None, exp_figures: int | None = None) -> str:
    """C7 (a), p = 1 / (1 + e^-s), with -s or e^-s rounded to the figures given."""
    neg_s = -float(params["s"])
    neg_s = _sig(neg_s, neg_s_figures) if neg_s_figures else neg_s
    e = math.exp(neg_s)
    e = _sig(e, exp_figures) if exp_figures else e
    return significant(1 / (1 + e), 3)


def _c10(params: dict, position: int | None = None, total_figures: int | None = None,
         figures: int = 2) -> str:
    """C10 (b), the mean of -ln p over the T + 1 predictions of [BOS] w1 ... wT [EOS] (review 52b F1:
    ``p`` holds the T words' and [EOS]'s), with one per-position loss (``position``) rounded to
    ``figures`` figures, or their sum to ``total_figures``."""
    losses = [-math.log(float(v)) for v in params["p"]]
    if position is not None:
        losses[position] = _sig(losses[position], figures)
    total = sum(losses)
    total = _sig(total, total_figures) if total_figures else total
    return significant(total / (int(params["T"]) + 1), 3)


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Seed 1's paper graded for the students below: {(question, part, answer): graded row}."""
    from quizgen.key.load import load_key_file
    folder = tmp_path_factory.mktemp("early25")
    run = paper_grader(folder, seed=1, count=1)
    key = load_key_file(folder / "paper" / "key.json")
    params = {q.id: dict(q.params) for q in key.questions}
    # C10 from seed 7's paper: seed 1's draws, since review 52b F1, a mean (1.1169) that no 2-figure
    # step moves off 1.11, which is also the answer cut off (seed 2's and others' reach only values
    # carried rounding reaches too)
    (folder / "c10").mkdir()
    run10 = paper_grader(folder / "c10", seed=7, count=1)
    params["Q10"] = next(dict(q.params) for q in load_key_file(folder / "c10" / "paper" / "key.json").questions
                         if q.id == "Q10")
    q1, q7, q10 = params["Q1"], params["Q7"], params["Q10"]
    answers = {
        "c1_total2": ("Q1", "a", _c1(q1, total_figures=2)),     # sum e^z = 76.29 carried as 76
        "c1_top2": ("Q1", "a", _c1(q1, top_figures=2)),         # e^4 = 54.60 carried as 55
        "c1_total1": ("Q1", "a", _c1(q1, total_figures=1)),     # the sum carried as 80: 1 figure
        "c1_right": ("Q1", "a", _c1(q1, total_figures=4)),      # the paper's 4 figures: right
        "c7_neg2": ("Q7", "a", _c7(q7, neg_s_figures=2)),       # -s = -2.65 carried as -2.7
        "c7_exp2": ("Q7", "a", _c7(q7, exp_figures=2)),         # e^-s = 0.07065 as 0.071: still right
        "c7_exp1": ("Q7", "a", _c7(q7, exp_figures=1)),         # e^-s as 0.07: 1 figure
        "c10_one2": ("Q10", "b", _c10(q10, position=4)),        # -ln 0.35 = 1.0498 carried as 1.0
        "c10_total2": ("Q10", "b", _c10(q10, total_figures=2)),  # the sum 6.673 carried as 6.7
        "c10_count_worked": ("Q10", "b", _c10(q10, position=4)),   # c10_one2 after a count written exp(ln(7.000))
        "c10_one1": ("Q10", "b", _c10(q10, position=0, figures=1)),   # -ln 0.25 = 1.386 as 1: 1 figure
    }
    rows = []
    for student, (question, part, answer) in answers.items():
        rows.append((student, question, part, answer))
        if question == "Q10":
            # the right count, T + 1 (the predictions with [BOS] and [EOS]); worked out, it is
            # 6.999999999999999, still the count (round 42: a right count now keeps its value, and ECF
            # from it said "divided by your (a) = 5 it is no mean", when (a) was T - 1 = 5)
            rows.append((student, "Q10", "a", "exp(ln(7.000))" if student == "c10_count_worked" else "7"))
    marked = run([row for row in rows if row[1] != "Q10"])
    marked.update(run10([row for row in rows if row[1] == "Q10"]))
    return {student: marked[cell] for student, cell in answers.items()}, params


@pytest.mark.slow
def test_the_keys_are_the_ones_the_students_were_built_for(graded):
    _, params = graded
    assert params["Q1"]["z"] == [-0.5, 3, 0, 4] and params["Q1"]["t"] == 3
    assert float(params["Q7"]["s"]) == 2.65
    # seed 7's, since review 52b F1: he locked the door and left, p given [BOS] first and [EOS]'s last
    assert [float(v) for v in params["Q10"]["p"]] == [0.25, 0.85, 0.05, 0.85, 0.35, 0.8, 0.5]


@pytest.mark.parametrize("student, step, expected", [
    ("c1_total2", " (the sum of e^(z) = 76.3 as 76)", "0.716"),   # 0.6065 + 20.09 + 1 + 54.60
    # 0.717: 54.6/76.30 alone; or e^3 = 20.09 as 20, with 54.60 and the sum 76.20 carried to 3 figures, 54.6/76.2
    ("c1_top2", " (e^(4) = 54.6 as 55 or e^(3) = 20.1 as 20)", "0.716"),
    ("c10_one2", " (-ln(0.35) = 1.0498 as 1.0)", "0.953"),
    # 1.3863 + 0.1625 + 2.9957 + 0.1625 + 1.0498 + 0.2231 + 0.6931 (seed 7's, review 52b F1)
    ("c10_total2", " (the sum of -ln(p) = 6.67 as 6.7)", "0.953"),
    ("c10_count_worked", " (-ln(0.35) = 1.0498 as 1.0)", "0.953")])
def test_an_intermediate_rounded_to_2_figures_is_rounded_too_early(graded, student, step, expected):
    """Each step whose rounding alone (the others carried to 3 or 4 figures, or unrounded) reaches
    the answer is named, an element of the softmax's list or of the losses too (review 55a F10:
    they were named only when no other step was carried)."""
    row = graded[0][student]
    where = (student, row["answer"], row["feedback"])
    assert (row["status"], row["note"], row["misconception"]) == ("imprecise", "rounded_too_early", ""), where
    assert row["feedback"] == EARLY.format(step, expected), where
    assert float(row["score"]) == 0.0, where   # the policy's imprecise credit, 0 by default


def test_1_plus_e_to_the_minus_s_kept_to_3_figures_is_named(graded):
    """C7's 0.935 (s = 2.65) is e^-s to 1 figure, 0.07, and also 1 + e^-s = 1.070651 kept as 1.07, which
    the stem now asks to keep to 4 figures of its difference from 1: rounded too early, saying so
    (review 49c F9: it was a bare incorrect)."""
    row = graded[0]["c7_exp1"]
    assert (row["answer"], row["status"], row["note"]) == ("0.935", "imprecise", "rounded_too_early"), row
    assert row["feedback"] == ("your answer is what the working gives with a value kept to too few figures of its difference from 1 "
                               "(1 + e^(-s) = 1.07065 as 1.07): keep a value near 1 (here 1 + e^(-s)) to at "
                               "least 4 significant figures of its difference from 1 (expected 0.934)")


def test_a_number_the_paper_prints_kept_short_is_no_early_rounding(graded):
    """C7's 0.937 (s = 2.65) is 1/(1 + e^-2.7): s, which the paper prints, taken as 2.7, no value on the
    way; feedback never names a printed number as kept short (review 49c F4), and since review 55a F10 an
    early rounding is one a marker can point to, so it stays incorrect (it was told "a value on the way")."""
    row = graded[0]["c7_neg2"]
    assert (row["answer"], row["status"], row["note"]) == ("0.937", "incorrect", ""), row


@pytest.mark.parametrize("student", ["c1_total1", "c10_one1"])
def test_an_intermediate_rounded_to_1_figure_stays_incorrect(graded, student):
    row = graded[0][student]
    assert (row["status"], row["note"]) == ("incorrect", ""), (student, row["answer"], row["feedback"])


@pytest.mark.parametrize("student", ["c1_right", "c7_exp2"])
def test_a_right_answer_stays_correct(graded, student):
    row = graded[0][student]
    assert (row["status"], row["note"]) == ("correct", ""), (student, row["answer"], row["feedback"])


BANK = {t.cls: t for t in load_bank()}
CLASSES = sorted(BANK, key=lambda c: int(c[1:]))
EARLY_CLASSES = [c for c in CLASSES if c not in ("C3", "C5", "C6")]   # those have no part _early_parts judges
QUICK_SEEDS, SEEDS = 12, 80


def _early_parts(instance):
    """``(name, rule)`` of the parts judged from the key's steps (``_key_steps``):
    a decimal asked to 3 figures or more, reading no earlier part or only counts."""
    for name, rule in part_rules(instance).items():
        spans = rule.carried
        if rule.value is None or spans.__class__ is not CarriedSpans or (figures_asked(rule.kind, rule.spec)
                                                                        or 0) <= 2:
            continue
        recipe = spans.paths.get(name)
        if recipe is not None and recipe.intermediates and all(s.kind == "integer" for s in rule.sources):
            yield name, rule, recipe


@pytest.mark.parametrize("seeds", [QUICK_SEEDS, pytest.param(SEEDS, marks=pytest.mark.slow)])
@pytest.mark.parametrize("cls", EARLY_CLASSES)
def test_no_trap_becomes_rounded_too_early(cls, seeds):
    """Every trap value of such a part, given to 3 or 4 figures, is still the
    trap (named, incorrect), whether or not it lies in the 2-figure set; the
    key's own answer stays correct."""
    credits, checked = Credits(imprecise=0.5), 0
    for k in range(seeds):
        instance = sample_instance(BANK[cls], f"early25/{cls}/{k}")
        for name, rule, recipe in _early_parts(instance):
            checked += 1
            counts = {s.name: str(int(s.value)) for s in rule.sources}
            given = {s.name: (float(s.value),) for s in rule.sources}
            for trap in rule.traps:
                if trap.value is None or not math.isfinite(trap.value):
                    continue
                for figures in (3, 4):
                    text = significant(trap.value, figures)
                    verdict = mark_paper(instance, {**counts, name: text}, credits)[name]
                    where = (instance.seed_label, name, trap.code, text, verdict.feedback,
                             _early_covers(rule, recipe, given, float(text), 3))
                    assert verdict.note != "rounded_too_early", where
                    if figures == 4:   # as validate gives it: the trap itself, named
                        assert (verdict.status, verdict.misconception) == ("incorrect", trap.code), where
            right = significant(rule.value, 4)
            assert mark_paper(instance, {**counts, name: right}, credits)[name].status == "correct"
    assert checked   # round 39's test review: C3, C5 and C6 ran no assert here


def test_the_early_levels_are_2_figures_beside_carried_rounding():
    assert EARLY_LEVELS == (2, 3, 4)   # 1 figure is no early rounding: it stays incorrect


def test_a_trap_in_the_2_figure_set_stays_the_trap():
    """No shipped trap lies in the 2-figure set (the property above); one
    planted there, at the value of the student who carries C1's sum e^z as
    76, is still named: the trap is checked first."""
    instance = sample_instance(BANK["C1"], "1/mlm-confident-correct/0")
    rule = part_rules(instance)["p"]
    answer = _c1(dict(instance.params), total_figures=2)
    assert mark_part(rule, answer, {}, {}).note == "rounded_too_early"
    planted = replace(rule, traps=(TrapRule("planted", float(answer), "a planted slip"),))
    verdict = mark_part(planted, answer, {}, {}, Credits(imprecise=0.5))
    assert (verdict.status, verdict.misconception, verdict.note) == ("incorrect", "planted", "")
