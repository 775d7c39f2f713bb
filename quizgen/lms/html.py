"""Template text (the Markdown subset of docs/templates.md with ``$...$`` math)
as HTML for an LMS: paragraphs, bullet lists, bold, and math as ``\\( ... \\)``
(``$$...$$``, displayed, as ``\\[ ... \\]``),
which Moodle's MathJax filter and Canvas both typeset."""

from __future__ import annotations

import re
from decimal import Decimal
from html import escape, unescape

from quizgen.text.md_escape import MD_UNESCAPE
from quizgen.text.scripts import SUBSCRIPTS, SUPERSCRIPTS
from quizgen.text.spans import DOLLARS, spans, substituted

_ESCAPE_OR_BOLD = re.compile(MD_UNESCAPE.pattern + r"|\*\*((?:\\.|[^\\])+?)\*\*", re.S)
"""An escape (MD_UNESCAPE: group 1 its character, or none for a ``\\\\``) or a bold run (group 2), found
in one left-to-right pass over the escaped text, so that an escaped ``\\*\\*`` opens no bold and a bold run
closes only on two unescaped stars."""


def markdown_html(text: str, block: bool = True) -> str:
    """``text`` as HTML; ``block`` wraps paragraphs in ``<p>`` and bullet runs
    in ``<ul>``, otherwise the text is one inline run (an ask, a step title)."""
    if not block:
        return _inline(" ".join(text.split("\n")).strip())
    blocks = [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]
    return "".join(_block(b) for b in blocks)


def _block(block: str) -> str:
    lines = [line.strip() for line in block.splitlines() if line.strip()]
    if lines and all(line.startswith("- ") for line in lines):
        return "<ul>" + "".join(f"<li>{_inline(line[2:])}</li>" for line in lines) + "</ul>"
    return f"<p>{_inline(' '.join(lines))}</p>"


def _inline(text: str) -> str:
    """One run of text: math pieces (text/spans.DOLLARS: a dollar after an odd run of backslashes opens or
    closes none, as the paper's LaTeX reads it) become ``\\( ... \\)``, displayed ones ``\\[ ... \\]``; the rest
    is un-Markdown-escaped, HTML-escaped, and bold marked up."""
    def maths(start: int, end: int) -> str:
        if text.startswith("$$", start):
            return r"\[" + escape(text[start + 2:end - 2], quote=False) + r"\]"
        return r"\(" + escape(text[start + 1:end - 1], quote=False) + r"\)"

    return substituted(text, spans(text, DOLLARS), maths, _plain_html)


def _plain_html(text: str) -> str:
    """Text outside maths as HTML: bold runs marked up, then each escape shown as its character as
    the paper prints it (``\\}`` as ``}``, a ``\\\\`` as a backslash), the rest HTML-escaped."""
    out, at = [], 0
    for found in _ESCAPE_OR_BOLD.finditer(text):
        out.append(escape(text[at:found.start()], quote=False))
        if found.group(2) is not None:
            out.append(f"<strong>{_plain_html(found.group(2))}</strong>")
        else:
            out.append(escape(found.group(1) or "\\", quote=False))
        at = found.end()
    return "".join(out) + escape(text[at:], quote=False)


def decimal_text(value: float) -> str:
    """``value`` in plain decimal notation with every digit of its shortest
    repr and no exponent (``5e-05`` -> ``0.00005``): what both LMS number
    parsers read, however small the value."""
    text = format(Decimal(repr(float(value))), "f")
    return "0" if text in ("-0", "-0.0") else text


TAG_LINE = '<p style="font-size:small;color:#595959">Question code: [{}]</p>'
"""The line ending every exported question text: the variant's tag, which the LMS's download keeps
and grade reads (lms/tag.py finds it anywhere in the text, an export's before this label too), after
a short label that tells a student, or their screen reader, what the code is; grey #595959, 7:1 on
white (WCAG AA asks 4.5:1 of small text; #777 was 4.48:1)."""


def tag_line(tag: str) -> str:
    """The question text's last line naming the variant (TAG_LINE), the tag escaped."""
    return TAG_LINE.format(escape(tag))


_ACCENTED = re.compile(r"\b([A-Za-z])_(hat|bar|tilde)\b")
_COMBINING = {"hat": "\u0302", "bar": "\u0304", "tilde": "\u0303"}
_MINUS_LN = re.compile(r"(?<![\w)\]-])-(?=(?:ln|log)\b)|(?<=\d )-(?= \S)")   # -ln p; 1 - p
_MARKS = "\u0302\u0303\u0304"   # the combining accents _ACCENTED writes (p̂)
_BINARY_MINUS = re.compile(rf"((?<![A-Za-z])[A-Za-z][{_MARKS}]?|_[A-Za-z0-9]{{1,8}}|[0-9)\]]) - "
                           rf"(?=(?:ln|log)\b|[0-9(]|[A-Za-z](?![A-Za-z])|[A-Za-z][{_MARKS}_])")
