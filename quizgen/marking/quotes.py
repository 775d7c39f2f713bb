"""A student's own earlier answers quoted back in feedback ("marked from your
(a) = 0.0100"): as they wrote them when their significant figures are known
(a plain decimal), else as a short plain decimal; and the reading of that
prefix back out of a verdict's feedback."""

from __future__ import annotations

import re
from fractions import Fraction

from quizgen.maths.numbers import significant
from quizgen.marking.expression_value import shown_figures

MARKED_FROM = "marked from your "   # how feedback worked from the student's own earlier answers starts
_MOST_FIGURES = 15   # beyond this a float no longer holds the digits written: quote its short form


def marked_from(pairs) -> str:
    """``marked from your (a) = 0.0758`` from ``(label, value)`` or
    ``(label, value, figures)`` items: the own earlier answers a verdict used,
    each as written (``figures``: the significant figures it showed, None
    when unknown, as for an expression)."""
    return MARKED_FROM + ", ".join(f"{item[0]} = {quoted(*item[1:])}" for item in pairs)


def those_values(sources, unrounded: bool = False) -> str:
    """How feedback names the earlier answers a part was worked from, once
    quoted: "that value" for one, "those values" for two or more; ``unrounded``, when only values that
    round to them reach the answer (sources.unrounded_fits), those (3.09 was "correct given"
    (a) = 0.954, which gives 3.08)."""
    if unrounded:
        return "values that round to them, carried on unrounded" if len(sources) > 1 else \
            "a value that rounds to it, carried on unrounded"
    return "those values" if len(sources) > 1 else "that value"


def quoted(value: float, figures: int | None = None) -> str:
    """A student's earlier answer quoted back: to the ``figures`` they wrote
    (0.0100 stays 0.0100), else up to 6 figures; as a plain decimal
    (0.000039, never 3.9e-05); an expression's value (``ValueFigures``) as one whose figures are unknown."""
    figures = shown_figures(figures)
    plain_range = value == 0 or 1e-6 <= abs(value) < 1e7
    large = not plain_range and abs(value) < 1e15   # a large count as written: 46881792, never 4.68818e+07
    if large and value.is_integer():
        return str(int(value))
    if (plain_range or large) and figures and figures <= _MOST_FIGURES:
        return significant(value, figures)
    if not plain_range:
        return format(value, ".6g")   # a plain decimal of 1e23 would print the float's binary digits
    text = significant(value, 6)
    return text.rstrip("0").rstrip(".") if "." in text else text


def quotes_value(feedback: str, value: float, figures: int | None = None) -> bool:
    """Whether ``feedback`` already tells the value read, as ``quoted`` quotes it (grade's one way of
    quoting a student's number: "its value, 0.707107, is ...", "0.707107 is not a whole number"), as a
    number standing alone: a reply that would tell it again (the drill's) then says nothing more."""
    said = quoted(abs(value), figures)
    return re.search(rf"(?<![\w.]){re.escape(said)}(?![\w]|\.\d)", feedback) is not None


def quoted_unwhole(value: float, figures: int | None = None) -> str:
    """A number that is no whole number quoted (``quoted``) so that it reads as
    none: with its figures unknown (a Canvas download), 6 figures make 1039.9999
    read 1040, and "1040 is not a whole number" contradicts itself; then the
    shortest digits that give the value back (a Canvas cell as it was stored)."""
    shown = quoted(value, figures)
    if figures is None and not value.is_integer() and Fraction(shown).denominator == 1:
        return repr(value)
    return shown


_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?!\w|\.\d)")   # a plain unsigned number standing alone in text


def in_own_numbers(text: str, swaps) -> tuple:
    """``(text, labels used)``: ``text`` (a trap's feedback, worked from the
    key) with each number that quotes the key's answer to an earlier part put
    as the student wrote that part, from ``(label, key value, own answer as
    quoted)`` items: "all 3720 picked positions" reads "all 3700 picked
    positions" to a student whose own (a) is 3700. A number that quotes two
    such parts answered differently is left as it is, as is every one-digit
    number ("positions 2 to 6" is no count a student gave)."""
    used = set()

    def swap(match) -> str:
        token = match.group()
        hits = {(label, own) for label, value, own in swaps if _quotes(token, value)}
        if len({own for _, own in hits}) != 1:
            return token
        used.update(label for label, _ in hits)
        return next(iter(hits))[1]

    return _NUMBER.sub(swap, text), used


def _quotes(token: str, value: float) -> bool:
    """True when the number ``token`` (two digits or more) is ``value``, or
    ``value`` rounded to the three or more significant figures it shows."""
    digits = len(token.replace(".", "").lstrip("0"))
    if digits < 2:
        return False
    if float(token) == value:
        return True
    return digits >= 3 and value != 0 and float(significant(value, digits)) == float(token)


def own_numbers(feedback: str) -> tuple:
    """``("marked from your (a) = 0.0474", the rest)`` of feedback worked from
    the student's own earlier answers; ``("", feedback)`` of any other."""
    if feedback.startswith(MARKED_FROM):
        mine, rest = feedback.split(": ", 1)
        return mine, rest
    return "", feedback


