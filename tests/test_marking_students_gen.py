"""Students generated from instances, marked over the whole shipped bank:
a careful 3 s.f. student is always correct, a 2 s.f. student never is, a
student who falls into a trap in (a) and then works correctly gets ECF, and
no trap is ever accepted."""

import re

import pytest

from quizgen.bank.loader import load_bank
from quizgen.validation.marking import careful_student
from quizgen.generation.sampling import canonical_instance, sample_instance
from quizgen.maths.numbers import significant
from quizgen.marking.carry import inside, reachable
from quizgen.marking.coherence import counted_by, outside, withheld
from tests.paper_support import mark_paper, part_rules
from quizgen.marking.rules import CORRECT, ECF, INCORRECT, Credits, mark_part

BANK = {t.cls: t for t in load_bank()}


def student(instance, figures: int) -> dict:
    """A student who works the lets in order, carrying every result rounded
    to ``figures`` significant figures, and reports ``figures`` figures."""
    return careful_student(instance, figures, figures)


def _instances(cls, count):
    return [sample_instance(BANK[cls], f"marking/{cls}/{k}") for k in range(count)]


def test_reference_example_c7():
    instance = canonical_instance(BANK["C7"])
    verdicts = mark_paper(instance, {"p": "0.769", "loss_y1": "0.263", "loss_y0": "1.47"})
    assert verdicts["loss_y0"].status == CORRECT and verdicts["loss_y0"].note == "carried_rounding"
    assert verdicts["p"].status == CORRECT and verdicts["p"].note == ""
    wider = mark_paper(instance, {"p": "0.769", "loss_y0": "1.48"})
    assert wider["loss_y0"].status == INCORRECT


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK))
def test_careful_three_figure_student_is_always_correct(cls):
    for instance in _instances(cls, 60):
        answers = student(instance, 3)
        verdicts = mark_paper(instance, answers)
        wrong = {k: (answers[k], v) for k, v in verdicts.items() if v.status != CORRECT}
        assert not wrong, (instance.seed_label, wrong)


@pytest.mark.slow
@pytest.mark.parametrize("cls", [c for c in sorted(BANK) if c != "C6"])   # C6 asks for whole numbers only
def test_two_figure_student_is_never_correct_on_a_rounded_part(cls):
    checked = 0
    for instance in _instances(cls, 60):
        answers = student(instance, 2)
        verdicts = mark_paper(instance, answers)
        names = {pv.letter: pv.part.name for pv in instance.parts}
        for pv in instance.parts:
            if pv.value is None or pv.part.kind == "integer":
                continue
            value = float(pv.value)
            if float(significant(value, 2)) == value:
                continue  # exact at 2 s.f.: nothing was rounded away
            checked += 1
            verdict = verdicts[pv.part.name]
            if verdict.note == ECF:   # exactly right from an earlier answer marked there: rounded early, or wrong
                # C8: (a) 1.0 for 0.982 is e^2.5 and the sum both kept to 2 figures, 12 / 12, incorrect since review
                # 55a F10 (it was rounded too early, named once); (b) -ln 1.0 = 0 is ECF from it
                earlier = [names[letter] for letter in re.findall(r"marked from your \((\w)\)", verdict.feedback)]
                assert "early rounding is marked at" in verdict.feedback or earlier and all(
                    verdicts[n].status == INCORRECT for n in earlier), (instance.seed_label, pv.part.name, answers)
                continue
            assert verdict.status != CORRECT, (instance.seed_label, pv.part.name, answers)
    assert checked


@pytest.mark.slow
@pytest.mark.parametrize("cls", ["C1", "C2", "C3", "C7", "C8", "C10"])
def test_trap_in_a_then_correct_work_is_ecf(cls):
    """Every named trap of (a), not only the first: C10's masked positions (whose own trap in (b)
    is ECF too) and C3's unnormalised weight (ECF from it stands though it is no probability, unless
    what it gives is no loss: -ln of a weight above 1 is negative, rev-maths28)."""
    checked = 0
    for instance in _instances(cls, 40):
        rules = part_rules(instance)
        first = instance.parts[0]
        for trap in (t for t in first.traps if t.value is not None):
            checked += _trap_then_ecf_checked(instance, rules, first, trap)
    assert checked >= 20


