"""The size of a user's YAML counted from the parser's events, before
anything is composed or built: a 1 MB file holding one flat list of 500,000
numbers took two minutes and 460 MB to build, only to be refused then for
holding more than safe_yaml.MAX_VALUES values. Imports only PyYAML."""

from __future__ import annotations

import yaml


class TooManyValues(Exception):
    """A top-level entry (``key``, None when the document is no mapping) on
    ``line`` holding more values than allowed, aliases written out. A signal
    the policy and template readers turn into their limit errors (no ValueError,
    which broad handlers on the way catch as Python's own)."""

    def __init__(self, key, line: int):
        super().__init__(f"line {line}: {key}: too many values")
        self.key, self.line = key, line


class TooDeep(Exception):
    """Lists or mappings nested more than the allowed depth, the deepest
    starting on ``line``: refused before the parser reads deeper, as PyYAML's
    pure-Python scanner takes time growing with the square of the depth of
    ``[[[...`` (a 20 KB file took minutes)."""

    def __init__(self, depth: int, line: int):
        super().__init__(f"line {line}: nested more than {depth} deep")
        self.depth, self.line = depth, line


class AliasLoop(Exception):
    """An alias (``*a``) used inside the list or mapping its anchor (``&a``)
    names, on ``line``: a loop, whose copies would never end. A signal each
    reader turns into its one line."""

    def __init__(self, anchor: str, line: int):
        super().__init__(f"line {line}: the alias *{anchor} is used inside its own anchor &{anchor}")
        self.anchor, self.line = anchor, line


def refuse_too_many_values(text: str, loader, cap: int, depth: int | None = None) -> None:
    """Raise TooManyValues for the first top-level entry of ``text``'s first
    document holding more than ``cap`` values, each alias counted as the
    values of the node it names (as safe_yaml.yaml_values counts them once
    built), reading only as far as that entry, TooDeep at the first list
    or mapping nested more than ``depth`` deep (None: any depth) and AliasLoop at
    an alias inside its own anchor; a YAML error is ``loader``'s."""
    parser = loader(text)
    try:
        _count(parser, cap, depth)
    finally:
        parser.dispose()


class _Open:
    """A sequence or mapping being read: where its values start in the count,
    its anchor, whether it is a mapping and how many children it has had."""

    __slots__ = ("start", "anchor", "mapping", "children")

    def __init__(self, start: int, event):
        self.start, self.anchor, self.children = start, event.anchor, 0
        self.mapping = isinstance(event, yaml.MappingStartEvent)


def _count(parser, cap: int, depth: int) -> None:
    """Walk ``parser``'s events of the first document, counting the values of
    each top-level entry (of the whole document when it is no mapping) and
    the depth of lists and mappings open."""
    sizes, stack, seen = {}, [], 0
    entry = key = key_line = None   # entry: (key, line, count before it) of the top-level value being read
    while parser.check_event():
        event = parser.get_event()
        if isinstance(event, (yaml.DocumentEndEvent, yaml.StreamEndEvent)):
            return
        if isinstance(event, yaml.CollectionEndEvent):
            node = stack.pop()
            if node.anchor is not None:
                sizes[node.anchor] = seen - node.start
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        line = event.start_mark.line + 1
        if not stack and not isinstance(event, yaml.MappingStartEvent):
            entry = (None, line, seen)
        elif len(stack) == 1 and stack[0].mapping:
            if stack[0].children % 2:
                entry = (key, key_line, seen)
            else:
                entry, key_line = None, line
                key = event.value if isinstance(event, yaml.ScalarEvent) else None
        if stack:
            stack[-1].children += 1
        if isinstance(event, yaml.AliasEvent) and any(node.anchor == event.anchor for node in stack):
            raise AliasLoop(event.anchor, line)
        seen += sizes.get(event.anchor, 1) if isinstance(event, yaml.AliasEvent) else 1
        if isinstance(event, yaml.CollectionStartEvent):
            stack.append(_Open(seen - 1, event))
            if depth is not None and len(stack) > depth:
                raise TooDeep(depth, line)
        elif isinstance(event, yaml.ScalarEvent) and event.anchor is not None:
            sizes[event.anchor] = 1
        if entry is not None and seen - entry[2] > cap:
            raise TooManyValues(entry[0], entry[1])
