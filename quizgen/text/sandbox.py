"""Jinja2's sandbox with the text limits of :mod:`quizgen.text.limits` on
what its hooks leave open: every call (a string method that pads, a macro, a
global) and every item looked up (``x[i]``, a filter's ``attribute``) counts
as a step, a call has its result measured, a filter's walk over a list's
items is counted (:func:`quizgen.text.limits.walked`); ``str.format`` fields
have capped widths; and the compiled template measures what ``~`` joins and
what list, tuple and record literals hold, and counts every ``for`` iteration.
Each is refused before the text it would build is made."""

from __future__ import annotations

import copy
import re
from fractions import Fraction

from jinja2 import nodes
from jinja2.compiler import CodeGenerator
from jinja2.runtime import Macro
from jinja2.exceptions import SecurityError
from jinja2.sandbox import ImmutableSandboxedEnvironment, SandboxedEscapeFormatter, SandboxedFormatter
from markupsafe import Markup

from quizgen.text.limits import MAX_TEXT, MAX_WIDTH, check_inputs, checked, counted, limit_error, size_of, spend

# String methods whose whole-number arguments are widths (the result is padded to them).
_WIDTH_METHODS = frozenset({"center", "ljust", "rjust", "zfill", "expandtabs"})
_DIGITS = re.compile(r"\d+")
# What template text may read of a number: a fraction's two whole numbers, nothing of an exact
# value (its tree, and through it the maths engine's functions, which run outside the sandbox).
_NUMBER_ATTRIBUTES = {Fraction: frozenset({"numerator", "denominator"})}


class CappedSandbox(ImmutableSandboxedEnvironment):
    """The sandbox that refuses lists and records to be changed, and text or
    work past the limits (see the module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.code_generator_class = _CappedCodeGenerator

    def call(__self, __context, __obj, *args, **kwargs):  # noqa: N805 (Jinja2's own signature)
        """Call from template text: one step, arguments within limits, the result measured."""
        spend(1, macros=__obj.__class__ is Macro)
        if isinstance(getattr(__obj, "__self__", None), (str, bytes, int)):   # Markup's methods too
            _check_method(__obj, args, kwargs)
        return checked(super().call(__context, __obj, *args, **kwargs), f"the result of {_name(__obj)}()")

    def is_safe_attribute(self, obj, attr, value) -> bool:
        """Jinja2's rule (nothing private, nothing that changes a list), and of
        quizgen's own objects (an exact value, its tree) nothing but text's
        methods: their insides would let text call the maths engine, whose
        functions run outside this sandbox's caps."""
        if not super().is_safe_attribute(obj, attr, value):
            return False
        allowed = _NUMBER_ATTRIBUTES.get(obj.__class__)
        if allowed is not None:
            return attr in allowed
        return isinstance(obj, str) or not _is_quizgen(obj)

    def unsafe_undefined(self, obj, attribute):
        """The error for an attribute refused: of a quizgen value, said in a template author's words."""
        if isinstance(obj, str) or not (obj.__class__ in _NUMBER_ATTRIBUTES or _is_quizgen(obj)):
            return super().unsafe_undefined(obj, attribute)
        return self.undefined(f"template text cannot read {attribute!r} of a number; print it with a "
                              "filter (dec, sig, exact, tex ...) or compute what you need in a `let`",
                              name=attribute, obj=obj, exc=SecurityError)

    def getitem(self, obj, argument):
        """``obj[argument]``, one step: filters look each item's attribute up
        this way (``groupby("a")`` three times an item), a walk worth counting."""
        spend(1)
        return super().getitem(obj, argument)

    def wrap_str_format(self, value):
        """``str.format`` and ``format_map`` as the sandbox runs them, each field's width capped."""
        wrapped = super().wrap_str_format(value)
        if wrapped is None:
            return None
        text = value.__self__
        formatter = _CappedEscapeFormatter(self, escape=text.escape) if isinstance(text, Markup) \
            else _CappedFormatter(self)
        is_map = value.__name__ == "format_map"

        def capped_format(*args, **kwargs):
            if is_map:
                if kwargs or len(args) != 1:
                    raise TypeError("format_map() takes exactly one argument")
                args, kwargs = (), args[0]
            return type(text)(formatter.vformat(text, args, kwargs))

        capped_format.__name__ = value.__name__
        return capped_format

    def measured(self, value):
        """A list, tuple or record literal's value, once within MAX_TEXT."""
        return checked(value, "a list or record")

    def joined(self, pieces) -> str:
        """What ``~`` joins, refused before joining when it would pass MAX_TEXT."""
        total = 0
        for piece in pieces:
            total += size_of(piece)
            if total > MAX_TEXT:
                raise limit_error("text joined with ~", f"{MAX_TEXT:,} characters")
        return checked("".join(map(str, pieces)), "text joined with ~")

    counted_loop = staticmethod(counted)


