"""Rendering: fills template text (stems, parts, solutions) in Jinja2's sandbox
with StrictUndefined, escaping every parameter string for the output format,
and renders whole documents through the layouts in ``templates/``."""

from __future__ import annotations

import re
from fractions import Fraction
from functools import lru_cache

import jinja2
from jinja2 import meta
from jinja2.runtime import LoopContext
from jinja2.sandbox import SandboxedEnvironment

from quizgen.errors import QuizgenError, TemplateError
from quizgen.wording import a_word
from quizgen.text.limits import install_limits, limit_error
from quizgen.text.md_maths import checked_markdown, markdown_maths
from quizgen.text.pdf_strings import pdf_string
from quizgen.text.sandbox import CappedSandbox, failure_words
from quizgen.text.tex_markdown import LIGATURE_BREAK, LIGATURES, markdown_to_tex
from quizgen.text.undefined_names import undefined_words
from quizgen.text.unprintable import refuse_filled
from quizgen.maths.exact import Exact
from quizgen.text.answers import answer_in_maths, bold_answer
from quizgen.text.conventions import NEAR_ONE_RULE, ROUNDING_RULE
from quizgen.text.md_escape import escaped_md
from quizgen.maths.numbers import exact_decimal, fixed, percent, plain, significant, significant_or_fixed
from quizgen.maths.printing import to_latex, to_text

_TEX_SPECIALS = {
    "\\": r"\textbackslash{}", "&": r"\&", "%": r"\%", "$": r"\$", "#": r"\#", "_": r"\_",
    "{": r"\{", "}": r"\}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}",
    "*": "{*}", '"': "{\\textquotedbl}", "`": r"\textasciigrave{}",
    "'": r"\textquotesingle{}", **{c: LIGATURE_BREAK % c for c in "-,<>"},   # see LIGATURE_BREAK
}
_TEX_PATTERN = re.compile("|".join(re.escape(k) for k in _TEX_SPECIALS if k not in "-,'<>") + "|" + LIGATURES)


class Raw(str):
    """Text already in the output format (LaTeX math from ``tex``): not escaped."""


def escape_tex(text) -> str:
    """``text`` made literal in LaTeX: every special character escaped."""
    return _escaped_tex(str(text))


_AS_TYPED = {"'": r"\textquotesingle{}", "`": r"\textasciigrave{}", **{c: LIGATURE_BREAK % c for c in "-,<>"}}


def escape_tex_char(char: str) -> str:
    """One character of a student id made literal in LaTeX, as typed: a straight quote and a
    backtick too (TeX prints them curly), so ``o'brien@...`` reads as the address it is, and
    a ligature's first character kept apart (the layouts' ``{}`` between two does not under LuaLaTeX)."""
    return _AS_TYPED.get(char) or escape_tex(char)


def escape_md(text) -> str:
    """``text`` made literal in Markdown (text/md_escape.py: a special token's brackets kept)."""
    return escaped_md(str(text))


# Cached: the same words and names are escaped in question after question.
@lru_cache(maxsize=65536)
def _escaped_tex(text: str) -> str:
    return _TEX_PATTERN.sub(lambda m: _TEX_SPECIALS[m.group()], text)


_ESCAPES = {"tex": escape_tex, "md": escape_md, "text": str}
_STR_ESCAPES = {"tex": _escaped_tex, "md": escaped_md, "text": str}
_PRINTABLE = (bool, int, float, Fraction, Exact, type(None))


def _display(value) -> str:
    """A value as template text prints it: numbers, yes/no and lists of them.
    Anything else (a record, a method such as ``{}.items``) has no printed
    form: its Python repr would show a memory address and break byte-identical
    output, so it is an error naming what was printed."""
    if isinstance(value, (list, tuple)):
        return ", ".join(_display(v) for v in value)
    if isinstance(value, jinja2.Undefined):
        return str(value)   # raises Jinja2's own error (undefined name, unsafe attribute)
    if not isinstance(value, _PRINTABLE):
        raise TemplateError(f"template text prints {_kind(value)}, which has no printed form; "
                            "print numbers, words or lists (a record's fields one by one)")
    return plain(value)


def _kind(value) -> str:
    if isinstance(value, dict):
        return "a whole record"
    if callable(value):
        return "a function or method"
    return a_word(type(value).__name__)


