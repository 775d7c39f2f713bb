"""The thirty-fifth round's reject before the carried-rounding sets
(marking/hull._widened): an answer is turned away without the sets only
beyond the hull widened by the widest tolerance any value inside it has
(zero's only when the hull holds zero), so it must never turn away an answer
the sets take. Answers are drawn (seeded) where the two are likeliest to
part: at each end of the windows of the sets' extreme values and the floats
beside them, at zero's window, at the bound's own ends, at the roundings an
answer shown short may be; every template of the bank, several tolerances,
the paper's levels and the 2-figure ones (own_step_early.EARLY_LEVELS). The
draws are sharp: a bound without the tolerance, or without zero's, fails
them (``test_the_draws_catch_a_bound_too_narrow``). Whole grades of students'
answers drawn at those edges from a per-student key give the same bytes with
the bound and without any (``test_grade_with_the_bound_is_grade_with_the_sets_alone``)."""

from __future__ import annotations

import math
import random
from fractions import Fraction

import pytest

from quizgen.bank.loader import load_bank
from quizgen.generation.sampling import sample_instance
from quizgen.marking import hull
from quizgen.marking.carry import LEVELS, carried_set, carried_sets, inside, intervals, reachable
from quizgen.marking.own_step_early import EARLY_LEVELS
from quizgen.marking.hull import CarriedSpans, given_reach
from quizgen.marking.recipes import Recipe, parse_recipe, part_paths, recipe_parts
from quizgen.marking.slips import rounds_to
from quizgen.maths.tolerance import half_width, matches

BANK = {t.cls: t for t in load_bank()}
SPECS = (({"sigfigs": 3}, "numeric"), ({"sigfigs": 2}, "numeric"), ({"sigfigs": 4}, "numeric"),
         ({"rtol": 0.01}, "numeric"), ({"atol": 0.001}, "numeric"), ({"rtol": 1e-4, "atol": 1e-7}, "numeric"),
         ({}, "integer"))


def _beside(x: float) -> list:
    return [x, math.nextafter(x, math.inf), math.nextafter(x, -math.inf)]


def _draws(values: tuple, spec: dict, kind: str, bound, draw: random.Random, figures=None) -> list:
    """Answers near where the sets' windows end (see the module's docstring)."""
    picks = [values[0], values[-1], *draw.sample(values, min(3, len(values)))]
    found = []
    for v in picks:
        width = half_width(v, spec, kind)
        found += _beside(v - width) + _beside(v + width)
        found += [v * (1 + draw.choice((-1, 1)) * 10 ** -draw.uniform(2, 7))]
        if figures:   # a rounding at the figures shown, and what slips.same still takes for it
            for r in (float(f"{v:.{figures - 1}e}"), *(r for r in _roundings(v, figures))):
                found += _beside(r) + [r * (1 + 0.9e-9), r * (1 - 0.9e-9)]
    zero = half_width(0.0, spec, kind)
    found += [0.0, *_beside(zero), *_beside(-zero)]
    if bound is not None:
        found += _beside(bound[0]) + _beside(bound[1])
    low, high = values[0], values[-1]
    spread = (high - low) or abs(high) or 1.0
    found += [draw.uniform(low - spread, high + spread) for _ in range(4)]
    return found


def _roundings(v: float, figures: int) -> tuple:
    from quizgen.marking.roundings import sig_roundings
    return sig_roundings(v, figures)


def _turned_away_wrongly(values: tuple, bound, answers, spec: dict, kind: str, figures=None) -> list:
    """The answers outside ``bound`` that a value of ``values`` takes: within its
    tolerance (the carried spans, ``carry.intervals``), or, with ``figures``, its rounding."""
    if bound is None:
        return []
    spans = intervals(values, spec, kind)
    wrong = []
    for x in answers:
        if bound[0] <= x <= bound[1]:
            continue
        if inside(x, spans) or any(matches(x, v, spec, kind) for v in values) \
                or figures and any(rounds_to(x, v, figures) for v in values):
            wrong.append(x)
    return wrong


