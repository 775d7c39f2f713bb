"""Which drawn values a student can see, and which values anything reads: an
answer that depends on a drawn parameter no text of the question prints (one it
only tests, ``{% if a > 3 %}``, is not seen) cannot be worked out (a problem), and
a parameter or let nothing reads is a slip or a leftover (a warning; such a
parameter makes "distinct" variants that are one question). Read from the
template alone, through the graph of names its parameters, lets and texts read."""

from __future__ import annotations

import jinja2
from jinja2 import meta, nodes

from quizgen.bank.model import Template
from quizgen.bank.texts import figure_sources, text_sources
from quizgen.marking.recipes import part_paths
from quizgen.maths.tree import names_in
from quizgen.text.render import text_environment
from quizgen.text.words import and_list
from quizgen.validation.problems import problem_at
from quizgen.validation.text import names_used


def depends_on(template: Template) -> dict:
    """``{name: names it is worked from}`` for every parameter and let (a drawn
    parameter's are the bounds or options it reads, usually none)."""
    graph = {p.name: set().union(*map(names_in, p.compiled.values())) for p in template.params}
    graph.update({name: names_in(node) for name, node in template.lets})
    return graph


def _closure(names, graph: dict) -> set:
    """``names`` and every name they are worked from, however indirectly."""
    found, stack = set(), list(names)
    while stack:
        name = stack.pop()
        if name not in found:
            found.add(name)
            stack += graph.get(name, ())
    return found


def _text_names(sources) -> set:
    found = set()
    for _, source in sources:
        try:
            found |= {name for name, _ in names_used(source)}
        except jinja2.TemplateError:   # a text that does not parse is the text checks' problem
            continue
    return found


_TESTED = (nodes.Compare, nodes.Test, nodes.Not)
"""Expressions whose value is a yes or no: a name read only in one is tested, not printed."""


def printed_names(source: str) -> set:
    """The names whose value, or a value worked from it, ``source`` prints in a
    ``{{ }}`` output: through filters and calls (``{{ "%s" | format(a) }}``), a
    ``{% set %}``, a ``{% for %}`` or a macro's argument, and a name a condition
    tells equal to a constant (``{% if y == 1 %}IsNext{% else %}NotNext{% endif %}``:
    the text it picks says which value); not a name only tested otherwise
    (``{% if a > 3 %}``, the condition of ``{{ x if a > 3 else y }}``), nor one printed
    only in a macro the text never calls (it prints nothing)."""
    tree = text_environment().parse(source)
    macros = {m.name: [arg.name for arg in m.args] for m in tree.find_all(nodes.Macro)}
    flows = {}   # a name the text sets: the names its value is worked from
    for node in tree.find_all((nodes.Assign, nodes.For)):
        value = node.node if isinstance(node, nodes.Assign) else node.iter
        for target in node.target.find_all(nodes.Name) if not isinstance(node.target, nodes.Name) else [node.target]:
            flows.setdefault(target.name, set()).update(_value_names(value, macros))
    for call in tree.find_all(nodes.Call):
        for param, arg in zip(macros.get(getattr(call.node, "name", None), ()), call.args):
            flows.setdefault(param, set()).update(_value_names(arg, macros))
    reached = _reached(tree)
    printed = {name for compare in reached if isinstance(compare, nodes.Compare) for name in _told_equal(compare)}
    for output in (node for node in reached if isinstance(node, nodes.Output)):
        for expr in output.nodes:
            printed |= _value_names(expr, macros)
    return _closure(printed, flows) & meta.find_undeclared_variables(tree)


def _reached(tree) -> list:
    """The nodes a render of ``tree`` can reach: its own, and those of each macro it calls (from
    a part it reaches); a macro never called renders nothing, so what it prints is not shown."""
    macros = {m.name: m for m in tree.find_all(nodes.Macro)}
    bodies, called, found = [tree], set(), []
    while bodies:
        for node in _outside_macros(bodies.pop()):
            found.append(node)
            name = getattr(node.node, "name", None) if isinstance(node, nodes.Call) else None
            if name in macros and name not in called:
                called.add(name)
                bodies.append(macros[name])
    return found


def _outside_macros(node):
    """The nodes under ``node``, not entering a macro defined there (its body renders only when called)."""
    stack = list(node.iter_child_nodes())
    while stack:
        child = stack.pop()
        yield child
        if not isinstance(child, nodes.Macro):
            stack += child.iter_child_nodes()


def _told_equal(compare) -> set:
    """The name ``compare`` holds equal (or not equal) to a constant, ``y == 1``, or none."""
    operands = [compare.expr] + [op.expr for op in compare.ops]
    if len(operands) != 2 or compare.ops[0].op not in ("eq", "ne"):
        return set()
    names = [n.name for n in operands if isinstance(n, nodes.Name)]
    return set(names) if len(names) == 1 and any(isinstance(n, nodes.Const) for n in operands) else set()


