"""Review 26: a worked "a + b = c", "a - b = c" or "sum = c" printed a rounded c
(C7's "2.7183 - 0.06827 = 2.6500", whose numbers give 2.65003; C10's "sum = 3.0591"
for listed losses adding to 3.05908): a sum or difference of printed terms is now
printed exactly, so that the line recomputes from what it shows. Parsed from the
Markdown worked solutions, added in Decimal arithmetic."""

import re
from pathlib import Path
from decimal import Decimal

import pytest

from grading_support import c7_bank_with_figure

from quizgen.bank.loader import load_bank
from quizgen.generation.quiz import Question, seed_label
from quizgen.generation.sampling import sample_instance
from quizgen.generation.views import question_view
from quizgen.text.render import render_string

BANK = {t.cls: t for t in load_bank(())}
NUMBER = r"-?[0-9]+(?:\.[0-9]+)?"
ARITHMETIC = re.compile(rf"\s*{NUMBER}(?:\s*[-+\u2212]\s*[0-9]+(?:\.[0-9]+)?)+\s*")
RESULT = re.compile(rf"\s*({NUMBER})\s*")
TERM = re.compile(r"([-+\u2212]?)\s*([0-9]+(?:\.[0-9]+)?)")
SPAN = re.compile(r"\$\$?(.+?)\$\$?", re.S)
ENDS_ON = re.compile(rf"= ({NUMBER})\s*$")
# a step's first span that states the listed values' sum: "\sum ... = c" or "L = c / n = ..."
SUM_STATED = re.compile(rf"\\sum.*?= ({NUMBER})\s*$|^[^=]*= ({NUMBER}) / [0-9]+ =")


def _value(expression: str) -> Decimal:
    """The exact value of ``a + b - c`` written with decimals."""
    total = Decimal(0)
    for sign, digits in TERM.findall(expression):
        total += -Decimal(digits) if sign in ("-", "\u2212") else Decimal(digits)
    return total


def _spans(text: str) -> list:
    """The maths spans of Markdown text, each on one line."""
    return [" ".join(span.split()) for span in SPAN.findall(text)]


def _unequal_sums(text: str) -> list:
    """Each "a +- b = c" of ``text``'s maths whose c is not the exact result."""
    found = []
    for span in _spans(text):
        sides = span.split("=")
        for left, right in zip(sides, sides[1:]):
            result = RESULT.fullmatch(right.split("\\approx")[0])   # "= 0.75099 \approx 0.7510"
            if ARITHMETIC.fullmatch(left) and result and _value(left) != Decimal(result.group(1)):
                found.append(f"{left.strip()} = {right.strip()} (exactly {_value(left)})")
    return found


def _unequal_listed_sums(steps: list) -> list:
    """A step that states the sum of the values the step before it lists (two or
    more spans ending "= v"), where that sum is not their exact total."""
    found = []
    for before, step in zip(steps, steps[1:]):
        listed = [ENDS_ON.search(span) for span in _spans(before["work"])]
        spans = _spans(step["work"])
        stated = SUM_STATED.search(spans[0]) if spans else None
        if stated and len(listed) >= 2 and all(listed):
            total = sum(Decimal(m.group(1)) for m in listed)
            shown = Decimal(stated.group(1) or stated.group(2))
            if shown != total:
                found.append(f"{spans[0]} (the listed values add to {total})")
    return found


def worked_lines_that_do_not_add_up(cls: str, seed: int, draws: int, template=None) -> list:
    """Every line of the worked solutions of ``draws`` draws of ``cls`` (or of ``template``) that does not recompute."""
    template = template or BANK[cls]
    found = []
    for draw in range(draws):
        instance = sample_instance(template, seed_label(seed, template.id, draw))
        view = question_view(Question("Q1", instance), "md")
        texts = [view["forecast"], view["verify"]] + [step["work"] for step in view["steps"]]
        wrong = [line for text in texts for line in _unequal_sums(text)] + _unequal_listed_sums(view["steps"])
        found += [f"{cls} draw {draw}: {line}" for line in wrong]
    return found


