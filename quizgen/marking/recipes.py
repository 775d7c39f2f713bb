"""ECF recipes derived from a template's ``let`` graph.

A part's answer is expanded through the lets until it reaches parameters or
an expression that is an EARLIER part's answer; that expression becomes the
variable ``part:<name>``. The result says how the part is recomputed from
the student's own earlier answers (error carried forward), and which lets
lie on the way (the intermediates a student rounds, for carried rounding).
Matching is structural: ``sum(exp(z))`` written out in one let is the same
intermediate as a let ``total: "sum(exp(z))"``."""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from fractions import Fraction

from quizgen.errors import ExpressionError, TemplateError
from quizgen.maths.parser import PART_NAME_TEXT, Bin, Call, Const, Index, Name, Neg, Num, parse, template_policy
from quizgen.maths.printing import to_text

PART_PREFIX = "part:"
_PART_TEXT = re.compile(rf"\bpart:({PART_NAME_TEXT})")
_PART_NAME = "part__"
_PART_FIELD = re.compile(rf"\bpart:({PART_NAME_TEXT})\s*\.\s*(\w+)")   # part:p.x: a field of a number


@dataclass(frozen=True)
class Recipe:
    """How one part's answer is computed: ``expression`` over parameters and
    ``part:<name>`` variables (lets inlined), ``text`` its printed form (stored
    once per template), the earlier parts it ``depends`` on, and the
    ``intermediates``: lets on the path, each ``(name, expression)`` written
    the same way, so an evaluator can round them where they occur."""

    part: str
    expression: object
    text: str
    depends: tuple
    intermediates: tuple


def shape(node) -> tuple:
    """A hashable structural key: equal for trees that read the same."""
    cls = node.__class__
    if cls is Num:
        return ("n", node.value)
    if cls is Const:
        return ("c", node.name)
    if cls is Name:
        return ("v", node.name)
    if cls is Neg:
        return ("-", shape(node.operand))
    if cls is Bin:
        return (node.op, shape(node.left), shape(node.right))
    if cls is Call:
        return ("f", node.func.name) + tuple(shape(a) for a in node.args)
    if cls is Index:
        return ("[]", shape(node.base), shape(node.index))
    raise TemplateError("a part's answer may not compare or use and/or/not")


def _rebuild(node, child):
    """``node`` with each child replaced by ``child(c)``; ``node`` itself when each
    comes back as it was. A subtree with nothing replaced in it stays that very
    subtree, so what is kept by node finds it again (the evaluator's compiled
    functions: complement_route.py's sums, ``with_value``'s unchanged steps, were
    compiled afresh for every instance, docs/performance.md, fifty-fifth round)."""
    cls = node.__class__
    if cls is Neg:
        operand = child(node.operand)
        return node if operand is node.operand else Neg(operand)
    if cls is Bin:
        left, right = child(node.left), child(node.right)
        return node if left is node.left and right is node.right else Bin(node.op, left, right)
    if cls is Call:
        args = tuple(child(a) for a in node.args)
        return node if all(new is old for new, old in zip(args, node.args)) else Call(node.func, args)
    if cls is Index:
        base, index = child(node.base), child(node.index)
        return node if base is node.base and index is node.index else Index(base, index)
    return node


def _inline(node, lets: dict):
    """``node`` with every let name replaced by the let's inlined tree."""
    if node.__class__ is Name and node.name in lets:
        return lets[node.name]
    return _rebuild(node, lambda c: _inline(c, lets))


def _has_name(node) -> bool:
    if node.__class__ is Name:
        return True
    found = []
    _rebuild(node, lambda c: found.append(_has_name(c)) or c)
    return any(found)


def _substitute(node, variables: dict):
    """Replace, outermost first, every subtree whose shape is a key of
    ``variables`` (a shape -> Name map) by that Name."""
    name = variables.get(shape(node))
    if name is not None:
        return name
    return _rebuild(node, lambda c: _substitute(c, variables))


