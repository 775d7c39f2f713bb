"""Spans between an opener and its closer (maths, Jinja2's tags), found in linear time.

A pattern such as ``\\\\\\(.*?\\\\\\)`` read every opener with no closer after it to
the end of the text: 20,000 characters of ``\\(`` took 2.5 s (a ReDoS). Here a
kind of span whose closer is found nowhere after one opener is never looked
for again, so each character is read a few times."""

from __future__ import annotations

import re
from typing import NamedTuple


class Delimiter(NamedTuple):
    """One kind of span: ``opener``, then at least ``shortest`` characters
    (``.*?`` is 0, ``.+?`` is 1), then the first ``closer`` after them; when
    ``unescaped``, neither opener nor closer comes right after a backslash
    (an odd run of backslashes: ``escaped``)."""
    opener: str
    closer: str
    shortest: int = 0
    unescaped: bool = False


DOLLARS = (Delimiter("$$", "$$", unescaped=True), Delimiter("$", "$", unescaped=True))
"""Maths between dollars: displayed, ``$$...$$``, or in a line, ``$...$``; a dollar after an odd run of
backslashes (``\\$``) is a dollar sign. The LMS HTML (lms/html.py) reads template text's maths so."""

MATHS = (DOLLARS[0], Delimiter("\\[", "\\]"), Delimiter("\\(", "\\)"), DOLLARS[1])
"""LaTeX maths in template text: ``$$...$$``, ``\\[...\\]``, ``\\(...\\)``, ``$...$``,
a ``\\$`` being a dollar sign (plain text, feedback sheets with decimal commas)."""


def spans(text: str, kinds: tuple) -> list:
    """(start, end) of each span of ``text``, the ``kinds`` tried in order at
    each place: what ``re.finditer`` of the alternation ``opener.*?closer|...``
    (with re.S) finds."""
    found, at, never = [], 0, set()
    starts = openers(kinds, never)
    while starts is not None and (hit := starts.search(text, at)) is not None:
        start, unclosed = hit.start(), len(never)
        end = end_noting_unclosed(text, start, kinds, never)
        if end < 0:   # the search starts again after the opener, for the kinds still closed
            at = start + 1
            starts = openers(kinds, never) if len(never) > unclosed else starts
            continue
        found.append((start, end))
        at = end
    return found


def substituted(text: str, found, inside, outside=None) -> str:
    """``text`` with each span of ``found`` ((start, end) pairs in order, none
    overlapping) replaced by ``inside(start, end)``, and each piece between
    them by ``outside(piece)`` (kept as it is when ``outside`` is None)."""
    keep = outside or (lambda piece: piece)
    pieces, done = [], 0
    for start, end in found:
        pieces += (keep(text[done:start]), inside(start, end))
        done = end
    return "".join(pieces) + keep(text[done:])


def openers(kinds: tuple, never, also: tuple = ()):
    """A pattern finding the openers of ``kinds`` not in ``never`` (or a match of
    one of the patterns ``also``, tried after them), or None when there is none."""
    left = [re.escape(kind.opener) for kind in kinds if kind not in never] + list(also)
    return re.compile("|".join(left)) if left else None


def end_noting_unclosed(text: str, start: int, kinds: tuple, never: set) -> int:
    """Where the span of the first of ``kinds`` that opens at ``start`` ends, or -1.
    ``never`` holds the kinds whose closer is nowhere after an earlier place,
    and gains each found unclosed here: they are not looked for again (their
    openers are text from there on)."""
    for kind in kinds:
        if kind in never or not text.startswith(kind.opener, start):
            continue
        if kind.unescaped and escaped(text, start):
            continue
        at = start + len(kind.opener) + kind.shortest
        while (end := text.find(kind.closer, at)) >= 0 and kind.unescaped and escaped(text, end):
            at = end + 1
        if end >= 0:
            return end + len(kind.closer)
        never.add(kind)
    return -1


def escaped(text: str, at: int) -> bool:
    """Whether the character at ``at`` follows an odd run of backslashes (``\\$`` is a dollar sign,
    ``\\\\$`` a line break's backslashes and then maths), as LaTeX reads them."""
    run = at
    while run > 0 and text[run - 1] == "\\":
        run -= 1
    return (at - run) % 2 == 1

