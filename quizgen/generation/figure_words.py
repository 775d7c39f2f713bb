"""The words a template's figure prints (``figure.name`` and ``figure.axis``),
filled in for a draw and checked (generation/figures.py draws them): the
name is TeX maths (C7's ``1 - \\hat{p}``), the axis words plain words (C1's
"the probability given to the true word"), so that no Jinja2 output can bring
a TeX command or markup into the drawing."""

from __future__ import annotations

import re

from quizgen.errors import TemplateError
from quizgen.generation.figures import AXIS_LIMIT, NAME_LIMIT, X_MEANING, LossPoint, figure_point
from quizgen.text.render import render_string
from quizgen.text.tex_commands import tex_problem
from quizgen.text.tex_markdown import tags_as_spaces, unpaired_braces


def named_point(instance) -> LossPoint | None:
    """:func:`figure_point` with the name its label prints and the words its
    p axis says: the template's ``figure.name`` and ``figure.axis`` filled in
    for ``instance`` (``p`` and X_MEANING when it has none)."""
    point = figure_point(instance)
    if point is None:
        return point
    name = _filled(instance, "name", unsafe_name) or "p"
    return LossPoint(point.p, name, _filled(instance, "axis", unsafe_words) or X_MEANING, point.shown)


def _filled(instance, key: str, unsafe) -> str:
    """The template's ``figure.<key>`` text filled in for ``instance`` ("" when
    it has none); an error naming the key when it fails or ``unsafe`` refuses it."""
    template = instance.template
    text = getattr(template, f"figure_{key}")
    if not text:
        return ""
    what = {"name": "name", "axis": "axis words"}[key]
    try:
        filled = " ".join((_maths(text, instance.context) if key == "name" else _words(text, instance.context)).split())
    except TemplateError as exc:
        raise TemplateError(f"cannot fill in the figure's {what}: {exc}", path=template.path,
                            key=f"figure.{key}") from exc
    problem = unsafe(filled)
    if problem:
        problem = problem.replace(": ", f"{_brought_by(filled, text, instance.context)}: ", 1)
        raise TemplateError(f"the figure's {what}, filled in, {problem}", path=template.path, key=f"figure.{key}")
    return filled


_MD_ESCAPED = re.compile(r"\\([\\`*_<>|\[\]$])")


def _words(source: str, context: dict) -> str:
    """Axis words filled in as a parameter gives them: Markdown's escapes of a value's
    characters undone, so that a value's ``_`` is checked as the ``_`` it is, not
    as the ``\\`` escaping it, and a ``*`` passes as the template's own does."""
    return _MD_ESCAPED.sub(r"\1", render_string(source, context, "md"))


def _brought_by(filled: str, source: str, context: dict) -> str:
    """``, which NAME's value 'VALUE' brings`` when the first character :func:`unsafe_words`
    refuses in ``filled`` is not in the template's own words but in a parameter's, else ""."""
    found = _NOT_WORDS.search(filled)
    if found is None or found.group(0) in tags_as_spaces(source):
        return ""
    for name, value in context.items():
        if isinstance(value, str) and found.group(0) in value and re.search(rf"\b{re.escape(name)}\b", source):
            return f", which {name}'s value {value!r} brings"
    return ""


def _maths(source: str, context: dict) -> str:
    """A figure name filled in as the TeX maths it is (a value's words TeX-escaped),
    not as Markdown: TeX, the SVG and the alt text each escape it their own way
    (a Markdown ``\\<`` broke the PDF and showed its backslash in the SVG). A ``$``
    would end the maths it is filled into, so it is refused first."""
    if _DOLLAR.search(source):
        return source   # unsafe_name names it
    return render_string(f"${source}$", context, "tex")[1:-1]


_NOT_WORDS = re.compile(r"[\\$%#&{}^_~<>]")


def unsafe_words(text: str) -> str:
    """Why filled axis words cannot go on the p axis as they are, or "": they
    are plain words (TeX and SVG print them as written), so none of the
    characters TeX or SVG would read as markup, and short enough for the axis."""
    found = _NOT_WORDS.search(text)
    if found:
        return (f"holds {found.group(0)!r}: the axis words are plain words (the symbol comes from "
                "figure.name), without any of \\ $ % # & { } ^ _ ~ < >")
    if len(text) > AXIS_LIMIT:
        return f"has {len(text)} characters, more than the axis's {AXIS_LIMIT}: say it shorter"
    return ""


_OUT_OF_MATHS = re.compile(r"(?<!\\)[$%#&]")
_LAYOUT = re.compile(r"(?<!\\)(?:\\\\)*(\\\\|\\(?:par|item|hline|cline|multicolumn|newline|linebreak|noindent|centering"
                     r"|begin|end|[hv]space)(?![A-Za-z]))")
"""A command the bank's list allows in text but that breaks a figure label's maths: a line
break ``\\\\`` (TeX: "There's no line here to end"), a paragraph, a list item, a table's
rules and columns, an environment, a space of a set size."""
_DOLLAR = re.compile(r"(?<!\\)\$")


def unsafe_name(text: str) -> str:
    """Why a filled figure name cannot go into the label's TeX maths, or "":
    a TeX command the bank's list does not allow (the filled text, so that no
    Jinja2 output can build one), a character that ends the maths or the
    label (``$ % # &``), braces that do not pair up, or more than NAME_LIMIT characters."""
    tex = tex_problem(text, filled=True)
    if tex is not None:
        return tex
    layout = _LAYOUT.search(text)
    if layout is not None:
        return (f"uses {layout.group(0)}, which lays out text and breaks the label's maths (the PDF would not build): "
                "a name is maths, such as 1 - \\hat{p}")
    if _OUT_OF_MATHS.search(text):
        return "holds one of $ % # &, which would end its maths: write it as maths, such as 1 - \\hat{p}"
    if unpaired_braces(text):
        return "has braces that do not pair up"
    script = _bad_script(text)
    if script:
        return script
    if len(text) > NAME_LIMIT:   # after the TeX checks: a name both too long and unsafe is named unsafe
        return (f"has {len(text):,} characters, more than the label's {NAME_LIMIT}: "
                "write it shorter, such as 1 - \\hat{p}")
    return ""


_SCRIPT_ARGUMENT = r"(?:\{[^{}]*\}|\\[A-Za-z]+|[^\s{}_^\\])"
_DANGLING = re.compile(r"(?<!\\)[_^]\s*(?=$|[_^}])")
_DOUBLED = re.compile(rf"(?<!\\)_\s*{_SCRIPT_ARGUMENT}\s*(?:\^\s*{_SCRIPT_ARGUMENT}\s*)?_"
                      rf"|(?<!\\)\^\s*{_SCRIPT_ARGUMENT}\s*(?:_\s*{_SCRIPT_ARGUMENT}\s*)?\^")


def _bad_script(text: str) -> str:
    """Why TeX cannot set the subscripts or superscripts of ``text``, or "": a ``_`` or ``^``
    with nothing after it (``p_``: "Missing { inserted") or one of either twice on one letter
    (``p_a_b``, ``p^{*}_{2}^{3}``: "Double subscript"), which the PDF would refuse after validate passed it."""
    if _DANGLING.search(text):
        return "has a _ or ^ with nothing after it: TeX cannot set it (write p_{b})"
    if _DOUBLED.search(text):
        return "has two subscripts or two superscripts on one letter: TeX cannot set it (write p_{ab} or p_{a,b})"
    return ""
