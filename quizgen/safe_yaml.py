"""YAML read with the safe loader only, refusing a mapping that names one key
twice and an integer of more than MAX_INT_DIGITS digits, and reading no
number other than the one written: no base-60, hexadecimal, octal or binary
form, no ``_`` between digits, no non-zero number read as 0 or a finite one as
infinity. The one loader for every YAML file a user gives (templates,
the ``--policy`` file), its bytes decoded by one rule (``yaml_text``) and its
errors' lines found by one (``error_line``). Imports only PyYAML, byte_order and yaml_size, so every layer can use it."""

from __future__ import annotations

import math
import re

import yaml

from quizgen.byte_order import bom_encoding
from quizgen.yaml_size import TooDeep, refuse_too_many_values


class _UniqueKeys:
    """A safe constructor that refuses a mapping naming one key twice: plain
    PyYAML keeps the last silently, so ``points: 2`` then ``points: 3`` would
    quietly change the question. Merged keys (``<<: *base``) may still be
    overridden, as YAML intends."""

    def construct_mapping(self, node, deep=False):
        if isinstance(node, yaml.MappingNode):
            seen = {}
            for key_node, _ in node.value:
                if key_node.tag == "tag:yaml.org,2002:merge" or not isinstance(key_node, yaml.ScalarNode):
                    continue
                key = self.construct_object(key_node)
                if key in seen:
                    raise yaml.constructor.ConstructorError(
                        None, None, f"duplicate key {key!r} (first given on line {seen[key]})",
                        key_node.start_mark)
                seen[key] = key_node.start_mark.line + 1
        return super().construct_mapping(node, deep=deep)


MAX_INT_DIGITS = 100
"""The most digits an integer in a user's YAML may have: far more than any field
needs (a point total, a seed, a vocabulary size), and far below Python's
4,300-digit limit on reading and printing an integer, which a longer one
met as a traceback."""

_INT = re.compile(r"""^(?:[-+]?0b[0-1_]+
                    |[-+]?0[0-7_]+
                    |[-+]?(?:0|[1-9][0-9_]*)
                    |[-+]?0x[0-9a-fA-F_]+)$""", re.X)
_FLOAT = re.compile(r"""^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?
                    |\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?
                    |[-+]?\.(?:inf|Inf|INF)
                    |\.(?:nan|NaN|NAN))$""", re.X)
"""PyYAML's int and float resolvers without YAML 1.1's base-60 forms (``1:30``
as 90): no field is written so, a time such as ``12:30`` stays text, and
reading a long one (``1:59:59:...``) took PyYAML quadratic time."""

_NO_BASE_60 = {"tag:yaml.org,2002:int": _INT, "tag:yaml.org,2002:float": _FLOAT}


class _Numbers:
    """A safe constructor whose integers have at most MAX_INT_DIGITS digits and
    no base-60 form, refused with the scalar's line (also under ``!!int``)."""

    yaml_implicit_resolvers = {
        first: [(tag, _NO_BASE_60.get(tag, regexp)) for tag, regexp in resolvers]
        for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()}

    def construct_yaml_int(self, node):
        """The integer ``node`` holds, once its length and form are checked: plain
        decimal only, as the number a reader sees is the one the file must mean."""
        text = self.construct_scalar(node)
        if ":" in text:
            raise yaml.constructor.ConstructorError(
                None, None, "a base-60 number (such as 1:30), which quizgen does not read; "
                "write the number in decimal", node.start_mark)
        digits = len(re.sub(r"^[-+]?(?:0[xXbB])?", "", text).replace("_", ""))
        if digits > MAX_INT_DIGITS:
            raise yaml.constructor.ConstructorError(
                None, None, f"an integer of {digits:,} digits; at most {MAX_INT_DIGITS} digits are read",
                node.start_mark)
        value = _read_number(lambda: super(_Numbers, self).construct_yaml_int(node), "an integer", text, node)
        if not _PLAIN_INT.fullmatch(text):
            raise yaml.constructor.ConstructorError(
                None, None, f"{text[:40]!r} is not a plain decimal number: YAML 1.1 reads it as {value} "
                f"({_int_form(text)}); write {value} if that is meant, or quote it if it is text",
                node.start_mark)
        return value

    def construct_yaml_float(self, node):
        """The float ``node`` holds, refusing a base-60 one (``!!float 1:30.0``), one
        with a ``_`` and one read as 0 or infinity that is neither as written."""
        text = self.construct_scalar(node)
        if ":" in text:
            raise yaml.constructor.ConstructorError(
                None, None, "a base-60 number (such as 1:30.5), which quizgen does not read; "
                "write the number in decimal",
                node.start_mark)
        value = _read_number(lambda: super(_Numbers, self).construct_yaml_float(node), "a number", text, node)
        if "_" in text:
            raise yaml.constructor.ConstructorError(
                None, None, f"{text[:40]!r} is not a plain decimal number: YAML 1.1 reads it as {value!r} "
                "(its '_' dropped); write that if it is meant, or quote it if it is text", node.start_mark)
        _refuse_out_of_range(value, text, node)
        return value