def _bank_cases(cls: str, count: int):
    """``(paths, env, name, values, levels)`` for the carried sets of ``count`` instances of ``cls``."""
    template = BANK[cls]
    paths = part_paths(template)
    for k in range(count):
        env = sample_instance(template, f"hull35/{cls}/{k}").env
        for levels in (LEVELS, EARLY_LEVELS, (4, 5, 6)):
            sets = carried_sets(paths, env, levels)
            for name, values in sets.items():
                if values:
                    yield paths, env, name, values, levels


def _carried_violations(cls: str, count: int = 6) -> tuple:
    draw, wrong, checked = random.Random(f"hull35/{cls}"), [], 0
    for paths, env, name, values, levels in _bank_cases(cls, count):
        for spec, kind in SPECS:
            bound = CarriedSpans(paths, env, name, {}, spec, kind, levels=levels)._reach()
            answers = _draws(values, spec, kind, bound, draw)
            wrong += [(name, levels, spec, x) for x in _turned_away_wrongly(values, bound, answers, spec, kind)]
            checked += len(answers)
    return wrong, checked


def _own(paths: dict, name: str, env: dict, draw: random.Random) -> dict:
    """Earlier answers as ECF gives them: the exact value kept or off by up to 40%, one value each."""
    exact = carried_sets(paths, env, levels=())
    return {d: (exact[d][0] * draw.choice((1.0, draw.uniform(0.6, 1.4))),) for d in paths[name].depends
            if d in exact and exact[d]}


def _given_violations(cls: str, count: int = 8) -> tuple:
    draw, wrong, checked = random.Random(f"hull35/own/{cls}"), [], 0
    template = BANK[cls]
    paths = part_paths(template)
    for k in range(count):
        env = sample_instance(template, f"hull35/own/{cls}/{k}").env
        for name, recipe in paths.items():
            given = _own(paths, name, env, draw)
            if set(given) != set(recipe.depends):
                continue
            for levels in (LEVELS, EARLY_LEVELS):
                try:
                    values = reachable(recipe, env, given, levels)
                except (ArithmeticError, ValueError):   # no value from these answers; no other error skipped
                    continue
                if not values:
                    continue
                for (spec, kind), figures in zip(SPECS, (None, 2, 1, None, 2, None, None)):
                    bound = given_reach(recipe, env, given, spec, kind, figures, levels)
                    answers = _draws(values, spec, kind, bound, draw, figures)
                    wrong += [(name, levels, spec, figures, x)
                              for x in _turned_away_wrongly(values, bound, answers, spec, kind, figures)]
                    checked += len(answers)
    return wrong, checked


def _counts(quick: int, full: int) -> list:
    """Instances drawn for each template: ``quick`` in the quick run, ``full`` in a
    ``slow`` copy (the same draws and more; CI runs both)."""
    return [quick, pytest.param(full, marks=pytest.mark.slow)]


@pytest.mark.parametrize("count", _counts(2, 6))
@pytest.mark.parametrize("cls", sorted(BANK))
def test_no_answer_the_carried_sets_take_is_turned_away_by_the_bound(cls, count):
    wrong, checked = _carried_violations(cls, count)
    assert not wrong, wrong[:5]
    assert checked > 200


@pytest.mark.parametrize("count", _counts(3, 8))
@pytest.mark.parametrize("cls", sorted(BANK))
def test_no_answer_the_sets_from_own_answers_take_is_turned_away(cls, count):
    """given_reach (ECF's gate and the 2-figure steps' one): within tolerance of a
    value, or that value rounded to the figures an answer shows."""
    wrong, checked = _given_violations(cls, count)
    assert not wrong, wrong[:5]
    assert checked or not any(r.depends for r in part_paths(BANK[cls]).values())