def trap_wording(feedback: str) -> str:
    """A trap's feedback without the "marked from your (a) = ...: " of one student's own answers."""
    return own_numbers(feedback)[1]


def from_own_answers(feedback: str) -> bool:
    """True when feedback was worked from the student's own earlier answers."""
    return feedback.startswith(MARKED_FROM)


SLIP_NOTE = " (That value, "
"""How a trap's feedback goes on when the answer is the trap's value written short or cut
off (``with_slip``): what one answer did, never part of the misconception's wording."""


def with_slip(feedback: str, slip: str) -> str:
    """A trap's ``feedback`` followed by what the answer did to the trap's value (``slip``:
    "rounded to 2 significant figures: give at least 3")."""
    return f"{feedback}{SLIP_NOTE}{slip}.)"


def tells_a_slip(feedback: str) -> bool:
    """True when feedback says how one answer wrote a trap's value (``with_slip``)."""
    return SLIP_NOTE in feedback


WORKED_WITH = "your answer is what the working gives with "
"""How the feedback on a later part that a rounding to too few figures reaches
says so (early_carry.py): what the answers show (``with (a) rounded to 2
significant figures (0.74)``), never a guess at what the student did."""
ONE_STEP = "a value on the way kept to too few figures"
SEVERAL_STEPS = "several values on the way kept to too few figures"
"""What the feedback says when no one step kept short gives the answer, only one with another
carried to too few figures too (own_step_early.steps_said): one of them is named as an example."""
OWN_STEP_ROUNDED = WORKED_WITH + ONE_STEP
"""The start of the feedback on a part right from a step of its own working rounded short (early_carry.py):
which value, not a number of figures (1 + e^-s = 1.741 to 3 figures is 1.74, as e^-s = 0.741 to 2 is)."""
_OWN_STEP = re.compile(f"{re.escape(WORKED_WITH)}(?:{re.escape(ONE_STEP)}|{re.escape(SEVERAL_STEPS)})")


def tie_half_down(tie: str, how: str, asked: int) -> str:
    """The words on an answer that is only ``tie`` (a decimal the working reaches, ``how`` says how, with
    a 5 in the figure after the ``asked`` ones) rounded half towards zero: neither rule a tie is rounded by
    gives it (hull.half_down_only), and both give the one neighbour named."""
    return (f"your answer is {tie} rounded half towards zero ({tie} is {how}): a tie is rounded away from zero, "
            f"or to the even neighbour, here both {significant(Fraction(tie), asked)}")


OWN_STEP_FIGURES = 2   # the figures such a step was rounded to (early_carry.EARLY_FIGURES)
_ROUNDED_ON = re.compile(r"(\(\w+\)|an intermediate result|-?\d[\d.]*),? rounded to (\d+) significant figures")
"""An earlier answer (``(a)``) or a step of the working, named by its value (``1 - (a) = 0.119``,
``-ln(0.35) = 1.0498``, ``the mean of -ln(p) = 0.924, carried as 0.925,``: early_carry.py), said
rounded in a later part's feedback."""
_CARRIED_AS_WRITTEN = re.compile(r": right if ((?:\(\w+\)(?: and )?)+) (?:is|are) carried as written, to (\d+) "
                                 r"significant figure")


def steps_kept_short(feedback: str) -> str:
    """What a part's feedback says of the steps of its working kept short (``ONE_STEP`` or
    ``SEVERAL_STEPS``), for a sheet's line that names the part: one value unless it says several."""
    return SEVERAL_STEPS if f"{WORKED_WITH}{SEVERAL_STEPS}" in feedback else ONE_STEP


def rounded_before_use(feedback: str) -> tuple:
    """The earlier values a later part's early rounding came from, as
    ``(label, figures)`` pairs read back out of its feedback: ``("(a)", 2)``
    for an earlier answer written to the figures asked and carried on rounded
    to 2 (early_carry.py, "your answer is what the working gives with (a)
    rounded to 2 ...", label "" for a step of the working named by its value,
    "with -ln(0.35) = 1.0498 rounded to 2 ...") or carried as
    written (carried_short.py's carried_short, "right if (a) is carried as written,
    to 3 ..."), label "" for a step of the working. () when the answer itself
    is what was rounded too early, and for an earlier answer written short:
    its rounding is marked at its own part (early_sources.py). Several values of the working
    kept short (``SEVERAL_STEPS``) are one ``("", 2)``, as one step is."""
    own_step = _OWN_STEP.match(feedback)
    if own_step:   # a step of this part's own working (early_carry.py's first parts)
        return (("", OWN_STEP_FIGURES),)
    if not feedback.startswith(MARKED_FROM):
        return ()
    carried = _CARRIED_AS_WRITTEN.search(feedback)
    if carried:
        return tuple((label, int(carried[2])) for label in re.findall(r"\(\w+\)", carried[1]))
    head = feedback.split(f": {WORKED_WITH}", 1)
    if len(head) < 2:
        return ()
    how = re.split(r", not with |: keep ", head[1], maxsplit=1)[0]
    if how.startswith(SEVERAL_STEPS):   # steps of the working, one named as an example
        return (("", OWN_STEP_FIGURES),)
    return tuple((label if label.startswith("(") else "", int(figures)) for label, figures in _ROUNDED_ON.findall(how))
