"""The worked solution reaches the key's answers: for each number part whose
answer the working displays a value near (within 10%), some value it displays (a
number standing alone in maths, ``$y = 2.385$``) gives the part's answer at the
figures asked. The working may round its steps and end at more figures, but a
final value that rounds to another answer at the figures asked (``y = 2.5``
beside a key of 2.39) teaches a wrong answer, though every ``=`` on the way
recomputes from the numbers shown. The problem is told where that value is made:
the let whose value it shows (where its rounding is chosen), else the first step that shows it."""

from __future__ import annotations

from fractions import Fraction

from quizgen.maths.rounding import figure_places, to_figures, to_places
from quizgen.maths.tolerance import DEFAULT_SIGFIGS, half_width
from quizgen.validation.problems import problem_at
from quizgen.validation.recompute import BREAK, CHAIN, MATH, TOKEN, displayed
from quizgen.validation.stated import answer_as_asked, asked_places


NEAR = 0.1
"""A displayed value this close to an answer, relative, is taken as the working's result for it: where
none closer gives the answer at the figures asked, the working ends off the key (``y = 2.5`` for 2.39)."""


def shown_values(text: str) -> list:
    """``(value, decimals)`` of every number standing alone between relations in the maths of ``text``."""
    found = []
    for match in MATH.finditer(text):
        segment = []
        for token in TOKEN.findall(match.group(1) or match.group(2)) + [";"]:
            if token in CHAIN or token in BREAK:
                value = displayed(" ".join(segment)) if segment else None
                if value is not None:
                    found.append(value)
                segment = []
            else:
                segment.append(token)
    return found


def working_end_problems(inst, view: dict) -> list:
    """A problem for each number part of ``inst`` whose answer no value of the working (its steps and
    check, Markdown ``view``) gives, while one lies within NEAR of it (a working that shows no value near
    an answer is left alone), told at the let that makes the nearest value, else the first step showing it."""
    steps = view["steps"]
    if not steps:
        return []
    shown = [(*v, ("solution", "steps", i, "work")) for i, step in enumerate(steps) for v in shown_values(step["work"])]
    shown += [(*v, ("solution", "verify")) for v in shown_values(view["verify"])]
    problems = []
    for pv in inst.parts:
        if pv.value is None or any(_gives(pv, value, decimals) for value, decimals, _ in shown):
            continue
        near = min(shown, key=lambda s: abs(s[0] - float(pv.value)), default=None)
        if near is None or abs(near[0] - float(pv.value)) > NEAR * abs(float(pv.value)):
            continue   # nothing the working shows reaches for this answer: no final value to hold to it
        problems.append(_off_the_key(inst, pv, near))
    return problems


def _off_the_key(inst, pv, near: tuple):
    """The problem of part ``pv``, whose nearest shown value ``near`` (value, decimals, keys of the first
    text showing it) gives another answer: at the let making that value when one does, else at that text."""
    value, decimals, first = near
    text = f"{value:.{max(decimals, 0)}f}"
    shown_in = ".".join(map(str, first))
    let = _made_by(inst, value, decimals)
    where, made = (("let", let), f", made by this let and first shown in {shown_in} (line "
                   f"{problem_at(inst.template.path, first, '').line})") if let else (first, ", first shown here")
    return problem_at(inst.template.path, where, (
        f"no value the working shows gives part ({pv.letter})'s answer {_asked(pv)}; the value nearest it is "
        f"{text}{made} (seed {inst.seed_label}): end the working on a value that rounds to the key's answer at the "
        f"figures asked (work {'this let, or those it is made from,' if let else 'it'} to more figures, or show "
        "the answer itself)"))


def _made_by(inst, value: float, decimals: int) -> str:
    """The let whose value (in ``inst``) the working shows as ``value`` at ``decimals`` places, the closest
    of those that do; "" for none (the value is worked out in the text, by a filter or inline)."""
    made = [(abs(float(v) - value), name) for name, v in ((name, inst.env.get(name)) for name, _ in inst.template.lets)
            if isinstance(v, (int, float, Fraction)) and not isinstance(v, bool)
            and abs(float(v) - value) <= 0.5 * 10.0 ** -decimals * (1 + 1e-9)]
    return min(made)[1] if made else ""


def _gives(pv, value: float, decimals: int) -> bool:
    """Whether the displayed ``value`` (shown to ``decimals`` places) gives part ``pv``'s answer:
    the answer rounded as asked, or the answer itself rounded to the places shown."""
    answer, tolerance = float(pv.value), pv.part.tolerance
    if pv.part.kind == "integer":
        return value == round(answer)
    if answer == 0:   # no figures to round to: the marker's absolute window at 0 (0.0005 at 3 figures)
        return abs(value) <= half_width(0.0, tolerance)
    figures = tolerance.get("sigfigs", DEFAULT_SIGFIGS)
    if decimals >= figure_places(answer, figures) \
            and abs(value - answer) <= 0.5 * 10.0 ** -decimals * (1 + 1e-9):
        return True   # the answer itself, to the places shown, which show the figures asked
    if "rtol" in tolerance or "atol" in tolerance:
        places = asked_places(tolerance["atol"]) if "atol" in tolerance and "rtol" not in tolerance else None
        if places is None:
            return abs(value - answer) <= half_width(answer, tolerance)
        return to_places(Fraction(str(value)), places) == to_places(pv.value, places)
    return to_figures(Fraction(str(value)), figures) == to_figures(pv.value, figures)


def _asked(pv) -> str:
    """Part ``pv``'s answer as the message names it: ``0.538 at the figures asked (key 0.53847)``."""
    rounded = answer_as_asked(pv)
    if rounded is None or rounded == pv.written:
        return pv.written
    return f"{rounded} at the figures asked (key {pv.written})"
