"""A JSON value as a hashable token: what key reading keys its caches by
(quizgen/key/parts.py ``own_spec``: an instance part's own spec is read once
per distinct difference from its template's, and a 2,000-student key has
17,000 such parts and a few hundred differences)."""

from __future__ import annotations


def json_token(value):
    """``value`` (JSON data) as a hashable token, equal only for values that read
    the same: a text as itself, an object or a list as a tuple led by its type,
    any other value by its type and repr (1, 1.0, true and -0.0 stay apart).
    About half the cost of its ``repr``, which holds every text escaped."""
    cls = value.__class__
    if cls is str:
        return value
    if cls is dict:
        return (dict, *[(name, json_token(item)) for name, item in value.items()])
    if cls is list:
        return (list, *map(json_token, value))
    return (cls, repr(value))
