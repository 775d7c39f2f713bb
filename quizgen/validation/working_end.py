"""The worked solution reaches the key's answers: for each number part whose
answer the working displays a value near (within 10%), some value it displays (a
number standing alone in maths, ``$y = 2.385$``) gives the part's answer at the
figures asked. The working may round its steps and end at more figures, but a
final value that rounds to another answer at the figures asked (``y = 2.5``
beside a key of 2.39) teaches a wrong answer, though every ``=`` on the way
recomputes from the numbers shown."""

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
    """A problem at the last step of the working for each number part of ``inst``
    whose answer no value of the working (its steps and check, Markdown ``view``) gives,
    while one lies within NEAR of it (a working that shows no value near an answer is left alone)."""
    steps = view["steps"]
    if not steps:
        return []
    shown = [v for step in steps for v in shown_values(step["work"])] + shown_values(view["verify"])
    problems = []
    for pv in inst.parts:
        if pv.value is None or any(_gives(pv, value, decimals) for value, decimals in shown):
            continue
        near = min(shown, key=lambda s: abs(s[0] - float(pv.value)), default=None)
        if near is None or abs(near[0] - float(pv.value)) > NEAR * abs(float(pv.value)):
            continue   # nothing the working shows reaches for this answer: no final value to hold to it
        nearest = f"; the value nearest it is {near[0]:.{max(near[1], 0)}f}"
        problems.append(problem_at(inst.template.path, ("solution", "steps", len(steps) - 1, "work"), (
            f"no value the working shows gives part ({pv.letter})'s answer {_asked(pv)}"
            f"{nearest} (seed {inst.seed_label}): end the working on a value that rounds to the key's answer "
            f"at the figures asked (work it to more figures, or show the answer itself)")))
    return problems


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
