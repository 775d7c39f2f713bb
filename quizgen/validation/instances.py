"""Checks on one filled-in question: every text renders in every format, with
no unfilled placeholder or printed Python value, and every number is finite."""

from __future__ import annotations

import re

from quizgen.bank.model import Template
from quizgen.bank.texts import located_error
from quizgen.errors import BankLimitError, ExpressionError, TemplateError
from quizgen.generation.quiz import Question
from quizgen.generation.views import question_view
from quizgen.marking.coherence import outside, span
from quizgen.text.render import jinja_context, render_many
from quizgen.validation.problems import from_error, problem_at

DOC_FORMATS = ("md", "tex")
# Never right in rendered text: Jinja2 and layout delimiters, Python reprs.
_UNFILLED = re.compile(r"\{\{|\{%|\{#|<<|>>|Fraction\(|Exact\(")
# Printed Python values; wrong unless the template's own text has the word.
_LEAKED_TOKENS = ("None", "Undefined", "nan", "inf")
_LEAKED = re.compile("|".join(rf"\b{t}\b" for t in _LEAKED_TOKENS))


def instance_problems(inst) -> list:
    """Problems in one filled-in question (the first for each key): text that
    fails to render, unfilled placeholders, numbers that are not finite, words
    that render empty."""
    template, problems = inst.template, []
    for fmt in DOC_FORMATS:
        try:
            view = question_view(Question("Q1", inst), fmt)
        except BankLimitError:
            raise  # ends this template's checks (validation.run.validate_file)
        except TemplateError as exc:
            problems += _render_failures(inst, fmt, exc)
            continue
        problems += _placeholders(template, _view_texts(view, template), fmt, inst.seed_label)
    try:
        problems += _placeholders(template, _key_texts(inst), "key", inst.seed_label)
    except TemplateError:
        problems += _feedback_failures(inst)
    problems += _value_problems(inst)
    first = {}
    for problem in problems:
        first.setdefault(problem.key, problem)
    return list(first.values())


def _view_texts(view: dict, template: Template):
    """(key path, rendered text, its source) for every text of a question view."""
    solution = template.solution
    yield ("stem",), view["stem"], template.stem
    for i, (part, source) in enumerate(zip(view["parts"], template.parts)):
        yield ("parts", i, "ask"), part["ask"], source.ask
        yield ("parts", i, "answer"), part["answer"], ""
    yield ("solution", "forecast"), view["forecast"], solution["forecast"]
    for i, (step, source) in enumerate(zip(view["steps"], solution["steps"])):
        for key in ("title", "why", "work"):
            yield ("solution", "steps", i, key), step[key], source[key]
    yield ("solution", "verify"), view["verify"], solution["verify"]


def _key_texts(inst):
    """(key path, rendered text, its source) for the key's words and feedback."""
    context = jinja_context(inst.env)
    for i, pv in enumerate(inst.parts):
        for j, (word, source) in enumerate(zip(pv.accept, pv.part.accept)):
            yield ("parts", i, "accept", j), word, source
        feedback = render_many([trap.feedback for trap in pv.traps], context, "text") if pv.traps else []
        for j, (trap, source, text) in enumerate(zip(pv.traps, pv.part.traps, feedback)):
            yield ("parts", i, "traps", j, "feedback"), text, source.feedback
            for k, (word, word_source) in enumerate(zip(trap.words, source.words)):
                yield ("parts", i, "traps", j, "words", k), word, word_source


def _feedback_failures(inst) -> list:
    """Each trap's feedback that fails to render in this draw, at its own key, so that
    a name the text check has already reported there is not reported again, keyless
    (``{% if T > 5 %}{{ nosuch }}{% endif %}`` told once, not twice)."""
    context, problems = jinja_context(inst.env), []
    for i, pv in enumerate(inst.parts):
        for j, trap in enumerate(pv.traps):
            try:
                render_many([trap.feedback], context, "text")
            except TemplateError as exc:
                problems.append(problem_at(inst.template.path, ("parts", i, "traps", j, "feedback"),
                                           f"failed to render (seed {inst.seed_label}): {exc.reason}"))
    return problems


def _placeholders(template: Template, texts, fmt: str, label: str) -> list:
    """Unfilled placeholders: Jinja2 or layout delimiters and Python reprs
    anywhere in rendered text, and printed Python values (None, nan, ...)
    that the template's own text does not contain."""
    problems = []
    for keys, text, source in texts:
        match = _UNFILLED.search(text)
        if match is None and any(token in text for token in _LEAKED_TOKENS):
            match = next((m for m in _LEAKED.finditer(text)
                          if text.count(m.group()) > source.count(m.group())), None)
        if match:
            start = max(match.start() - 30, 0)
            context = " ".join(text[start:match.end() + 30].split())
            at = source.find(match.group())
            problems.append(problem_at(template.path, keys, f"unfilled placeholder {match.group()!r} in the "
                                     f"rendered {_FORMAT_NAMES[fmt]} (seed {label}): ...{context}...",
                                     source.count("\n", 0, at) + 1 if at >= 0 else None))
    return problems

_FORMAT_NAMES = {"md": "Markdown", "tex": "LaTeX", "key": "key (plain text)"}


def _render_failures(inst, fmt: str, error: TemplateError) -> list:
    """Which text failed to render (question_view renders them all at once)."""
    error = located_error(inst, fmt, error)
    if error.key:
        return [from_error(error, inst.template.path)]
    return [problem_at(inst.template.path, (), f"the {_FORMAT_NAMES[fmt]} failed to render: {error.reason}")]


def _value_problems(inst) -> list:
    problems = []
    for i, pv in enumerate(inst.parts):
        numbers = [(("parts", i, "answer"), pv.value)]
        numbers += [(("parts", i, "traps", j, "value"), t.value) for j, t in enumerate(pv.traps)]
        for keys, value in numbers:
            if value is not None and not _finite_real(value):
                problems.append(problem_at(inst.template.path, keys, f"not a finite real number: {value!r} "
                                         f"(seed {inst.seed_label})"))
        if pv.part.bounds is not None and pv.value is not None and _finite_real(pv.value) \
                and outside(float(pv.value), pv.part.bounds):
            problems.append(problem_at(inst.template.path, ("parts", i, "range"), (
                f"the answer {float(pv.value):.6g} lies outside the part's range: every correct answer "
                f"{span(pv.part.bounds)} (seed {inst.seed_label}); fix the answer or the range")))
        if pv.part.kind == "word" and not all(word.strip() for word in pv.accept):
            problems.append(problem_at(inst.template.path, ("parts", i, "accept"),
                                     f"an accepted word renders empty (seed {inst.seed_label})"))
    return problems


def _finite_real(value) -> bool:
    try:
        number = float(value)
    except (TypeError, ValueError, ExpressionError):
        return False
    return number == number and abs(number) != float("inf") and not isinstance(value, (bool, complex))