def _trap_then_ecf_checked(instance, rules, first, trap) -> int:
    """1 when ``trap`` in (a), then every dependent part worked from it, is marked
    so (the trap named at (a), ECF at half credit after it); 0 when the trap's
    value has no consequence (C1: a logit ratio of 0 has no log)."""
    answers = {first.part.name: significant(float(trap.value), 4)}
    dependent = [r for r in rules.values() if r.recipe is not None and first.part.name in r.recipe.depends]
    assert dependent
    values = [reachable(rule.recipe, instance.env, {first.part.name: (float(answers[first.part.name]),)},
                        levels=()) for rule in dependent]
    if not all(values):
        return 0
    for rule, found in zip(dependent, values):
        answers[rule.name] = significant(min(found), 4)
        if counted_by(rule) is not None:   # C10: the paper's sum over their count is no working; their trap's is
            own = next((t.value for t in rule.traps if t.code == trap.code), None)
            if own is None:
                return 0
            answers[rule.name] = significant(own, 4)
    verdicts = mark_paper(instance, answers, Credits(ecf=0.5))
    assert verdicts[first.part.name].status == INCORRECT
    assert verdicts[first.part.name].misconception == trap.code
    for rule in dependent:
        verdict = verdicts[rule.name]
        if outside(float(answers[rule.name]), rule.bounds):   # C3's -ln e^z for z > 0: a negative loss, never ECF
            assert (verdict.status, verdict.note) == (INCORRECT, ""), (instance.seed_label, trap.code, rule.name)
            assert withheld(verdict.feedback)
            continue
        assert (verdict.status, verdict.note, verdict.score) == (CORRECT, ECF, 0.5), \
            (instance.seed_label, trap.code, rule.name, verdict.feedback)
        assert verdict.feedback.startswith("marked from your (a) = ")
    return 1


def test_ecf_wins_over_a_coinciding_trap_c7():
    instance = canonical_instance(BANK["C7"])
    rules = part_rules(instance)
    loss0 = next(t for t in rules["loss_y1"].traps if t.code == "wrong_label_branch").value
    alone = mark_part(rules["loss_y1"], significant(loss0, 4), {"p": 0.7685}, instance.env)
    assert alone.misconception == "wrong_label_branch"
    carried = mark_part(rules["loss_y1"], significant(loss0, 4), {"p": 0.2315}, instance.env)
    assert (carried.status, carried.note, carried.misconception) == (CORRECT, ECF, "")


def test_c6_wrong_count_carried_forward():
    instance = canonical_instance(BANK["C6"])
    chosen = int(instance.parts[0].value) + 10
    answers = {"chosen": str(chosen), "masked": str(chosen * 8 // 10), "randomised": str(chosen // 10),
               "unchanged": str(chosen // 10), "graded": str(chosen)}
    verdicts = mark_paper(instance, answers)
    assert verdicts["chosen"].status == INCORRECT
    assert all((verdicts[p].status, verdicts[p].note) == (CORRECT, ECF) for p in answers if p != "chosen")


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK))
def test_no_trap_is_ever_accepted(cls):
    clashes = []
    for instance in _instances(cls, 200):
        rules = part_rules(instance)
        for name, rule in rules.items():
            for trap in rule.traps:
                if trap.value is None:
                    continue
                if inside(trap.value, rule.carried):
                    clashes.append((instance.seed_label, name, trap.code))
                verdict = mark_part(rule, repr(trap.value), {}, instance.env)
                assert verdict.status == INCORRECT and verdict.misconception == trap.code
    print(f"{cls}: {len(clashes)} trap values inside the carried-rounding set (the trap wins): {clashes[:5]}")
    assert not clashes  # none over 200 draws of any shipped template; were there one, the trap would still win


def test_a_whole_number_a_is_never_rounded_too_early_so_later_parts_get_ecf():
    """C6's (a) is a count: 1000 for 1200 is a slip, not a rounding, and the
    later parts worked right from it earn ECF (never 'rounded too early')."""
    def one_figure(n: int) -> int:
        return round(n, 1 - len(str(n)))

    instance = next(i for i in _instances("C6", 40) if one_figure(int(i.env["chosen"])) != i.env["chosen"])
    slip = one_figure(int(instance.env["chosen"]))
    answers = {"chosen": str(slip), "masked": f"{slip * 8 / 10:g}", "randomised": f"{slip / 10:g}",
               "unchanged": f"{slip / 10:g}", "graded": str(slip)}
    verdicts = mark_paper(instance, answers)
    assert verdicts["chosen"].status == INCORRECT
    for name in ("masked", "randomised", "unchanged", "graded"):
        assert (verdicts[name].status, verdicts[name].note) == (CORRECT, ECF), (name, verdicts[name])


def _three(x: float) -> float:
    return float(significant(x, 3))


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.slow
def test_rounding_the_sum_a_mean_divides_is_carried_rounding(seed):
    """C4 and C9's worked solutions write the MLM loss as "sum / |M|": a
    student who rounds each loss, that sum and the mean to 3 s.f. is right."""
    import math

    for cls, part in (("C4", "lmlm"), ("C9", "total")):
        instance = sample_instance(BANK[cls], f"sum-rounding/{cls}/{seed}")
        env = instance.env
        losses = [_three(-math.log(float(p))) for p in env["p"]]
        answer = _three(_three(sum(losses)) / len(losses))
        if cls == "C9":
            q = 1 / (1 + math.exp(-float(env["s"])))
            q_true = _three(q if env["y"] == 1 else 1 - q)
            answer = _three(answer + _three(-math.log(q_true)))
        verdict = mark_paper(instance, {part: str(significant(answer, 3))})[part]
        assert verdict.status == CORRECT, (cls, seed, answer, verdict)