def _zero_case():
    """A part whose carried set holds zero and values beside it: ``u - b`` with
    ``u = a*1`` a step, a = 0.12345 (a tie at 4 figures) and b = 0.1235, so
    0.1235 - 0.1235 = 0 is among -0.0005, -0.0001 and -0.00005."""
    env = {"a": Fraction("0.12345"), "b": Fraction("0.1235")}
    names = frozenset(env)
    recipe = Recipe("d", parse_recipe("a*1 - b", names), "a*1 - b", recipe_parts("a*1 - b"),
                    (("u", parse_recipe("a*1", names)),))
    return {"d": recipe}, env


def test_zeros_tolerance_counts_when_the_set_holds_zero():
    paths, env = _zero_case()
    values = carried_set(paths, env, "d", {})
    assert 0.0 in values and min(values) < 0
    spec = {"sigfigs": 3}
    assert inside(0.0004, intervals(values, spec))   # zero's window: 0.0005 either side
    assert CarriedSpans(paths, env, "d", {}, spec, "numeric").covers(0.0004)
    assert not CarriedSpans(paths, env, "d", {}, spec, "numeric").covers(0.00051)


def test_the_draws_catch_a_bound_too_narrow(monkeypatch):
    """Without the tolerance in the bound, or without zero's, the draws above
    find answers the sets take that the bound would turn away: they test it."""
    original = hull.half_width
    monkeypatch.setattr(hull, "half_width", lambda value, spec, kind="numeric": 0.0)
    assert _carried_violations("C1", 2)[0]
    assert _given_violations("C2", 3)[0]
    monkeypatch.setattr(hull, "half_width", lambda value, spec, kind="numeric":
                        0.0 if value == 0 else original(value, spec, kind))
    paths, env = _zero_case()
    spans = CarriedSpans(paths, env, "d", {}, {"sigfigs": 3}, "numeric")
    assert not spans.covers(0.0004)   # zero's window lost


def test_a_near_answer_outside_every_window_skips_the_sets():
    """Answers the old bound (twice the tolerance, zero's always, 1e-3 of the
    hull's size) sent to the sets: a count's 5.9995 for 6, a small share's 0
    or its double. The sets are not worked out for them now."""
    counts = {"t": Recipe("t", parse_recipe("T - 1", frozenset({"T"})), "T - 1", (), ())}
    sets = {}
    spans = CarriedSpans(counts, {"T": Fraction(7)}, "t", sets, {}, "integer")
    assert not spans.covers(5.9995) and sets == {}
    assert spans.covers(6.0) and sets   # the sets decide an answer inside
    share = {"p": Recipe("p", parse_recipe("1/V", frozenset({"V"})), "1/V", (), ())}
    sets = {}
    spans = CarriedSpans(share, {"V": Fraction(1600)}, "p", sets, {"sigfigs": 3}, "numeric")
    assert not spans.covers(0.0) and not spans.covers(0.00125) and not spans.covers(0.000626) and sets == {}
    assert spans.covers(0.000625) and sets


OUTPUTS = ("graded.csv", "graded-students.csv", "graded-questions.csv", "graded-items.csv", "graded-report.md")


def _edge_answer(question, part, draw: random.Random, answers: dict) -> str:
    """An answer where the bound and the sets are likeliest to part: the ends of
    the windows of the part's carried set, the bound's own ends, or the value
    worked from the student's own earlier answers a hair inside or outside its
    tolerance (ECF's sets from them), written in full."""
    from quizgen.grading.careful import QuestionRules
    from quizgen.marking.rules import Credits

    rules = QuestionRules(question, Credits())
    rule = rules.rule(part.letter)
    spans = rule.carried if rule is not None else ()
    choice = draw.random()
    if rule is not None and rule.recipe is not None and choice < 0.4 and rules.usable():
        earlier = {s.name: answers.get(s.name) for s in rule.sources}
        plain = rules.plain(part.name, rule.recipe, earlier) if None not in earlier.values() else None
        if plain is not None and math.isfinite(plain):
            width = half_width(plain, part.tolerance, "integer" if part.kind == "integer" else "numeric")
            return repr(plain + draw.choice((-1, 1)) * width * draw.choice((0.5, 0.999, 1.001, 1.5, 2.5)))
    if spans.__class__ is not CarriedSpans or not rules.usable():
        return repr(part.value * draw.choice((0.5, 0.9, 0.99, 1.001, 1.1)))
    values = carried_set(spans.paths, spans.env, spans.name, {}, spans.levels)
    bound = spans._reach()
    if not values:
        return repr(part.value)
    v = draw.choice((values[0], values[-1], draw.choice(values)))
    width = half_width(v, spans.spec, spans.kind)
    picks = [v - width, v + width, v + 1.000001 * width, v - 1.000001 * width, v * 1.01, v * 0.99]
    if bound is not None:
        picks += [bound[0], bound[1], math.nextafter(bound[1], math.inf)]
    return repr(draw.choice(picks))


