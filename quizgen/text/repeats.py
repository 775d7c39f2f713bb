"""Template texts that come back the same from draw to draw, rendered once per
distinct set of the values they read: a word part's accepted words and its
traps' words (filled on every draw, redraws and rejected draws too) and the
traps' feedback (on every question) read a choice's record or a count or two,
so over a run of 1,000 questions of a template a group of these texts has a
handful of renderings. Filling a text is a pure function of its source, its
format and the values of the names it reads, so a rendering is kept by those
values, each compared by type and value (``True`` is not ``1``, ``0.5`` is not
``1/2``), an irrational exact value by identity."""

from __future__ import annotations

from fractions import Fraction

from quizgen.text.render import names_read, render_many, text_environment

GROUPS_LIMIT = 1024   # groups of texts kept, each with at most RENDERINGS_LIMIT renderings
RENDERINGS_LIMIT = 4096
_KEPT: dict = {}
_ABSENT = object()   # a name the context lacks (a global such as ``rounding_rule``, or an undefined one)
_UNKEPT = None       # a group whose renderings are not kept (see _names)


def render_repeated(sources, context: dict, fmt: str) -> list:
    """``render_many(sources, context, fmt)``, kept by the values of the names
    the sources read; a failure is raised again each time, as nothing is kept."""
    sources = tuple(sources)
    group = _KEPT.get((fmt, sources))
    if group is None:
        if len(_KEPT) >= GROUPS_LIMIT:
            _KEPT.clear()
        group = _KEPT[(fmt, sources)] = (_names(sources), {})
    names, renderings = group
    values = None if names is _UNKEPT else _values_read(names, context)
    if values is None:
        return render_many(sources, context, fmt)
    rendered = renderings.get(values)
    if rendered is None:
        if len(renderings) >= RENDERINGS_LIMIT:
            renderings.clear()
        rendered = renderings[values] = tuple(render_many(sources, context, fmt))
    return list(rendered)


def _names(sources: tuple):
    """The names the sources read, in a fixed order; _UNKEPT when one cannot be
    parsed (the render reports it) or when a text may draw something at random,
    whose renderings differ each time."""
    names = names_read(sources)
    if names is None or any(_at_random(source) for source in sources):
        return _UNKEPT
    return tuple(sorted(names))


def _at_random(source: str) -> bool:
    """True when a Jinja2 tag of ``source`` names ``random`` or ``lipsum`` in
    any way (the filter, ``map('random')``, the global), so may draw at random."""
    if "{" not in source:
        return False
    return any(kind != "data" and ("random" in value or "lipsum" in value)
               for _, kind, value in text_environment().lex(source))


def _values_read(names: tuple, context: dict):
    """The values of ``names`` in ``context`` as a key, or None when one cannot be a key."""
    try:
        return tuple(_frozen(context.get(name, _ABSENT)) for name in names)
    except TypeError:   # an unhashable value of a kind the context does not usually hold
        return None


def _frozen(value):
    """``value`` as a hashable key equal only to a value that renders the same."""
    cls = value.__class__
    if cls is tuple or cls is list:
        return cls, tuple(map(_frozen, value))
    if cls is dict:
        return cls, tuple((_frozen(k), _frozen(v)) for k, v in value.items())
    if cls is float:
        return cls, repr(value)   # -0.0 and 0.0 are equal but print differently
    if cls is Fraction:   # in lowest terms: equal exactly when these are; a Fraction's own hash is slow Python
        return cls, value.numerator, value.denominator
    hash(value)
    return cls, value
