"""The canonical parameters checked against their declarations: each value
must be one the template could draw (an integer within its range, a decimal
or vector entry within its range and on its grid, a vector of its size, a
choice among its options, a sample of items of its list each from a place of
its own, in the list's order when declared ``in_order``), since the worked-examples paper shows this
instance. A value written as an expression is the exact value the author
means: a rational one (``"1/3"``) may lie between grid points, not outside
the range; an irrational one (C10's ``"exp(2)/(exp(2) + e + 1)"``, C4's
``"1/(2 + exp(3))"``, 0.0453 under C4's lowest draw of 0.05, as the
reference's worked examples give it) is checked against neither."""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from quizgen.bank.model import Template
from quizgen.bank.yamlfile import locate_line
from quizgen.errors import ExpressionError, TemplateError
from quizgen.generation.plan import exact_from_yaml, from_yaml
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import Exact

DRAWN = ("integer", "decimal", "vector", "choice", "sample")


def canonical_param_problems(template: Template) -> list:
    """A TemplateError (keyed ``canonical.params.NAME``) for each canonical
    value the template could never draw; bounds that depend on earlier
    parameters are worked out from the canonical values before them."""
    given, env, problems = template.canonical.get("params") or {}, {}, []
    for param in template.params:
        if param.name not in given:
            if param.kind in DRAWN:
                return problems  # missing: the canonical instance says so
            continue
        raw = given[param.name]
        try:
            env[param.name] = from_yaml(raw)
            why = _problem(param, raw, env) if param.kind in DRAWN else None
        except (ExpressionError, TypeError, ValueError):
            return problems  # a value that is no number: the canonical instance says so
        if why:
            keys = ("canonical", "params", param.name)
            problems.append(TemplateError(why, path=template.path, line=locate_line(template.path, keys),
                                          key=".".join(keys)))
            if param.kind != "choice":
                return problems  # later bounds may read this value
    return problems


def check_canonical_params(template: Template) -> None:
    """Raise the first canonical value the template could never draw."""
    problems = canonical_param_problems(template)
    if problems:
        raise problems[0]


def _problem(param, raw, env: dict):
    """What is wrong with one drawn parameter's canonical value, or None."""
    if param.kind == "choice":
        return _choice_problem(param, raw)
    if param.kind == "sample":
        return _sample_problem(param, raw, env)
    bounds = {key: ground(node, env) for key, node in param.compiled.items()
              if key in ("size", "min", "max", "step")}
    if param.kind == "vector":
        return _vector_problem(param.name, raw, bounds, param.compiled.get("distinct"))
    return _number_problem(param.name, raw, bounds, param.kind)


def _choice_problem(param, raw):
    if isinstance(raw, int) and not isinstance(raw, bool) and isinstance(param.spec[0], dict):
        return None  # an option's index: checked when the instance is built
    if from_yaml(raw) in [from_yaml(option) for option in param.spec]:
        return None
    return (f"{param.name} = {raw!r} is not one of its {len(param.spec)} options: the template could never "
            "draw it; give one of the options as written")


def _sample_problem(param, raw, env: dict):
    """A sample's canonical list: its size, and items the draw could pick, each from a place of its
    own in the list (a list may repeat an item: [1, 1] is drawn from [1, 1, 2]), in the list's order
    when ``in_order``."""
    c = param.compiled
    try:
        pool = [from_yaml(item) for item in (c["from_list"] if "from_list" in c else ground(c["from"], env))]
        size = ground(c["size"], env)
    except (ExpressionError, TypeError, ValueError):   # a list read from a record (C1's scene.distractors):
        return None   # the canonical instance checks it, and the later parameters are still checked here
    if not isinstance(raw, list):
        return None  # not a list: the canonical instance says so
    items = [from_yaml(item) for item in raw]
    never = "the template could never draw it"
    if len(items) != size:
        return f"{param.name} has {len(items)} items but its declared size is {_shown(size)}: {never}"
    if not _picked_from(items, pool, ordered=False):
        return f"{param.name} = {raw!r} is not {_shown(size)} items of its list, each from a place of its own: {never}"
    if c["in_order"] and not _picked_from(items, pool, ordered=True):
        return f"{param.name} = {raw!r} is declared in_order: true: give its items in the list's order"
    return None


def _picked_from(items: list, pool: list, ordered: bool) -> bool:
    """Whether ``items`` can each take a place of ``pool`` of their own (``ordered``: places in increasing
    order); one pass over each list, so that a sample of thousands is checked at once."""
    if ordered:
        places = iter(pool)
        return all(any(item == other for other in places) for item in items)   # a subsequence of the pool
    left = Counter(map(_hashed, pool))
    left.subtract(map(_hashed, items))
    return min(left.values(), default=0) >= 0


def _hashed(item):
    """``item``, or its repr when it cannot be hashed (a record of a list)."""
    try:
        hash(item)
    except TypeError:
        return repr(item)
    return item


def _vector_problem(name: str, raw, bounds: dict, distinct: bool):
    if not isinstance(raw, list):
        return None  # not a list: the canonical instance says so
    size = bounds["size"]
    if size != len(raw):
        return (f"{name} has {len(raw)} values but its declared size is {_shown(size)}: "
                f"give {_shown(size)} values")
    for k, item in enumerate(raw):
        why = _number_problem(f"{name}[{k}]", item, bounds, "vector")
        if why:
            return why
    values = [exact_from_yaml(item) for item in raw]
    if distinct and len(set(values)) < len(values):
        return f"{name} repeats a value but is declared distinct: true"
    return None


def _number_problem(name: str, raw, bounds: dict, kind: str):
    """An integer, a decimal or one vector entry: a whole number for an integer,
    within min..max unless irrational, and on the grid unless written as an expression."""
    value = exact_from_yaml(raw)
    low, high, step = bounds["min"], bounds["max"], bounds.get("step")
    declared = f"{kind} from {_shown(low)} to {_shown(high)}" + (f" in steps of {_shown(step)}" if step else "")
    never = "the template could never draw it"
    if kind == "integer" and not (isinstance(value, Fraction) and value.denominator == 1):
        return f"{name} = {raw} is not a whole number ({declared}): {never}; give a whole number"
    if isinstance(value, Exact):
        return None   # an expression is the exact value meant (the reference's 1/(2 + e^3)): not a draw
    if not low <= value <= high:
        return (f"{name} = {raw} is outside its declared range ({declared}): {never}; "
                f"give a value from {_shown(low)} to {_shown(high)}")
    if step and not isinstance(raw, str) and ((value - low) / step).denominator != 1:
        below = low + (value - low) // step * step
        return (f"{name} = {raw} is not on its declared grid ({declared}): {never}; "
                f"give a grid value such as {_shown(below)} or {_shown(below + step)}")
    return None


def _shown(value) -> str:
    """A bound as the author wrote it: 3, 0.5, -2."""
    if isinstance(value, Fraction):
        return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
    return str(value)
