"""Adding a function is one row of maths/functions.py (issue 11): every reader
that names functions takes them from the table, not from a list of its own.
The carried-rounding hull (marking/hull.py) bounds the functions the table
marks ``increasing``, the answer reader (maths/numerals.py) and validate's
recompute check (validation/recompute.py) read the LaTeX commands the table
gives (``latex_names``). bank/text_rules.py's MATH_FILTERS names Jinja2
filters, not functions, and is not one of them."""

from __future__ import annotations

import json
import math
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

import quizgen
from quizgen.marking.carry import carried_set
from quizgen.marking.hull import CarriedSpans, given_reach, part_hull
from quizgen.marking.recipes import Recipe, parse_recipe, recipe_parts
from quizgen.maths import functions
from quizgen.maths.answers import to_number
from quizgen.validation.recompute import recompute_math

TANH_ROW = '''    _row("tanh", (1, 1), lambda a: Fraction(0) if a == 0 else _call_value("tanh", a), math.tanh,
         sympy=lambda sp, x: sp.tanh(x), answers=True, increasing=True, latex_names=("tanh",)),
'''

PROBE = r'''
import json
from fractions import Fraction
from quizgen.marking.hull import given_reach
from quizgen.marking.recipes import Recipe, parse_recipe
from quizgen.maths.answers import to_number
from quizgen.maths.evaluate import ground
from quizgen.maths.parser import parse, template_policy
from quizgen.validation.recompute import recompute_math

recipe = Recipe("b", parse_recipe("tanh(part:a) + 1", ()), "tanh(part:a) + 1", ("a",), ())
steps = recompute_math(r"\tanh(0.5) + 1 = 1.4621").steps
print(json.dumps({
    "let": float(ground(parse("tanh(x) + 1", template_policy(["x"])), {"x": Fraction(1, 2)})),
    "answer": to_number("tanh(0.5)+1"),
    "latex answer": to_number(r"$\tanh(0.5)+1$"),
    "recomputed": [step.ok for step in steps],
    "hull": given_reach(recipe, {}, {"a": (0.5,)}, {"sigfigs": 3}, "numeric"),
}))
'''


def test_a_row_added_to_the_table_reaches_every_reader_of_function_names(tmp_path):
    """A copy of the package with one row more (tanh, as a maintainer would add
    it): templates' lets, plain and LaTeX answers, validate's recompute check
    of a solution and the hull all know it, with no other edit."""
    copy = tmp_path / "quizgen"
    shutil.copytree(Path(quizgen.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__"))
    table = copy / "maths" / "functions.py"
    source = table.read_text(encoding="utf-8")
    assert source.count("ROWS = (\n") == 1
    table.write_text(source.replace("ROWS = (\n", "ROWS = (\n" + TANH_ROW), encoding="utf-8")
    run = subprocess.run([sys.executable, "-c", PROBE], cwd=tmp_path, capture_output=True, text=True,
                         env={"PYTHONPATH": str(tmp_path), "PATH": "/usr/bin:/bin"}, timeout=120)
    assert run.returncode == 0, run.stderr
    found = json.loads(run.stdout)
    value = math.tanh(0.5) + 1   # 1.4621171...
    assert found["let"] == pytest.approx(value, rel=1e-15)
    assert found["answer"] == pytest.approx(value) and found["latex answer"] == pytest.approx(value)
    assert found["recomputed"] == [True]
    low, high = found["hull"]   # tanh is increasing: bounded near its one value, tolerance and all
    assert low < value < high and high - low < 0.011


def _one_function_recipe(name: str):
    """Part ``d`` = ``name(a*b)``, its step ``u = a*b`` rounded as a student carries it."""
    env = {"a": Fraction("0.7351"), "b": Fraction("3.127")}
    names = frozenset(env)
    text = f"{name}(a*b)"
    recipe = Recipe("d", parse_recipe(text, names), text, recipe_parts(text), (("u", parse_recipe("a*b", names)),))
    return {"d": recipe}, env


@pytest.mark.parametrize("name", ["exp", "log", "ln", "sqrt", "log10", "log2"])
def test_every_increasing_function_of_the_table_gets_the_hull(name):
    """log10 and log2 (and ln) were left out of the hull's own list of exp, log
    and sqrt: a far answer to such a part worked out the whole carried sets.
    The hull bounds every carried value, so the verdicts are the same; only the
    sets are skipped for an answer beyond it."""
    assert functions.TABLE[name].increasing
    paths, env = _one_function_recipe(name)
    values = carried_set(paths, env, "d", {})
    low, high = part_hull(paths, env, "d", {})
    assert low <= min(values) and max(values) <= high
    sets = {}
    spans = CarriedSpans(paths, env, "d", sets, {"sigfigs": 3}, "numeric")
    assert not spans.covers(10 * high + 1) and not spans.covers(-abs(low) - 1)
    assert sets == {}   # the hull alone turned them away
    assert spans.covers(values[0]) and sets   # an answer inside: the sets decide, and take it
    assert given_reach(paths["d"], env, {}, {"sigfigs": 3}, "numeric") is not None


def test_functions_the_table_does_not_mark_increasing_get_no_hull():
    """abs is not increasing: the hull gives up on it and the sets decide."""
    assert not functions.TABLE["abs"].increasing
    paths, env = _one_function_recipe("abs")
    sets = {}
    assert CarriedSpans(paths, env, "d", sets, {"sigfigs": 3}, "numeric").covers(1e6) is False
    assert sets   # worked out: no hull to turn the far answer away


def test_latex_spellings_come_from_the_table():
    """Every LaTeX spelling the table gives reads in answers and in solutions,
    the subscripted ones too (``\\log_{10}``, ``\\log_2``)."""
    assert functions.LATEX_NAMES == {"exp": "exp", "log": "log", "ln": "ln", "log_{10}": "log10",
                                     "log_{2}": "log2", "sqrt": "sqrt"}
    assert to_number(r"$\log_{10}(1000)$") == pytest.approx(3.0)
    assert to_number(r"\log_2 8") == pytest.approx(3.0)
    assert [s.ok for s in recompute_math(r"-\log_{10}(0.3) = 0.5229").steps] == [True]
    assert [s.ok for s in recompute_math(r"\log_2 8 = 3").steps] == [True]
    assert [s.ok for s in recompute_math(r"\log_{2}(8) = 2").steps] == [False]   # checked, and wrong
