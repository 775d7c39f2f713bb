"""Resource limits for template text: Jinja2's sandbox keeps templates from
running code, and these keep them from exhausting time or memory. Each cap
is far above what a question needs; crossing one is a BankLimitError, which
the caller turns into a file:line message (exit 2).

- rendered text: at most MAX_TEXT characters per render;
- loops over ``range``: at most MAX_RANGE items per range, MAX_STEPS items over
  all the ranges of one render (nested loops multiply);
- string repetition and ``%`` formatting: results of at most MAX_TEXT characters,
  format widths and precisions of at most MAX_WIDTH;
- filters that pad or place (``center``, ``indent``, ``wordwrap``, ``truncate``,
  ``format``, ``dec``, ``sig``, ``sigdec``, ``pct``): widths and places of at most MAX_WIDTH;
- ``lipsum``: at most MAX_LIPSUM paragraphs."""

from __future__ import annotations

import re
from contextvars import ContextVar
from itertools import islice

from quizgen.errors import BankLimitError

MAX_TEXT = 100_000
MAX_RANGE = 10_000
MAX_STEPS = 100_000
MAX_WIDTH = 200
MAX_LIPSUM = 20
_WIDTH = re.compile(r"%[-#0 +]*(\d*)(?:\.(\d+))?")
_steps: ContextVar = ContextVar("quizgen_range_steps", default=None)


def install_limits(env) -> None:
    """Put the caps on a sandboxed environment (called once per environment)."""
    env.concat = _capped_concat
    env.intercepted_binops = frozenset({"*", "%", "**"})
    env.call_binop = _binop_caller(env.call_binop)
    env.globals["range"] = _range
    if "lipsum" in env.globals:
        env.globals["lipsum"] = _lipsum(env.globals["lipsum"])
    for name, positions in _WIDTH_ARGS.items():
        if name in env.filters:
            env.filters[name] = _capped_filter(env.filters[name], name, positions)


def _limit(what: str, cap) -> BankLimitError:
    return BankLimitError(f"template text exceeds a limit: {what} (at most {cap}; see docs/authoring.md)")


def _capped_concat(pieces) -> str:
    """``"".join`` for one render: at most MAX_TEXT pieces (each bounded by the
    other caps) are taken, and the joined text must be at most MAX_TEXT long."""
    token = _steps.set([0])
    try:
        taken = list(islice(pieces, MAX_TEXT + 1))
    finally:
        _steps.reset(token)
    text = "".join(taken)
    if len(taken) > MAX_TEXT or len(text) > MAX_TEXT:
        raise _limit("rendered text length", f"{MAX_TEXT:,} characters")
    return text


def _range(*args):
    """``range`` with a length cap, counting its items against the render's step budget."""
    numbers = range(*args)
    if len(numbers) > MAX_RANGE:
        raise _limit(f"range of {len(numbers):,} items", f"{MAX_RANGE:,}")
    return _counted(numbers)


def _counted(numbers):
    budget = _steps.get()
    for number in numbers:
        if budget is not None:
            budget[0] += 1
            if budget[0] > MAX_STEPS:
                raise _limit("loop steps in one text", f"{MAX_STEPS:,}")
        yield number


_SEQUENCES = (str, list, tuple)


def _binop_caller(original):
    """The sandbox's binary-operator call, refusing huge repetitions, format widths and powers."""
    def call_binop(context, operator, left, right):
        if operator == "*" and (isinstance(left, _SEQUENCES) or isinstance(right, _SEQUENCES)):
            sequence, count = (left, right) if isinstance(left, _SEQUENCES) else (right, left)
            size = len(sequence)
            if isinstance(count, int) and size * count > MAX_TEXT:
                raise _limit("repeated text length", f"{MAX_TEXT:,} characters")
        if operator == "%" and isinstance(left, str):
            _check_format_widths(left)
        if operator == "**" and isinstance(right, (int, float)) and abs(right) > 1000:
            raise _limit(f"power {right}", 1000)
        return original(context, operator, left, right)
    return call_binop


def _check_format_widths(text: str) -> None:
    for width, precision in _WIDTH.findall(text):
        for digits in (width, precision):
            if digits and (len(digits) > 4 or int(digits) > MAX_WIDTH):
                raise _limit(f"format width {digits}", MAX_WIDTH)


def _lipsum(original):
    def lipsum(n=5, *args, **kwargs):
        if not isinstance(n, int) or n > MAX_LIPSUM:
            raise _limit(f"lipsum({n})", MAX_LIPSUM)
        return original(n, *args, **kwargs)
    return lipsum


# For each filter, the positions (after the value) of its width-like arguments.
_WIDTH_ARGS = {"center": (0,), "indent": (0,), "wordwrap": (0,), "truncate": (0,),
               "dec": (0,), "sig": (0,), "sigdec": (0,), "pct": (0,), "format": ()}


def _capped_filter(original, name: str, positions: tuple):
    """``original`` refusing width-like arguments over MAX_WIDTH (a filter that
    takes the environment or context first gets the value second)."""
    shift = 1 if hasattr(original, "jinja_pass_arg") else 0

    places = [shift + 1 + i for i in positions]
    if name != "format" and not shift and places == [1]:
        return _capped_second(original, name)

    def capped(*args, **kwargs):
        for i in places:
            if i < len(args) and args[i].__class__ is int and not -MAX_WIDTH <= args[i] <= MAX_WIDTH:
                raise _limit(f"{name}({args[i]})", MAX_WIDTH)
        width = kwargs.get("width") if kwargs else None
        if isinstance(width, int) and abs(width) > MAX_WIDTH:
            raise _limit(f"{name}({width})", MAX_WIDTH)
        if name == "format" and len(args) > shift and isinstance(args[shift], str):
            _check_format_widths(args[shift])
        return original(*args, **kwargs)

    capped.__name__ = getattr(original, "__name__", name)
    if shift:
        capped.jinja_pass_arg = original.jinja_pass_arg
    return capped


def _capped_second(original, name: str):
    """:func:`_capped_filter` for a filter whose width is its first argument
    after the value (``dec``, ``sig``, ``pct``, ``center`` ...), the commonest
    kind: the same checks without the general case's loop."""
    def capped(value, *args, **kwargs):
        if args and args[0].__class__ is int and not -MAX_WIDTH <= args[0] <= MAX_WIDTH:
            raise _limit(f"{name}({args[0]})", MAX_WIDTH)
        if kwargs:
            width = kwargs.get("width")
            if isinstance(width, int) and abs(width) > MAX_WIDTH:
                raise _limit(f"{name}({width})", MAX_WIDTH)
        return original(value, *args, **kwargs)

    capped.__name__ = getattr(original, "__name__", name)
    return capped
