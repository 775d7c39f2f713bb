"""The numbers a text prints, read as a student reads a paper: the leak check
(validation/leaks.py) and sampling's refusal of an answer the question prints
in every draw (generation/plan.py) read them the same way."""

from __future__ import annotations

import re

NUMBER = re.compile(r"(?<![\w.])([-\u2212]?)(\d+(?:\.\d+)?)(?![\w.]*\d)")

POWER = re.compile(r"\^\s*(?:\{\s*[-\u2212]?\s*\d+\s*\}|\d)")
"""A whole-number exponent in LaTeX (``\\sigma^2``, ``x^{2}``, ``e^{-1}``; a bare ``^``
takes one digit): notation for a power, not a number the text prints, so it is read
past (a decimal exponent, ``e^{1.225}``, is a printed value and is read)."""


def numbers_in(text: str) -> list:
    """The numbers written in ``text`` as ``(as printed, value)``; a minus
    directly before a number is its sign. Digits inside words (Q1) are not numbers."""
    found = []
    for match in NUMBER.finditer(text):
        sign, digits = match.groups()
        found.append((match.group(0), -float(digits) if sign else float(digits)))
    return found


def printed_numbers(text: str) -> list:
    """``numbers_in`` of ``text`` with its whole-number exponents left out (``POWER``)."""
    return numbers_in(POWER.sub("^{}", text))
