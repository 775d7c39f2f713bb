"""Working written with arrows (docs/grading.md, "Answers as people write them"):
``0.909 -> 0.096``, ``-ln(0.909) → 0.0954``, ``p = 0.909 ⇒ L = -ln(p) = 0.0954``.
The number after the last arrow is the answer. Working before an arrow (an
expression, ``-ln(0.909)``) is read as working before ``=`` is, and checked
against what follows it by the same rule (asides.chain_disagrees); a value
stated before an arrow (``0.909``, ``p = 0.909``: a number showing its figures)
is an earlier step's result, the probability before its loss, which an arrow
does not claim equal to the answer, so it is not compared. forms.py reads each
step; this module never evaluates anything."""

from __future__ import annotations

import re

from quizgen.maths.stated import StatedFigures
from quizgen.key.status import Status

ARROW = re.compile(r"\s*(?:[-\u2212\u2013\u2014]{1,2}>|={1,2}>|[→⟶⇒⟹]"
                   r"|\\(?:to|rightarrow|Rightarrow|longrightarrow|Longrightarrow|implies)(?![a-zA-Z]))\s*")
"""``->``, ``-->``, ``=>``, ``==>``, ``→``, ``⟶``, ``⇒``, ``⟹`` and LaTeX's ``\\to``, ``\\rightarrow``, ``\\implies``."""
MAX_STEPS = 12
"""Working of more steps than this (or over ``MAX_CHARS``) is not read as steps: far more than a part's working."""
MAX_CHARS = 400


def read_steps(text: str, read):
    """The reading of ``text`` as working joined by arrows, with ``read`` (forms.read_number
    for this part): the number after the last arrow, working before an arrow checked as
    before ``=``; a step that a person must read (``-ln(0.909) = 0.5 -> 0.096``) gives its
    reading. None when ``text`` has no arrow between two steps, or when it does not read
    as a number so (then it is read as it was before arrows were: ``0.909 -> x`` is invalid)."""
    if len(text) > MAX_CHARS or not ARROW.search(text):
        return None
    steps = [step.strip() for step in ARROW.split(text.strip())]
    leading = not steps[0]
    if leading:   # "→ 0.096", as "= 0.427": the value it gives
        steps.pop(0)
    if not 1 - leading < len(steps) <= MAX_STEPS or not all(steps):
        return None
    current = steps[-1]
    for step in reversed(steps[:-1]):
        reading = read(step)
        if reading.status == "number" and reading.figures is not None and not isinstance(reading.figures, StatedFigures):
            continue   # a value stated (0.909, p = 0.909): an earlier step's result, not this one's (0.8 x 1205: working)
        if reading.status == Status.NEEDS_REVIEW:
            return reading   # its own working disagrees, or it is said with doubt: a person reads it
        current = f"{step} = {current}"   # working (-ln(0.909)) or a label (p): read as before =
    reading = read(current)
    return reading if reading.status in ("number", "needs_review") else None