def _substitute_below(node, variables: dict):
    """Like ``_substitute``, but a compound answer that merely repeats an
    earlier part's expression (C6: unchanged = randomised = chosen/10) is
    recomputed from what both are computed from, not from that part."""
    if node.__class__ is Name:
        return _substitute(node, variables)
    return _rebuild(node, lambda c: _substitute(c, variables))


def names_read(node) -> list:
    """The variable names ``node`` reads, in reading order (repeats kept)."""
    if node.__class__ is Name:
        return [node.name]
    found = []
    _rebuild(node, lambda c: found.extend(names_read(c)) or c)
    return found


def _contains(node, target: tuple) -> bool:
    if shape(node) == target:
        return True
    found = []
    _rebuild(node, lambda c: found.append(_contains(c, target)) or c)
    return any(found)


def argument_steps(node) -> list:
    """Each argument of a function in ``node`` worked from an earlier part and
    no part itself (``1 - part:p`` in ``-log(1 - part:p)``): a value a student
    works out, and may round, before the function takes it."""
    found = [a for a in node.args if a.__class__ is not Name and any(n.startswith(PART_PREFIX) for n in names_read(a))] \
        if node.__class__ is Call else []
    _rebuild(node, lambda c: found.extend(argument_steps(c)) or c)
    return found


def with_value(node, step, value):
    """``node`` with its subtree ``step`` (that very node) replaced by the number ``value``."""
    if node is step:
        return Num(Fraction(value))
    return _rebuild(node, lambda c: with_value(c, step, value))


def replaced(node, change):
    """``node`` with each subtree for which ``change`` gives a node (not None) replaced by it, from the top."""
    new = change(node)
    return new if new is not None else _rebuild(node, lambda c: replaced(c, change))


def inlined_lets(template) -> dict:
    """Each let's expression with the lets it reads inlined, in let order."""
    lets = {}
    for name, node in template.lets:
        lets[name] = _inline(node, lets)
    return lets


def part_paths(template) -> dict:
    """For every part with an answer expression, its ``Recipe`` (``depends``
    may be empty: the intermediates still matter for carried rounding)."""
    paths = {}
    for part, inlined, lets, earlier in _answered_parts(template):
        expression = _substitute_below(inlined, earlier) if earlier else inlined
        paths[part.name] = Recipe(part.name, expression, recipe_text(expression), _parts_read(expression),
                                  _intermediates(expression, lets, earlier))
    return paths


def _answered_parts(template):
    """``(part, its answer with the lets inlined, the inlined lets, earlier)``
    for each part with an answer, in order; ``earlier`` maps the shape of each
    earlier part's answer to its ``part:`` variable (what recipes read)."""
    lets = inlined_lets(template)
    earlier = {}
    for part in template.parts:
        if part.answer is None:
            continue
        inlined = _inline(part.answer, lets)
        yield part, inlined, lets, earlier
        if _has_name(inlined):
            earlier.setdefault(shape(inlined), Name(PART_PREFIX + part.name))


def _parts_read(node) -> tuple:
    """The earlier parts ``node`` reads (its ``part:`` variables), in order, once each."""
    return tuple(dict.fromkeys(n[len(PART_PREFIX):] for n in names_read(node) if n.startswith(PART_PREFIX)))


def _intermediates(expression, lets: dict, earlier: dict) -> tuple:
    """The lets (written over ``part:`` variables) that occur inside
    ``expression`` below its top: the steps a student rounds on the way."""
    found, seen = [], set()
    top = shape(expression)
    for name, inlined in _steps_shown(lets):
        if not _has_name(inlined) or inlined.__class__ is Name:
            continue
        node = _substitute(inlined, earlier) if earlier else inlined
        key = shape(node)
        if key != top and key not in seen and node.__class__ is not Name and _contains(expression, key):
            found.append((name, node))
            seen.add(key)
    return (*found, *written_steps(expression, seen))