def _is_quizgen(obj) -> bool:
    """Whether ``obj`` is an object of quizgen's own classes (an exact value, a tree node, a function row)."""
    return obj.__class__.__module__.startswith("quizgen.")


def _name(obj) -> str:
    return getattr(obj, "__name__", type(obj).__name__)


def _check_method(method, args, kwargs) -> None:
    """A built-in method of text or a number, refused when a whole-number
    argument is a width over MAX_WIDTH or any other count over MAX_TEXT, or
    when its text and arguments could make more than the render may build."""
    cap = MAX_WIDTH if method.__name__ in _WIDTH_METHODS else MAX_TEXT
    for value in (*args, *kwargs.values()):
        if value.__class__ is int and value > cap:
            raise limit_error(f"{method.__name__}({value})", f"{cap:,}")
    if not isinstance(method.__self__, int):
        check_inputs(f"{method.__name__}()", method.__self__, args, kwargs)


class _CappedFormatter(SandboxedFormatter):
    """The sandbox's ``str.format``, refusing widths and precisions over MAX_WIDTH."""

    def format_field(self, value, format_spec: str):
        for digits in _DIGITS.findall(format_spec):
            if len(digits) > 4 or int(digits) > MAX_WIDTH:
                raise limit_error(f"format width {digits}", MAX_WIDTH)
        return checked(super().format_field(checked(value, "a formatted value"), format_spec), "a formatted field")


class _CappedEscapeFormatter(_CappedFormatter, SandboxedEscapeFormatter):
    """:class:`_CappedFormatter` for Markup text (escaping what it inserts)."""


class _CappedCodeGenerator(CodeGenerator):
    """Compiles ``~`` through :meth:`CappedSandbox.joined`, literals through
    :meth:`CappedSandbox.measured` and every ``for`` over a counted iterable."""

    def visit_Concat(self, node, frame) -> None:
        self.write("environment.joined((")
        for arg in node.nodes:
            self.visit(arg, frame)
            self.write(", ")
        self.write("))")

    def _measured(self, visit, node, frame) -> None:
        self.write("environment.measured(")
        visit(node, frame)
        self.write(")")

    def visit_List(self, node, frame) -> None:
        self._measured(super().visit_List, node, frame)

    def visit_Dict(self, node, frame) -> None:
        self._measured(super().visit_Dict, node, frame)

    def visit_Tuple(self, node, frame) -> None:
        if node.ctx == "load":
            self._measured(super().visit_Tuple, node, frame)
        else:
            super().visit_Tuple(node, frame)

    def visit_For(self, node, frame) -> None:
        node = copy.copy(node)
        node.iter = nodes.Call(nodes.EnvironmentAttribute("counted_loop"), [node.iter], [], None, None,
                               lineno=node.iter.lineno)
        super().visit_For(node, frame)


_OPERATOR = re.compile(r"'([^']+)' not supported|unsupported operand type\(s\) for ([^:]+):")


def failure_words(exc: Exception) -> str:
    """What a text's failing Python operation says, in an author's words: an exact irrational
    value is no class name they wrote (Python says "'>' not supported between instances of
    'Exact' and 'Exact'"), and text cannot compare or compute with one: a let can."""
    operator = _OPERATOR.match(str(exc)) if isinstance(exc, TypeError) and "'Exact'" in str(exc) else None
    if operator is None:
        return f"{type(exc).__name__}: {exc}"
    return (f"'{operator.group(1) or operator.group(2)}' on an irrational value (one kept exact, such as log(2)), "
            "which the text cannot compare or compute with: do it in a let (higher: \"Lx > ce\") "
            "and read that let in the text")