_PLAIN_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)")
"""An integer as people write it: decimal digits, no ``0x``/``0b``/leading-0 (octal) form and
no ``_`` (YAML 1.1 reads ``0x10`` as 16, ``010`` as 8, ``1_0`` as 10)."""


def _int_form(text: str) -> str:
    """The YAML 1.1 reading an integer's ``text`` got, in words, for a message."""
    body = text.lstrip("+-")
    if body[:2] in ("0x", "0X"):
        return "hexadecimal"
    if body[:2] in ("0b", "0B"):
        return "binary"
    if len(body) > 1 and body[0] == "0":
        return "octal, for its leading 0"
    return "its '_' dropped"


def _refuse_out_of_range(value: float, text: str, node) -> None:
    """Refuse a float whose written digits are not 0 but read as 0 (``1e-400``:
    below the smallest float) or that is finite as written but reads as
    infinity (``1e400``): the value would not be the number the file states."""
    mantissa = re.split("[eE]", text, maxsplit=1)[0]
    if value == 0 and re.search("[1-9]", mantissa):
        problem = "too small to be held as a number and would be read as 0"
    elif math.isinf(value) and "inf" not in text.lower():
        problem = "too large to be held as a number and would be read as infinity"
    else:
        return
    raise yaml.constructor.ConstructorError(
        None, None, f"{text[:40]!r} is {problem}; write the number meant", node.start_mark)


def _read_number(construct, what: str, text: str, node):
    """``construct()``, PyYAML's reading of a number; a text tagged as one that
    is none (``!!int abc``, ``!!float ""``) refused with the scalar's line."""
    try:
        return construct()
    except (ValueError, IndexError) as exc:
        raise yaml.constructor.ConstructorError(
            None, None, f"{text[:40]!r} is tagged as {what} but is not one", node.start_mark) from exc


def _guarded(loader):
    """``loader`` with _Numbers' constructors for ints and floats: PyYAML looks
    a tag's constructor up in a table, not by method name."""
    if loader is not None:
        loader.add_constructor("tag:yaml.org,2002:int", _Numbers.construct_yaml_int)
        loader.add_constructor("tag:yaml.org,2002:float", _Numbers.construct_yaml_float)
    return loader


@_guarded
class _SafeLoader(_UniqueKeys, _Numbers, yaml.SafeLoader):
    """PyYAML's pure-Python safe loader, refusing duplicate keys and long or base-60 numbers."""


_FastLoader = _guarded(type("_FastLoader", (_UniqueKeys, _Numbers, yaml.CSafeLoader), {})
                       if hasattr(yaml, "CSafeLoader") else None)

_EXPONENT_FLOAT = re.compile(r"^[-+]?(?:[0-9]++(?:\.[0-9]*+)?|\.[0-9]++)[eE][-+]?[0-9]++$")
"""A plain number in e-notation (``5e-1``, ``2.5E2``): YAML 1.1, which PyYAML
reads, takes it for text unless it has a dot and a signed exponent (``5.0e-1``).
Its runs of digits are taken whole (``++``): digits, a point or none, digits split a run
every way, and a policy scalar of 2,000 digits took 1.5 s (a ReDoS)."""


def _exponent_floats(loader):
    """``loader`` also reading an unquoted e-notation number as a float."""
    if loader is None:
        return None
    reading = type(loader.__name__ + "Exponent", (loader,), {})
    reading.add_implicit_resolver("tag:yaml.org,2002:float", _EXPONENT_FLOAT, list("-+0123456789."))
    return reading


_LOADERS = {False: (_FastLoader, _SafeLoader),
            True: (_exponent_floats(_FastLoader), _exponent_floats(_SafeLoader))}


_LIBYAML_TOO_DEEP = "exceeded maximum nesting depth"
"""libyaml's refusal of lists nested 1,000 deep, met while it looks ahead on
one line (``[[[...``) before its events reach MAX_DEPTH."""


