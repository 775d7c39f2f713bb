"""Reading a template file's YAML: the safe loader only, with errors (and
the line of any key) located in the file."""

from __future__ import annotations

import math
import stat
import unicodedata
from functools import lru_cache
from pathlib import Path

import yaml

from quizgen.errors import BankLimitError, TemplateError
from quizgen.key.checks import surrogate_problem
from quizgen.safe_yaml import MAX_VALUES, TOO_MANY_VALUES, NotText, error_line, loop_words, safe_load, yaml_text
from quizgen.text.tex_commands import tex_problem
from quizgen.text.tex_markdown import alignment_outside_maths
from quizgen.text.unprintable import DIRECTION_WHY, direction_control
from quizgen.yaml_size import AliasLoop, TooDeep, TooManyValues

__all__ = ["MAX_FILE_BYTES", "line_in_text", "locate_line", "odd_scalar", "read_yaml", "safe_load"]

# A template file is a few kilobytes; a megabyte is far above any real one.
MAX_FILE_BYTES = 1 << 20


def _read_text(path: Path) -> str:
    """A template file's text: a regular file (a FIFO or /dev/zero would hang or
    fill memory) of at most MAX_FILE_BYTES, in UTF-8 (or UTF-16 or UTF-32 with a
    byte-order mark: safe_yaml.yaml_text)."""
    try:
        if not stat.S_ISREG(path.stat().st_mode):
            raise TemplateError("cannot read: not a regular file", path=path)
        with path.open("rb") as handle:
            data = handle.read(MAX_FILE_BYTES + 1)
        if len(data) > MAX_FILE_BYTES:
            raise BankLimitError(f"the file's size exceeds the limit of {MAX_FILE_BYTES:,} bytes "
                                 "(see docs/authoring.md)", path=path)
    except OSError as exc:
        raise TemplateError(f"cannot read: {exc}", path=path) from exc
    try:
        return yaml_text(data)
    except NotText as exc:
        raise TemplateError(str(exc), path=path, line=exc.line) from exc


_YAML_HINTS = (
    ("scanning a quoted scalar", "a quote opened there is never closed"),
    ("mapping values are not allowed", "check this line's indentation against the lines above, and put a "
                                        "text holding ': ' in quotes"),
    ("expected <block end>", "check this line's indentation against the lines above, and that the quotes "
                             "on the lines above are closed"),
    ("could not find expected ':'", "a line needs 'key: value' (a line indented less than the text above it "
                                    "ends that text), or a quote on the line above is not closed"),
    ("expected ',' or ']'", "a [ list is not closed with ]"),
    ("expected ',' or '}'", "a { mapping is not closed with }"),
    ("found character '\\t'", "YAML indents with spaces only: replace the tab on this line with spaces"),
)
"""What to do about PyYAML's commonest messages, in an author's words."""


def _yaml_hint(problem: str) -> str:
    """``; <what to do>`` for a PyYAML problem this module knows, else ""."""
    return next((f"; {hint}" for words, hint in _YAML_HINTS if words in problem), "")


def read_yaml(path) -> dict:
    """A template file's YAML, parsed with the safe loader."""
    path = Path(path)
    text = _read_text(path)
    try:
        data = safe_load(text)
    except RecursionError as exc:
        raise TemplateError("invalid YAML: lists or mappings nested too deeply to read "
                            "(a template needs a few levels)", path=path) from exc
    except AliasLoop as exc:
        raise TemplateError(f"invalid YAML: {loop_words(exc)}", path=path, line=exc.line) from None
    except TooDeep as exc:
        raise TemplateError(f"invalid YAML: lists or mappings nested too deeply to read (more than {exc.depth} "
                            "levels; a template needs a few)", path=path, line=exc.line) from None
    except TooManyValues as exc:   # the words schema's check of a built template gives
        raise BankLimitError(f"{TOO_MANY_VALUES} exceeds the limit of {MAX_VALUES:,} (see docs/authoring.md)",
                             path=path, line=exc.line, key=exc.key) from None
    except yaml.YAMLError as exc:
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        context, start = getattr(exc, "context", None), getattr(exc, "context_mark", None)
        line = _mistake_line(exc, problem, text)
        if context and start and start.line + 1 != line:
            problem += f" ({context} that starts on line {start.line + 1})"
        raise TemplateError(f"invalid YAML: {problem}{_yaml_hint(problem)}", path=path, line=line) from exc
    if not isinstance(data, dict):
        raise TemplateError("a template must be a YAML mapping", path=path, line=1)
    return data


def _mistake_line(exc, problem: str, text: str):
    """The line of the mistake a YAML error names: where it was noticed, but for a line with no
    ``key:`` the line itself (the simple key's start), as YAML notices it only where the plain text
    the line starts ends (a stem's line indented less than the text above it and the lines after it)."""
    start = getattr(exc, "context_mark", None)
    if start is not None and problem.startswith("could not find expected ':'"):
        return start.line + 1
    return error_line(exc, text)


def locate_line(path, keys: tuple, text_line=None):
    """The line of the YAML node at ``keys`` (a path of mapping keys and list
    indexes; a mapping entry is found at its key), or of its nearest existing
    parent; None if the file cannot be read. ``text_line`` (1-based) is a line
    inside that node's text, for problems in multi-line text such as a stem."""
    return _line_at(_composed(Path(path)), keys, text_line)


