"""The rules a template's Jinja2 text must keep, checked when a template is
loaded: valid syntax, only filters and tests that exist, no tag that reads another file
(include, import, from, extends), and one arithmetic; and a text's TeX braces pair up.

One arithmetic: computation lives in ``let`` (exact), and template text only
formats values. Arithmetic on values inside Jinja2 text would be float maths
that is right only while a draw happens to be rational.

What the text may still compute, because it counts rather than calculates:
integer literals, the attributes of ``loop`` (``loop.index``, ``loop.length``
...) and the variable of a ``{% for k in range(...) %}`` loop, combined with
``+ - * // %`` (``words[k + 1]``, ``loop.index0 * 2``). Anything else (a
parameter, a let, a filter's result) in an arithmetic operator, and the
filters that convert or compute (``float``, ``int``, ``round``, ``abs``,
``sum``, ``min``, ``max``, also inside ``map``), is refused: write a ``let`` and format it."""

from __future__ import annotations

import re
import string

import jinja2
from jinja2 import nodes

from quizgen.wording import did_you_mean
from quizgen.text.render import text_environment
from quizgen.text.tex_markdown import UNPAIRED_BRACES, unpaired_brace_at

ARITHMETIC = (nodes.Add, nodes.Sub, nodes.Mul, nodes.Div, nodes.FloorDiv, nodes.Mod, nodes.Pow,
              nodes.Neg, nodes.Pos)
# Filters that do maths or turn a value into a float: their result depends on float rounding.
MATH_FILTERS = frozenset({"float", "int", "round", "abs", "sum", "min", "max", "exp", "ln", "num"})
_SYMBOLS = {nodes.Add: "+", nodes.Sub: "-", nodes.Mul: "*", nodes.Div: "/", nodes.FloorDiv: "//",
            nodes.Mod: "%", nodes.Pow: "**", nodes.Neg: "unary -", nodes.Pos: "unary +"}
TOO_DEEP = ("template text nested too deeply to read: brackets or {% if %}/{% for %} blocks "
            "nested dozens of levels deep (a text needs a few)")
ADVICE = "compute it in a `let` and only format it in the text"
OTHER_FILES = (nodes.Include, nodes.Import, nodes.FromImport, nodes.Extends)
OTHER_FILE = ("template text cannot read another file: include, import, from and extends are not available; "
              "write the text itself in the template")
"""Jinja2's tags that load another template: the sandbox has no loader, so each failed as Python's
``TypeError: no loader for this environment specified`` once a draw was filled."""


def text_rule_problems(source: str) -> list:
    """``(line in the text, message)`` for each rule ``source`` breaks; a
    syntax error stops the check (nothing else can be read). Text without a
    ``{`` has no Jinja2 markup (no ``{{``, ``{%`` or ``{#``), so it breaks no
    rule and is not parsed: the renderer, too, prints it as it is."""
    if "{" not in source:
        return []
    env = text_environment()
    try:
        tree = env.parse(source)
    except jinja2.TemplateSyntaxError as exc:
        return [(exc.lineno, f"template syntax error on its line {exc.lineno}: {exc.message}")]
    except (RecursionError, MemoryError):   # Jinja2's parser recurses once per bracket or block
        return [(None, TOO_DEEP)]
    found = _nodes_by_kind(tree)
    problems = _unknown(found[nodes.Filter], env.filters, "filter") + _unknown(found[nodes.Test], env.tests, "test")
    return _once_per_line([(node.lineno, OTHER_FILE) for node in found[OTHER_FILES]]) + problems + \
        _arithmetic_problems(found)


def text_problems(source: str) -> list:
    """``text_rule_problems`` of a text that every format prints as a paragraph of the
    Markdown subset (a stem, an ask, a trap's feedback, a solution's texts), and, when it
    keeps those rules, braces of its TeX that do not pair up (``brace_problem``)."""
    problems = text_rule_problems(source)
    braces = None if problems else brace_problem(source)
    return problems + ([braces] if braces else [])


def brace_problem(source: str):
    """``(line in the text, message)`` when the TeX braces of a template's ``source``, its
    Jinja2 tags aside, do not pair up, else None. Refused when the bank loads, so that every
    format, export and the drill refuse it: a filled parameter's braces are
    escaped, so the text's own decide, and a broken formula garbles MathJax as it stops TeX.
    The text outside the tags is what Jinja2's own lexer reads as data, so that a tag's string
    holding a brace (``"{0:>{1}}".format(...)``) is the tag's, not the text's."""
    if "{" not in source and "}" not in source:
        return None
    try:
        data = [(line, value) for line, kind, value in text_environment().lex(source) if kind == "data"]
    except jinja2.TemplateSyntaxError:
        return None   # told by text_rule_problems
    joined = "\x01".join(value for _, value in data)   # a tag stands between two pieces: no escape spans it
    at = unpaired_brace_at(joined)
    if at is None:
        return None
    for line, value in data:
        if at <= len(value):
            return line + value.count("\n", 0, at), UNPAIRED_BRACES
        at -= len(value) + 1
    return None


