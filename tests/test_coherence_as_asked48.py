"""A misconception carried on (coherence.py: C10's (a) counting the first word,
or only the masked positions, then (b) worked by that method) judges an answer
written to more figures than asked at the figures asked, as ECF from the
recipe does (tests/test_ecf_as_asked47.py). Before, the misconception's
window alone decided: seed 3's Q28, (a) 4 (the masked positions) then (b)
``1.1440``, which is 1.14 at the 3 figures asked where their method gives
1.1482 (1.15), was ``correct, ecf``, full marks, while ``1.14`` earned none.
The values are worked out here from key.json's parameters (half away from
zero, as the paper rounds), then every (b) is graded by the CLI."""

import itertools
import json
import math
from decimal import ROUND_HALF_UP, Decimal

import pytest
from click.testing import CliRunner

from quizgen.cli import main
from tests.grading_support import graded_by_cli

TENTHS = range(-12, 13)   # 4-figure answers from 1.2 units of the 3rd figure below the value to 1.2 above
LEVELS = (3, 4, 5, 6, None)   # the figures a careful student may carry a value to (None: unrounded)


def _figures(value: Decimal, figures: int) -> str:
    """``value`` written to ``figures`` significant figures, a tie away from zero."""
    return str(value.quantize(Decimal(1).scaleb(value.adjusted() - figures + 1), rounding=ROUND_HALF_UP))


def _sig(x: float, figures) -> float:
    """``x`` rounded to ``figures`` significant figures, half away from zero (None: as it is)."""
    return x if figures is None else float(_figures(Decimal(repr(x)), figures))


def _losses(question: dict, route: str) -> list:
    """The probabilities whose -ln the misconception's method averages: all of them (the T words' and
    [EOS]'s since review 52b F1, ``p``), or the masked ones (of positions 2 to T, ``p_inner``)."""
    inner, mask = question["params"]["p_inner"], question["params"]["mask"]
    return question["params"]["p"] if route == "first" else [v for v, m in zip(inner, mask) if m]


def _routes(question: dict) -> dict:
    """{route: ((a) as the misconception counts, (b) its method's exact mean)} of one C10 draw."""
    first, masked = _losses(question, "first"), _losses(question, "masked")
    words = question["params"]["T"]   # (a) counts the words with [BOS] and [EOS] (review 51c F10): [BOS] counted, T + 2
    # (b) averages the T + 1 losses of that sequence (review 52b F1): the first token counted, over T + 2
    return {"first": (words + 2, sum(-math.log(v) for v in first) / (words + 2)),
            "masked": (len(masked), sum(-math.log(v) for v in masked) / len(masked))}


def _over(question: dict, route: str) -> int:
    """How many terms the misconception's method averages over: T + 2, or the masked count."""
    return question["params"]["T"] + 2 if route == "first" else len(_losses(question, route))


def _carried_as_written(question: dict, route: str, figures: int) -> set:
    """The method's mean with each loss and their sum carried to 3 figures or more (or
    unrounded), written to ``figures``: what a student carrying rounded values writes."""
    losses = [-math.log(v) for v in _losses(question, route)]
    over = _over(question, route)
    return {_figures(Decimal(repr(_sig(sum(_sig(v, k) for v, k in zip(losses, ks)), total) / over)), figures)
            for ks in itertools.product(LEVELS, repeat=len(losses)) for total in LEVELS}


def _fours(value: float) -> list:
    """4-figure answers around ``value`` (3 figures asked), tenths of a unit of its 3rd figure apart."""
    centre = Decimal(_figures(Decimal(repr(value)), 4))
    step = Decimal(1).scaleb(centre.adjusted() - 3)
    return [_figures(centre + i * step, 4) for i in TENTHS]


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """Four C10 draws; per route and 4-figure (b), one student giving it and one giving its
    3-figure rounding, each after the misconception's (a): {(student, question, part): row}."""
    folder = tmp_path_factory.mktemp("c10")
    made = CliRunner().invoke(main, ["generate", "--classes", "C10", "--count", "4", "--seed", "fix48a-c10",
                                     "--out", str(folder / "quiz"), "--no-solutions"])
    assert made.exit_code == 0, made.output
    key = folder / "quiz" / "key.json"
    rows, cases = [], []
    for question in json.loads(key.read_text(encoding="utf-8"))["questions"]:
        for route, (a, value) in _routes(question).items():
            for four in _fours(value):
                three = _figures(Decimal(four), 3)
                cases.append((question, route, four, three, value))
                for student, b in ((f"{route}-f{four}", four), (f"{route}-t{four}", three)):
                    rows += [(student, question["id"], "a", str(a)), (student, question["id"], "b", b)]
    return cases, graded_by_cli(folder, key, rows)


