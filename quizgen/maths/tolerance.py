"""The tolerance rule shared by sampling (traps must be told apart) and grading.

Default: an answer is correct when it lies within half a unit of the third
significant figure of the exact value, so every answer correctly rounded to
3 significant figures passes. A part may set ``sigfigs``, ``rtol`` or ``atol``;
integer parts need the exact whole number."""

from __future__ import annotations

import math

DEFAULT_SIGFIGS = 3
SLACK = 1e-9
"""The one widening of a window, relative: the float error of ``answer - value``
(about 1e-16 of the value) must not turn an answer exactly on the boundary away
(0.342 against 0.3425 at 3 s.f.: 0.3425 - 0.342 is 0.0005000000000000004 in
floats). Keys store the rule and the value's float, never a rounded half-width,
so nothing else is needed; 1e-9 is far below any tolerance a paper states."""


COUNT_SLACK = 1e-13
"""A count's window, relative, past 1e-9 absolute: a count worked out as an
expression carries float error (``exp(ln(17475072))`` is 17475072.00000001),
which must not make a right count wrong; a typed 17475072.001 stays no count."""


def half_width(value: float, spec: dict, kind: str = "numeric") -> float:
    """How far from ``value`` an answer may lie and still count as ``value``."""
    if kind == "integer":
        return max(1e-9, COUNT_SLACK * abs(value))
    if "atol" in spec or "rtol" in spec:
        return max(spec.get("atol", 0.0), spec.get("rtol", 0.0) * abs(value)) + SLACK * abs(value)
    sigfigs = spec.get("sigfigs", DEFAULT_SIGFIGS)
    if value == 0:
        return 0.5 * 10.0 ** (-sigfigs)
    exponent = math.floor(math.log10(abs(value)))
    return 0.5 * 10.0 ** (exponent - sigfigs + 1) * (1 + SLACK)


def matches(answer: float, value: float, spec: dict, kind: str = "numeric") -> bool:
    """True when ``answer`` is within tolerance of ``value``."""
    return abs(answer - value) <= half_width(value, spec, kind)


def overlapping_pair(values: list, spec: dict, kind: str = "numeric"):
    """The first pair of indexes ``(i, j)`` whose values one answer could match
    both of, or None when every two are told apart."""
    widths = [half_width(v, spec, kind) for v in values]
    for i, a in enumerate(values):
        for j in range(i + 1, len(values)):
            if abs(a - values[j]) <= widths[i] + widths[j]:
                return i, j
    return None