@pytest.mark.parametrize("cls", sorted(BANK, key=lambda c: int(c[1:])))
@pytest.mark.slow
def test_every_worked_sum_and_difference_recomputes_exactly(cls):
    assert worked_lines_that_do_not_add_up(cls, 26, 80) == []


@pytest.mark.slow
@pytest.mark.parametrize("cls", sorted(BANK, key=lambda c: int(c[1:])))
def test_every_worked_sum_recomputes_over_many_draws(cls):
    assert worked_lines_that_do_not_add_up(cls, 12, 400) == []


@pytest.mark.parametrize("cls, drawn", [("C1", "min: -1, max: 4"), ("C2", "min: -1, max: 4"),
                                         ("C8", "min: -1.5, max: 3")])
@pytest.mark.slow
def test_a_softmax_total_recomputes_with_logits_drawn_further_down(tmp_path, cls, drawn):
    """C1, C2, C8 print e^z to 4 decimals, or 4 figures below 0.1 (e^-2.5 = 0.08208):
    their worked total of the weights is their exact sum, not one rounded to 4
    decimals, so a template whose logits reach -3 still recomputes (the shipped
    draws never go below -1.5, where every weight has 4 decimals)."""
    from quizgen.bank.loader import load_template
    text = Path(BANK[cls].path).read_text(encoding="utf-8")
    assert drawn in text
    (tmp_path / "wide.yaml").write_text(text.replace(drawn, drawn.replace(drawn.split(",")[0], "min: -3")), "utf-8")
    template = load_template(tmp_path / "wide.yaml")
    lows = [min(sample_instance(template, seed_label(5, template.id, d)).params["z"]) for d in range(40)]
    assert min(lows) <= -2.5   # weights below 0.1 are drawn
    assert worked_lines_that_do_not_add_up(cls, 5, 40, template) == []


def test_the_checker_finds_a_rounded_sum():
    """The checker itself: a rounded result and a rounded listed sum are found, exact ones pass."""
    assert _unequal_sums("and $2.7183 - 0.06827 = 2.6500$, so") != []
    assert _unequal_sums("$L = 0.6378 + 0.04859 = 0.68639$ and $0.93401 + 0.06599 = 1$") == []
    assert _unequal_sums("$L = 0.6378 + 0.04859 = 0.6864 \\approx 0.6864$") != []
    steps = [{"work": "$-\\ln 0.4 = 0.9163$ (a), $-\\ln 0.95 = 0.05129$ (b)"}, {"work": "$\\sum_t -\\ln p_t = 0.9676$"}]
    assert _unequal_listed_sums(steps) != []
    steps[1] = {"work": "$L = 0.96759 / 2 = 0.4838$"}
    assert _unequal_listed_sums(steps) == []


@pytest.mark.parametrize("value, places, written", [("2.65003", 4, "2.65003"), ("3.059", 4, "3.0590"),
                                                    ("1", 4, "1.0000"), ("-0.07", 2, "-0.07"),
                                                    ("0.68639", 4, "0.68639")])
def test_the_exact_filter_keeps_every_decimal(value, places, written):
    from fractions import Fraction
    assert render_string("{{ x | exactdec(%d) }}" % places, {"x": Fraction(value)}, "md") == written



@pytest.mark.parametrize("shown, said", [('"p +"', "figure.shown: bad expression"),
                                         ('"1 + p"', "figure.shown: p must lie in (0, 1]"),
                                         ('"tau"', "figure.shown: ")])
@pytest.mark.slow
def test_a_bad_figure_shown_is_one_line_naming_it(invoke, tmp_path, shown, said):
    """figure.shown (the working's p, which the label prints) is checked like figure.p: one line, no traceback."""
    bank = c7_bank_with_figure(tmp_path, "shown", shown, "shown")
    result = invoke("generate", "--bank", bank, "--classes", "C77", "--seed", 1, "--out", tmp_path / "out")
    assert result.exit_code == 2 and said in result.output and "Traceback" not in result.output, result.output
    text = (bank / "shown.yaml").read_text(encoding="utf-8")
    line = text[:text.index("\n  shown:", text.index("\nfigure:")) + 1].count("\n") + 1   # C7's figure.shown line
    assert f"shown.yaml:{line}: figure.shown" in result.output
