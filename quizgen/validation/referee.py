"""SymPy as the referee of the fast engine. For every exact value of a sampled
instance (each let, each part's answer, each trap), the value's exact form is
printed in SymPy syntax, read back by SymPy, evaluated to 30 digits and
compared with the float the engine carries. A disagreement means the engine
or a printer is wrong (a bad simplification, a lost bracket, a float gone
astray); generation keeps using the fast engine, ``quizgen validate`` and the
tests call this.

The text given to SymPy is always our own printer's output, never user text."""

from __future__ import annotations

import math
from functools import lru_cache

from quizgen.maths.exact import Exact, to_float
from quizgen.maths.printing import to_text

DIGITS = 30
REL_TOLERANCE = 1e-9
ABS_TOLERANCE = 1e-12


def referee_instance(instance) -> list:
    """The disagreements between SymPy and the engine over one instance's
    exact values (its lets, answers and traps), as readable lines; empty when
    they all agree. ``instance`` is a ``quizgen.generation.sampling.Instance``."""
    where = f"{instance.template.id} [{instance.seed_label}]"
    return [f"{where} {line}" for line in disagreements(exact_values(instance))]


def exact_values(instance) -> list:
    """``(label, value)`` for every number of an instance that the engine
    worked out: lets (list lets element by element), answers and traps."""
    values = []
    for name, _ in instance.template.lets:
        values += _numbers(f"let {name}", instance.env.get(name))
    for pv in instance.parts:
        values += _numbers(f"part {pv.part.name} answer", pv.value)
        for trap in pv.traps:
            values += _numbers(f"part {pv.part.name} trap {trap.code}", trap.value)
    return values


def _numbers(label: str, value) -> list:
    if isinstance(value, (list, tuple)):
        return [pair for i, item in enumerate(value) for pair in _numbers(f"{label}[{i}]", item)]
    if isinstance(value, Exact) or (hasattr(value, "denominator") and not isinstance(value, bool)):
        return [(label, value)]
    return []


def disagreements(values, digits: int = DIGITS) -> list:
    """For each ``(label, exact value)``: print it, read the text with SymPy,
    evaluate to ``digits`` digits and compare with the engine's float
    (relative 1e-9, absolute 1e-12 near zero). Returns one line per value
    that disagrees or that SymPy cannot read as a real number."""
    found = []
    for label, value in values:
        text = to_text(value)
        engine = to_float(value)
        try:
            reference = sympy_value(text, digits)
        except Exception as exc:  # SymPy's errors have no common base; report any
            found.append(f"{label}: SymPy cannot read {text!r} as a real number ({type(exc).__name__}: {exc})")
            continue
        if not _close(float(reference), engine):
            found.append(f"{label}: SymPy gives {reference} for {text!r} but the engine has {engine!r}")
    return found


def _close(reference: float, engine: float) -> bool:
    return math.isclose(reference, engine, rel_tol=REL_TOLERANCE, abs_tol=ABS_TOLERANCE)


@lru_cache(maxsize=16_384)
def sympy_value(text: str, digits: int):
    """``text`` (our printer's SymPy syntax) read by SymPy, decimals as exact
    rationals, evaluated to ``digits`` significant digits. SymPy takes a
    millisecond or more a value; texts repeat between draws (shared parameters,
    rational values), so the last 16,384 are remembered (a few MB): the shipped
    bank's 200 draws a template hold 66,888 values, 17,207 distinct texts, and
    a template's repeats come within its own draws."""
    from sympy.parsing.sympy_parser import parse_expr, rationalize, standard_transformations

    value = parse_expr(text, transformations=standard_transformations + (rationalize,),
                       global_dict=_sympy_names()).evalf(digits)
    if not (value.is_Number and value.is_real):
        raise ValueError(f"gives {value}")
    return value


@lru_cache(maxsize=1)
def _sympy_names() -> dict:
    """The names parse_expr reads a text with when given none (everything of
    ``from sympy import *``, Python's built-in functions, max and min as SymPy's
    Max and Min), made once: parse_expr made them again for every text, a
    third of the referee's time. parse_expr only reads them."""
    import builtins
    import types

    import sympy

    names = {name: getattr(sympy, name) for name in sympy.__all__}   # what `from sympy import *` gives
    names.update((name, obj) for name, obj in vars(builtins).items() if isinstance(obj, types.BuiltinFunctionType))
    names.update(max=sympy.Max, min=sympy.Min)
    return names