def written_steps(expression, seen=frozenset()) -> tuple:
    """``(text, node)`` for each sum or mean ``expression`` writes once below
    its top, with the list it adds up (``_totals_written``), whose shape is not
    in ``seen``: steps a student rounds on the way whether or not a let names
    them (a part's, and a trap's own working: C10's sum over the masked positions)."""
    found, seen, top = [], set(seen), shape(expression)
    uses = Counter(shape(node) for node in _subtrees(expression))
    for node in _totals_written(expression):
        key = shape(node)
        if key != top and key not in seen and uses[key] == 1:
            found.append((recipe_text(node), node))
            seen.add(key)
    return tuple(found)


def _subtrees(node):
    """``node`` and every node below it."""
    yield node
    children = []
    _rebuild(node, lambda c: children.append(c) or c)
    for child in children:
        yield from _subtrees(child)


_TOTALS = frozenset({"sum", "mean"})


def _totals_written(node) -> list:
    """Each ``sum``/``mean`` in ``node`` that reads a name, with the list it adds up
    and, when that list is a function of another (``log(p)`` in ``sum(log(p))``), that
    list too: values a student writes down, and rounds, on the way whether or not a let
    names them (a softmax written from the parameters had no rounding
    step at its sum, so a student carrying 3 figures was marked down on a third of draws).
    ``_intermediates`` keeps those written once: a value written twice would round
    independently at each use (too wide a reach, and a slow one)."""
    found = []
    if node.__class__ is Call and node.func.name in _TOTALS and _has_name(node):
        found.append(node)
        listed = node.args[0] if len(node.args) == 1 else None
        for _ in range(2):
            if listed.__class__ in (Name, Index) or listed is None or not _has_name(listed):
                break
            found.append(listed)
            listed = listed.args[0] if listed.__class__ is Call and len(listed.args) == 1 else None
    _rebuild(node, lambda c: found.extend(_totals_written(c)) or c)
    return found


_SHOWN_ROUNDED = frozenset({"sig", "sigdec"})


def _steps_shown(lets: dict):
    """``(name, inlined let)`` for every let, then, for each let that shows a
    value rounded (``e_s: "sigdec(exp(scores), 4)"``), the value it rounds:
    the worked solution writes it rounded, so a student rounds it too."""
    yield from lets.items()
    for name, inlined in lets.items():
        if inlined.__class__ is Call and inlined.func.name in _SHOWN_ROUNDED:
            yield name, inlined.args[0]


def fixed_over_part(expression) -> str | None:
    """The earlier part ``expression`` divides a fixed quantity by (one that
    reads no part) and reads nowhere else, else None: the paper's sum over its
    positions divided by the student's count, whatever that count is
    (coherence.py). ``part_divisor`` says how the count is read."""
    found = part_divisor(expression)
    return found[0] if found else None


def part_divisor(expression) -> tuple | None:
    """``(part name, offset)`` when ``expression`` divides a fixed quantity by an
    earlier part's answer plus a whole offset, else None: C10's
    ``sum(-log(p))/part:targets`` has offset 0 (written as
    ``/(part:targets - 2)``, where (a) counts two predictions more than (b)
    averages over, it has offset -2)."""
    if expression.__class__ is Neg:
        expression = expression.operand
    if expression.__class__ is not Bin or expression.op != "/" or _parts_read(expression.left):
        return None
    right, offset = expression.right, 0
    if right.__class__ is Bin and right.op in ("+", "-") and right.right.__class__ is Num:
        offset = right.right.value if right.op == "+" else -right.right.value
        right = right.left
    if right.__class__ is not Name or not right.name.startswith(PART_PREFIX):
        return None
    return right.name[len(PART_PREFIX):], offset