def _finalizer(fmt: str):
    escape = _STR_ESCAPES[fmt]

    def finalize(value):
        cls = value.__class__
        if cls is Raw:
            return value
        if cls is str:
            return escape(value)
        if cls is int:
            return str(value)
        if cls is Fraction or cls is Exact:
            return plain(value)
        if cls is tuple or cls is list:
            return ", ".join(finalize(v) for v in value)
        if isinstance(value, Raw):
            return value
        if isinstance(value, str):
            return escape(str(value))
        return _display(value)

    return finalize


def _filters() -> dict:
    return {
        "dec": lambda v, places=2: Raw(fixed(v, places)),
        "sig": lambda v, digits=4: Raw(significant(v, digits)),
        "sigdec": lambda v, digits=4: Raw(significant_or_fixed(v, digits)),
        "exactdec": lambda v, places=4: Raw(exact_decimal(v, places)),
        "answer": lambda v, decimals=4: Raw(answer_in_maths(v, decimals)),
        "tex": lambda v: Raw(to_latex(_exactable(v))),
        "exact": lambda v: Raw(to_text(_exactable(v))),
        "pct": lambda v, places=0: Raw(percent(v, places)),
    }


def _exactable(value):
    return Fraction(value) if isinstance(value, int) else value


_DICT_ATTRIBUTES = frozenset(dir(dict))
_LOOP_ATTRIBUTES = frozenset(("index", "index0", "revindex", "revindex0", "first", "last",
                              "length", "depth", "depth0", "previtem", "nextitem"))


class _RecordFields:
    """A shortcut for ``record.field`` (a dict key) and ``loop.index``, which
    Jinja2 would resolve to the same value: its general lookup tries the
    attribute first and catches an AttributeError for every record field, which
    costs more than the rest of a typical lookup. Anything else goes the usual way."""

    def getattr(self, obj, attribute):
        cls = obj.__class__
        if cls is dict:
            if attribute not in _DICT_ATTRIBUTES:
                value = obj.get(attribute)
                if value is not None:
                    return value
        elif cls is LoopContext and attribute in _LOOP_ATTRIBUTES:
            return getattr(obj, attribute)
        return super().getattr(obj, attribute)


class _Sandbox(_RecordFields, CappedSandbox):
    """Jinja2's sandbox for untrusted text, capped (``text/sandbox.py``), with the record-field shortcut."""


class _Layouts(_RecordFields, jinja2.Environment):
    """The environment of the built-in document layouts, with the record-field shortcut."""


@lru_cache(maxsize=None)
def _environment(fmt: str) -> SandboxedEnvironment:
    env = _Sandbox(undefined=jinja2.StrictUndefined, finalize=_finalizer(fmt),
                   autoescape=False, keep_trailing_newline=False)
    env.filters.update(_filters())
    env.globals.update(zip=zip, enumerate=enumerate, fmt=fmt, rounding_rule=ROUNDING_RULE,
                       near_one_rule=Raw(markdown_maths(NEAR_ONE_RULE) if fmt == "md" else NEAR_ONE_RULE))
    install_limits(env)
    return env


@lru_cache(maxsize=4096)
def _compiled(fmt: str, source: str):
    return _plain_globals(_environment(fmt).from_string(source))


def _plain_globals(template: jinja2.Template) -> jinja2.Template:
    """``template`` with its globals as a plain dict. Jinja2 keeps them as a
    ChainMap so that later changes to the environment's globals show through;
    ours are fixed at set-up, and every render copies the globals into its
    context, which from a ChainMap costs as much as the rest of the set-up."""
    if template.globals.__class__ is not dict:
        template.globals = dict(template.globals)
    return template


def text_environment() -> SandboxedEnvironment:
    """The sandboxed environment template text is filled in: its syntax and globals."""
    return _environment("text")


def jinja_context(env: dict, names=None) -> dict:
    """Parameter values as Jinja sees them: whole numbers become ints so they
    can index lists. With ``names`` (see :func:`names_read`), only those values:
    a text cannot reach a value it does not name."""
    if names is None:
        return {name: _for_jinja(value) for name, value in env.items()}
    return {name: _for_jinja(value) for name, value in env.items() if name in names}