def _value_names(expr, macros: dict) -> set:
    """The names ``expr``'s value is worked from: not those only tested, nor a macro's
    arguments (its body says which it prints)."""
    found, stack = set(), [expr]
    while stack:
        node = stack.pop()
        if isinstance(node, nodes.Name) and node.ctx == "load":
            found.add(node.name)
        elif isinstance(node, nodes.CondExpr):
            stack += [n for n in (node.expr1, node.expr2) if n is not None]
        elif isinstance(node, nodes.Call) and getattr(node.node, "name", None) in macros:
            continue
        elif not isinstance(node, (nodes.TemplateData,) + _TESTED):
            stack += list(node.iter_child_nodes())
    return found


def _printed(sources) -> set:
    found = set()
    for _, source in sources:
        try:
            found |= printed_names(source)
        except jinja2.TemplateError:   # a text that does not parse is the text checks' problem
            continue
    return found


def _question_sources(template: Template) -> list:
    """The texts a student reads the question in: the stem, the asks and the figure's."""
    sources = [(("stem",), template.stem)] + [(("parts", i, "ask"), p.ask) for i, p in enumerate(template.parts)]
    return sources + list(figure_sources(template))


def shown_names(template: Template) -> set:
    """The names a student sees the value of, or of a value worked from it: those
    the stem, the asks and the figure print (not those they only test), and every
    name those are worked from."""
    names = _printed(_question_sources(template))
    for node in (template.figure, template.figure_shown):
        names |= names_in(node) if node is not None else set()
    return _closure(names, depends_on(template))


def unshown_problems(template: Template) -> list:
    """A problem at each drawn parameter that some part's answer depends on (through
    the lets) while no text of the question prints it, nor any value worked from it
    (one the text only tests, ``{% if a > 3 %}``, is named as such)."""
    graph, shown = depends_on(template), shown_names(template)
    tested = _closure(_text_names(_question_sources(template)), graph)
    drawn = [p.name for p in template.params if p.kind != "value"]
    needed = {}
    for part in template.parts:
        reads = names_in(part.answer) if part.answer is not None else _text_names(
            (((), word) for word in part.accept))
        for name in _closure(reads, graph):
            needed.setdefault(name, []).append(part.name)
    return [problem_at(template.path, ("params", name), _unshown(name, needed[name], name in tested))
            for name in drawn if name in needed and name not in shown]


def _unshown(name: str, parts: list, tested: bool) -> str:
    if not tested:
        return (f"the answer of {_parts(parts)} depends on {name}, which no text of the question shows (stem, "
                f"asks, figure), nor any value worked from it: a student cannot work it out; show {name} in the stem")
    return (f"the answer of {_parts(parts)} depends on {name}, which the question's text (stem, asks, figure) "
            f"only tests in a condition ({{% if %}}) and never prints ({{{{ {name} }}}}), nor any value worked "
            f"from it: unless the text a condition picks says its value, a student cannot work it out; print "
            f"{name} in the stem")


def _parts(names: list) -> str:
    return ("part " if len(names) == 1 else "parts ") + and_list(names)


def unused_warnings(template: Template) -> list:
    """A warning at each parameter and let that nothing reads: no text, answer,
    trap, constraint, let, other parameter, route or figure; a let whose expression
    is a step inside an answer is read too (carried rounding rounds there)."""
    reads = _text_names(list(text_sources(template)) + list(figure_sources(template)))
    nodes = [node for _, node in template.lets] + [node for _, node in template.constraints]
    nodes += [v for p in template.params for v in p.compiled.values()]
    nodes += [template.figure, template.figure_shown]
    for part in template.parts:
        nodes += [part.answer, part.choices] + [t.value for t in part.traps] + [t.when for t in part.traps]
    nodes += [route for routes in template.ecf_also.values() for route in routes]
    for node in nodes:
        reads |= names_in(node) if node is not None and not isinstance(node, str) else set()
    reads |= set(template.distinct_on_paper)
    names = [("params", p.name, "parameter") for p in template.params]
    names += [("let", name, "let") for name, _ in template.lets]
    if any(name not in reads for section, name, _ in names if section == "let"):
        try:
            reads |= {name for recipe in part_paths(template).values() for name, _ in recipe.intermediates}
        except RecursionError:   # lets nested past what Python works through: the draws' checks say so
            return []
    return [problem_at(template.path, (section, name), (
        f"warning: the {what} {name} is never read (by a text, an answer, a trap, a constraint or another "
        f"value): remove it, or use it where it was meant to be"))
        for section, name, what in names if name not in reads]
