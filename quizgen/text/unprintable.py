"""The characters no filled template text may hold: those a template's YAML may
not hold literally (bank/yamlfile.py's rule), which a Jinja2 string's escape
would otherwise print on the paper, in the LMS file and on the drill's terminal,
and the direction controls no text may hold (``direction_control``); and the one
check every filled text passes before any format writes it (``refuse_filled``)."""

from __future__ import annotations

import re

from quizgen.errors import TemplateError
from quizgen.text.tex_commands import tex_problem

_UNPRINTABLE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")
"""What a template's YAML may not hold literally (bank/yamlfile.py's rule: a
control character but tab and line breaks, a lone surrogate), which a Jinja2
string's escape (``{{ '\\x1b' }}``) would otherwise print on the paper."""

_DIRECTION = re.compile("[\u202a-\u202e\u2066-\u2069]")
"""The embedding, override and isolate controls (U+202A-U+202E, U+2066-U+2069):
the "Trojan source" characters, which show a line in another order than it is
written. LRM and RLM (U+200E, U+200F) only mark a direction, as right-to-left
text needs, and are allowed."""

DIRECTION_WHY = "which can make a paper read differently from what it says"
"""Why :data:`_DIRECTION`'s characters are refused, said after their code."""


def direction_control(text: str) -> str | None:
    """``the direction control U+202E`` for the first embedding, override or
    isolate control in ``text``, else None."""
    bad = _DIRECTION.search(text)
    return None if bad is None else f"the direction control U+{ord(bad.group()):04X}"


def refuse_unprintable(filled: str) -> None:
    """Refuse filled text holding a character :data:`_UNPRINTABLE` matches or a
    direction control (:func:`direction_control`), as its YAML would be."""
    bad = _UNPRINTABLE.search(filled)
    if bad is not None:
        char = bad.group()
        what = "a lone surrogate" if "\ud800" <= char <= "\udfff" else "the control character"
        raise TemplateError(f"the filled text holds {what} U+{ord(char):04X}, which no paper can print "
                            "(a Jinja2 string's escape such as '\\x1b')")
    direction = direction_control(filled)
    if direction is not None:
        raise TemplateError(f"the filled text holds {direction}, {DIRECTION_WHY} "
                            "(a Jinja2 string's escape such as '\\u202e')")


def refuse_filled(filled: str) -> None:
    """Refuse filled text that no format may write: an unprintable character, or a TeX
    command off the bank's list, whatever Jinja2 did to spell it (a filter block, raw
    text, a tag after a backslash). Every format, not LaTeX alone (the
    Markdown paper and the LMS export would write a ``\\href`` that validate refuses)."""
    refuse_unprintable(filled)
    tex = tex_problem(filled, filled=True)
    if tex is not None:
        raise TemplateError(f"the filled text {tex}")
