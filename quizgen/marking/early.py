"""An answer written to fewer significant figures than its part asks, or cut
off instead of rounded: whether it is, and the feedback that says so, with
the part's right answer as "expected" (to the figures asked). Pure helpers
of rules.py."""

from __future__ import annotations

import math
from decimal import Decimal
from fractions import Fraction

from quizgen.maths.numbers import significant
from quizgen.maths.stated import StatedFigures
from quizgen.maths.rounding import to_figures
from quizgen.maths.tolerance import DEFAULT_SIGFIGS
from quizgen.marking.as_asked import as_asked_too
from quizgen.marking.expression_value import ValueFigures
from quizgen.marking.forms import Reading
from quizgen.marking.quotes import quoted, those_values, tie_half_down
from quizgen.marking.rule_model import EARLY, IMPRECISE, Credits, PartRule, Verdict
from quizgen.marking.slips import cut_to, rounds_to, same
from quizgen.marking.sources import figures_asked
from quizgen.text.answers import in_plain


def shown_too_few(rule: PartRule, reading: Reading) -> bool:
    """True when the answer read is written to fewer significant figures than the part asks."""
    return reading.figures is not None and reading.figures < (figures_asked(rule.kind, rule.spec) or 0)


def precise(rule: PartRule, reading: Reading, verdict: Verdict, credits: Credits, target=None) -> Verdict:
    """``verdict``, unless the answer shows fewer figures than asked and is
    not exactly ``target`` (default: the answer): then imprecise (a 2 s.f.
    answer is never correct). With ``target`` (the value worked from the
    student's own wrong earlier answers: ECF), the feedback names that value
    as theirs and gives the right answer as "expected"."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or reading.figures is None or reading.figures >= asked:
        return verdict
    if same(reading.value, rule.value if target is None else target):
        return verdict
    if target is None and isinstance(reading.figures, StatedFigures):   # 7/10, 1 - 0.3 for 0.6999: exactly 0.7, said so
        return Verdict(IMPRECISE, EARLY, score=credits.imprecise, value=reading.value,
                       feedback=fraction_stated(rule, reading.value, reading.figures))
    figures = f"{reading.figures} significant figure{'s' * (reading.figures > 1)}"
    right = expected(rule)
    if target is None and isinstance(reading.figures, ValueFigures):   # sqrt(0.49) for 0.6999: no digits written
        return Verdict(IMPRECISE, EARLY, score=credits.imprecise, value=reading.value,
                       feedback=f"rounded too early: its value, {in_plain(significant(reading.value, reading.figures))}"
                                f", is right to {figures}, give at least {asked} (expected {right})")
    if target is not None:   # both values named, in ECF's words (early_sources.from_own_and_exact)
        return Verdict(IMPRECISE, EARLY, score=credits.imprecise, value=reading.value,
                       feedback=_short_given(rule, reading, figures, target))
    zeros = _zeros_count(right, asked, reading.value, reading.figures)
    return Verdict(IMPRECISE, EARLY, score=credits.imprecise, value=reading.value,
                   feedback=f"rounded too early: right to {figures}, give at least {asked} (expected {right}{zeros})")


def _short_given(rule: PartRule, reading: Reading, figures: str, target: float) -> str:
    """ECF's words on an answer right to fewer ``figures`` than asked given the student's own earlier
    answers (``target``: the value they give). A fraction or other arithmetic on decimals (``7/5``,
    ``1+1``) is said to be that decimal exactly, as the key's own words say (``fraction_stated``); an
    expression (``exp(ln(1.4))``) is told its value, which the student did not write out."""
    asked, those, both = figures_asked(rule.kind, rule.spec), those_values(rule.sources), both_answers(rule, target)
    decimal = in_plain(significant(reading.value, reading.figures))
    if isinstance(reading.figures, StatedFigures):
        return (f"your {'fraction' if reading.figures.fraction else 'expression'} is exactly {decimal}, but the "
                f"answer given {those} is not exactly {decimal}: this part asks for a decimal to at least {asked} "
                f"significant figures ({both})")
    value = f"its value, {decimal}, is " if isinstance(reading.figures, ValueFigures) else ""
    return f"rounded too early: {value}right to {figures} given {those}, give at least {asked} ({both})"


def both_answers(rule: PartRule, target: float) -> str:
    """ECF's words naming the value ``target`` worked from the student's own earlier answers beside the key's:
    ``error carried forward: from your (a) the answer is 1.72; from the exact (a), expected 1.90``."""
    labels = " and ".join(s.label for s in rule.sources)
    return (f"error carried forward: from your {labels} the answer is "
            f"{significant(target, figures_asked(rule.kind, rule.spec))}; from the exact {labels}, "
            f"expected {expected(rule)}")


ZEROS_COUNT = "zeros at the end of a decimal count as significant figures"


def _zeros_count(right: str, asked: int, x: float, shown: int) -> str:
    """``; zeros at the end ...: 0.700 shows 3, 0.7 shows only 1`` when the right
    answer ``right`` (to the ``asked`` figures) ends in zeros after its point and
    ``x``, the answer (``shown``: the figures it shows, or a fraction's decimal
    does), equals it (``0.7`` for 0.700: the answer with those zeros left off);
    else ''. Such a ``right`` is a plain decimal (3.45 × 10⁻⁵ ends in no zero digit). ``x`` is read as the
    decimal it shows: ``1-0.98``'s float is 0.020000000000000018, its decimal 0.02."""
    if "." not in right or not right.endswith("0") or float(right) != float(significant(x, shown)):
        return ""
    return f"; {ZEROS_COUNT}: {right} shows {asked}, {significant(x, shown)} shows only {shown}"


