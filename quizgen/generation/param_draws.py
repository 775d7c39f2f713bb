"""One draw of a template's random parameters: each parameter's value from a
seeded generator and the values drawn before it (integer, decimal, choice,
vector, sample), and the derived ones (value, insert)."""

from __future__ import annotations

import random
from fractions import Fraction

from quizgen.errors import ExpressionError
from quizgen.maths.evaluate import ground
from quizgen.maths.exact import whole
from quizgen.bank import budget
from quizgen.bank.model import Template
from quizgen.generation.plan import SamplingPlan, from_yaml, grid_values, plan_for
from quizgen.generation.separation import Rejected, expression_failed


def draw_params(template: Template, rng: random.Random) -> dict:
    """One draw of every parameter, in the order the template lists them."""
    params, plan = {}, plan_for(template)
    name, work = None, budget.TRY_WORK
    try:   # what ``_located`` does for one parameter, done once around the loop
        for param in template.params:
            name = param.name
            value = _draw(param, params, rng, plan)
            if name not in plan.small_grids:   # a grid's values are checked once (plan.small_grids)
                value = budget.check_value(template, ("params", name), value)
            params[name] = value
            work += len(value) if value.__class__ is tuple else 1
    except Rejected as exc:
        exc.where = ("params", name) + exc.where
        raise
    except ExpressionError as exc:
        raise Rejected(expression_failed(exc), ("params", name)) from exc
    except budget.TooBig as exc:
        raise budget.limit_error(template, ("params", name), exc.what, exc.cap) from None
    finally:
        budget.Work.units += work
    return params


def _whole(value, what: str) -> int:
    if not (value.__class__ is Fraction and value.denominator == 1):
        raise ExpressionError(f"{what} must be a whole number")
    return value.numerator


def _draw(param, env: dict, rng: random.Random, plan: SamplingPlan):
    """One parameter's value for this draw, from ``rng`` and the values drawn before it."""
    c = param.compiled
    if param.kind == "integer":
        low, high = _whole(ground(c["min"], env), "min"), _whole(ground(c["max"], env), "max")
        if high < low:
            raise Rejected(f"{param.name}: min {low} > max {high}")
        return whole(rng.randint(low, high))
    if param.kind == "decimal":
        return rng.choice(_grid(param, env, plan))
    if param.kind == "choice":
        return rng.choice(plan.options[param.name])
    if param.kind == "vector":
        return _draw_vector(param, env, rng, plan)
    if param.kind == "sample":
        pool = c["from_list"] if "from_list" in c else ground(c["from"], env)
        size = _whole(ground(c["size"], env), "size")
        if not isinstance(pool, (list, tuple)) or not 0 <= size <= len(pool):
            raise Rejected(f"{param.name}: cannot sample {size} items")
        picks = rng.sample(range(len(pool)), size)   # the same draw as sampling the items themselves
        return tuple(from_yaml(pool[k]) for k in (sorted(picks) if c["in_order"] else picks))
    return derive(param, env)


def _grid(param, env: dict, plan: SamplingPlan):
    """A decimal or vector parameter's grid: worked out once per template when
    its bounds are plain numbers, else for this draw's values."""
    values = plan.grids.get(param.name)
    return grid_values(param.compiled, env) if values is None else values


def _draw_vector(param, env: dict, rng: random.Random, plan: SamplingPlan) -> tuple:
    c = param.compiled
    size = _whole(ground(c["size"], env), "size")
    budget.check_count(size, "the size of a vector")
    values = _grid(param, env, plan)
    if c.get("distinct"):
        if size > len(values):
            raise Rejected(f"{param.name}: {size} distinct values do not fit the grid")
        return tuple(values[k] for k in rng.sample(range(len(values)), size))
    choose = rng.choice   # values[randint(0, len - 1)]: the same draw from the stream, with fewer calls
    return tuple(choose(values) for _ in range(size))


def derive(param, env: dict):
    c = param.compiled
    if param.kind == "value":
        return ground(c["value"], env)
    into = ground(c["into"], env)
    at = _whole(ground(c["at"], env), "at")
    if not isinstance(into, (list, tuple)) or not 0 <= at <= len(into):
        raise ExpressionError(f"{param.name}: cannot insert at {at}")
    return tuple(into[:at]) + (ground(c["item"], env),) + tuple(into[at:])
