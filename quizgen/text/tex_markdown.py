"""The template-text Markdown subset (paragraphs, ``- `` bullets, ``**bold**``,
``"quotes"``, maths) as LaTeX, for text filled in the tex format.

Maths is ``$...$``, ``\\(...\\)``, ``\\[...\\]`` or ``$$...$$``: kept as written,
so an ``array``'s or ``aligned``'s ``&`` still separates its columns. A blank line
ends a paragraph, except inside ``\\(...\\)``, ``\\[...\\]`` and ``$$...$$``, where
it is dropped (TeX allows none in maths); a ``$`` its paragraph does not close
is an error naming it (``$...$`` cannot run over a blank line). Outside
maths a ``&`` is a character (``\\&``), except inside ``\\begin{tabular}``, the one
alignment a bank may set outside maths; ``alignment_outside_maths`` finds the
others (``array``, ``aligned``, the ``matrix`` family ...) written outside maths,
where their ``&`` would print as a character, so that the bank is refused when it loads.
Characters TeX reads as markup (``_ ^ ~ < > ` "`` and ``--``) are made literal outside
maths too, so the PDF prints the text as the Markdown paper does (``token_type_ids``, ``x^2``)."""

from __future__ import annotations

import re

from quizgen.errors import TemplateError
from quizgen.text.jinja_tags import sub_tags

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_LOOSE_SPECIALS = re.compile(r"(?<!\\)([%&#])")
_TABLE_SPECIALS = re.compile(r"(?<!\\)([%#])")   # in a tabular, & separates columns
LIGATURE_BREAK = r"%s\/"
"""A ``-`` or ``,`` kept apart from the next: ``-{}-`` still makes a dash under LuaLaTeX."""
LIGATURES = r"-(?=-)|,(?=,)|'(?=')|(?<=')'|<(?=<)|>(?=>)"
"""The characters of TeX's ligatures ``--``, ``,,`` (a low quote), ``''`` (a closing quote) and ``<<``, ``>>``
(guillemets, in T1's fonts and LuaLaTeX's alike)."""
_AS_WRITTEN = {"_": r"\_", "^": r"\textasciicircum{}", "~": r"\textasciitilde{}", "<": r"\textless{}",
               ">": r"\textgreater{}", "`": r"\textasciigrave{}", '"': r"\textquotedbl{}", "-": LIGATURE_BREAK % "-",
               ",": LIGATURE_BREAK % ",", "'": r"\textquotesingle{}"}
_MARKUP = re.compile(r"\\(?:[A-Za-z]+|.)|[_^~<>`]|" + LIGATURES, re.S)
"""A TeX command (kept) or a character TeX would read as markup, a ligature's among them."""
_QUOTE = re.compile(r'\\(?:[A-Za-z]+|.)|"', re.S)
"""A TeX command (``\\"`` is an accent, never a quote mark) or a quote mark."""
_OPEN_AFTER = "([{/-\\"
"""Besides a space, what may stand before a ``"`` that opens a quotation."""
_TOKEN = re.compile(r"\\(?:begin|end)[ \t\r\n]*\{([A-Za-z]+\*?)\}|\\.|\$\$|\$", re.S)
_OPENERS = {"$": "$", "$$": "$$", "\\(": "\\)", "\\[": "\\]"}
_CLOSERS = {"$": re.compile(r"\\.|\$|\n\s*\n", re.S), "$$": re.compile(r"\\.|\$\$", re.S),
            "\\)": re.compile(r"\\.", re.S), "\\]": re.compile(r"\\.", re.S)}
BLANK_LINE = re.compile(r"\n\s*\n")
"""What ends a paragraph of template text (outside maths)."""
TEXT_TABLES = frozenset({"tabular"})
"""Alignments a bank's text may set outside maths (their ``&`` kept)."""
MATHS_ALIGNMENTS = frozenset("""aligned alignedat gathered split cases dcases array matrix pmatrix bmatrix
    Bmatrix vmatrix Vmatrix smallmatrix subarray""".split())
"""Alignments (and other environments) of maths only: outside maths TeX stops or prints their ``&``."""


def markdown_to_tex(text: str) -> str:
    """The template-text Markdown subset as LaTeX: bullets become itemize,
    bold becomes textbf, quotes become TeX quotes, and stray % & # are escaped."""
    blocks = BLANK_LINE.split(_without_blank_lines_in_maths(text.strip()))
    return _braces_paired("\n\n".join(_tex_block(block) for block in blocks))


_BRACE = re.compile(r"\\.|[{}]", re.S)


UNPAIRED_BRACES = ("has braces { } that do not pair up, which garbles the maths on screen and stops the PDF: "
                   "write \\{ or \\} for a brace as a character")
"""The one message for braces that do not pair up: the bank refuses them when it loads
(bank/text_rules.py), and a LaTeX render, as a backstop, when it fills a text."""


def unpaired_braces(tex: str) -> bool:
    """True when the braces of ``tex`` (an escaped one, ``\\{``, aside) do not pair up."""
    return unpaired_brace_at(tex) is not None


