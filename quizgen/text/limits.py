"""Resource limits for template text: Jinja2's sandbox keeps templates from
running code, and these keep them from exhausting time or memory. Each cap
is far above what a question needs; crossing one is a BankLimitError, which
the caller turns into a file:line message (exit 2), raised before the text
it refuses is built.

- text and lists: every string, list or record a render builds (by ``~``, a
  call, a filter, a literal) holds at most MAX_TEXT characters or items, the
  rendered text too;
- work: at most MAX_STEPS loop iterations, calls and items walked in one render
  (a walk done in C weighed by its measured cost: ``walked``), of them at
  most MAX_MACRO_CALLS calls of macros (each costs as much as a hundred steps),
  and at most MAX_BUILT characters built over all of them;
- loops over ``range``: at most MAX_RANGE items per range;
- string repetition and ``%`` formatting: results of at most MAX_TEXT characters,
  format widths and precisions of at most MAX_WIDTH;
- widths and counts: filters that pad, indent or place (``center``, ``indent``, ``wordwrap``,
  ``truncate``, ``tojson``, ``format``, ``dec``, ``sig``, ``sigdec``, ``exactdec``, ``answer``, ``pct``),
  given by position or keyword, string methods that pad (``center``, ``ljust``, ``rjust``,
  ``zfill``, ``expandtabs``) and ``str.format`` fields: at most MAX_WIDTH (a ``%*`` width
  is refused); ``batch`` and ``slice`` counts at most MAX_RANGE;
- ``lipsum``: at most MAX_LIPSUM paragraphs.

:mod:`quizgen.text.sandbox` applies them to ``~``, calls, literals and loops."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from contextvars import ContextVar

from jinja2 import Undefined

from quizgen.errors import BankLimitError
from quizgen.key.checks import MAX_TEXT   # one limit: a text as rendered is one a key holds

MAX_BUILT = 10_000_000
MAX_RANGE = 10_000
MAX_STEPS = 100_000
MAX_MACRO_CALLS = 10_000
MAX_WIDTH = 200
MAX_LIPSUM = 20
# A % conversion's width and precision: digits, or ``*`` (taken from the values), after an optional ``(key)``.
_WIDTH = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(\*|\d*)(?:\.(\*|\d*))?")
_budget: ContextVar = ContextVar("quizgen_render_budget", default=None)


class _Budget:
    """What one render has spent: loop steps, calls and items walked, macro calls, and characters built."""

    __slots__ = ("steps", "macros", "built")

    def __init__(self):
        self.steps = self.macros = self.built = 0


def install_limits(env) -> None:
    """Put the caps on a sandboxed environment (called once per environment)."""
    env.concat = _render_concat
    env.intercepted_binops = frozenset({"*", "%", "**", "+"})
    env.call_binop = _binop_caller(env.call_binop)
    env.globals["range"] = _range
    if "lipsum" in env.globals:
        env.globals["lipsum"] = _lipsum(env.globals["lipsum"])
    for name in list(env.filters):
        env.filters[name] = _capped_filter(env.filters[name], name)


def limit_error(what: str, cap=None) -> BankLimitError:
    """The one-line error for text over a limit: what was exceeded, and the cap when there is one."""
    at_most = f"at most {cap}; " if cap is not None else ""
    return BankLimitError(f"template text exceeds a limit: {what} ({at_most}see docs/authoring.md)")


def _render_concat(pieces) -> str:
    """``"".join`` for one render, with its own budget (a macro's text, joined
    inside the render, spends the render's): the text is refused as soon as it
    passes MAX_TEXT characters, before the rest is made."""
    token = _budget.set(_Budget()) if _budget.get() is None else None
    try:
        taken, length = [], 0
        for piece in pieces:
            length += len(piece)
            if length > MAX_TEXT:
                raise limit_error("rendered text length", f"{MAX_TEXT:,} characters")
            taken.append(piece)
    finally:
        if token is not None:
            _budget.reset(token)
    return "".join(taken)


def size_of(value, cap: int = MAX_TEXT) -> int:
    """Characters and items in ``value``, nested lists and records counted
    through (a list holding one long text many times counts it each time);
    counting stops once past ``cap``, so a huge value costs no more than ``cap``."""
    total, stack = 0, [value]
    while stack and total <= cap:
        item = stack.pop()
        if isinstance(item, (str, bytes)):
            total += len(item) or 1
        elif isinstance(item, (list, tuple, set, frozenset)):
            total += 1
            stack += item
        elif isinstance(item, dict):
            total += 1
            stack += item.keys()
            stack += item.values()
        else:
            total += 1
    return total


def checked(value, what: str):
    """``value`` once it is at most MAX_TEXT long (nested contents counted), its
    size spent from the render's MAX_BUILT characters."""
    if isinstance(value, (str, bytes)):
        size = len(value)
    elif isinstance(value, (list, tuple, dict, set, frozenset)):
        size = size_of(value)
    else:
        return value
    if size > MAX_TEXT:
        if isinstance(value, (str, bytes)):
            raise limit_error(f"{what} of {size:,} characters", f"{MAX_TEXT:,}")
        raise limit_error(f"{what} of more than {MAX_TEXT:,} characters and items", f"{MAX_TEXT:,}")
    spend(0, size)
    return value


def spend(steps: int, built: int = 0, macros: int = 0) -> None:
    """Count loop steps or calls, characters built and macro calls against the render's budget."""
    budget = _budget.get()
    if budget is None:
        return
    budget.steps += steps
    budget.built += built
    if macros:
        budget.macros += macros
        if budget.macros > MAX_MACRO_CALLS:
            raise limit_error("macro calls in one text", f"{MAX_MACRO_CALLS:,}")
    if budget.steps > MAX_STEPS:
        raise limit_error("loop steps, calls and items walked in one text", f"{MAX_STEPS:,}")
    if budget.built > MAX_BUILT:
        raise limit_error("characters built in one text", f"{MAX_BUILT:,}")


def counted(items, weight: int = 1):
    """``items``, each one counted as ``weight`` steps of the render (a ``for``
    loop's iterations one each)."""
    for item in items:
        spend(weight)
        yield item


def _range(*args):
    """``range`` with a length cap."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise limit_error(f"range of {len(numbers):,} items", f"{MAX_RANGE:,}")
    return numbers


_SEQUENCES = (str, list, tuple, bytes)


def _binop_caller(original):
    """The sandbox's binary-operator call, refusing huge repetitions, joins, format widths and powers."""
    def call_binop(context, operator, left, right):
        if operator == "+" and isinstance(left, _SEQUENCES) and isinstance(right, _SEQUENCES):
            if size_of(left) + size_of(right) > MAX_TEXT:
                raise limit_error("joined text length", f"{MAX_TEXT:,} characters")
        if operator == "*" and (isinstance(left, _SEQUENCES) or isinstance(right, _SEQUENCES)):
            sequence, count = (left, right) if isinstance(left, _SEQUENCES) else (right, left)
            if isinstance(count, int) and size_of(sequence) * count > MAX_TEXT:
                raise limit_error("repeated text length", f"{MAX_TEXT:,} characters")
        if operator == "%" and isinstance(left, str):
            _check_format_widths(left)
            checked(right, "formatted values")
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 1000:
            raise limit_error(f"power {right}", 1000)
        if operator == "**" and isinstance(left, int) and isinstance(right, int) \
                and left.bit_length() * abs(right) > MAX_TEXT:
            raise limit_error("the size of a power", f"{MAX_TEXT:,} bits")
        return checked(original(context, operator, left, right), "the result of " + operator)
    return call_binop


def _check_format_widths(text: str) -> None:
    for width, precision in _WIDTH.findall(text):
        for digits in (width, precision):
            if digits == "*":   # the width is one of the values: refused, as it cannot be checked here
                raise limit_error("a format width taken from the values (%*)")
            if digits and (len(digits) > 4 or int(digits) > MAX_WIDTH):
                raise limit_error(f"format width {digits}", MAX_WIDTH)


def _lipsum(original):
    def lipsum(n=5, *args, **kwargs):
        if not isinstance(n, int) or n > MAX_LIPSUM:
            raise limit_error(f"lipsum({n})", MAX_LIPSUM)
        return original(n, *args, **kwargs)
    return lipsum


# For each filter, its parameters that are widths, places or indents (at most MAX_WIDTH) and
# counts of items made (at most MAX_RANGE), by name: given by position or by keyword alike.
_WIDTH_ARGS = {"center": ("width",), "indent": ("width",), "wordwrap": ("width",), "truncate": ("length", "leeway"),
               "tojson": ("indent",), "dec": ("places",), "sig": ("digits",), "sigdec": ("digits",),
               "exactdec": ("places",), "answer": ("decimals",), "pct": ("places",)}
_COUNT_ARGS = {"batch": ("linecount",), "slice": ("slices",)}
_COLLECTIONS = (list, tuple, dict, set, frozenset, range)
_COMPARED = (str, bytes, *_COLLECTIONS)
# Filters that run a test on each item, with the test's arguments (``select("in", text)``).
_TESTS_EACH = frozenset({"select", "reject", "selectattr", "rejectattr"})
# Filters that look at one item of a list, or its length, or only whether it is there, without walking it.
_GLANCES = frozenset({"first", "last", "length", "count", "random", "reverse", "default", "d"})
# Filters that walk a text character by character in Python (others treat it as one value).
_WALKS_TEXT = frozenset({"batch", "groupby", "list", "map", "max", "min", "reject", "rejectattr",
                         "select", "selectattr", "slice", "sort", "sum", "unique"})


# What a walk done in C costs beside one sandbox loop step (about 200 ns): a substring test reads
# at most about 3.5 ns a character, whatever the texts (CPython's adaptive search), so 50 characters
# are a step; ``list`` copies about 120 items a step; ``sum`` of plain numbers, with the look at
# their types and sizes, 3 to 4 (measured on Python 3.11; see docs/authoring.md).
TEXT_TEST_CHARS = 50
FAST_ITEMS = {"list": 100, "sum": 3}
_PLAIN_NUMBERS = frozenset({int, float, bool})
_PLAIN_SIZE = 2 ** 62   # a sum of whole numbers this small stays in a machine word or two


def walked(name: str, value, args=(), kwargs=None):
    """``value`` as the ``name`` filter will walk it, its items spent as steps of
    the render: an iterator's as they are taken (wrapped), a list's, record's or
    range's at once; each item times the lists among the arguments (and for a
    filter that runs a test on each item, its texts, a step for every
    TEXT_TEST_CHARS characters: ``select("in", text)`` searches ``text`` for
    every item); a text's characters only for a filter that walks them one by
    one. A walk done in C (:func:`_fast_items`) costs a step for several items."""
    weight = 1 + sum(_compared_cost(a) if name in _TESTS_EACH else len(a)
                     for a in args if isinstance(a, _COMPARED if name in _TESTS_EACH else _COLLECTIONS))
    if isinstance(value, Iterator):
        return counted(value, weight)
    if name in _GLANCES or isinstance(value, Undefined) or (isinstance(value, str) and name not in _WALKS_TEXT):
        return value
    try:
        items = len(value)
    except TypeError:
        return value
    spend(-(-items * weight // _fast_items(name, value, args, kwargs or {})))
    return value


def _compared_cost(argument) -> int:
    """Steps a test spends per item on one argument: a step for every
    TEXT_TEST_CHARS characters of a text (a substring search in C), one for
    every item of a list (each compared, maybe in Python)."""
    if isinstance(argument, (str, bytes)):
        return len(argument) // TEXT_TEST_CHARS
    return len(argument)


def _fast_items(name: str, value, args, kwargs) -> int:
    """How many of ``value``'s items the ``name`` filter walks in C for one
    step's time (FAST_ITEMS), or 1: ``list`` always; ``sum`` only of plain
    numbers (:func:`_plain`: a Fraction's addition runs in Python, a huge
    whole number's costs by its size), with no attribute to look up."""
    if name == "list":
        return FAST_ITEMS["list"]
    if name != "sum" or kwargs.get("attribute") is not None or (args and args[0] is not None):
        return 1
    start = kwargs.get("start", args[1] if len(args) > 1 else 0)
    return FAST_ITEMS["sum"] if _plain([start]) and _plain(value) else 1


def _plain(numbers) -> bool:
    """Whether every item of ``numbers`` is a whole number or decimal (or bool) of
    size under _PLAIN_SIZE, looked at in C (about 45 ns an item)."""
    return set(map(type, numbers)) <= _PLAIN_NUMBERS and \
        (not numbers or -_PLAIN_SIZE < min(numbers) and max(numbers) < _PLAIN_SIZE)


def check_inputs(what: str, text, args, kwargs) -> None:
    """Refuse a call whose text times its arguments' text passes MAX_BUILT: the
    most a replacement, join, wrap or indent can make (``replace('x', long)``)
    before its result is ever built and measured."""
    spread = 1 + sum(size_of(a) for a in args if a.__class__ is not int) \
        + sum(size_of(v) for v in kwargs.values() if v.__class__ is not int)
    if spread > 1 and size_of(text, MAX_BUILT) * spread > MAX_BUILT:
        raise limit_error(f"{what} on {size_of(text):,} characters with arguments of {spread - 1:,}",
                     f"{MAX_BUILT:,} characters made")


def _capped_filter(original, name: str):
    """``original`` refusing width-like and count arguments over their caps,
    given by position or keyword (:func:`_capped_arguments`), ``format`` widths
    in its text, and results over MAX_TEXT (:func:`check_inputs` before,
    :func:`checked` after). A filter that takes the environment or context
    first gets the value second."""
    shift = 1 if hasattr(original, "jinja_pass_arg") else 0
    capped_arguments = _capped_arguments(original, name)
    if len(capped_arguments) == 1 and capped_arguments[0][0] == 1 and name in _WIDTH_ARGS:
        return _capped_second(original, name, *capped_arguments[0][1:])

    def capped(*args, **kwargs):
        for index, keyword, cap in capped_arguments:
            value = args[index] if index < len(args) else kwargs.get(keyword)
            if value.__class__ is int and not -cap <= value <= cap:
                raise limit_error(f"{name}({value})", f"{cap:,}")
        if name == "format" and len(args) > shift and isinstance(args[shift], str):
            _check_format_widths(args[shift])
        if len(args) > shift + 1 or kwargs:
            check_inputs(f"the {name} filter", args[shift] if len(args) > shift else "", args[shift + 1:], kwargs)
        if len(args) > shift:
            args = (*args[:shift], walked(name, args[shift], args[shift + 1:], kwargs), *args[shift + 1:])
        return checked(original(*args, **kwargs), f"the {name} filter's result")

    capped.__name__ = getattr(original, "__name__", name)
    if shift:
        capped.jinja_pass_arg = original.jinja_pass_arg
    return capped


def _capped_second(original, name: str, keyword: str, cap: int):
    """:func:`_capped_filter` for a filter whose one capped parameter is its
    first after the value (``dec``, ``sig``, ``pct``, ``center`` ...), the
    commonest kind: the same checks without the general case's loop. A
    lone whole-number width (``sig(4)``, most calls) is all check_inputs
    would weigh and it weighs no whole number, so then it is not called."""
    inputs, result = f"the {name} filter", f"the {name} filter's result"   # the checks' words, made once

    def capped(value, *args, **kwargs):
        width = args[0] if args else kwargs.get(keyword) if kwargs else None
        if width.__class__ is int and not -cap <= width <= cap:
            raise limit_error(f"{name}({width})", f"{cap:,}")
        if kwargs or len(args) > 1 or (args and width.__class__ is not int):
            check_inputs(inputs, value, args, kwargs)
        return checked(original(value, *args, **kwargs), result)

    capped.__name__ = getattr(original, "__name__", name)
    return capped


def _capped_arguments(original, name: str) -> tuple:
    """``(index in the call's arguments, name, cap)`` of each of the filter's
    width and count parameters (_WIDTH_ARGS, _COUNT_ARGS), read from its signature."""
    wanted = {keyword: MAX_WIDTH for keyword in _WIDTH_ARGS.get(name, ())}
    wanted.update({keyword: MAX_RANGE for keyword in _COUNT_ARGS.get(name, ())})
    if not wanted:
        return ()
    inner = inspect.unwrap(original)
    # Jinja2's async-ready filters (``slice``) take the context in a wrapper the inner signature lacks.
    offset = 1 if hasattr(original, "jinja_pass_arg") and not hasattr(inner, "jinja_pass_arg") else 0
    parameters = list(inspect.signature(inner).parameters)
    return tuple((offset + parameters.index(keyword), keyword, cap) for keyword, cap in wanted.items())
