"""Template text's maths written for Markdown viewers that show maths (GitHub, VS Code,
pandoc, markdown-it with a dollar-maths plugin), and kept whole by CommonMark renderers
without one: ``\\[ ... \\]`` and ``$$ ... $$`` as ``$$`` on lines of their own around
the formula on one line, ``\\( ... \\)`` as ``$...$``, ``$...$`` as written.

CommonMark reads ``\\[`` and ``\\(`` as an escaped bracket, so written as they are the
maths would print as ``[ x^2 ]``. It reads block markers before maths: a formula's line
starting ``- ``, ``1. ``, ``# `` or ``> `` would become a list, heading or quote, so a
formula's lines are joined into one (TeX ignores the newlines, and a ``%`` comment ends
where its line did), and a display's line that would still start with a marker starts
with ``\\displaystyle`` (a no-op in a display). A backslash before punctuation is a
CommonMark escape, so ``\\,``, ``\\!``, ``\\{``, ``\\}`` and ``\\|`` in maths are written
as their letter-named twins (``\\thinspace`` ...), which every viewer reads alike.
The template's text is converted before Jinja2 fills it: a ``\\[`` that escape_md
writes into a filled value (``[1]`` as ``\\[1\\]``) is a bracket, not maths.

A bank's text is Markdown, but never HTML: :func:`html_escaped` writes each
``<`` of the filled text outside maths as ``\\<``, as escape_md writes it in a
title or a filled value, so ``<iframe src="javascript:...">`` in a user's bank
prints as text in every Markdown output (problems, solutions, feedback sheets)."""

from __future__ import annotations

import re
from functools import lru_cache

from quizgen.text.jinja_tags import TAGS
from quizgen.text.spans import end_noting_unclosed, openers, substituted
from quizgen.text.tex_markdown import check_dollars, maths_spans, masked_jinja

_DISPLAYS = ("\\[", "$$")
_EATEN = {",": "\\thinspace", "!": "\\negthinspace", "{": "\\lbrace", "}": "\\rbrace", "|": "\\Vert"}
"""Control symbols CommonMark would read as escaped punctuation, with their letter-named twins."""
_NAME = re.compile(r"\\[A-Za-z]++")
_WHITESPACE_RUN = re.compile(r"\s*+")   # any whitespace, line breaks too
_SPACE_TAB_RUN = re.compile(r"[ \t]*+")   # spaces and tabs only
_WHITESPACE_BUT_NEWLINE_RUN = re.compile(r"[^\S\n]*+")   # whitespace up to a line break (\r and Unicode spaces too)
_LESS_THAN = re.compile("<")
_TAG_OPENING = re.compile("[A-Za-z/!?]")   # what may follow the < of an HTML tag
_LINK_TARGET = re.compile(r"\](?=\()")   # [text](target)
_LINK_DEFINITION = re.compile(r"^ {0,3}\[[^\]\n]{0,999}\](?=:[ \t]{0,99}[^\s$])", re.M)
"""A ``[label]: target`` definition, its target written any way (``jav&#97;script:``), not maths (a
solution's ``[MASK]: $0.8 ...`` line)."""
_BLOCK_MARKER = re.compile(r"[-+*>#=_~`<|:]|\d+[.)]")
"""How a line starts that CommonMark may read as a list, heading, quote, fence, rule or HTML."""


def checked_markdown(filled: str) -> str:
    """``filled`` Markdown checked (:func:`check_markdown_dollars`) and
    :func:`html_escaped`, its maths found once for both."""
    maths = maths_spans(filled) if "$" in filled or "<" in filled or "]" in filled else None   # else neither looks
    check_markdown_dollars(filled, maths)
    return html_escaped(filled, maths)


def html_escaped(filled: str, maths: list | None = None) -> str:
    """``filled`` (template text after filling) with each ``<`` outside maths
    escaped (``\\<``, as escape_md writes it): no tag a Markdown viewer would
    run, whatever Jinja2 made of the text (a filter block too). One a backslash
    already escapes (a filled value's) is kept: a second would escape the
    backslash, not the ``<``. Inside maths a ``<`` that would open a tag (a
    letter, ``/``, ``!`` or ``?`` after it) gets a space after it, which TeX
    sets alike: a viewer without maths reads ``$<img ...>$`` as HTML. The
    ``]`` of a link (``[x](javascript:...)``, a ``[x]: target`` definition) is
    escaped too: a bank's text links nowhere (the shipped bank has none)."""
    if "<" not in filled and "]" not in filled:
        return filled
    maths, at, inserts = maths_spans(filled) if maths is None else maths, 0, {}
    for place in _markup_places(filled):
        while at < len(maths) and maths[at][1] <= place:
            at += 1
        if at < len(maths) and maths[at][0] <= place:
            if filled[place] == "<" and _TAG_OPENING.match(filled, place + 1):
                inserts[place + 1] = " "
        elif _backslashes_before(filled, place) % 2 == 0:
            inserts[place] = "\\"
    return substituted(filled, [(at, at) for at in inserts], lambda start, end: inserts[start]) if inserts else filled


def _markup_places(filled: str) -> list:
    """Where a ``<`` or a link's ``]`` stands in ``filled``, in order."""
    places = [found.start() for found in _LESS_THAN.finditer(filled)]
    if "]" in filled:
        places += [found.start() for found in _LINK_TARGET.finditer(filled)]
        places += [found.end() - 1 for found in _LINK_DEFINITION.finditer(filled)]
    return sorted(set(places))


def _backslashes_before(text: str, place: int) -> int:
    """How many backslashes stand right before ``place`` (an odd number escapes it)."""
    count = 0
    while place - count > 0 and text[place - count - 1] == "\\":
        count += 1
    return count