def unpaired_brace_at(tex: str) -> int | None:
    """Where the braces of ``tex`` (an escaped one, ``\\{``, aside) stop pairing up: the
    first ``}`` with no ``{`` open, else the last ``{`` never closed; None when they pair up."""
    opened = []
    for found in _BRACE.finditer(tex) if "{" in tex or "}" in tex else ():
        if found.group(0) == "{":
            opened.append(found.start())
        elif found.group(0) == "}":
            if not opened:
                return found.start()
            opened.pop()
    return opened[-1] if opened else None


def _braces_paired(tex: str) -> str:
    """``tex``, once its braces pair up; else a TemplateError: one left open stops the
    whole PDF at the end of the file, so validate must not pass it."""
    if unpaired_braces(tex):
        raise TemplateError(UNPAIRED_BRACES)
    return tex


def _without_blank_lines_in_maths(text: str) -> str:
    """``text`` with every blank line inside its maths dropped, so that a formula
    spread over paragraphs for readability stays one formula."""
    if not BLANK_LINE.search(text):
        return text
    pieces, start = [], 0
    for begin, end, _opener in maths_spans(text):
        pieces += [text[start:begin], BLANK_LINE.sub("\n", text[begin:end])]
        start = end
    return "".join(pieces) + text[start:]


def maths_spans(text: str) -> list:
    """(start, end, opener) of every maths region of ``text`` outside a tabular, in order."""
    return [(begin, end, token) for kind, begin, end, token, _ in _region_spans(text) if kind == "maths"]


def masked_jinja(text: str) -> str:
    """``text`` with each Jinja2 tag blanked out to as many ``\\x01`` characters: its
    maths found as written in the template, not in a tag, at the same places."""
    return sub_tags(lambda tag: "\x01" * len(tag), text)


def tags_as_spaces(text: str) -> str:
    """A template's ``text`` with each Jinja2 tag read as one space: what a tag prints
    is escaped for LaTeX (text/render.py), so only the text around the tags is TeX."""
    return sub_tags(lambda tag: " ", text)


def alignment_outside_maths(text: str) -> str | None:
    """The first ``\\begin{array}`` (or another maths-only environment) of a template's
    ``text`` that stands outside maths, or None: there its ``&`` would print as a character.
    Jinja2's tags are read as a space (``tags_as_spaces``)."""
    if "\\begin" not in text:
        return None
    return _outside_maths(tags_as_spaces(text))


def _outside_maths(text: str) -> str | None:
    """``alignment_outside_maths`` of text without Jinja2's tags (a tabular's cells too)."""
    for kind, piece in _regions(text):
        found = _outside_maths(piece[1]) if kind == "table" else None
        for token in _TOKEN.finditer(piece) if kind == "text" else ():
            if token.group(0).startswith("\\begin") and token.group(1).rstrip("*") in MATHS_ALIGNMENTS:
                found = found or f"\\begin{{{token.group(1)}}}"
        if found:
            return found
    return None


def _tex_block(block: str) -> str:
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    if lines and all(line.startswith("- ") for line in lines):
        items = "\n".join(f"  \\item {_tex_inline(line[2:])}" for line in lines)
        return f"\\begin{{itemize}}\n{items}\n\\end{{itemize}}"
    return _tex_inline(block)


def _tex_inline(text: str, specials: re.Pattern = _LOOSE_SPECIALS) -> str:
    """``text`` as LaTeX: its maths as written, a tabular's cells with their ``&``, the rest
    with % & # escaped (``specials``), bold and quotes."""
    pieces, quotes, at = [], [], 0
    for kind, piece in _regions(text):
        if kind == "maths":
            pieces.append(piece)
        elif kind == "table":
            head, body, tail = piece
            spec = _column_spec(body)
            if re.search(r"(?<!\\)[<>]", spec):   # else LaTeX stops: "Illegal character in array arg"
                raise TemplateError(f"a tabular's column types {spec} use > or <, which need the array package "
                                    "the papers do not load: write l, c, r, p{...} and | only")
            pieces.append(head + spec + _tex_inline(body[len(spec):], _TABLE_SPECIALS) + tail)
        else:
            check_dollars(piece)
            piece = _literal(_MARKUP, specials.sub(r"\\\1", piece))
            piece = _BOLD.sub(r"\\textbf{\1}", piece)
            quotes += [at + found.start() for found in _QUOTE.finditer(piece) if found.group(0) == '"']
            pieces.append(piece)
        at += len(pieces[-1])
    return _quoted("".join(pieces), quotes)


def _quoted(tex: str, marks: list) -> str:
    """``tex`` with its quote marks at ``marks`` as TeX's quotes where they pair at word
    boundaries (``"a "b" c"``, nested too), each other one, an inch mark (``5"``), as typed."""
    opened, paired = [], {}
    for at in marks:
        before, after = tex[at - 1:at] if at else " ", tex[at + 1:at + 2] or " "
        if (before.isspace() or before in _OPEN_AFTER) and not after.isspace():
            opened.append(at)
        elif opened and not before.isspace() and not after.isalnum():
            paired.update({opened.pop(): "``", at: "''"})
    pieces, start = [], 0
    for at in marks:
        pieces += [tex[start:at], paired.get(at, _AS_WRITTEN['"'])]
        start = at + 1
    return "".join(pieces) + tex[start:]