def _nodes_by_kind(tree: nodes.Template) -> dict:
    """The tree's filters, tests, for loops, calls, arithmetic and tags reading other files (keys
    ``nodes.Filter``, ``nodes.Test``, ``nodes.For``, ``nodes.Call``, ``ARITHMETIC`` and ``OTHER_FILES``), each in the order of
    ``tree.find_all``, from one walk of the tree instead of one per kind."""
    found = {nodes.Filter: [], nodes.Test: [], nodes.For: [], nodes.Call: [], ARITHMETIC: [], OTHER_FILES: []}
    stack = [tree]
    while stack:
        node = stack.pop()
        kind = node.__class__
        if kind in found:
            found[kind].append(node)
        elif isinstance(node, ARITHMETIC):
            found[ARITHMETIC].append(node)
        elif isinstance(node, OTHER_FILES):
            found[OTHER_FILES].append(node)
        stack += reversed(_children(node))
    return found


def _children(node: nodes.Node) -> list:
    """``node.iter_child_nodes()`` as a list, read straight from its fields."""
    children = []
    for name in node.fields:
        item = getattr(node, name, None)
        if isinstance(item, list):
            children += [child for child in item if isinstance(child, nodes.Node)]
        elif isinstance(item, nodes.Node):
            children.append(item)
    return children


def _unknown(found: list, known, noun: str) -> list:
    """Filters or tests the text names that the environment does not have."""
    problems = []
    for node in found:
        if node.name not in known and node.name not in MATH_FILTERS:
            problems.append((node.lineno, f"unknown {noun} {node.name!r}{did_you_mean(node.name, known)}"))
    return problems


def _arithmetic_problems(found: dict) -> list:
    """``(line, message)`` for each place in a parsed text that computes on values, or
    formats a number through Python's formats (``"%.2f" % x``, ``"%.2f" | format(x)``, ``.format``)."""
    counters = _range_loop_targets(found[nodes.For])
    problems = [(node.lineno, python_format_problem(how, _conversions(node)))
                for how, node in _python_formats(found, counters)]
    signs: dict = {}   # line: the operators computing on values there, once each (a / (b + c) is one problem)
    for node in found[ARITHMETIC]:
        if _python_format_of(node) is None and not _counts_only(node, counters):
            signs.setdefault(node.lineno, {}).setdefault(_SYMBOLS[type(node)])
    problems += [(line, f"arithmetic ({', '.join(found)}) on values in the text; {ADVICE}") for line, found in signs.items()]
    for node in found[nodes.Filter]:
        name = _math_filter(node)
        if name:
            problems.append((node.lineno, f"the {name!r} filter computes on values in the text; {ADVICE}"))
    return _once_per_line(problems)


FILTERS_ADVICE = "format values with the bank's filters: dec, sig, sigdec, exactdec, pct"
_TEXT_TYPES, _WHOLE_TYPES = frozenset("sra"), frozenset("diouxXbcn")


def python_format_problem(how: str, types: frozenset = frozenset("f")) -> str:
    """The one refusal of a value formatted by Python in the text, whichever way it is written, by
    the conversions its format makes (``types``, as _conversions gives them): a number's float, its
    whole part (``"%d"``), or a value's text (a word's ``"%s" % label``), which needs no format at all."""
    if types <= _TEXT_TYPES:
        return (f"{how} of a value in the text: write a word as it is (\"{{{{ label }}}} is right\", with no "
                f"format), and {FILTERS_ADVICE}")
    if types <= _WHOLE_TYPES | _TEXT_TYPES:
        return f"{how} of a value in the text cuts it to a whole number (7/2 prints 3); {FILTERS_ADVICE}"
    return f"{how} of a value in the text goes through a float (1/8 prints 0.12, and an irrational prints too); " \
        f"{FILTERS_ADVICE}"


_PERCENT_SPEC = re.compile(r"%(?:\([^)]*\))?[-#0 +]*(?:\*|\d+)?(?:\.(?:\*|\d*))?[hlL]?(.)")