def _b(graded, student, question) -> tuple:
    row = graded[(student, question["id"], "b")]
    return row["status"], row["note"], row["score"]


def _differ(graded) -> list:
    """``(question, route, 4-figure answer, its verdict, its 3-figure rounding's)`` where the two score differently."""
    cases, rows = graded
    found = []
    for question, route, four, _, _ in cases:
        more, asked = _b(rows, f"{route}-f{four}", question), _b(rows, f"{route}-t{four}", question)
        if more[2] != asked[2]:
            found.append((question, route, four, more, asked))
    return found


def test_the_a_answers_are_the_misconceptions(graded):
    cases, rows = graded
    for question, route, four, _, _ in cases:
        assert rows[(f"{route}-f{four}", question["id"], "a")]["misconception"] == \
            {"first": "first_token_predicted", "masked": "masked_positions_only"}[route]


def test_more_figures_never_earn_less_than_their_rounding_to_the_figures_asked(graded):
    assert [(q["id"], route, four, more, asked) for q, route, four, more, asked in _differ(graded)
            if more[2] < asked[2]] == []


def test_more_figures_earn_more_only_as_a_carried_value_written_to_the_figures_shown(graded):
    """A 4-figure answer scoring above its 3-figure rounding is a value the method's carried
    rounding gives, written to 4 figures (as 0.6695 for a carried 0.669462, docs/marking.md):
    the rest, inside the method's window but another number at the 3 figures asked, were ECF."""
    more = [(q, route, four) for q, route, four, verdict, asked in _differ(graded) if verdict[2] > asked[2]]
    assert [(q["id"], route, four) for q, route, four in more if four not in _carried_as_written(q, route, 4)] == []
    assert len(more) <= 4


def test_more_figures_inside_the_window_that_round_to_another_number_are_judged_there(graded):
    """Such answers exist on these draws (the test above is no empty check): each is ECF
    exactly when its 3-figure rounding is, or it is a carried value as written."""
    cases, rows = graded
    inside = [(q, route, four, three) for q, route, four, three, value in cases
              if abs(Decimal(four) - Decimal(repr(value))) <= Decimal(1).scaleb(Decimal(three).adjusted() - 2) / 2
              and three != _figures(Decimal(repr(value)), 3)]
    assert len(inside) >= 8
    for q, route, four, three in inside:
        ecf = _b(rows, f"{route}-f{four}", q)[1] == "ecf"
        assert ecf == (_b(rows, f"{route}-t{four}", q)[1] == "ecf" or four in _carried_as_written(q, route, 4)), \
            (q["id"], route, four)


def test_seed_3s_reviewed_answer(tmp_path):
    """The reviewer's case was seed 3's Q28, (a) 4 (the masked positions), then (b) 1.1440 (1.14)
    for their mean 1.1482: no ECF; 1.1530 (1.15) was. Since review 52b F1 C10 draws other numbers,
    and seed 3's paper has no such answer off the method's carried rounding; `--classes C10 --count
    30 --seed 3`'s Q28 has: p = 0.8, 0.15, 0.15, 0.75, positions 2, 3 and 5 masked, their mean
    (-ln 0.8 - ln 0.15 - ln 0.75) / 3 = 0.802649 (0.803), whose window reaches down to 0.8021: there
    0.8023 is 0.802 at the 3 figures asked, no ECF; 0.8030 (0.803) is."""
    made = CliRunner().invoke(main, ["generate", "--classes", "C10", "--seed", "3", "--count", "30",
                                     "--out", str(tmp_path / "s3"), "--no-solutions"])
    assert made.exit_code == 0, made.output
    question = next(q for q in json.loads((tmp_path / "s3" / "key.json").read_text(encoding="utf-8"))["questions"]
                    if q["id"] == "Q28")
    assert (question["params"]["p_inner"], question["params"]["mask"]) == ([0.8, 0.15, 0.15, 0.75], [1, 1, 0, 1])
    rows = [(s, "Q28", part, answer) for s, b in (("m1", "0.8023"), ("m2", "0.8030"), ("m3", "0.802"))
            for part, answer in (("a", "3"), ("b", b))]
    out = graded_by_cli(tmp_path, tmp_path / "s3" / "key.json", rows)
    assert (out["m1", "Q28", "b"]["status"], out["m1", "Q28", "b"]["score"]) == ("incorrect", "0")
    assert (out["m2", "Q28", "b"]["status"], out["m2", "Q28", "b"]["note"], out["m2", "Q28", "b"]["score"]) == \
        ("correct", "ecf", "2")   # (b) is 2 points since review 52b F3
    assert out["m3", "Q28", "b"]["score"] == "0"