@pytest.fixture(scope="module")
def edge_papers(tmp_path_factory):
    """Per-student papers (seed 35, every class) of 16 students, and three
    answers files: each student's own way (benchmarks/workload.py) or, often,
    an answer at the edge of what carried rounding or ECF takes."""
    import importlib.util
    from pathlib import Path

    from click.testing import CliRunner
    from quizgen.cli import main
    from quizgen.key.load import load_key_file

    folder = tmp_path_factory.mktemp("hull35")
    ids = [f"s{n:03d}" for n in range(16)]
    (folder / "roster.csv").write_text("student_id,name\n" + "".join(f"{i},Student {i}\n" for i in ids),
                                       encoding="utf-8")
    made = CliRunner().invoke(main, ["generate", "--seed", "35", "--students", str(folder / "roster.csv"),
                                     "--out", str(folder / "quiz")])
    assert made.exit_code == 0, made.output
    spec = importlib.util.spec_from_file_location(
        "workload_support", Path(__file__).resolve().parent.parent / "benchmarks" / "workload.py")
    workload = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(workload)
    key = load_key_file(folder / "quiz" / "key.json")
    files = []
    for seed in range(3):
        draw, rows = random.Random(f"hull35/edge/{seed}"), ["student_id,question_id,part,answer"]
        for paper in key.papers:
            student = workload.Student(draw)
            for question in paper.questions:
                answers = {}
                for part in question.parts:
                    text = student.answer(part) if part.value is None or draw.random() < 0.3 else \
                        _edge_answer(question, part, draw, answers)
                    try:
                        answers[part.name] = float(text)
                    except ValueError:
                        answers[part.name] = None
                    rows.append(f"{paper.student_id},{question.id},{part.letter},\"{text}\"")
        files.append(folder / f"answers{seed}.csv")
        files[-1].write_text("\n".join(rows) + "\n", encoding="utf-8")
    return folder, files


def _graded(invoke, folder, answers, out) -> dict:
    result = invoke("grade", answers, "--key", folder / "quiz" / "key.json", "--out", out / "graded.csv",
                    "--jobs", "1")
    assert result.exit_code == 0, result.output
    return {name: (out / name).read_bytes() for name in OUTPUTS}


@pytest.mark.slow
def test_grade_with_the_bound_is_grade_with_the_sets_alone(edge_papers, invoke, monkeypatch, tmp_path):
    """Every output of grading students' answers, many at the edge of what
    carried rounding or ECF takes, is the same bytes with the bound as with no
    bound at all (every set worked out: the exact rule)."""
    folder, files = edge_papers
    fast = [_graded(invoke, folder, answers, tmp_path / f"fast{n}") for n, answers in enumerate(files)]
    monkeypatch.setattr(hull, "_widened", lambda *args, **kwargs: None)
    exact = [_graded(invoke, folder, answers, tmp_path / f"exact{n}") for n, answers in enumerate(files)]
    assert fast == exact
    marked = b"".join(f["graded.csv"] for f in fast)
    assert marked.count(b"carried_rounding") >= 3 and marked.count(b"ecf") >= 3   # the edges were reached