def _conversions(node) -> frozenset:
    """The conversion letters of a Python format's literal text as Python reads them (``"%.2f"``: f,
    ``"%d"``: d; ``"{}"`` and ``"{0.node}"``: s, any number spec of str.format, which a Fraction
    refuses or floats: f); ``f`` when the text cannot be read so."""
    text = (node.left if isinstance(node, nodes.Mod) else node.node if isinstance(node, nodes.Filter)
            else node.node.node).value
    if isinstance(node, nodes.Mod) or "%" in text and "{" not in text:
        return frozenset(kind for kind in _PERCENT_SPEC.findall(text) if kind != "%") or frozenset("f")
    try:
        fields = [(spec, conversion) for _, field, spec, conversion in string.Formatter().parse(text)
                  if field is not None]
    except ValueError:
        return frozenset("f")
    return frozenset(_brace_type(spec, conversion) for spec, conversion in fields) or frozenset("f")


def _brace_type(spec: str, conversion) -> str:
    """A str.format field's kind: ``s`` for text (``{}``, ``{:>5}``, ``{!r}``, ``{:s}``), ``f`` for a number
    spec (a type letter of a number, or a precision with none: ``{:.3}``)."""
    if conversion or not spec:
        return "s"
    return "f" if spec[-1] in "bcdeEfFgGnoxX%" or spec[-1] not in "s" and "." in spec else "s"


def _python_formats(found: dict, counters: frozenset):
    """``(how, node)`` for each Python format of the text given a value that is not a literal or a
    count: ``"%d" % k``, ``"%.2f" | format(x)``, ``"{:.2f}".format(x)`` (words in ``"%s"`` alike)."""
    for node in found[ARITHMETIC] + found[nodes.Filter] + found[nodes.Call]:
        how, values = _python_format_of(node) or (None, ())
        if how and not all(_counts_only(v, counters) or _literal(v) for v in values):
            yield how, node


def _python_format_of(node):
    """``(how, the values it formats)`` when ``node`` is a Python format of a literal text, else None."""
    if isinstance(node, nodes.Mod) and _literal_text(node.left):
        right = node.right
        return "'%' formatting", (right.items if isinstance(right, nodes.Tuple) else [right])
    if isinstance(node, nodes.Filter) and node.name == "format":
        return "the format filter", list(node.args) + [k.value for k in node.kwargs]
    if isinstance(node, nodes.Call) and isinstance(node.node, nodes.Getattr) and \
            node.node.attr in ("format", "format_map") and _literal_text(node.node.node):
        return f"str.{node.node.attr}", list(node.args) + [k.value for k in node.kwargs]
    return None


def _literal(node) -> bool:
    """A value written in the text itself: a constant, or a list, tuple or record of them."""
    if isinstance(node, (nodes.List, nodes.Tuple)):
        return all(_literal(item) for item in node.items)
    if isinstance(node, nodes.Dict):
        return all(_literal(pair.key) and _literal(pair.value) for pair in node.items)
    return isinstance(node, nodes.Const)


def _literal_text(node) -> bool:
    return isinstance(node, nodes.Const) and isinstance(node.value, str)


def _once_per_line(found: list) -> list:
    """One message per line and kind: ``a + b + c`` is one mistake, not two."""
    seen, kept = set(), []
    for line, message in found:
        if (line, message) not in seen:
            seen.add((line, message))
            kept.append((line, message))
    return sorted(kept, key=lambda item: item[0] or 0)


def _range_loop_targets(loops: list) -> frozenset:
    """Names bound by ``{% for name in range(...) %}``: loop counters, not values."""
    names = set()
    for loop in loops:
        call = loop.iter
        if isinstance(call, nodes.Call) and isinstance(call.node, nodes.Name) and call.node.name == "range":
            names.update(n.name for n in loop.target.find_all(nodes.Name))
            if isinstance(loop.target, nodes.Name):
                names.add(loop.target.name)
    return frozenset(names)


def _counts_only(node: nodes.Node, counters: frozenset) -> bool:
    """True when ``node`` is integer counting: literals, ``loop.*`` and range-loop variables."""
    if isinstance(node, nodes.Const):
        return isinstance(node.value, int) and not isinstance(node.value, bool)
    if isinstance(node, nodes.Name):
        return node.name in counters
    if isinstance(node, nodes.Getattr):
        return isinstance(node.node, nodes.Name) and node.node.name == "loop"
    if isinstance(node, (nodes.Div, nodes.Pow)):
        return False
    if isinstance(node, nodes.BinExpr):
        return _counts_only(node.left, counters) and _counts_only(node.right, counters)
    if isinstance(node, nodes.UnaryExpr):
        return _counts_only(node.node, counters)
    return False


def _math_filter(node: nodes.Filter):
    """The maths filter ``node`` applies (``x | float``, ``xs | map('float')``), or None."""
    if node.name in MATH_FILTERS:
        return node.name
    if node.name in ("map", "select", "reject") and node.args:
        first = node.args[0]
        if isinstance(first, nodes.Const) and first.value in MATH_FILTERS:
            return first.value
    return None
