"""What sampling works out once per template, kept apart from the template
itself (whose model stays plain data): the order in which lets and constraints
are worked out, each choice's options as parameter values, and each decimal grid
whose bounds are plain numbers. A plan is made the first time a template is
sampled and kept in a bounded table; worker processes inherit it."""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from quizgen.bank import budget
from quizgen.bank.model import Template
from quizgen.errors import BankLimitError, ExpressionError
from quizgen.maths.evaluate import ExactArithmetic, compile_tree, ground
from quizgen.maths.parser import ANSWER_POLICY, parse
from quizgen.maths.subexpressions import SharedValues, shared_values
from quizgen.maths.tree import names_in
from quizgen.text.printed_numbers import printed_numbers
from quizgen.text.tex_markdown import tags_as_spaces

GRID_CACHE_LIMIT = 10_000
PLANS_LIMIT = 1024


@dataclass(frozen=True)
class SamplingPlan:
    """A template's sampling plan. ``steps`` are the lets and constraints in
    working order, as ``(let name, None, node)`` and ``(constraint source,
    index, node)``; ``options`` the choice options by parameter name; ``grids``
    the values of the decimal grids (and vector grids) with plain-number bounds;
    ``functions`` every let, constraint, answer and trap value compiled with
    ``shared``, so that a subexpression they repeat is worked out once a draw
    (``quizgen.maths.subexpressions``; ``shared.clear()`` starts a draw).
    ``constant_answers`` are the places of the parts whose answer reads no
    parameter, even through lets: the same in every draw (C5's empty sum).
    ``sizes`` are the node counts of the lets' and constraints' trees and
    ``parts_size`` that of every part's trees together: the work of evaluating
    each, per item of the widest list in the draw (``budget.Work``).
    ``printed`` are the numbers the question prints in every draw: its heading's
    (``heading_numbers``) and its text's (``text_numbers``). ``small_grids`` names
    the grids listed whole whose every value is within the budget's sizes
    (``budget.check_value``, checked here once): a value drawn from one needs no
    check of its own (a vector's length is capped as it is drawn, param_draws.py)."""

    steps: tuple
    options: dict
    grids: dict
    functions: dict
    shared: SharedValues
    constant_answers: frozenset = frozenset()
    sizes: dict = None
    parts_size: int = 0
    printed: tuple = ()
    small_grids: frozenset = frozenset()


_PLANS: dict = {}


def plan_for(template: Template) -> SamplingPlan:
    """The template's plan, made on first use."""
    return per_template(_PLANS, template, _new_plan)


def per_template(table: dict, template: Template, make):
    """``make(template)``, made on first use and kept in ``table`` (at most
    PLANS_LIMIT entries). The table holds the template itself beside what
    was made, so a template's id cannot be reused while listed."""
    hit = table.get(id(template))
    if hit is not None and hit[0] is template:
        return hit[1]
    if len(table) >= PLANS_LIMIT:
        table.clear()
    made = make(template)
    table[id(template)] = (template, made)
    return made


def _new_plan(template: Template) -> SamplingPlan:
    trees = _trees(template)
    shared = shared_values(trees, dict(template.lets))
    functions = {node: compile_tree(node, ExactArithmetic, shared) for node in trees}
    lets = {node for _, node in template.lets} | {node for _, node in template.constraints}
    sizes = {node: budget.expression_size(node, budget.MAX_NODES) for node in trees}
    grids = _fixed_grids(template)
    return SamplingPlan(_steps(template), _options(template), grids, functions, shared,
                        _constant_answers(template), sizes,
                        sum(size for node, size in sizes.items() if node not in lets),
                        heading_numbers(template) + text_numbers(template), _small_grids(template, grids))


_HEADING_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?(?![\w.]*\d)")


def heading_numbers(template: Template) -> tuple:
    """The numbers a question's heading prints for every draw, as floats: its
    points ("5 points") and any number in its title ("80/10/10"); its place
    and class labels (Q6, C6) name the question, they do not count anything."""
    return (float(template.points),) + tuple(float(n) for n in _HEADING_NUMBER.findall(template.title))


def text_numbers(template: Template) -> tuple:
    """The numbers the stem and the parts' questions write outside Jinja2's tags, which
    print in every draw that reaches them (C9's masking rate 0.15), read as the leak
    check reads a paper (validation/leaks.py: a whole-number exponent is notation, a
    minus before a number its sign). For example, about one C9 draw in 10,000 has (a) = 0.1500."""
    texts = [template.stem, *(part.ask for part in template.parts)]
    return tuple(dict.fromkeys(value for text in texts for _, value in printed_numbers(tags_as_spaces(text or ""))))