"""A binary minus between spaced operands (``p̂ - ln(1 - p̂)``, ``a - b``, ``f(x) - 1``,
``z_k - z_1``): a single letter (accented or not), a subscript, a digit or a closing bracket on
its left, and ``ln``, ``log``, a digit, a bracket or a single letter on its right; a dash
between words (``the loss - which``) is not one."""


def shown_maths(text: str) -> str:
    """A trap's plain feedback (the key's ASCII maths) as an LMS shows it to a student: ``p_hat``
    as p and a combining circumflex (p&#770;), as the question's own maths writes it, and the
    minus of ``-ln``, ``1 - p`` and ``p - ln q`` (_BINARY_MINUS) as a minus sign, where a screen reader
    said "p underscore hat" and "dash l n"."""
    text = _MINUS_LN.sub("\u2212", _ACCENTED.sub(lambda m: m[1] + _COMBINING[m[2]], text))
    return _BINARY_MINUS.sub(lambda m: f"{m[1]} \u2212 ", text)


_SUBSCRIPT = re.compile(r"\b([A-Za-z])_([A-Za-z0-9]{1,8})\b")   # L_MLM, p_i, z_k (p_hat is p̂ by then)
_SUPERSCRIPT = re.compile(r"(?<=[\w)])\^\(([^()]{1,12})\)")        # e^(z), 10^(-5), (1 − r)^(n)


def feedback_html(text: str) -> str:
    """A trap's feedback (shown_maths's text) as the HTML an LMS shows: escaped, with the key's ASCII
    subscripts and superscripts set as such, ``L_MLM`` as L<sub>MLM</sub> and ``e^(-s)`` as
    e<sup>−s</sup> (a minus sign), not as typed."""
    return with_scripts(escape(text, quote=False), lambda base, low: f"{base}<sub>{low}</sub>",
                        lambda high: f"<sup>{high}</sup>")


def with_scripts(text: str, sub, sup) -> str:
    """``text`` with the key's ASCII subscripts, ``L_MLM`` (``sub("L", "MLM")``), then superscripts,
    ``e^(-s)`` (``sup("−s")``, its minus a minus sign), written as ``sub`` and ``sup`` give them."""
    text = _SUBSCRIPT.sub(lambda m: sub(m[1], m[2]), text)
    return _SUPERSCRIPT.sub(lambda m: sup(m[1].replace("-", "\u2212")), text)


SHEET_SCRIPTS = {**{low: ("sub", c) for c, low in SUBSCRIPTS.items()},
                 **{high: ("super", c) for c, high in SUPERSCRIPTS.items()}}
"""Every character ``feedback_text`` may write for a script: ``{char: ("sub" or "super", the character)}``,
which a PDF sheet sets by command (grading/feedback_pdf.py)."""


def feedback_text(text: str) -> str:
    """A trap's plain feedback (the key's ASCII maths) as a feedback sheet writes it, as the LMS
    shows it: ``shown_maths``'s p̂ and minus sign, and ``feedback_html``'s scripts in
    Unicode, ``e^(-s)`` as e⁻ˢ, where Unicode has each of their characters (else as typed,
    ``L_MLM``, ``e^(−q)``): a sheet is Markdown or LaTeX text, not HTML."""
    return with_scripts(shown_maths(text), lambda base, low: base + _scripted(low, SUBSCRIPTS, f"_{low}"),
                        lambda high: _scripted(high, SUPERSCRIPTS, f"^({high})"))


def _scripted(script: str, table: dict, otherwise: str) -> str:
    """``script`` in Unicode's sub- or superscripts (``table``) when it has them all, else ``otherwise``."""
    return "".join(table[c] for c in script) if all(c in table for c in script) else otherwise


_SVG_TITLE = re.compile(r"<title>(.*?)</title>", re.S)


def figure_img(src: str, svg: str) -> str:
    """An ``<img>`` of a figure whose alt text is the figure's own title (what a
    screen reader says: "The loss -ln p against p, ..."), else "figure"."""
    found = _SVG_TITLE.search(svg)
    alt = " ".join(unescape(found.group(1)).split()) if found else "figure"
    return f'<p><img src="{src}" alt="{escape(alt or "figure", quote=True)}" style="max-width:100%"></p>'
