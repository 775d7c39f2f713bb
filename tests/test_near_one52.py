"""Round 52's near-1 marking items left open from round 51 (note 51's "Left" section, review 51e):
a padded (a) kept short read as written without its zeros on the ECF path too."""

import math
from functools import cache

import pytest

from quizgen.marking.rules import Credits
from tests.paper_support import mark_paper
from test_near_one51 import _first_draw


@pytest.mark.parametrize("label, s, kept", [("near51", 1.8, 1.17), ("near51b", 2.65, 1.07)])
@pytest.mark.parametrize("zeros", ["", "0", "00"])
def test_parts_from_a_padded_near_one_a_carried_as_kept_are_ecf(label, s, kept, zeros):
    """fix51e's Q45: (a) 0.935 = 1/1.07 then (b) -ln(1/1.07) = 0.0677 (the value kept, carried on) is ECF;
    after (a) 0.9350 the same (b) was imprecise, as with (a) blank. Zeros after a kept value change
    nothing (review 51e F2), on the ECF path as at (a): the same verdicts, credits and words."""
    draw = _first_draw(label, s)
    p = 1 / kept
    a = f"{p:.3g}" + zeros
    b, c = f"{math.log(kept):.3g}", f"{-math.log(1 - p):.3g}"
    marked = mark_paper(draw, {"p": a, "loss_y1": b, "loss_y0": c}, Credits(ecf=0.5, imprecise=0.5))
    short = mark_paper(draw, {"p": f"{p:.3g}", "loss_y1": b, "loss_y0": c}, Credits(ecf=0.5, imprecise=0.5))
    for part in ("loss_y1", "loss_y0"):
        assert (marked[part].status, marked[part].note, marked[part].score) == ("correct", "ecf", 0.5), marked[part]
        assert marked[part].feedback.replace(a, f"{p:.3g}") == short[part].feedback


