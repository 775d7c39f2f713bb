"""A template's pieces of Jinja2 text, and locating a failure to render one
of them: the file, the line inside the piece's text, and its key."""

from __future__ import annotations

from quizgen.bank.model import Template
from quizgen.bank.yamlfile import locate_line
from quizgen.errors import TemplateError
from quizgen.text.render import render_string
from quizgen.text.tex_markdown import OpenMaths, open_dollar_line


def text_sources(template: Template):
    """Every piece of Jinja2 text in a template, with its key path."""
    yield ("stem",), template.stem
    for i, part in enumerate(template.parts):
        yield ("parts", i, "ask"), part.ask
        for j, word in enumerate(part.accept):
            yield ("parts", i, "accept", j), word
        for j, trap in enumerate(part.traps):
            yield ("parts", i, "traps", j, "feedback"), trap.feedback
            for k, word in enumerate(trap.words):
                yield ("parts", i, "traps", j, "words", k), word
    yield from _solution_sources(template.solution)


def figure_sources(template: Template):
    """The figure's Jinja2 texts (``name``, ``axis``), with their key paths: not in
    ``text_sources``, as they are TeX maths and a few plain words, checked as such
    (generation/figure_words.py), but the names they read are the draw's as well."""
    for key in ("name", "axis"):
        source = getattr(template, f"figure_{key}")
        if source:
            yield ("figure", key), source


def _solution_sources(solution: dict):
    yield ("solution", "forecast"), solution["forecast"]
    for i, step in enumerate(solution["steps"]):
        for key in ("title", "why", "work"):
            yield ("solution", "steps", i, key), step[key]
    yield ("solution", "verify"), solution["verify"]


def located_error(inst, fmt: str, error: TemplateError) -> TemplateError:
    """``error`` (raised while rendering ``inst``'s texts together) with the
    template file, line and key of the piece that fails; unchanged when it
    already names a file."""
    if error.path is not None:
        return error
    template = inst.template
    for keys, source in text_sources(template):
        try:
            render_string(source, inst.context, fmt)
        except TemplateError as exc:
            line = locate_line(template.path, keys, jinja_line(exc) or _static_line(exc, source))
            return type(error)(f"{exc.reason} (seed {inst.seed_label})", path=template.path, line=line,
                               key=".".join(map(str, keys)))
    return type(error)(error.reason, path=template.path)


def _static_line(exc: TemplateError, source: str):
    """The line in ``source`` of a mistake only the filled text shows (a ``$`` left open), found
    in the template's own text; None for any other."""
    return open_dollar_line(source) if isinstance(exc, OpenMaths) else None


def jinja_line(exc: Exception):
    """The template-text line a Jinja2 error happened on, from its traceback
    (the wrapped Jinja2 error's, or a limit's own: limits are raised inside the render)."""
    cause = exc.__cause__ or exc
    line = getattr(cause, "lineno", None)
    tb = getattr(cause, "__traceback__", None)
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == "<template>":
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


