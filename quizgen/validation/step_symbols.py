"""Whether a segment of a worked step's math is arithmetic: numbers, operators and the functions
the recompute check reads, and no free symbol. ``L``, ``\\hat{p}``, ``|M|``, ``\\text{loss}`` or
``\\sum_j e^{z_j}`` name something, so an ``=`` beside them states a definition, not a sum to redo;
``\\sum_{i=1}^{3} i`` has numbers and a bound index only, and is arithmetic the reader cannot
evaluate. recompute.py warns about an ``=`` between two arithmetic segments it could not check."""

from __future__ import annotations

import re

BIG_OPERATORS = frozenset({r"\sum", r"\prod"})
"""Operators whose subscript may bind an index (``\\sum_{i=1}^{3}``): the index is no free symbol."""
OPERATORS = frozenset({"+", "-", "*", "/", "^", "_", "(", ")", "{", "}", "[", "]", "|", "=", ".", "!",
                       r"\cdot", r"\times", r"\div", r"\%", r"\left", r"\right", r"\,", r"\;", r"\:", r"\!",
                       r"\ ", r"\quad", r"\qquad", r"\displaystyle", r"\nolimits", r"\limits"})
LETTER = re.compile(r"[A-Za-z]")


def is_arithmetic(tokens: list, commands: frozenset) -> bool:
    """Whether a segment's ``tokens`` (latex_reader.TOKEN's) hold a number and no free symbol: every
    letter is Euler's ``e`` or an index a big operator binds, every command one the reader knows
    (``commands``: ``\\ln``, ``\\frac``, ``\\sqrt`` ...) or an operator; ``\\sigma`` counts only as
    the logistic function, followed by ``(``."""
    if not any(token[0].isdigit() or token[0] == "." and len(token) > 1 for token in tokens):
        return False
    bound = _bound_indices(tokens)
    for at, token in enumerate(tokens):
        if token.startswith("\\"):
            if token == r"\sigma" and tokens[at + 1:at + 2] == ["("]:
                continue
            if token not in commands and token not in OPERATORS and token not in BIG_OPERATORS:
                return False
        elif LETTER.match(token):
            if token != "e" and token not in bound:
                return False
        elif not (token[0].isdigit() or token[0] == "." or token in OPERATORS):
            return False
    return True


def _bound_indices(tokens: list) -> set:
    """The indices big operators bind: ``i`` of ``\\sum_{i=1}^{3}``, ``\\sum_{i = 1}``."""
    return {tokens[at + 3] for at, token in enumerate(tokens)
            if token in BIG_OPERATORS and tokens[at + 1:at + 3] == ["_", "{"] and tokens[at + 4:at + 5] == ["="]}
