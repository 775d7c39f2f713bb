"""YAML read with the safe loader only, refusing a mapping that names one key
twice: the one loader for every YAML file a user gives (templates, the
``--policy`` file). Imports only PyYAML, so every layer can use it."""

from __future__ import annotations

import re

import yaml


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


class _SafeLoader(_UniqueKeys, yaml.SafeLoader):
    """PyYAML's pure-Python safe loader, refusing duplicate keys."""


_FastLoader = type("_FastLoader", (_UniqueKeys, yaml.CSafeLoader), {}) if hasattr(yaml, "CSafeLoader") else None

_EXPONENT_FLOAT = re.compile(r"^[-+]?(?:[0-9]+\.?[0-9]*|\.[0-9]+)[eE][-+]?[0-9]+$")
"""A plain number in e-notation (``5e-1``, ``2.5E2``): YAML 1.1, which PyYAML
reads, takes it for text unless it has a dot and a signed exponent (``5.0e-1``)."""


def _exponent_floats(loader):
    """``loader`` also reading an unquoted e-notation number as a float."""
    if loader is None:
        return None
    reading = type(loader.__name__ + "Exponent", (loader,), {})
    reading.add_implicit_resolver("tag:yaml.org,2002:float", _EXPONENT_FLOAT, list("-+0123456789."))
    return reading


_LOADERS = {False: (_FastLoader, _SafeLoader),
            True: (_exponent_floats(_FastLoader), _exponent_floats(_SafeLoader))}


def safe_load(text: str, exponent_floats: bool = False):
    """``yaml.safe_load`` refusing duplicate keys, through libyaml's safe loader
    when PyYAML has it: the same safe subset of YAML (no Python objects), parsed
    ten times faster. A broken file is parsed again by the pure-Python loader
    for its clearer message. With ``exponent_floats`` an unquoted ``5e-1`` is
    the number 0.5, not text (templates keep YAML 1.1's reading)."""
    fast, careful = _LOADERS[exponent_floats]
    if fast is not None:
        try:
            return yaml.load(text, Loader=fast)
        except yaml.YAMLError:
            pass
    return yaml.load(text, Loader=careful)