def _steps(template: Template) -> tuple:
    """Each constraint comes right after the last let it names, so a draw that
    breaks it is thrown away before the lets it does not need are worked out."""
    lets = [name for name, _ in template.lets]
    after = {}
    for i, (source, node) in enumerate(template.constraints):
        needed = [lets.index(name) for name in names_in(node) if name in lets]
        after.setdefault(max(needed, default=-1), []).append((source, i, node))
    steps = list(after.get(-1, []))
    for k, (name, node) in enumerate(template.lets):
        steps += [(name, None, node)] + after.get(k, [])
    return tuple(steps)


def _constant_answers(template: Template) -> frozenset:
    """The places of the parts whose answer reads no parameter, directly or
    through the lets it reads (lets may only read those before them)."""
    moving = {param.name for param in template.params}
    for name, node in template.lets:
        if names_in(node) & moving:
            moving.add(name)
    return frozenset(i for i, part in enumerate(template.parts)
                     if part.answer is not None and not names_in(part.answer) & moving)


def _trees(template: Template) -> list:
    """The trees a draw evaluates after its parameters: lets, constraints,
    answers, word parts' choices, trap values and conditions."""
    trees = [node for _, node in template.lets] + [node for _, node in template.constraints]
    for part in template.parts:
        trees += [part.answer] if part.answer is not None else []
        trees += [part.choices] if part.choices is not None else []
        trees += [trap.value for trap in part.traps if trap.value is not None]
        trees += [trap.when for trap in part.traps if trap.when is not None]
    return trees


def _options(template: Template) -> dict:
    return {p.name: [from_yaml(option) for option in p.spec] for p in template.params if p.kind == "choice"}


def _fixed_grids(template: Template) -> dict:
    """The grids whose bounds name no other value; one that fails is left out
    (each draw then fails and says why, as for any other grid)."""
    grids = {}
    for param in template.params:
        bounds = [param.compiled.get(key) for key in ("min", "max", "step")]
        if param.kind in ("decimal", "vector") and not any(names_in(node) for node in bounds):
            try:
                grids[param.name] = grid_values(param.compiled, {})
            except (ExpressionError, budget.TooBig):
                pass
    return grids


def _small_grids(template: Template, grids: dict) -> frozenset:
    """The names of the ``grids`` listed whole (not drawn lazily) whose values are all
    within the budget's sizes: a draw from one gives one of those values, or a vector
    of them, and ``draw_params`` need not check each draw's value again (a vector of
    C10's logits was checked item by item on every draw)."""
    small = set()
    for name, values in grids.items():
        if values.__class__ is tuple:
            try:
                budget.check_value(template, ("params", name), values)
            except BankLimitError:
                continue
            small.add(name)
    return frozenset(small)


def grid_values(compiled: dict, env: dict):
    """Every value of a decimal grid, in order (a lazy sequence when it is long)."""
    low, high, step = (ground(compiled[k], env) for k in ("min", "max", "step"))
    if not all(isinstance(v, Fraction) for v in (low, high, step)) or step <= 0 or high < low:
        raise ExpressionError("min, max and step must be exact numbers with min <= max, step > 0")
    length = int((high - low) // step) + 1
    budget.check_count(length - 1, "the number of points of a decimal grid", budget.MAX_GRID_POINTS)
    if length > GRID_CACHE_LIMIT:
        return _Grid(low, step, length)
    return tuple(low + step * k for k in range(length))


class _Grid:
    """A long decimal grid, its values made on demand."""

    def __init__(self, low, step, length: int):
        self.low, self.step, self.length = low, step, length

    def __len__(self) -> int:
        return self.length

    def __getitem__(self, k: int):
        return self.low + self.step * k


def exact_from_yaml(value):
    """A number from YAML (int, float, or an expression string such as ``exp(2)``)."""
    if isinstance(value, bool):
        raise ExpressionError(f"{value!r} is not a number")
    if isinstance(value, int):
        return Fraction(value)
    if isinstance(value, float):
        return Fraction(repr(value))
    if isinstance(value, str):
        return ground(parse(value, ANSWER_POLICY), {})
    raise ExpressionError(f"{value!r} is not a number")


def from_yaml(value):
    """YAML data as parameter values: numbers exact, lists as tuples."""
    if isinstance(value, bool) or isinstance(value, str):
        return value
    if isinstance(value, (int, float)):
        return exact_from_yaml(value)
    if isinstance(value, list):
        return tuple(from_yaml(v) for v in value)
    if isinstance(value, dict):
        return {k: from_yaml(v) for k, v in value.items()}
    return value