def names_read(sources) -> frozenset | None:
    """Every variable the pieces of template text read (Jinja2's undeclared
    names), or None when a piece cannot be parsed (then every value is given,
    and the render reports the error)."""
    env, names = text_environment(), set()
    for source in sources:
        if "{" in source:
            try:
                names |= meta.find_undeclared_variables(env.parse(source))
            except jinja2.TemplateSyntaxError:
                return None
    return frozenset(names)


def _for_jinja(value):
    cls = value.__class__
    if cls is str:
        return value
    if cls is Fraction:
        return value.numerator if value.denominator == 1 else value
    if cls is tuple:
        return tuple(map(_for_jinja, value))
    if cls is dict:
        return _record_for_jinja(value)
    return value


_RECORDS: dict = {}
RECORDS_LIMIT = 4096


def _record_for_jinja(record: dict) -> dict:
    """A record's Jinja form, made once per record: a choice's options recur
    from instance to instance, and the sandbox keeps templates from changing
    them. The cache holds the record itself, so its id cannot be reused."""
    hit = _RECORDS.get(id(record))
    if hit is not None and hit[0] is record:
        return hit[1]
    if len(_RECORDS) >= RECORDS_LIMIT:
        _RECORDS.clear()
    converted = {k: _for_jinja(v) for k, v in record.items()}
    _RECORDS[id(record)] = (record, converted)
    return converted


def render_string(source: str, context: dict, fmt: str) -> str:
    """Render one piece of template text in format ``fmt`` (md, tex or text).
    Template text is a Markdown subset (paragraphs, ``- `` bullets, ``**bold**``,
    ``$math$``), converted for LaTeX and plain text after filling, its maths for Markdown before."""
    return _converted(_fill(markdown_maths(source) if fmt == "md" else source, context, fmt), fmt)


_SPLIT = "\x00quizgen-split\x00"
KEPT_LENGTH = 2_000   # the longest filled text whose conversion is kept (the shipped bank's longest: 1,916)


def render_many(sources, context: dict, fmt: str) -> list:
    """Render several pieces of template text over one context, each as if on
    its own (:func:`render_string`): a ``{% set %}`` in one piece is not seen by
    the next. The pieces go through Jinja2 in one call, each in its own
    ``{% with %}`` scope (a question has a dozen pieces, and one render each
    costs half as much again as the whole question). Pieces without Jinja2
    markup skip Jinja2; every piece is converted by :func:`_converted`, once per text."""
    sources = tuple(map(markdown_maths, sources)) if fmt == "md" else tuple(sources)
    dynamic = [source for source in sources if "{" in source]
    if not dynamic:
        return [_converted(source, fmt) for source in sources]
    scoped = _scoped(tuple(dynamic))   # None: a piece ends in "{", which would read "{{%" joined to "{% endwith %}"
    filled = _fill(scoped, context, fmt).split(_SPLIT) if scoped else ()
    if len(filled) != len(dynamic):
        filled = [_fill(source, context, fmt) for source in dynamic]
    pieces = iter(filled)
    return [_converted(next(pieces) if "{" in source else source, fmt) for source in sources]


@lru_cache(maxsize=4096)
def _scoped(pieces: tuple) -> str | None:
    """The pieces as one template, each in its own scope and without the one
    trailing newline that Jinja2 drops at the end of a template on its own; None when one ends in ``{``."""
    pieces = [p[:-1] if p.endswith("\n") else p for p in pieces]
    return None if any(p[-1:] == "{" for p in pieces) else _SPLIT.join(f"{{% with %}}{p}{{% endwith %}}" for p in pieces)


def _converted(filled: str, fmt: str) -> str:
    """:func:`_convert`, kept by the text up to KEPT_LENGTH characters (a hostile bank's long texts hold
    no memory): two pieces in five of a run fill to a text met before, and checking one costs as much as
    filling it (docs/performance.md, the fifty-fifth round). A text that fails is not kept."""
    return _kept_conversion(filled, fmt) if len(filled) <= KEPT_LENGTH else _convert(filled, fmt)


_kept_conversion = lru_cache(maxsize=4096)(lambda filled, fmt: _convert(filled, fmt))   # (see _converted)


def _convert(filled: str, fmt: str) -> str:
    """Filled text as ``fmt`` writes it, once every format's checks pass (unprintable.py)."""
    refuse_filled(filled)
    if fmt == "tex":
        return markdown_to_tex(filled)
    if fmt == "text":
        return _plain(filled)
    return checked_markdown(filled)   # a $ left open garbles the paper's maths (as in markdown_to_tex); never HTML