@cache
def _draw(s: float, y: int, cls: str = "C7"):
    """The first draw ``near52/k`` of class ``cls`` with this ``s`` and ``y``: looked for once a
    session (thousands of draws), as the many tests that mark a paper on it only read it."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation.sampling import sample_instance

    template = next(t for t in load_bank() if t.cls == cls)
    for k in range(4000):
        instance = sample_instance(template, f"near52/{k}")
        if float(instance.params["s"]) == s and int(instance.params["y"]) == y:
            return instance
    raise AssertionError(f"no draw with s = {s}, y = {y}")


@pytest.mark.parametrize("expression, decimal", [("1/50.43", "0.0198294665873488"),
                                                 ("ln(1.02)", "0.0198026272961797")])
def test_an_expression_and_its_decimal_get_one_note(expression, decimal):
    """Review 51e F7: C7 at s = -3.9, y = 0 ((a) 0.01984, (c) 0.02004), (c) ``1/50.43`` (and, before
    1 + e^s kept short was named, ``ln(1.02)``) was told its value while the decimal of that value was
    ``another_part``: one verdict, however it is written (1/50.43: another part's value, both)."""
    draw = _draw(-3.9, 0)
    assert [round(float(pv.value), 5) for pv in draw.parts] == [0.01984, 3.92004, 0.02004]
    marked = [mark_paper(draw, {"loss_y0": c})["loss_y0"] for c in (expression, decimal)]
    assert (marked[0].status, marked[0].note, marked[0].score, marked[0].feedback) == \
        (marked[1].status, marked[1].note, marked[1].score, marked[1].feedback), marked


@pytest.mark.parametrize("a", [None, "0.8500"])   # after (a) 0.8403, that keeping written, it is ECF (test_fix53m)
def test_a_4_figure_answer_that_reads_otherwise_at_3_is_named_by_its_keeping(a):
    """Note 51 (fix51am): C7 at s = 1.65, y = 1 ((c) 1.82567, 1.83): with 1 + e^-s = 1.19205 kept as 1.19,
    (c) = -ln(1 - 1/1.19) = 1.83468, written to 4 figures 1.835, which is 1.84 at the 3 asked: a bare
    ``incorrect`` because the working rounds, at 3 figures, to the key's 1.83. A student who kept 1.19 and
    wrote 4 figures wrote just this, marked wrong at the 3 asked: the keeping explains it, and it is named."""
    draw = _first_draw("near51", 1.65)
    assert [round(float(pv.value), 5) for pv in draw.parts] == [0.83889, 0.17567, 1.82567]
    marked = mark_paper(draw, {"loss_y0": "1.835", **({"p": a} if a else {})})["loss_y0"]
    assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
    assert "1 + e^(-s) = 1.1920 as 1.19" in marked.feedback
    assert mark_paper(draw, {"loss_y0": "1.8347"})["loss_y0"].status == "correct"   # 1.83 at 3: right as before


@cache
def _c7_draw(s: float, y: int):
    """As ``_draw``, on test_near_one51's C7; looked for once a session."""
    from test_near_one51 import C7
    from quizgen.generation.sampling import sample_instance

    for k in range(4000):
        instance = sample_instance(C7, f"near52/{k}")
        if float(instance.params["s"]) == s and int(instance.params["y"]) == y:
            return instance
    raise AssertionError(f"no draw with s = {s}, y = {y}")


@pytest.mark.parametrize("c", ["1.23", "-ln(1-0.709)"])
def test_c_from_1_plus_e_kept_short_then_p_hat_to_3_figures_is_named(c):
    """Review 51e F10: C7 at s = 0.9, y = 0 (p-hat 0.710950, (c) 1.24115): 1 + e^-s = 1.40657 kept as
    1.41, p-hat = 1/1.41 = 0.70922 carried to 3 figures, 0.709, then (c) = -ln(1 - 0.709) = 1.2344: a bare
    ``incorrect`` (or told only its value) with (a) blank, where (b) from the same working is named."""
    draw = _c7_draw(0.9, 0)
    assert [round(float(pv.value), 5) for pv in draw.parts] == [0.71095, 0.34115, 1.24115]
    marked = mark_paper(draw, {"loss_y0": c})["loss_y0"]
    assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
    assert "σ(s) as 0.709 from 1 + e^(-s) = 1.4066 as 1.41, where it is 0.7109" in marked.feedback, marked


@pytest.mark.parametrize("part, answer, right", [("loss_y0", "ln(1.02)", "0.0200"), ("loss_y0", "0.0198", "0.0200"),
                                                 ("p", "0.0196", "0.0198")])
def test_1_minus_p_hat_through_1_plus_e_to_the_s_kept_short_is_named(part, answer, right):
    """Review 51e F1's route at s < 0: 1 - p-hat = 1/(1 + e^s), the probability near 1, with 1 + e^s =
    1.02024 kept as 1.02: (c) ln(1.02) and (a) 1 - 1/1.02 = 0.0196 were a bare ``incorrect`` (or another
    part's value), as 1 + e^(-s) kept short is named at s > 0."""
    marked = mark_paper(_draw(-3.9, 0), {part: answer})[part]
    assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), marked
    assert "1 + e^(s) = 1.02024 as 1.02" in marked.feedback and marked.feedback.endswith(f"(expected {right})")


def test_c9_total_through_1_over_1_plus_e_to_the_s_kept_short_is_named():
    """Review 51e F1's C9 Q104 (s = -2.5, y = 0, total 0.35995): the stem's probability near 1,
    1/(1 + e^s), with 1 + e^s = 1.08208 kept as 1.08: totals 0.358 and 0.3580 were a bare ``incorrect``."""
    from quizgen.bank.loader import load_bank
    from quizgen.generation.sampling import sample_instance

    c9 = next(t for t in load_bank() if t.cls == "C9")
    def kept(d):
        return float(d.env["lmlm"]) + math.log(1.08)

    draw = next(d for d in (sample_instance(c9, f"near52/c9/{k}") for k in range(4000))
                if float(d.params["s"]) == -2.5 and int(d.params["y"]) == 0
                and f"{kept(d):.3g}" != f"{float(d.parts[0].value):.3g}")
    kept = kept(draw)
    for total in (f"{kept:.3g}", f"{kept:.4f}"):
        marked = mark_paper(draw, {"total": total})["total"]
        assert (marked.status, marked.note) == ("imprecise", "rounded_too_early"), (total, marked)
        assert "1 + e^(s) = 1.08208 as 1.08" in marked.feedback, marked