def safe_load(text: str, exponent_floats: bool = False):
    """``yaml.safe_load`` refusing duplicate keys, through libyaml's safe loader
    when PyYAML has it: the same safe subset of YAML (no Python objects), parsed
    ten times faster. A broken file is parsed again by the pure-Python loader
    for its clearer message. A top-level entry holding more than MAX_VALUES
    values is refused (yaml_size.TooManyValues) from the parser's events, before any of
    it is built, and lists or mappings nested more than MAX_DEPTH deep
    (yaml_size.TooDeep) before either parser reads deeper. With ``exponent_floats`` an unquoted ``5e-1`` is
    the number 0.5, not text (templates keep YAML 1.1's reading)."""
    fast, careful = _LOADERS[exponent_floats]
    if fast is not None:
        try:
            refuse_too_many_values(text, fast, MAX_VALUES, MAX_DEPTH)
            return yaml.load(text, Loader=fast)
        except yaml.YAMLError as exc:
            if getattr(exc, "problem", None) == _LIBYAML_TOO_DEEP:   # its scanner read far ahead of the events
                raise TooDeep(MAX_DEPTH, error_line(exc, text)) from None
    refuse_too_many_values(text, careful, MAX_VALUES, MAX_DEPTH)
    return yaml.load(text, Loader=careful)


MAX_VALUES = 100_000
"""The most values one top-level entry of a user's YAML (a template's, a
policy's) may hold with its aliases written out: an alias bomb of a few hundred
bytes is read as shared objects, but any walk over it (a check, a message's
repr) meets every copy."""


MAX_DEPTH = 50
"""The deepest lists and mappings in a user's YAML may nest (the top-level
mapping is 1): a template needs about six levels. Checked from the parser's
events as they come, so the pure-Python parser, whose time grows with the
square of the depth, never reads deeper than this."""


def yaml_values(data, cap: int = MAX_VALUES) -> int:
    """How many values ``data`` holds with YAML aliases written out (an alias
    bomb is small in the file and huge when used), stopping once past ``cap``."""
    sizes = {}

    def size(item) -> int:
        if not isinstance(item, (dict, list)):
            return 1
        key = id(item)
        if key not in sizes:
            sizes[key] = cap + 1  # a cycle counts as too big
            children = list(item.values()) + list(item.keys()) if isinstance(item, dict) else item
            total = 1
            for child in children:
                total += size(child)
                if total > cap:
                    break
            sizes[key] = total
        return sizes[key]

    try:
        return size(data)
    except RecursionError:
        return cap + 1


def loop_words(exc) -> str:
    """The words of the refusal of an alias inside its own anchor (yaml_size.AliasLoop), one for every YAML file."""
    return (f"the alias *{exc.anchor} is used inside its own anchor &{exc.anchor}, a loop: its copies would never "
            "end; write the values out, or point the alias at another anchor")


TOO_MANY_VALUES = "the number of values (each YAML alias counted as its copy)"
"""The words of the refusal of an entry over MAX_VALUES, one for every YAML file."""


_LINE_BREAK = re.compile("\r\n|[\n\r\x85\u2028\u2029]")   # what PyYAML counts as a line break


class NotText(Exception):
    """A YAML file's bytes that are not text in its encoding: ``line`` is the
    line of the first bad byte, and the message says what is wrong with it. A
    signal each reader turns into its own error (no ValueError, which broad
    handlers on the way catch as Python's own)."""

    def __init__(self, message: str, line: int):
        super().__init__(message)
        self.line = line


def yaml_text(data: bytes) -> str:
    """A YAML file's ``data`` as text: UTF-8, or UTF-8, UTF-16 or UTF-32 by its
    byte-order mark (dropped); raises NotText naming the first bad byte's line."""
    encoding = bom_encoding(data) or "utf-8"
    try:
        return data.decode(encoding).lstrip("\ufeff")
    except UnicodeDecodeError as exc:
        before = data[:exc.start].decode(encoding, errors="replace")
        bad = " ".join(f"0x{b:02x}" for b in exc.object[exc.start:exc.end][:4])
        name = "UTF-8" if encoding.startswith("utf-8") else encoding.upper()
        raise NotText(f"not {name} text (byte {bad}: {exc.reason}); save the file as UTF-8",
                      _char_line(before, len(before))) from exc


def _char_line(text: str, index: int) -> int:
    """The line (from 1) of ``text`` holding the character at ``index``, YAML's line breaks counted."""
    return len(_LINE_BREAK.findall(text, 0, index)) + 1


def error_line(exc: yaml.YAMLError, text: str):
    """The line (from 1) a YAML error names: its mark's, or for a character YAML
    refuses (a NUL: a ReaderError gives only its place) the line of that place."""
    mark = getattr(exc, "problem_mark", None)
    if mark is not None:
        return mark.line + 1
    position = getattr(exc, "position", None)
    return _char_line(text, position) if isinstance(position, int) else None