@lru_cache(maxsize=8192)
def _plain(filled: str) -> str:
    from quizgen.text.plain import to_plain

    return to_plain(filled)


def _fill(source: str, context: dict, fmt: str) -> str:
    if "{" not in source:
        return source
    try:
        return _compiled(fmt, source).render(context)
    except jinja2.UndefinedError as exc:
        raise TemplateError(f"undefined name in template text: {undefined_words(exc.message, context, source)}") \
            from exc
    except jinja2.TemplateError as exc:
        raise TemplateError(f"template text failed: {exc}") from exc
    except (TypeError, ValueError, ArithmeticError, IndexError, KeyError) as exc:
        # what a text's own values and operations raise, in Jinja2, the sandbox or quizgen's maths alike:
        # 1/0, 'a' + 1, '{0}'.format(), a filter given a word, an infinite value printed (rounding.py);
        # a bug's AttributeError, NameError or AssertionError is not caught (tests/test_fix52q.py)
        raise TemplateError(f"template text failed: {failure_words(exc)}") from exc
    except (RecursionError, MemoryError) as exc:  # a macro calling itself, deep blocks, a limit missed
        raise limit_error("nesting of macro calls, blocks or brackets" if isinstance(exc, RecursionError) else "memory") from exc
    except SyntaxError as exc:   # Python refuses the compiled text: 20 nested for loops, 100 nested blocks
        raise limit_error(f"nesting of blocks ({exc.msg})") from None   # its line is in Python code


@lru_cache(maxsize=None)
def layout_environment(fmt: str, directory: str) -> jinja2.Environment:
    """The environment for whole-document layouts; LaTeX layouts use ``<< >>``
    and ``<% %>`` so that TeX's braces and ``#`` need no escaping."""
    options = dict(loader=jinja2.FileSystemLoader(directory), undefined=jinja2.StrictUndefined,
                   auto_reload=False, keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    if fmt == "tex":
        options.update(block_start_string="<%", block_end_string="%>", variable_start_string="<<",
                       variable_end_string=">>", comment_start_string="<#", comment_end_string="#>")
    env = _Layouts(**options, autoescape=False)
    env.filters["esc"] = _ESCAPES[fmt]
    env.filters["esc_char"] = escape_tex_char if fmt == "tex" else _ESCAPES[fmt]
    # a key's answer as the layout prints it: scientific below 0.001 (text/answers.py)
    env.filters["answer"] = lambda text, bold=False: bold_answer(str(text), fmt, bold) or _ESCAPES[fmt](text)
    env.filters["pdfstr"] = pdf_string   # a PDF's title or bookmark: hex digits only (pdfmeta.tex.j2)
    env.globals["rounding_rule"] = ROUNDING_RULE
    return env


def stream_layout(name: str, fmt: str, directory, **context):
    """Render the layout ``name`` piece by piece (for a whole document, written
    to its file as it is made rather than built in memory first)."""
    try:
        yield from _layout(name, fmt, directory).generate(**context)
    except jinja2.TemplateError as exc:
        raise _layout_error(name, directory, exc) from exc


def render_layout(name: str, fmt: str, directory, **context) -> str:
    """Render the layout ``name`` (e.g. ``problems.md.j2``) with ``context``."""
    try:
        return _layout(name, fmt, directory).render(**context)
    except jinja2.TemplateError as exc:
        raise _layout_error(name, directory, exc) from exc


def _layout(name: str, fmt: str, directory) -> jinja2.Template:
    return _loaded_layout(name, fmt, str(directory))


@lru_cache(maxsize=256)
def _loaded_layout(name: str, fmt: str, directory: str) -> jinja2.Template:
    """A layout, loaded once: the environment never reloads a layout
    (``auto_reload=False``), and ``get_template`` would copy the globals into
    it again on every call (twice per question: its problem and solution blocks)."""
    return _plain_globals(layout_environment(fmt, directory).get_template(name))


def _layout_error(name: str, directory, exc: jinja2.TemplateError) -> QuizgenError:
    if isinstance(exc, jinja2.TemplateNotFound):
        return QuizgenError(f"layout {name} not found in {directory}")
    return QuizgenError(f"layout {name} failed: {exc}")
