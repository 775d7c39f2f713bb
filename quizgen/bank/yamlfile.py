"""Reading a template file's YAML: the safe loader only, with errors (and
the line of any key) located in the file."""

from __future__ import annotations

from pathlib import Path

import yaml

from quizgen.errors import TemplateError


def safe_load(text: str):
    """``yaml.safe_load``, through libyaml's safe loader when PyYAML has it: the
    same safe subset of YAML (no Python objects), parsed ten times faster. A
    broken file is parsed again by ``yaml.safe_load`` for its clearer message."""
    if getattr(yaml, "__with_libyaml__", False):
        try:
            return yaml.load(text, Loader=yaml.CSafeLoader)
        except yaml.YAMLError:
            pass
    return yaml.safe_load(text)


def read_yaml(path) -> dict:
    """A template file's YAML, parsed with the safe loader."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise TemplateError(f"cannot read: {exc}", path=path) from exc
    try:
        data = safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark else None
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context, start = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        if context and start and start.line + 1 != line:
            problem += f" ({context} that starts on line {start.line + 1})"
        raise TemplateError(f"invalid YAML: {problem}", path=path, line=line) from exc
    if not isinstance(data, dict):
        raise TemplateError("a template must be a YAML mapping", path=path, line=1)
    return data


def locate_line(path, keys: tuple, text_line=None):
    """The line of the YAML node at ``keys`` (a path of mapping keys and list
    indexes; a mapping entry is found at its key), or of its nearest existing
    parent; None if the file cannot be read. ``text_line`` (1-based) is a line
    inside that node's text, for problems in multi-line text such as a stem."""
    try:
        node = yaml.compose(Path(path).read_text(encoding="utf-8"), Loader=yaml.SafeLoader)
    except (OSError, UnicodeDecodeError, yaml.YAMLError):
        return None
    line = node.start_mark.line + 1 if node is not None else None
    for key in keys:
        key_node, child = _child(node, key)
        if child is None:
            return line
        node, line = child, (key_node or child).start_mark.line + 1
    if text_line and isinstance(node, yaml.ScalarNode):
        block = node.style in ("|", ">")
        line = node.start_mark.line + text_line + (1 if block else 0)
    return line


def _child(node, key):
    if isinstance(node, yaml.MappingNode):
        for key_node, value_node in node.value:
            if key_node.value == str(key):
                return key_node, value_node
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return None, node.value[key]
    return None, None