def line_in_text(text: str, keys: tuple):
    """``locate_line`` for YAML already read as ``text`` (a policy file)."""
    return _line_at(_compose_text(text), keys)


def _line_at(composed: tuple, keys: tuple, text_line=None):
    """The line ``locate_line`` finds in a composed ``(readable, node tree)``."""
    readable, node = composed
    if not readable:
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


def composed_tree(path):
    """A template file's YAML node tree, None when it cannot be read or composed:
    the one composition of that version of the file that the problem lines use too
    (libyaml's, where the pure-Python composer takes half a minute on a 1 MiB list)."""
    return _composed(Path(path))[1]


def _composed(path: Path) -> tuple:
    """``(readable, node tree)`` of a template file; one version of a file is
    read and composed once, as validate asks for the lines of many problems in it."""
    try:
        found = path.stat()
        if not stat.S_ISREG(found.st_mode) or found.st_size > MAX_FILE_BYTES:
            return False, None
        return _composed_version(str(path), found.st_ino, found.st_size, found.st_mtime_ns)
    except (OSError, NotText):
        return False, None


@lru_cache(maxsize=16)
def _composed_version(path: str, _inode: int, _size: int, _mtime_ns: int) -> tuple:
    """``_composed`` of one version of a file (the stat fields key the cache)."""
    return _compose_text(yaml_text(Path(path).read_bytes()))


_COMPOSER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's safe loader where PyYAML has it: it finds a line in a 1 MiB file
of a huge list in seconds, where the pure-Python one takes half a minute."""


@lru_cache(maxsize=16)
def _compose_text(text: str) -> tuple:
    """libyaml refuses an escape PyYAML's loader reads (``"\\uD800"``, half a
    UTF-16 pair, refused later with its line): the pure-Python one composes it."""
    try:
        return True, yaml.compose(text, Loader=_COMPOSER)
    except yaml.YAMLError as exc:
        if _COMPOSER is yaml.SafeLoader or "invalid Unicode character escape" not in str(exc):
            return False, None
    except RecursionError:
        return False, None
    try:
        return True, yaml.compose(text, Loader=yaml.SafeLoader)
    except (yaml.YAMLError, RecursionError):
        return False, None


def _child(node, key):
    """``(key node, value node)`` of ``key`` in a composed mapping or list, else
    ``(None, None)``. A mapping's entries are indexed once, so finding the lines of
    many keys in a large mapping stays linear."""
    if isinstance(node, yaml.MappingNode):
        index = getattr(node, "quizgen_index", None)
        if index is None:
            index = {}
            for key_node, value_node in node.value:
                if isinstance(key_node, yaml.ScalarNode):
                    index.setdefault(key_node.value, (key_node, value_node))
            node.quizgen_index = index
        return index.get(str(key), (None, None))
    if isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
        return None, node.value[key]
    return None, None


def _odd(value):
    """What is wrong with one scalar no template may hold, or None."""
    if isinstance(value, float) and not math.isfinite(value):
        return f"expected a finite number, not {value!r} (a .nan or .inf has no exact value)"
    if isinstance(value, str):
        bad = next((c for c in value if unicodedata.category(c) == "Cc" and c not in "\t\n\r"), None)
        if bad is not None:
            return f"text holds the control character U+{ord(bad):04X}, which no paper can print"
        direction = direction_control(value)
        if direction is not None:
            return f"text holds {direction}, {DIRECTION_WHY}"
        lone = surrogate_problem(value)
        if lone is not None:
            return lone
        tex = tex_problem(value)   # refused_tex's commands first, then any the list lacks, then lengths
        if tex is not None:
            return f"text {tex}"
        alignment = alignment_outside_maths(value)
        if alignment is not None:
            return (f"text uses {alignment} outside maths, where its & would print as a character; "
                    f"put it inside \\[ ... \\] (or $ ... $)")
    return None


def odd_scalar(data):
    """The key path, problem and line in its text (``_text_line``) of the first non-finite number, control
    character or lone surrogate anywhere in a template's data, else None. Iterative, so deep
    nesting cannot exhaust the stack; shared (aliased) nodes are seen once, texts
    too: one long text repeated by aliases is read once, not once per alias
    (``data`` holds each object, so an id is not reused while this runs)."""
    stack, seen = [((), data)], set()
    while stack:
        keys, item = stack.pop()
        if isinstance(item, (dict, list, str)):
            if id(item) in seen:
                continue
            seen.add(id(item))
        if isinstance(item, (dict, list)):
            pairs = item.items() if isinstance(item, dict) else enumerate(item)
            stack.extend(((*keys, k), v) for k, v in reversed(list(pairs)))
            if isinstance(item, dict):
                stack.extend(((*keys, k), k) for k in reversed(list(item)))
            continue
        problem = _odd(item)
        if problem:
            return keys, problem, _text_line(item, problem)
    return None


def _text_line(value, problem: str):
    """The line (1-based) inside a multi-line text ``value`` of what ``problem`` names (its
    refused TeX command, its control character), or None: a stem's mistake is told at its own
    line, not at ``stem: |``."""
    if not isinstance(value, str) or "\n" not in value:
        return None
    bad = next((c for c in value if unicodedata.category(c) == "Cc" and c not in "\t\n\r"), None)
    named = problem[len("text uses "):].split(":", 1)[0] if problem.startswith("text uses ") else bad
    at = value.find(named) if named else -1
    return value.count("\n", 0, at) + 1 if at >= 0 else None
