"""Checks on a template's text before anything is drawn: YAML words read as
booleans, and names and filters the Jinja2 text uses that do not exist."""

from __future__ import annotations

from functools import lru_cache

import yaml
from jinja2 import meta, nodes

from quizgen.bank.model import Template
from quizgen.bank.yamlfile import composed_tree
from quizgen.text.render import text_environment
from quizgen.bank.texts import text_sources
from quizgen.errors import TemplateError, TemplateProblems
from quizgen.wording import did_you_mean
from quizgen.validation.problems import Problem, problem_at, shown

_BOOL_TAG = "tag:yaml.org,2002:bool"
BOOLEAN_SETTINGS = {"distinct", "in_order"}


def yaml_word_problems(path) -> list:
    """Words YAML silently turns into true/false (unquoted on, off, yes, no):
    ``[sat, on, the]`` would print "yes" for "on"."""
    root = composed_tree(path)   # composed once per version of the file, for the problems' lines too
    if root is None:
        return []
    problems, stack, seen = [], [((), root)], set()
    while stack:
        keys, node = stack.pop()
        if id(node) in seen:
            continue  # an alias: its node was (or will be) checked where it is defined
        seen.add(id(node))
        if isinstance(node, yaml.MappingNode):
            stack += [(keys + (k.value,), v) for k, v in node.value if k.value not in BOOLEAN_SETTINGS]
        elif isinstance(node, yaml.SequenceNode):
            stack += [(keys + (i,), v) for i, v in enumerate(node.value)]
        elif node is not None and node.tag == _BOOL_TAG and node.value.lower() not in ("true", "false"):
            key = ".".join(map(str, keys)) or None
            problems.append(Problem(shown(path), node.start_mark.line + 1, key,
                                    f"YAML reads the unquoted word {node.value!r} as true/false; "
                                    f"write \"{node.value}\" in quotes"))
    return problems


def text_problems(template: Template) -> list:
    """Names the template's text uses that do not exist (filters, tests and
    arithmetic are checked when the template is loaded: bank.text_rules)."""
    known = {p.name for p in template.params} | {name for name, _ in template.lets} | set(text_environment().globals)
    problems = []
    for keys, source in text_sources(template):
        for name, line in names_used(source):
            if name not in known:
                problems.append(problem_at(template.path, keys, f"undefined name {name!r} in the text"
                                         f"{did_you_mean(name, known)}", line))
    return problems


@lru_cache(maxsize=4096)
def names_used(source: str) -> tuple:
    """``(name, first line)`` of each name ``source`` reads and does not set,
    sorted: parsed once per text (every drill checks the whole bank's texts
    before its first question)."""
    tree = text_environment().parse(source)
    lines = ((name, _first_line(tree, nodes.Name, lambda n, name=name: n.name == name and n.ctx == "load"))
             for name in sorted(meta.find_undeclared_variables(tree)))
    return tuple((name, line) for name, line in lines if line is not None)   # set in a branch, never read: no use


def _first_line(tree, kind, wanted):
    lines = [node.lineno for node in tree.find_all(kind) if wanted(node)]
    return min(lines) if lines else None


def check_texts(templates) -> None:
    """Refuse templates whose text names something they do not define (the
    check validate makes), before the drill asks anything."""
    problems = [p for t in templates for p in text_problems(t)]
    if problems:
        raise TemplateProblems([TemplateError(p.message, p.path, p.line, p.key) for p in problems])
