"""Which line of a multi-line template text prints something: the text filled in with a
marker at the end of each of its lines (outside Jinja2's tags), each marker a private-use
character naming its line, so that what the filled text shows between two markers is known
to come from the second one's line, loops and all (a leak in a stem is told
at the line that prints it, not at ``stem: |``)."""

from __future__ import annotations

import re

from quizgen.errors import QuizgenError
from quizgen.text.jinja_tags import TAGS
from quizgen.text.render import render_string
from quizgen.text.spans import spans

_FIRST = 0xF0000
"""The marker of a text's first line (Unicode's plane-15 private use area, which no template
text holds: those of later lines follow it)."""
_MARKER = re.compile("[\U000F0000-\U000FFFFD]")


def marked(source: str) -> str:
    """``source`` with its line's marker before each line break outside a Jinja2 tag, and one
    at its end; a blank line gets none (a marker there would join two paragraphs)."""
    out, done = [], 0
    for start, end in [*spans(source, TAGS), (len(source), len(source))]:
        first = source.count("\n", 0, done)
        lines = source[done:start].split("\n")
        for k, line in enumerate(lines[:-1]):
            out += [line, chr(_FIRST + first + k) if line.strip() else "", "\n"]
        out += [lines[-1], source[start:end]]
        done = end
    return "".join(out) + chr(_FIRST + source.count("\n"))


def first_line_showing(source: str, context: dict, fmt: str, shows) -> int | None:
    """The first line (1-based) of ``source`` whose filled text (in ``fmt``) ``shows(text)``
    is true of, or None when no one line's is, or the marked text does not fill in."""
    try:
        filled = render_string(marked(source), context, fmt)
    except (QuizgenError, RecursionError, MemoryError):
        return None
    found = []
    done = 0
    for marker in _MARKER.finditer(filled):
        if shows(filled[done:marker.start()]):
            found.append(ord(marker.group()) - _FIRST + 1)
        done = marker.end()
    return min(found, default=None)