def trap_recipes(template) -> dict:
    """``{part name: ((trap code, recipe text), ...)}``: each trap value of a
    part that reads earlier parts, written over them as ``part_paths`` writes
    answers (C2's log10 slip is ``-log10(part:p)``; a trap that repeats an
    earlier answer is that ``part:`` variable), so the grader can name the
    slip a student made from their own wrong earlier answer; and each trap
    whose code an earlier part's trap has, reading no part (C10 (b)'s mean over
    the masked positions, after (a)'s count of them): its working, whose
    carried rounding the grader accepts from a student who carries that
    misconception on (coherence.py)."""
    found, before = {}, set()
    for part, _, lets, earlier in _answered_parts(template):
        traps = []
        for trap in part.traps:
            node = _substitute(_inline(trap.value, lets), earlier) if trap.value is not None and earlier else None
            if node is not None and (_parts_read(node) or trap.code in before):
                traps.append((trap.code, recipe_text(node)))
        if traps:
            found[part.name] = tuple(traps)
        before.update(trap.code for trap in part.traps)
    return found


def alternative_recipes(template) -> dict:
    """``{part name: (recipe text, ...)}``: each part's ``ecf_also`` routes (bank/ecf_also.py)
    as stored recipes, an earlier part's name read as its ``part:`` variable, other lets
    inlined (C6 (c): ``(part:chosen - part:masked)/2``)."""
    routes, found, before = getattr(template, "ecf_also", None) or {}, {}, {}
    lets = inlined_lets(template) if routes else {}
    for part in template.parts:
        if part.name in routes:
            found[part.name] = tuple(recipe_text(_inline(node, {**lets, **before})) for node in routes[part.name])
        before[part.name] = Name(PART_PREFIX + part.name)
    return found


_PREC = {"+": 1, "-": 1, "*": 2, "/": 2, "**": 4}


def recipe_text(node) -> str:
    """The printed recipe in the template language, e.g. ``-log(1 - part:p)``
    (names and subscripts included, which the maths printers leave out)."""
    cls = node.__class__
    if cls in (Num, Const):
        return to_text(node)
    if cls is Name:
        return node.name
    if cls is Index:
        return f"{_wrapped(node.base, 5)}[{recipe_text(node.index)}]"
    if cls is Neg:
        return "-" + _wrapped(node.operand, 3)
    if cls is Call:
        return f"{node.func.name}({', '.join(recipe_text(a) for a in node.args)})"
    p = _PREC[node.op]
    if node.op == "**":
        return f"{_wrapped(node.left, 5)}**{_wrapped(node.right, 4)}"
    sep = f" {node.op} " if node.op in "+-" else node.op
    return f"{_wrapped(node.left, p)}{sep}{_wrapped(node.right, p + 1)}"


def _precedence(node) -> int:
    cls = node.__class__
    if cls is Bin:
        return _PREC[node.op]
    if cls is Neg:
        return 3
    if cls is Num and (node.value < 0 or node.value.denominator != 1):
        return 2
    return 5


def _wrapped(node, minimum: int) -> str:
    text = recipe_text(node)
    return f"({text})" if _precedence(node) < minimum else text


def recipe_parts(text: str) -> tuple:
    """The earlier parts a stored recipe text reads, in order, once each."""
    return tuple(dict.fromkeys(_PART_TEXT.findall(text)))


def parse_recipe(text: str, names) -> object:
    """Read a stored recipe back (our own printed text, through the whitelist
    parser): ``part:x`` variables and the template's ``names``."""
    dotted = _PART_FIELD.search(text)
    if dotted:   # parsed, it would read a field of part__p, a name the text does not say
        raise ExpressionError(f"part:{dotted[1]} is an earlier part's answer, a number, with no field {dotted[2]!r}")
    hidden = _PART_TEXT.sub(lambda m: _PART_NAME + m.group(1), text)
    parts = {_PART_NAME + m for m in _PART_TEXT.findall(text)}
    try:
        node = parse(hidden, template_policy(set(names) | parts))
    except ExpressionError as exc:   # say what the text says: part:p, not the name it was parsed under
        raise ExpressionError(str(exc).replace(_PART_NAME, "part:")) from None
    return _substitute(node, {("v", p): Name(PART_PREFIX + p[len(_PART_NAME):]) for p in parts})