def _column_spec(body: str) -> str:
    """The column types that open a tabular's ``body`` (``{l|>{\\bfseries}r}``), as written:
    their ``>`` and ``<`` are TeX's, not the text's; '' when it opens with none."""
    start = len(body) - len(body.lstrip())
    depth = 0
    for at, char in enumerate(body[start:], start) if body[start:start + 1] == "{" else ():
        depth += {"{": 1, "}": -1}.get(char, 0) if body[at - 1:at] != "\\" else 0
        if depth == 0:
            return body[:at + 1]
    return ""


def _literal(pattern: re.Pattern, text: str) -> str:
    """``text`` with each character ``pattern`` finds written so that TeX prints it as
    typed (``_`` as ``\\_``, ``--`` with a kern between); the TeX commands it finds are kept."""
    return pattern.sub(lambda found: _AS_WRITTEN.get(found.group(0), found.group(0)), text)


class OpenMaths(TemplateError):
    """A ``$`` that opens maths its paragraph does not close (``check_dollars``)."""


def open_dollar_line(source: str):
    """The line (1-based) of a template text's first ``$`` that opens maths its paragraph does
    not close, each Jinja2 tag read as placeholders with its line breaks kept; None when only
    the filled text shows one: the mistake told at its own line."""
    masked = sub_tags(lambda tag: re.sub(r"[^\n]", "\x01", tag), source)
    start = 0
    for _kind, begin, end, _token, _body in _region_spans(masked) + [(None, len(masked), len(masked), None, None)]:
        found = next((t for t in _TOKEN.finditer(masked, start, begin) if t.group(0) in ("$", "$$")), None)
        if found is not None:
            return masked.count("\n", 0, found.start()) + 1
        start = end
    return None


def check_dollars(text: str) -> None:
    """Raise OpenMaths when ``text``, outside maths, holds a ``$`` or ``$$`` that opens
    maths its paragraph does not close: TeX would stop at the paragraph's end."""
    if "$" in text:
        for found in _TOKEN.finditer(text):
            if found.group(0) in ("$", "$$"):
                raise OpenMaths(f"a {found.group(0)} opens maths that its paragraph does not close "
                                    "(maths in $...$ cannot run over a blank line): close it before the "
                                    "blank line, use \\[ ... \\] for a displayed formula, or write \\$ "
                                    "for a dollar sign")


def _regions(text: str) -> list:
    """``text`` cut into ("text", piece), ("maths", piece) and ("table", (begin, body, end))
    regions, in order (``_region_spans``)."""
    regions, start = [], 0
    for kind, begin, end, token, body_end in _region_spans(text):
        inner = text[begin:end] if kind == "maths" else (token, text[begin + len(token):body_end], text[body_end:end])
        regions += [("text", text[start:begin]), (kind, inner)]
        start = end
    regions.append(("text", text[start:]))
    return [(kind, piece) for kind, piece in regions if piece]


def _region_spans(text: str) -> list:
    """(kind, start, end, opening token, where a tabular's ``\\end`` starts) of every maths
    and tabular region of ``text``, in order; an opening ``$`` or ``\\[`` with no close
    (a ``$`` none before a blank line), or a ``\\begin{tabular}`` with no ``\\end``, is text.
    A backslash pair (``\\\\``, ``\\$``) never opens or closes one."""
    spans, pos = [], 0
    while True:
        found = _TOKEN.search(text, pos)
        if found is None:
            return spans
        token, pos = found.group(0), found.end()
        end = body_end = None
        if token in _OPENERS:
            kind, end = "maths", _close(text, pos, _OPENERS[token])
        elif found.group(1) in TEXT_TABLES and token.startswith("\\begin"):
            kind, (end, body_end) = "table", _environment_end(text, pos, found.group(1))
        if end is not None:
            spans.append((kind, found.start(), end, token, body_end))
            pos = end


def _close(text: str, pos: int, closer: str):
    """Where the maths opened before ``pos`` ends (after ``closer``), or None
    (also when a ``$``'s paragraph ends first)."""
    for found in _CLOSERS[closer].finditer(text, pos):
        if found.group(0) == closer:
            return found.end()
        if found.group(0)[0] == "\n":
            return None
    return None


def _environment_end(text: str, pos: int, name: str) -> tuple:
    """(after its ``\\end``, where its ``\\end`` starts) of the environment ``name`` begun
    before ``pos``, counting the same environment nested in it; (None, None) when it has no end."""
    depth = 1
    for found in _TOKEN.finditer(text, pos):
        if found.group(1) == name:
            depth += 1 if found.group(0).startswith("\\begin") else -1
            if depth == 0:
                return found.end(), found.start()
    return None, None
