"""What a template's text names that its draw does not have, said in the
author's terms: a top-level name with the nearest known one (``'taus' is
undefined (did you mean 'tau'?)``), and a record's field with the record's
fields (``scene has no field 'word' in this draw (its fields: sentence, t, words; did you
mean 'words'?)``) instead of Jinja2's "'dict object' has no attribute", and a list
parameter's (``z is a list, which has no field 'length' ...``) instead of its "'tuple object'"."""

from __future__ import annotations

import re

from quizgen.wording import did_you_mean

_UNDEFINED = re.compile(r"'([^']+)' is undefined")
_NO_FIELD = re.compile(r"'dict object' has no attribute '([^']+)'")
_LIST_FIELD = re.compile(r"'(?:tuple|list) object' has no attribute '([^']+)'")
_LOOP_FIELD = re.compile(r"'jinja2\.runtime\.LoopContext object' has no attribute '([^']+)'")
LOOP_FIELDS = ("index", "index0", "revindex", "revindex0", "first", "last", "length", "depth", "depth0",
               "previtem", "nextitem", "cycle", "changed")


def undefined_words(message: str, context: dict, source: str) -> str:
    """Jinja2's ``message`` on a name of ``source`` that ``context`` lacks, in the author's terms."""
    name = _UNDEFINED.fullmatch(message or "")
    if name:
        return message + did_you_mean(name[1], [k for k in context if isinstance(k, str)])
    loop = _LOOP_FIELD.fullmatch(message or "")
    if loop:
        hint = did_you_mean(loop[1], LOOP_FIELDS).strip()[1:-1]
        return f"loop has no field {loop[1]!r} (its fields: {', '.join(LOOP_FIELDS)}{'; ' + hint if hint else ''})"
    listed = _LIST_FIELD.fullmatch(message or "")
    name = _named_lacking(listed[1], context, source, (tuple, list)) if listed else ""
    if name:   # an author's list, not Python's 'tuple object'
        return (f"{name} is a list, which has no field {listed[1]!r} (its values are {name}[0], {name}[1], ...; "
                f"its length is {name} | length)")
    field = _NO_FIELD.fullmatch(message or "")
    record = _record_lacking(field[1], context, source) if field else ""
    if not record:
        return message
    fields = sorted(k for k in context[record] if isinstance(k, str))
    hint = did_you_mean(field[1], fields).strip()[1:-1]
    return f"{record} has no field {field[1]!r} in this draw (its fields: {', '.join(fields)}{'; ' + hint if hint else ''})"


def _record_lacking(field: str, context: dict, source: str) -> str:
    """The first name written ``name.field`` in ``source`` whose record in ``context`` has no ``field``, or ''."""
    return _named_lacking(field, context, source, dict)


def _named_lacking(field: str, context: dict, source: str, kinds) -> str:
    """The first name written ``name.field`` in ``source`` whose value in ``context``
    is one of ``kinds`` and, for a record, has no ``field``; '' when none."""
    for name in re.findall(rf"([A-Za-z_]\w*)\s*\.\s*{re.escape(field)}\b", source):
        value = context.get(name)
        if isinstance(value, kinds) and not (isinstance(value, dict) and field in value):
            return name
    return ""
