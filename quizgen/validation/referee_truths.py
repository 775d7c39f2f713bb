"""SymPy as the referee of the engine's yes/no answers: each comparison and ``isint`` inside a
template's constraints and traps' ``when``, for one drawn instance. The engine decides them from
exact values where it can, else from floats; a draw kept or thrown away, or a trap offered or
not, on the wrong side of a comparison is a wrong paper that no value of referee.py shows.
Only a test that reads an irrational value is asked of SymPy: on rationals the engine is exact."""

from __future__ import annotations

from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import Exact, to_float
from quizgen.maths.printing import terminating_decimal, to_text
from quizgen.maths.tree import Bin, Call, Compare, Index, Logic, Neg
from quizgen.validation.referee import REL_TOLERANCE, sympy_value
from quizgen.wording import shortened

DIGITS = 40
SAME = Fraction(1, 10 ** 30)
"""Values this close (relative) are equal to SymPy at DIGITS digits."""
DOUBT = 10 * REL_TOLERANCE
"""Floats this close (relative, or absolute below 1) may be ordered wrong: referee.py lets a value's
float stray up to REL_TOLERANCE from SymPy's, and an operand of a test is worked the same way."""


def truth_disagreements(instance) -> list:
    """``(template key, line)`` for each comparison or isint of ``instance``'s lets, constraints
    and traps' ``when`` that SymPy decides the other way from the engine; empty when all agree."""
    template, env = instance.template, instance.env
    found = [(("let", name), f"let {name}: {line}") for name, node in template.lets
             for line in _disagreements(node, env)]
    for i, (source, node) in enumerate(template.constraints):
        found += [(("constraints", i), f"constraint {source!r}: {line}") for line in _disagreements(node, env)]
    for i, part in enumerate(template.parts):
        for j, trap in enumerate(part.traps):
            if trap.when is not None:
                found += [(("parts", i, "traps", j, "when"), f"part {part.name} trap {trap.code} when: {line}")
                          for line in _disagreements(trap.when, env)]
    return found


def _disagreements(node, env: dict) -> list:
    lines = [] if node is None else [line for test in _tests(node) for line in _judged(test, env)]
    return list(dict.fromkeys(lines))


def _tests(node):
    """The comparisons and isint calls inside ``node``, outermost first."""
    cls = node.__class__
    if cls is Compare or (cls is Call and node.func.name == "isint"):
        yield node
    children = {Neg: lambda n: (n.operand,), Bin: lambda n: (n.left, n.right), Call: lambda n: n.args,
                Index: lambda n: (n.base, n.index), Compare: lambda n: n.operands, Logic: lambda n: n.operands}
    for child in children.get(cls, lambda n: ())(node):
        yield from _tests(child)


def _judged(test, env: dict) -> list:
    """A line when SymPy and the engine answer ``test`` differently (a test that cannot be
    worked out in this draw, in a branch the draw never reaches, is left alone)."""
    try:
        operands = [ground(o, env) for o in (test.args if test.__class__ is Call else test.operands)]
        engine = ground(test, env)
    except (ExpressionError, ArithmeticError, ValueError):
        return []
    if not any(o.__class__ is Exact for o in operands) or not all(_is_number(o) for o in operands):
        return []
    if not _in_doubt(test, [to_float(o) for o in operands]):
        return []
    values = [Fraction(str(sympy_value(to_text(o), DIGITS))) for o in operands]
    if test.__class__ is Call:
        reference = _whole(values[0])
    else:
        reference = all(_holds(op, values[k], values[k + 1]) for k, op in enumerate(test.ops))
    if reference == bool(engine):
        return []
    return [f"{_shown(test, operands)} is {'true' if reference else 'false'} for SymPy, "
            f"{'true' if engine else 'false'} for the engine"]


def _in_doubt(test, floats: list) -> bool:
    """Whether floats could decide ``test`` the wrong way: an isint of a value near a whole
    number (or past a float's whole numbers), or a comparison of two values near each other.
    Elsewhere an error in the values' floats as large as referee.py lets pass cannot turn the
    answer, so SymPy is not asked (it was 3,334 calls for C7 and C9's 400 draws)."""
    if test.__class__ is Call:
        return not abs(floats[0]) < 2.0 ** 52 or _near(floats[0], round(floats[0]))
    return any(_near(a, b) for a, b in zip(floats, floats[1:]))


def _near(a: float, b: float) -> bool:
    return abs(a - b) <= DOUBT * max(1.0, abs(a), abs(b))


def _shown(test, operands) -> str:
    """The test as this draw's values make it: ``isint(sqrt(3)**2)``, ``sqrt(2) > 1.4142``."""
    texts = [shortened(_written(o), 60) for o in operands]
    if test.__class__ is Call:
        return f"isint({texts[0]})"
    return " ".join([texts[0]] + [f"{op} {text}" for op, text in zip(test.ops, texts[1:])])


def _written(value) -> str:
    """A value as a template writes it: a rational with a finite decimal as that decimal
    (``1.4142135623730950488``, not 1767766952966368811/1250000000000000000), else its exact form."""
    decimal = terminating_decimal(value, 60) if value.__class__ is Fraction else None
    return decimal if decimal is not None else to_text(value)


def _is_number(value) -> bool:
    return value.__class__ in (Fraction, Exact)


def _whole(x: Fraction) -> bool:
    return abs(x - round(x)) <= SAME * max(1, abs(x))


def _holds(op: str, a: Fraction, b: Fraction) -> bool:
    same = abs(a - b) <= SAME * max(1, abs(a), abs(b))
    return {"==": same, "!=": not same, "<": a < b and not same, ">": a > b and not same,
            "<=": a < b or same, ">=": a > b or same}[op]
