"""A figure's name, TeX maths (C7's ``1 - \\hat{p}``), as the label and the p
axis print it outside TeX: plain text (the SVG's title, grade's feedback
sheets' alt text) and SVG text. A subscript or superscript (``\\hat{p}_{b}``,
``p^{*}``) is set small and lowered or raised in the SVG; in plain text it
takes Unicode's form where there is one (``p_1`` as p₁, ``x^{2}`` as x²), a
lone star or prime stays beside its letter (p*), else it follows ``_`` or ``^``
(p̂_b), bracketed when longer than one character."""

from __future__ import annotations

import re
from html import escape

_HAT = re.compile(r"\\hat\{(\w)\}")
_TEX_SYMBOL = re.compile(r"\\([_{}$%#&])")   # a character TeX-escaped (a filled value's \_): plain, itself
_SCRIPT = re.compile(r"(?<!\\)([_^])(?:\{([^{}]*)\}|([^\s\\{}]))")
"""A subscript or superscript: ``_`` or ``^`` (not TeX-escaped) and its braced group or one character."""
_SUB = dict(zip("0123456789+\u2212=()", "\u2080\u2081\u2082\u2083\u2084\u2085\u2086\u2087\u2088\u2089"
                                       "\u208a\u208b\u208c\u208d\u208e"))
_SUPER = dict(zip("0123456789+\u2212=()ni", "\u2070\u00b9\u00b2\u00b3\u2074\u2075\u2076\u2077\u2078\u2079"
                                           "\u207a\u207b\u207c\u207d\u207e\u207f\u2071"))
"""Unicode's subscript and superscript forms of the characters that have one in common fonts."""
_BESIDE = {"*", "'", "\u2032"}   # a superscript that reads as written beside its letter: p*, p'
_SHIFT = {0: 0, -1: 3, 1: -4}    # a run's baseline in the SVG's pixels (font-size 11, a script's 8), by level


def name_runs(tex: str, ascii_only: bool = False) -> list:
    """``tex`` as ``(plain text, level)`` runs: level -1 a subscript, 1 a
    superscript, 0 the rest (``ascii_only``: p-hat as ``p_hat``, a hyphen for the minus sign)."""
    runs, at = [], 0
    for found in _SCRIPT.finditer(tex):
        script = found.group(2) if found.group(2) is not None else found.group(3)
        runs += [(tex[at:found.start()], 0), (script, 1 if found.group(1) == "^" else -1)]
        at = found.end()
    runs.append((tex[at:], 0))
    return [(_plain(text, ascii_only), level) for text, level in runs if text]


def _plain(tex: str, ascii_only: bool) -> str:
    """A run of TeX maths with no script as plain text: ``\\hat{p}`` as p-hat (p and a
    combining circumflex, or ``p_hat``), ``-`` as a minus sign, ``\\_`` as ``_``."""
    text = _TEX_SYMBOL.sub(r"\1", _HAT.sub(r"\1_hat" if ascii_only else "\\1\u0302", tex))
    return text if ascii_only else text.replace("-", "\u2212")


def plain_text(runs: list, ascii_only: bool = False) -> str:
    """``runs`` (name_runs') as one line of plain text (see the module's docstring)."""
    return "".join(text if not level else _script(text, level, ascii_only) for text, level in runs)


def plain_name(tex: str, ascii_only: bool = False) -> str:
    """A name in TeX math as plain text (``ascii_only``: in ASCII)."""
    return plain_text(name_runs(tex, ascii_only), ascii_only)


def _script(text: str, level: int, ascii_only: bool) -> str:
    """A subscript (``level`` -1) or superscript (1) in plain text."""
    table = _SUPER if level > 0 else _SUB
    if not ascii_only and all(c in table for c in text):
        return "".join(map(table.get, text))
    if level > 0 and text in _BESIDE:
        return text
    return ("^" if level > 0 else "_") + (text if len(text) == 1 else f"({text})")


def svg_text(runs: list) -> str:
    """``runs`` (name_runs') as SVG text, XML-escaped and in ASCII: a script as a
    smaller tspan moved off the baseline by ``dy`` (which every SVG viewer
    follows), the text after it (runs of one level joined) in one moved back."""
    joined = []
    for text, level in runs:
        if joined and joined[-1][1] == level:
            joined[-1] = (joined[-1][0] + text, level)
        else:
            joined.append((text, level))
    out, shift = [], 0
    for text, level in joined:
        body = ascii_markup(escape(text, quote=False))
        if _SHIFT[level] == shift:   # the first run, on the baseline
            out.append(body)
            continue
        size = ' font-size="8"' if level else ""
        out.append(f'<tspan dy="{_SHIFT[level] - shift}"{size}>{body}</tspan>')
        shift = _SHIFT[level]
    return "".join(out)


def ascii_markup(markup: str) -> str:
    """SVG markup with every non-ASCII character as a character reference
    (``&#8722;`` for the minus sign): the same drawing, and pages made of ASCII
    text, which Python stores, copies and writes at a byte a character."""
    return markup.encode("ascii", "xmlcharrefreplace").decode("ascii")