def zeros_left_off(rule: PartRule, x: float, shown) -> bool:
    """Whether ``x``, a decimal written to ``shown`` figures (fewer than asked), is
    the right answer to the figures asked with only the zeros at its end left off
    (``0.25`` for 0.250, ``0.00054`` for 0.000540: policy ``trailing_zeros:
    optional`` takes it as correct); so is a fraction or other arithmetic whose
    exact decimal that is (``1/4``, StatedFigures) and an expression whose value's
    decimal is (``sqrt(0.0625)``, ValueFigures): one value, one verdict, however
    written (``1/4`` stayed imprecise beside an accepted ``0.25``)."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is None or shown >= asked:
        return False
    right = significant(stated(rule), asked)   # plain, as 0.000540 (expected() writes 5.40 × 10⁻⁴)
    return bool(_zeros_count(right, asked, x, shown))


ZEROS_ACCEPTED = ("the answer with the zeros at its end left off ({right} to {asked} significant figures): "
                  "accepted in this course")


def fraction_stated(rule: PartRule, x: float, shown: StatedFigures) -> str:
    """The feedback on a fraction, or other arithmetic on decimals (``1 - 0.3``:
    "your expression"), whose value ``x`` is a terminating decimal of
    fewer figures (``shown``) than the part asks, other than its answer
    (``7/10`` for 0.6999): what the fraction is exactly and what the part asks,
    not a rounding of an exact number ("its value, 0.70, is right to 2 ..."); and
    when that decimal is no rounding of the answer at its figures (``69/100``),
    what the answer is at them."""
    asked, decimal = figures_asked(rule.kind, rule.spec), in_plain(significant(x, shown))
    figures = f"{shown} significant figure{'s' * (shown > 1)}"
    there = "" if rounds_to(x, rule.value, shown) else \
        f", and to {figures} it is {in_plain(significant(stated(rule), shown))}"
    right = expected(rule)
    return (f"your {'fraction' if shown.fraction else 'expression'} is exactly {decimal}, but the answer is not exactly {decimal}{there}: this part asks for "
            f"a decimal to at least {asked} significant figures (expected {right}{_zeros_count(right, asked, x, shown)})")


PADDED = "the zeros written after them are not the answer's figures"
"""too_early's words on a rounding to fewer figures padded with zeros (``0.7700``)."""


