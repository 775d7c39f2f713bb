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

from quizgen.text.scripts import FONT_SUBSCRIPTS, FONT_SUPERSCRIPTS

_HAT = re.compile(r"\\hat\{(\w)\}")
_TEX_SYMBOL = re.compile(r"\\([_{}$%#&])")   # a character TeX-escaped (a filled value's \_): plain, itself
_BESIDE = {"*", "'", "\u2032"}   # a superscript that reads as written beside its letter: p*, p'
_STEP = ({-1: 3, 1: -4}, {-1: 2, 1: -3})   # a script's baseline below or above its letter's, in the SVG's pixels
_SIZE = (11, 8, 7)                          # font-size: the name's, a script's, a script's script's (and deeper)


def name_runs(tex: str, ascii_only: bool = False) -> list:
    """``tex`` as ``(plain text, level)`` runs: level 0 the name's own text, else a script's
    path, a tuple of -1 (a subscript) and 1 (a superscript) from the outermost in, so that
    ``p_{w_{t}}`` is ``p`` at 0, ``w`` at (-1,) and ``t`` at (-1, -1) (``ascii_only``: p-hat
    as ``p_hat``, a hyphen for the minus sign)."""
    return [(_plain(text, ascii_only), level or 0) for text, level in _scripts(tex, ()) if text]


_COMMAND = re.compile(r"\\(?:[A-Za-z]+|.)", re.S)


def _scripts(tex: str, path: tuple) -> list:
    """``tex`` cut into ``(TeX, path)`` runs at its scripts, each script's own scripts cut in turn."""
    runs, start, at = [], 0, 0
    while at < len(tex):
        command = _COMMAND.match(tex, at)
        if command:
            at = command.end()
            continue
        argument = _argument(tex, at + 1) if tex[at] in "_^" else None
        if argument is None:
            at += 1
            continue
        runs.append((tex[start:at], path))
        runs += _scripts(argument[0], path + ((1 if tex[at] == "^" else -1),))
        start = at = argument[1]
    return runs + [(tex[start:], path)]


def _argument(tex: str, at: int):
    """(the script's TeX, where it ends) of the script starting at ``at``: a braced group
    (its braces paired), a command's name or one character; None when there is none."""
    at = len(tex) - len(tex[at:].lstrip()) if at < len(tex) else at
    if at >= len(tex) or tex[at] in "}_^":
        return None
    command = _COMMAND.match(tex, at)
    if command:
        return command.group(0), command.end()
    if tex[at] != "{":
        return tex[at], at + 1
    depth = 0
    for end in range(at, len(tex)):
        if tex[end] in "{}" and tex[end - 1] != "\\":
            depth += 1 if tex[end] == "{" else -1
            if depth == 0:
                return tex[at + 1:end], end + 1
    return None


def _plain(tex: str, ascii_only: bool) -> str:
    """A run of TeX maths with no script as plain text: ``\\hat{p}`` as p-hat (p and a
    combining circumflex, or ``p_hat``), ``-`` as a minus sign, ``\\_`` as ``_``."""
    text = _TEX_SYMBOL.sub(r"\1", _HAT.sub(r"\1_hat" if ascii_only else "\\1\u0302", tex))
    return text if ascii_only else text.replace("-", "\u2212")


def plain_text(runs: list, ascii_only: bool = False, depth: int = 0) -> str:
    """``runs`` (name_runs') as one line of plain text (see the module's docstring): each
    script's runs, its own scripts among them, written out and then set as its script."""
    out, at = [], 0
    while at < len(runs):
        text, level = runs[at]
        if len(level or ()) <= depth:
            out.append(text)
            at += 1
            continue
        end = at + 1
        while end < len(runs) and (runs[end][1] or ())[:depth + 1] == level[:depth + 1]:
            end += 1
        out.append(_script(plain_text(runs[at:end], ascii_only, depth + 1), level[depth], ascii_only))
        at = end
    return "".join(out)


def plain_name(tex: str, ascii_only: bool = False) -> str:
    """A name in TeX math as plain text (``ascii_only``: in ASCII)."""
    return plain_text(name_runs(tex, ascii_only), ascii_only)


def _script(text: str, level: int, ascii_only: bool) -> str:
    """A subscript (``level`` -1) or superscript (1) in plain text."""
    table = FONT_SUPERSCRIPTS if level > 0 else FONT_SUBSCRIPTS   # the forms common fonts have
    if not ascii_only and all(c in table for c in text):
        return "".join(map(table.get, text))
    if level > 0 and text in _BESIDE:
        return text
    return ("^" if level > 0 else "_") + (text if len(text) == 1 else f"({text})")


def svg_text(runs: list) -> str:
    """``runs`` (name_runs') as SVG text, XML-escaped and in ASCII: a script as a
    smaller tspan moved off its letter's baseline by ``dy`` (which every SVG viewer
    follows), a script's script smaller again, the text after it (runs of one level
    joined) in one moved back."""
    joined = []
    for text, level in runs:
        if joined and joined[-1][1] == level:
            joined[-1] = (joined[-1][0] + text, level)
        else:
            joined.append((text, level))
    out, shift = [], 0
    for text, level in joined:
        body = ascii_markup(escape(text, quote=False))
        baseline = sum(_STEP[min(depth, 1)][side] for depth, side in enumerate(level or ()))
        if baseline == shift and not out:   # the first run, on the baseline
            out.append(body)
            continue
        size = f' font-size="{_SIZE[min(len(level), 2)]}"' if level else ""
        out.append(f'<tspan dy="{baseline - shift}"{size}>{body}</tspan>')
        shift = baseline
    return "".join(out)


def ascii_markup(markup: str) -> str:
    """SVG markup with every non-ASCII character as a character reference
    (``&#8722;`` for the minus sign): the same drawing, and pages made of ASCII
    text, which Python stores, copies and writes at a byte a character."""
    return markup.encode("ascii", "xmlcharrefreplace").decode("ascii")