@lru_cache(maxsize=8192)
def markdown_maths(source: str) -> str:
    """``source`` (template text before filling) with its maths in the form Markdown viewers read."""
    if "$" not in source and "\\[" not in source and "\\(" not in source:
        return source
    pieces, start, after_display = [], 0, False
    for begin, end, opener in maths_spans(masked_jinja(source)):
        before = _after(source[start:begin], after_display)
        if opener == "$":
            pieces += [before, f"${_one_line(source[begin + 1:end - 1])}$"]
        elif opener in _DISPLAYS:
            line = _one_line(source[begin + 2:end - 2]).strip()
            line = "\\displaystyle " + line if _BLOCK_MARKER.match(line) else line
            pieces += [_before_display(before), f"$$\n{line}\n$$"]
        else:
            body = _one_line(source[begin + 2:end - 2]).strip()
            pieces += [before, f"${body}$" if body else ""]
        start, after_display = end, opener in _DISPLAYS
    return "".join(pieces) + _after(source[start:], after_display)


def _one_line(body: str) -> str:
    """A formula's ``body`` on one line, each escape CommonMark would eat in its letter-named form.
    A line break (and a ``%`` comment before it) becomes one space, as TeX reads it."""
    def piece(token: str, end: int) -> str:
        if token[0] == "{":
            return token
        if token == "\\\n":
            return "\\ "
        if token[0] == "\\":
            twin = _EATEN.get(token[1:])
            if twin is None:
                return token
            following = body[end:end + 1]
            return twin + " " if following.isalpha() or following == "{" else twin
        return " "
    if "\\" not in body and "\n" not in body:
        return body
    return substituted(body, _pieces(body), lambda start, end: piece(body[start:end], end))


def _pieces(body: str):
    """(start, end) of each piece of ``body`` a formula's line may change, in order: a Jinja2
    tag (kept), a control sequence, a comment with its line break, a line break. What
    ``re.finditer`` of ``{{.*?}}|{%.*?%}|{#.*?#}|\\\\[A-Za-z]+|\\\\\\n|\\\\[^A-Za-z]|[ \\t]*%[^\\n]*\\n\\s*|\\s*\\n\\s*``
    found, in linear time: it read each unclosed ``{{``, each space before a long line's end and
    each ``%`` of the last line to the end (a ReDoS: 20,000 spaces took 4.3 s)."""
    at, never, last_break = 0, set(), body.rfind("\n")
    while (found := _starts(frozenset(never), at > last_break).search(body, at)) is not None:
        start = found.start()
        end, at = _piece_end(body, start, never, last_break)
        if end > start:
            yield start, end


@lru_cache(maxsize=16)
def _starts(never: frozenset, last_line: bool) -> re.Pattern:
    """Where a piece may start: a Jinja2 tag of a kind still closed somewhere further on
    (spans.openers, the rule spans.spans looks for its openers by), a backslash, and (before
    the last line break, as they all end on one) a ``%`` or a space."""
    return openers(TAGS, never, (r"\\",) if last_line else (r"[\\%\s]",))


def _piece_end(body: str, start: int, never: set, last_break: int) -> tuple:
    """(end of the piece at ``start``, where to look for the next); the end is ``start`` when
    there is none. ``never``: Jinja2's tags closed nowhere further on; ``last_break``: the last ``\\n``."""
    char = body[start]
    if char == "{":
        end = end_noting_unclosed(body, start, TAGS, never)
        return (end, end) if end > 0 else (start, start + 1)
    if char == "\\":
        name = _NAME.match(body, start)
        end = name.end() if name else min(start + 2, len(body))
        return (end, end) if end > start + 1 else (start, start + 1)
    blanks = _SPACE_TAB_RUN.match(body, start).end()
    if body[blanks:blanks + 1] == "%" and blanks < last_break:   # a comment, then its line break
        end = _WHITESPACE_RUN.match(body, body.find("\n", blanks) + 1).end()
        return end, end
    if char == "%":
        return start, start + 1
    line_end = _WHITESPACE_BUT_NEWLINE_RUN.match(body, start).end()
    if body[line_end:line_end + 1] == "\n":
        end = _WHITESPACE_RUN.match(body, line_end + 1).end()
        return end, end
    if blanks == line_end or body[line_end:line_end + 1] != "%":   # nothing starts in these spaces
        return start, line_end
    return start, start + 1 + len(body[start + 1:line_end].rstrip(" \t"))   # the blanks before a %


def check_markdown_dollars(filled: str, maths: list | None = None) -> None:
    """Raise TemplateError when filled Markdown text holds a ``$`` its paragraph does not close,
    as a LaTeX paper does (tex_markdown.check_dollars): it would garble the paper's maths.
    ``maths``: its maths_spans, when already found."""
    if "$" not in filled:
        return
    start = 0
    for begin, end, _opener in maths_spans(filled) if maths is None else maths:
        check_dollars(filled[start:begin])
        start = end
    check_dollars(filled[start:])


def _before_display(text: str) -> str:
    """``text`` ending where a display's ``$$`` starts its own line (a bullet's ``- `` kept before it)."""
    text = text.rstrip(" \t")
    if not text or text.endswith("\n"):
        return text
    return text + " " if text.rpartition("\n")[2] == "-" else text + "\n"


def _after(text: str, after_display: bool) -> str:
    """``text``, when it follows a display's closing ``$$``, started on a line of its own."""
    if not after_display or not text:
        return text
    text = text.lstrip(" \t")
    return text if not text or text.startswith("\n") else "\n" + text