def too_early(rule: PartRule, x: float, shown: int | None = None) -> str:
    """Feedback when ``x`` is the answer rounded to fewer figures than asked, or cut
    off instead of rounded, else "". ``shown``: the figures written; zeros written
    after a rounding to 2 figures or more are padding (``6.70``, ``0.7700``: right
    to 2, rounded early then padded); one figure padded is wrong at the figures it
    shows (``3.0``, ``3.00`` for 2.72: incorrect); None (an expression, ``4/8``)
    names the value that is rounded (to 1 figure too)."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None:
        return ""
    if isinstance(shown, StatedFigures):   # a fraction: judged by its value, as an expression is, and said exactly
        said = too_early(rule, x)
        return fraction_stated(rule, x, shown) if said and shown < asked else said
    if shown is not None and shown >= asked and cut_to(x, rule.value, asked):   # padded or not
        return _cut_off(rule, asked, expected(rule))
    figures = _rounded_to(rule, x, shown, asked)
    if figures is not None:
        written = shown is not None and not isinstance(shown, ValueFigures)   # an expression's value: no digits
        said = "right" if written else f"its value, {significant(x, figures)}, is right"
        zeros = f" only, and {PADDED};" if written and figures < shown else ","
        return (f"rounded too early: {said} to {figures} significant figure{'s' * (figures > 1)}{zeros} "
                f"give at least {asked} (expected {expected(rule)})")
    return _cut_off(rule, asked, expected(rule)) if cut_to(x, rule.value, asked) else ""


def _rounded_to(rule: PartRule, x: float, shown, asked: int) -> int | None:
    """The most figures, fewer than ``asked`` and than ``shown`` (when written), that ``x`` is the
    right value rounded to (2 or more, unless it shows 1); None when none (``too_early``'s test)."""
    top = asked - 1 if shown is None else min(shown, asked - 1)
    return next((figures for figures in range(top, 0, -1) if rounds_to(x, rule.value, figures)
                 and (shown is None or figures >= 2 or shown == 1)), None)


def padded_rounding(rule: PartRule, x: float, shown) -> str:
    """``too_early``'s padded rounding (``3.50`` for 3.4766: 3.5 and a zero) in words that follow another
    explanation of the same answer, naming the value and the zeros, not the answer expected:
    "rounded too early: 3.50 is 3.5, right to 2 significant figures, with a zero written after it, which
    is not one of the answer's figures"; else "" (not written with digits, or not so padded)."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is None or isinstance(shown, (StatedFigures, ValueFigures)):
        return ""
    figures = _rounded_to(rule, x, shown, asked)
    if figures is None or figures >= shown:
        return ""
    zeros = "a zero written after it, which is not one of" if shown - figures == 1 else \
        "zeros written after it, which are not"
    return (f"rounded too early: {significant(x, shown)} is {significant(x, figures)}, right to {figures} "
            f"significant figure{'s' * (figures > 1)}, with {zeros}{PADDED_END}")


PADDED_END = " the answer's figures"
"""How ``padded_rounding``'s words end: a credit said after them starts a clause of its own
("; this answer earns half ..."), never another "which" that would read as the zero's."""


def cut_short(rule: PartRule, x: float, shown: int | None) -> str:
    """Feedback when ``x``, written to 2 or more figures but fewer than asked, is the
    answer cut off at those figures instead of rounded (1.5 for 1.5505, which rounds
    to 1.6 at 2), else "". Such an answer stays incorrect: it is wrong at the figures
    it shows too (docs/marking.md, "Rounded too early"), unless ``cut_early``; this
    only says why. One figure is never named so: every value from 0.3 to 0.3999 is
    0.3937 cut off at 1 figure, so 0.3 says nothing of how it was reached."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is None or not 2 <= shown < asked or not cut_to(x, rule.value, shown) \
            or rounds_to(x, rule.value, shown):
        return ""
    return _cut_short_words(rule, shown, asked)


def _cut_short_words(rule: PartRule, shown: int, asked: int, padded: str = "") -> str:
    figures = f"{shown} significant figure{'s' * (shown > 1)}"
    return (f"cut off instead of rounded, and to too few figures: {padded}{significant(stated(rule), asked + 1)} "
            f"rounds to {significant(stated(rule), shown)} at {figures}, and this part asks for at least {asked} "
            f"(expected {expected(rule)})")


def cut_early(rule: PartRule, x: float, shown: int | None) -> str:
    """``cut_short`` at 2 figures or more, else "": such a cut-off is marked rounded
    too early, not incorrect. It is right to one figure fewer (its last figure
    decides that rounding as the value's does: 0.23 is 0.2 at 1, as 0.2368 is) and
    nearer the value than that rounding, which is rounded too early, so it earns no
    less (0.2 and 0.24 for 0.2368 both earn the imprecise credit). One figure cut
    off is right to none: incorrect. Zeros written after a cut-off are padding, as
    after a rounding (``too_early``): ``0.230`` and ``0.2300`` are ``0.23`` cut off,
    told so, and earn what it earns, never less for the zeros (``padded_cut``)."""
    if shown is None or shown < 2:
        return ""
    said = cut_short(rule, x, shown) or padded_cut(rule, x, shown)
    return fraction_stated(rule, x, shown) if said and isinstance(shown, StatedFigures) else said


def padded_cut(rule: PartRule, x: float, shown: int) -> str:
    """``cut_short``'s feedback for ``x`` written with zeros after a cut-off at 2
    figures or more (``0.230``, ``0.2300``: ``0.23`` padded; ``0.200`` for 0.2068:
    ``0.20``, the most figures it is a cut-off at), naming the padding; else "".
    Zeros before the point (``2300``) hold its place: no padding."""
    own = None if isinstance(shown, StatedFigures) else _own_figures(x)   # a quotient's figures are no padding
    if own is None:
        return ""
    cut = next((k for k in range(shown - 1, max(own, 2) - 1, -1) if cut_short(rule, x, k)), None)
    if cut is None or significant(x, cut) == significant(x, shown):
        return ""
    zeros = "a zero written after it, which is not one of" if shown - cut == 1 else \
        "zeros written after it, which are not"
    padded = f"{significant(x, shown)} is {significant(x, cut)} with {zeros} the answer's figures; "
    return _cut_short_words(rule, cut, figures_asked(rule.kind, rule.spec), padded)


def _own_figures(x: float) -> int | None:
    """The significant figures of ``x`` written as briefly as it can be (0.23: 2), None for 0 or no finite number."""
    if x == 0 or not math.isfinite(x):
        return None
    return len(Decimal(repr(x)).normalize().as_tuple().digits)


def short_slip(rule: PartRule, x: float, shown: int | None) -> str:
    """Why ``x``, written to fewer figures than asked, is wrong at them too:
    ``cut_short``, else ``rounded_twice_short``; else ""."""
    return cut_short(rule, x, shown) or rounded_twice_short(rule, x, shown)


def rounded_twice_short(rule: PartRule, x: float, shown: int | None) -> str:
    """Feedback when ``x``, written to fewer figures than asked, is the answer
    rounded to more figures and then again to those shown, where rounding once
    gives another number (0.92 for 0.91475: 0.915, then 0.92, where 0.91475 is
    0.91 at 2), else "". It stays incorrect, wrong at the figures it shows. One
    figure is never named so, as a cut-off is not (``cut_short``): 0.4 for
    0.3498 (0.35, then 0.4) is also every value from 0.35 to 0.4499 rounded
    once, so it says nothing of how it was reached."""
    asked = figures_asked(rule.kind, rule.spec)
    if asked is None or shown is None or not 2 <= shown < asked or rounds_to(x, rule.value, shown):
        return ""
    value = stated(rule)
    more = next((significant(value, k) for k in range(asked + 1, shown, -1)   # each decimal rounded exactly
                 if same(x, float(significant(Fraction(significant(value, k)), shown)))), None)
    if more is None:
        return ""
    figures = f"{shown} significant figure{'s' * (shown > 1)}"
    return (f"rounded twice, and to too few figures: {more} rounded again to {figures} is "
            f"{significant(Fraction(more), shown)}, but the value itself, {significant(value, asked + 2)}, rounds to "
            f"{significant(value, shown)} at {figures}: round once, from the unrounded value, and this part asks "
            f"for at least {asked} (expected {expected(rule)})")


def tie_rounded_down(rule: PartRule, x: float, shown: int | None = None) -> str:
    """Why ``x`` is no carried rounding when the part's carried spans hold it only as the rounding
    half towards zero of a value the working reaches at a tie (hull.CarriedSpans.tie_below: C4 seed
    5's Q18 ``0.827`` from 0.8275), else ""; written to more figures than asked
    (``shown``), as its rounding at those asked too (as_asked.as_asked_too). The tie is rounded on
    the decimal the working shows (0.8275, whose float may lie just below), as the paper's rule does."""
    return as_asked_too(rule, x, shown, lambda v: _tie_told(rule, v))


def _tie_told(rule: PartRule, x: float) -> str:
    tie = rule.carried.tie_below(x) if hasattr(rule.carried, "tie_below") else None
    asked = figures_asked(rule.kind, rule.spec)
    if tie is None or asked is None:
        return ""
    how = "a value the working reaches with rounded intermediate results"
    return f"{tie_half_down(significant(tie, asked + 1), how, asked)} (expected {expected(rule)})"


def count_rounded(rule: PartRule, x: float) -> str:
    """Feedback when ``x``, a whole number answering a count, is the count
    rounded to 2 or more significant figures, fewer than it has (2060 for
    2064), else "": a count is exact, so such an answer stays incorrect. One
    figure (2000) is too coarse to say that is how it was reached."""
    value = rule.value
    if rule.kind != "integer" or not math.isfinite(x) or not float(x).is_integer() or same(x, value):
        return ""
    figures = next((f for f in range(2, len(str(abs(int(value))))) if same(x, float(to_figures(int(value), f)))), 0)
    return (f"a count is exact: give all its digits ({quoted(x)} is {quoted(value)} rounded to {figures} "
            "significant figures)") if figures else ""


CUT_OFF = "cut off instead of rounded: "
"""How the note on an answer cut off at the figures asked begins (early_carry.cut_or_near_one reads it)."""


def _cut_off(rule: PartRule, asked: int, right) -> str:
    return f"{CUT_OFF}{significant(stated(rule), asked + 1)} rounds to {right}"


def expected(rule: PartRule) -> str:
    """The answer as feedback quotes it: to the figures the part asks (3 when it asks none),
    below 0.001 in scientific form as the papers print it (3.45 × 10⁻⁵, text/answers.py)."""
    return answer_as_asked(rule, stated(rule))


def answer_as_asked(rule: PartRule, value) -> str:
    """``value``, an answer to the part of ``rule``, as feedback quotes it: as ``expected`` quotes the right one."""
    return in_plain(significant(value, figures_asked(rule.kind, rule.spec) or DEFAULT_SIGFIGS))


def stated(rule: PartRule):
    """The part's answer as feedback rounds it: exact when rational (a
    decimal tie rounds as the paper rounds it), else its float."""
    return rule.value if rule.exact is None else rule.exact
